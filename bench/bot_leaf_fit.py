"""Fitting the Hard playout's end value (lab/leaf.py) to the money seats went on to win.

    python bench/bot_leaf_fit.py --games 8000 --seed 2 [--workers 2] [--ridge 1.0]

Plays ``--games`` games of four Normal bots. After every take of every seat
(where a Hard playout stops and values the table) it records ``leaf.features``
and the money that seat won or lost from then to the end of the game, in bets.
A ridge least-squares fit on the first 80% of the games is scored on the last
20% (mean squared error, against Normal's value of the hand alone, scaled by
its own fit); the weights print as a Python tuple for ``leaf.WEIGHTS``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab.leaf import features  # noqa: E402
from tala_desktop.bots import make_bot  # noqa: E402
from tala_desktop.bots.hard import normal_leaf  # noqa: E402
from tala_desktop.bots.normal import NormalBot  # noqa: E402
from tala_desktop.engine import GameState, Rules  # noqa: E402

Row = tuple[list[float], float]


def play(args: tuple[int, list[int]]) -> list[Row]:
    seed, games = args
    rules = Rules(players=4)
    judge = NormalBot(None)
    rows: list[Row] = []
    for gi in games:
        bots = [make_bot("normal", seed * 1_000_003 + gi * 4 + s) for s in range(4)]
        st = GameState.new(rules, seed=seed * 100_003 + gi, leader=gi % 4, record_events=False)
        seen: set[tuple[int, int]] = set()
        pending: list[tuple[int, list[float], float]] = []
        while not st.is_over:
            s = st.to_move
            if st.took and (s, st.turn_no) not in seen:
                seen.add((s, st.turn_no))
                pending.append((s, features(st, s, normal_leaf(st, s, judge)), st.net[s] / st.bet))
            st.push(bots[s].decide(st.view(s)).move)
        outcome = st.outcome
        assert outcome is not None
        rows.extend((f, outcome.net[s] / st.bet - now) for s, f, now in pending)
    return rows


def fit(xs: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    """Ridge least squares by the normal equations (Gauss-Jordan with partial pivoting)."""
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys):
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * y
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
    for i in range(1, k):  # the constant is not shrunk
        a[i][i] += ridge
    m = [row + [b[i]] for i, row in enumerate(a)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(k)]


def mse(w: list[float], xs: list[list[float]], ys: list[float]) -> float:
    return sum((sum(a * b for a, b in zip(w, x)) - y) ** 2 for x, y in zip(xs, ys)) / len(ys)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=8000, help="games of four Normal bots to fit on")
    ap.add_argument("--seed", type=int, default=2, help="seed of the games")
    ap.add_argument("--workers", type=int, default=1, help="worker processes")
    ap.add_argument("--ridge", type=float, default=1.0, help="ridge penalty of the least-squares fit")
    args = ap.parse_args()
    t0 = time.perf_counter()
    cut = args.games * 4 // 5
    parts = [(args.seed, list(range(i, min(args.games, i + 500)))) for i in range(0, args.games, 500)]
    train: list[Row] = []
    test: list[Row] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play, parts))
    else:
        results = [play(p) for p in parts]
    for (_, games), rows in zip(parts, results):
        (train if games[0] < cut else test).extend(rows)
    xs, ys = [r[0] for r in train], [r[1] for r in train]
    tx, ty = [r[0] for r in test], [r[1] for r in test]
    w = fit(xs, ys, args.ridge)
    alone = fit([[1.0, x[1]] for x in xs], ys, args.ridge)
    mean = sum(ys) / len(ys)
    print(f"{len(train)} training and {len(test)} test positions from {args.games} games, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"test mean squared error: constant {mse([mean], [[1.0]] * len(ty), ty):.3f}, Normal's value alone "
          f"{mse(alone, [[1.0, x[1]] for x in tx], ty):.3f} (fit {alone[0]:+.3f} {alone[1]:+.3f} x), "
          f"the features {mse(w, tx, ty):.3f} (training {mse(w, xs, ys):.3f})")
    rows = [", ".join(f"{v:.4f}" for v in w[i:i + 10]) for i in range(0, len(w), 10)]
    print("WEIGHTS: tuple[float, ...] = (\n" + "".join(f"    {r},\n" for r in rows) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
