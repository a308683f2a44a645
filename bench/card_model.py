"""A learned per-card model of the hidden hands: does a fit on the public record foresee more than card_weights?

    python bench/card_model.py --games 600 --test-games 200 --eats-deals 200

Plays four Normal bots and, at every discard decision, writes one row per
(opponent, card the deciding seat cannot see): public features of that card
and that opponent's record (its throws and passed-up cards beside the card,
its eats, how many of the card's phỏm partners are still unseen, how its
points stand beside the opponent's latest throws) and whether the opponent
truly holds it. A logistic regression fitted on the first games is scored on
games it never saw, as the mean log-likelihood per cell beside the uniform
guess and the Hard sampler's ``card_weights`` (knowing the hands: 0). Then
the fitted odds replace ``card_weights`` in the sampler, and the Brier skill
of the sampled worlds at foreseeing the next seat's eats is measured as
``bench/bot_ceiling.py next-eats`` measures it (fair sampler: +0.043).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the positions and the eats measure of bot_ceiling.py

from bot_ceiling import discard_positions, next_eats  # noqa: E402

from lab.card_model import NAMES, features  # noqa: E402
from tala_desktop.bots import knowledge  # noqa: E402
from tala_desktop.bots.determinize import card_weights  # noqa: E402


def _collect(args: tuple[int, int]) -> tuple[list[list[float]], list[int], list[float], list[int]]:
    """Rows of the games [first, first + count): features, label, card_weights' chance, position id."""
    first, count = args
    xs: list[list[float]] = []
    ys: list[int] = []
    base: list[float] = []
    pos: list[int] = []
    k = 0   # the decisions counted so far: each (decision, opponent) is one position
    for game, st, s0 in discard_positions("normal", range(first, first + count), 7_000_001):
        if not st.took:
            continue
        k += 1
        view = st.view(s0)
        red = view.redacted_state()
        w = card_weights(red, s0)
        hidden = knowledge.hidden_counts(red, s0, view.hand_counts)
        for t, rows in features(red, s0, view.hand_counts).items():
            tot = sum(w[t][c] for c in rows)
            for x, row in rows.items():
                xs.append(row)
                ys.append(st.hands[t] >> x & 1)
                base.append(min(0.999, hidden[t] * w[t][x] / tot))
                pos.append((game * 1000 + k) * 4 + t)
    return xs, ys, base, pos


def collect(first: int, games: int, workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    chunk = max(1, games // (workers * 4))
    blocks = [(first + i, min(chunk, games - i)) for i in range(0, games, chunk)]
    xs: list[list[float]] = []
    ys: list[int] = []
    base: list[float] = []
    pos: list[int] = []
    with ProcessPoolExecutor(workers) as pool:
        for a, b, c, d in pool.map(_collect, blocks):
            xs += a
            ys += b
            base += c
            pos += d
    return np.array(xs), np.array(ys, dtype=float), np.array(base), np.array(pos)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method (a small ridge keeps it well posed)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        g = x.T @ (p - y) + ridge * w
        h = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def normalised(p: np.ndarray, pos: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Scale each position's odds so its chances add up to the cards that seat hides (``target``)."""
    _, inverse = np.unique(pos, return_inverse=True)
    want = np.bincount(inverse, weights=target) / np.bincount(inverse)
    odds = p / (1 - p)
    lo, hi = np.full(want.shape, -10.0), np.full(want.shape, 10.0)
    for _ in range(50):   # bisection on each position's log-odds shift, all at once
        mid = (lo + hi) / 2
        q = odds * np.exp(mid[inverse])
        got = np.bincount(inverse, weights=q / (1 + q), minlength=len(want))
        low = got < want
        lo, hi = np.where(low, mid, lo), np.where(low, hi, mid)
    q = odds * np.exp(lo[inverse])
    return q / (1 + q)


def mean_ll(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _eats_skill(args: tuple[tuple[float, ...] | None, int, int, int]) -> tuple[float, int]:
    """The next-eats skill of ``bench/bot_ceiling.py`` on deals [first, first + deals), the learned weights or not."""
    coef, first, deals, samples = args
    brier, base_brier, _, cards = next_eats("normal", deals, samples, 0.0, first, coef)
    return 1 - brier / base_brier, cards


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=600, help="Normal games to fit on")
    ap.add_argument("--test-games", type=int, default=200, help="other games to score on")
    ap.add_argument("--eats-deals", type=int, default=200, help="deals for the next-eats skill (0: skip)")
    ap.add_argument("--samples", type=int, default=60, help="sampled worlds a decision for the next-eats skill")
    ap.add_argument("--workers", type=int, default=2, help="processes playing in parallel")
    args = ap.parse_args()
    x, y, _, _ = collect(0, args.games, args.workers)
    xt, yt, bt, pt = collect(100_000, args.test_games, args.workers)
    coef = fit(x, y)
    print(f"fitted on {len(y):,} cells of {args.games} games, scored on {len(yt):,} cells of {args.test_games}")
    for name, c in zip(NAMES, coef):
        print(f"  {name:16s} {c:+.3f}")
    keys, inverse, cells = np.unique(pt, return_inverse=True, return_counts=True)
    hidden = np.bincount(inverse, weights=yt)[inverse]
    share = hidden / cells[inverse]
    model = normalised(1.0 / (1.0 + np.exp(-xt @ coef)), pt, hidden)
    print(f"mean log-likelihood of the truth on unseen games: uniform {mean_ll(share, yt):.4f}, "
          f"card_weights {mean_ll(bt, yt):.4f}, learned {mean_ll(model, yt):.4f} (knowing the hands: 0)")
    if args.eats_deals:
        half = args.eats_deals // 2
        for label, c in (("card_weights", None), ("learned", tuple(float(v) for v in coef))):
            with ProcessPoolExecutor(args.workers) as pool:
                parts = list(pool.map(_eats_skill, [(c, 0, half, args.samples),
                                                     (c, half, args.eats_deals - half, args.samples)]))
            print(f"next seat's eats, sampler with {label}: skill {parts[0][0]:+.3f} / {parts[1][0]:+.3f} "
                  f"on two halves of {args.eats_deals} deals ({parts[0][1] + parts[1][1]:,} cards)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
