"""A learned foresight of the next seat's eats: does a fit on the public record beat the sampled worlds' share?

    python bench/eat_model.py --games 400 --test-games 150 --samples 40

Plays four Normal bots; at every discard decision, for every card the seat
may throw, it records whether the next seat could truly eat it and public
features: the share of ``--samples`` sampled worlds (the Hard sampler) in
which it could, Normal's closed-form chance, the same chance from the
learned card model's per-card chances (``lab/card_model.py``), how the next
seat's throws and passed-up cards stand beside the card, its points, how far
the game is. A logistic regression fitted on the first games is scored on
games it never saw as a Brier skill against the base rate (0: the base rate,
1: knowing the hands), beside the sampled share's own skill (+0.043 in
``bench/bot_ceiling.py next-eats``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the fit of card_model.py, bot_ceiling.py's positions

from bot_ceiling import can_eat_after, discard_positions  # noqa: E402
from card_model import fit  # noqa: E402

from lab.card_model import features, log_odds, relation  # noqa: E402
from tala_desktop.bots import knowledge  # noqa: E402
from tala_desktop.bots.determinize import determinize  # noqa: E402
from tala_desktop.engine import GameState  # noqa: E402
from tala_desktop.engine.cards import iter_bits, points  # noqa: E402
from tala_desktop.engine.legal import discardable  # noqa: E402

NAMES = ("bias", "logit_share", "logit_closed_form", "logit_learned_pairs", "thr_rank", "thr_adj1", "thr_adj2",
         "pass_rank", "pass_adj1", "pass_adj2", "points", "turns", "live_pairs")


def _logit(q: float) -> float:
    q = min(max(q, 0.01), 0.99)
    return math.log(q / (1 - q))


def eat_features(st: GameState, seat: int, hand_counts: list[int] | None, c: int, share: float) -> list[float] | None:
    """The public features of throwing ``c`` (None when nobody takes next), then the unclipped share."""
    t = knowledge.next_taker(st, seat)
    if t is None:
        return None
    unseen = knowledge.unseen_mask(st, seat)
    hidden = knowledge.hidden_counts(st, seat, hand_counts)
    rows = features(st, seat, hand_counts).get(t, {})
    chance = {x: 1 / (1 + math.exp(-log_odds(r))) for x, r in rows.items()}
    own = st.eaten[t] | st.revealed[t]
    miss, live = 1.0, 0
    for a, b in knowledge.meld_partners(c, st.rules.ace_high_run):
        pa = 1.0 if own >> a & 1 else chance.get(a, 0.0)
        pb = 1.0 if own >> b & 1 else chance.get(b, 0.0)
        if pa and pb and not (st.eaten[t] >> a & 1 and st.eaten[t] >> b & 1):
            miss *= 1.0 - pa * pb
            live += 1
    thr = [0.0, 0.0, 0.0]
    for x in st.thrown[t]:
        k = relation(c, x)
        if k >= 0:
            thr[k] += 1
    pas = [0.0, 0.0, 0.0]
    for x in knowledge.passed_cards(st, seat)[t]:
        k = relation(c, x)
        if k >= 0:
            pas[k] += 1
    closed = knowledge.eat_chance(st, seat, c, unseen, hidden)
    return [1.0, _logit(share), _logit(closed), _logit(1.0 - miss), *thr, *pas,
            points(c, st.rules.face_value_10) / 10.0, len(st.thrown[t]) / 4.0, live / 3.0, share]


def _collect(args: tuple[int, int, int]) -> tuple[list[list[float]], list[int]]:
    first, count, samples = args
    rng = random.Random(first)
    xs: list[list[float]] = []
    ys: list[int] = []
    for _, st, s0 in discard_positions("normal", range(first, first + count), 9_000_011):
        view = st.view(s0)
        red = view.redacted_state()
        worlds = [determinize(red, s0, view.hand_counts, rng) for _ in range(samples)]
        for c in iter_bits(discardable(st, s0)):
            truth = can_eat_after(st, s0, c)
            if truth is None:
                continue
            share = sum(bool(can_eat_after(w, s0, c)) for w in worlds) / samples
            row = eat_features(red, s0, view.hand_counts, c, share)
            if row is not None:
                xs.append(row)
                ys.append(int(truth))
    return xs, ys


def collect(first: int, games: int, samples: int, workers: int) -> tuple[np.ndarray, np.ndarray]:
    chunk = max(1, games // (workers * 4))
    blocks = [(first + i, min(chunk, games - i), samples) for i in range(0, games, chunk)]
    xs: list[list[float]] = []
    ys: list[int] = []
    with ProcessPoolExecutor(workers) as pool:
        for a, b in pool.map(_collect, blocks):
            xs += a
            ys += b
    return np.array(xs), np.array(ys, dtype=float)


def skill(q: np.ndarray, y: np.ndarray) -> float:
    base = y.mean()
    return float(1 - np.mean((q - y) ** 2) / (base * (1 - base)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="Normal games to fit on")
    ap.add_argument("--test-games", type=int, default=150, help="other games to score on")
    ap.add_argument("--samples", type=int, default=40, help="sampled worlds a decision")
    ap.add_argument("--workers", type=int, default=2, help="processes playing in parallel")
    args = ap.parse_args()
    x, y = collect(0, args.games, args.samples, args.workers)
    xt, yt = collect(100_000, args.test_games, args.samples, args.workers)
    coef = fit(x[:, :-1], y)
    xt, raw = xt[:, :-1], xt[:, -1]
    print(f"fitted on {len(y):,} cards of {args.games} games, scored on {len(yt):,} cards of {args.test_games} "
          f"(base rate {yt.mean():.3f})")
    for name, c in zip(NAMES, coef):
        print(f"  {name:20s} {c:+.3f}")
    share = raw
    closed = 1 / (1 + np.exp(-xt[:, 2]))
    pairs = 1 / (1 + np.exp(-xt[:, 3]))
    model = 1 / (1 + np.exp(-xt @ coef))
    print(f"Brier skill on unseen games: sampled share {skill(share, yt):+.4f}, closed form {skill(closed, yt):+.4f}, "
          f"learned card chances {skill(pairs, yt):+.4f}, fitted {skill(model, yt):+.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
