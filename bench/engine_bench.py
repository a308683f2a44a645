"""Engine speed: solver microseconds per call and full random-play games per second on one core.

    python bench/engine_bench.py [--calls 20000] [--games 3000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tala_desktop.engine import GameState, Rules  # noqa: E402
from tala_desktop.engine.cards import RANK_MASKS  # noqa: E402
from tala_desktop.engine.melds import find_melds  # noqa: E402
from tala_desktop.engine.solver import best_arrangement, u_kind  # noqa: E402


def random_hand(rng: random.Random, size: int = 10) -> int:
    m = 0
    for c in rng.sample(range(52), size):
        m |= 1 << c
    return m


def meld_rich_hand(rng: random.Random) -> int:
    """Ten cards built from two or three phỏm plus a few others."""
    while True:
        m = 0
        for _ in range(3):
            if rng.random() < 0.5:
                r = rng.randrange(13)
                m |= RANK_MASKS[r] & ~(1 << (r + 13 * rng.randrange(4)))
            else:
                s, lo = rng.randrange(4), rng.randrange(9)
                for k in range(rng.choice((3, 4, 5))):
                    if lo + k < 13:
                        m |= 1 << (13 * s + lo + k)
        while m.bit_count() < 10:
            m |= 1 << rng.randrange(52)
        if m.bit_count() == 10:
            return m


def eaten_for(hand: int, rng: random.Random, k: int) -> int:
    """Up to ``k`` cards of ``hand`` that lie in distinct phỏm (a plausible eaten set)."""
    melds = find_melds(hand)
    rng.shuffle(melds)
    used = eaten = 0
    for m in melds:
        if eaten.bit_count() >= k:
            break
        if not m & used:
            bits = [c for c in range(52) if m >> c & 1]
            eaten |= 1 << rng.choice(bits)
            used |= m
    return eaten


def time_calls(fn, args_list) -> list[float]:
    out = []
    clock = time.perf_counter_ns
    for args in args_list:
        t0 = clock()
        fn(*args)
        out.append((clock() - t0) / 1000)
    return out


def report(label: str, samples: list[float]) -> None:
    samples.sort()
    p = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
    print(f"{label:<44} median {statistics.median(samples):7.1f} us   p90 {p(0.9):7.1f} us   p99 {p(0.99):8.1f} us",
          flush=True)  # each row as it is measured: the rows are the progress


def random_games(n: int, seed: int, events: bool = False) -> float:
    """Games per second; ``events``: with the event log the table reads (a searcher's playouts keep none)."""
    from tests.engine.randomplay import random_move  # the same agents as the property tests
    rng = random.Random(seed)
    rules = Rules()  # all switches at their defaults (every rule on)
    t0 = time.perf_counter()
    for i in range(n):
        st = GameState.new(rules, seed=seed * 1_000_003 + i, leader=i % 4, record_events=events)
        while not st.is_over:
            st.push_unchecked(random_move(st, rng, chaos=0.0))
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--calls", type=int, default=20000, help="hands timed per solver row")
    ap.add_argument("--games", type=int, default=3000, help="full random-play games for the games/s line")
    ap.add_argument("--seed", type=int, default=1, help="seed of the hands and games")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    rand = [random_hand(rng) for _ in range(args.calls)]
    rich = [meld_rich_hand(rng) for _ in range(args.calls)]
    rich_eaten = [(h, eaten_for(h, rng, 2)) for h in rich]
    print(f"Python {sys.version.split()[0]}, {args.calls} hands per row, uncached", flush=True)
    report("best_arrangement, random 10 cards", time_calls(best_arrangement, [(h,) for h in rand]))
    report("best_arrangement, meld-rich 10 cards", time_calls(best_arrangement, [(h,) for h in rich]))
    report("best_arrangement, meld-rich + eaten cards", time_calls(best_arrangement, rich_eaten))
    report("u_kind (Ù check), random 10 cards", time_calls(u_kind, [(h,) for h in rand]))
    report("u_kind (Ù check), meld-rich + eaten cards", time_calls(u_kind, rich_eaten))
    print(f"... {args.games} random-play games", file=sys.stderr, flush=True)
    gps = random_games(args.games, args.seed)
    print(f"full random-play 4-player games, all rules on: {gps:8.0f} games/s (one core, {args.games} games)")
    gps = random_games(args.games, args.seed, events=True)
    print(f"the same games with their event log:          {gps:8.0f} games/s (one core, {args.games} games)")


if __name__ == "__main__":
    main()
