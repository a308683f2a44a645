"""Soak test: N random full games (random rules, 2-4 players, timeouts and leaves) with every invariant checked.

    python bench/soak.py --games 100000 [--seed 1] [--workers 2]

Prints the number of games, outcomes by kind and invariant violations; exits 1 on any violation.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm  # noqa: E402

from tala_desktop.engine import record  # noqa: E402
from tests.engine.randomplay import play_random_game  # noqa: E402

CHUNK = 500


def run_chunk(start: int, count: int) -> tuple[Counter, list[str]]:
    kinds: Counter = Counter()
    failures: list[str] = []
    for seed in range(start, start + count):
        try:
            st = play_random_game(seed, chaos=0.02, balance=seed % 97 + 3 if seed % 5 == 0 else None)
            if seed % 50 == 0:  # replay a sample byte for byte
                text = record.dumps(st)
                assert record.dumps(record.loads(text)) == text, "replay differs"
            kinds[st.outcome.kind] += 1
        except Exception:  # noqa: BLE001 - every failure is reported with its seed
            failures.append(f"seed {seed}: {traceback.format_exc(limit=3)}")
    return kinds, failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=10000, help="random games to play and check")
    ap.add_argument("--seed", type=int, default=1, help="seed of the games (a violation prints the game's seed)")
    ap.add_argument("--workers", type=int, default=1, help="processes playing in parallel")
    args = ap.parse_args()
    base = args.seed * 10_000_000
    chunks = [(base + i, min(CHUNK, args.games - i)) for i in range(0, args.games, CHUNK)]
    kinds: Counter = Counter()
    failures: list[str] = []
    t0 = time.perf_counter()
    with tqdm(total=args.games, unit="game", file=sys.stderr) as bar:
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                for k, f in pool.map(run_chunk, *zip(*chunks)):
                    kinds += k
                    failures += f
                    bar.update(sum(k.values()) + len(f))
        else:
            for start, count in chunks:
                k, f = run_chunk(start, count)
                kinds += k
                failures += f
                bar.update(count)
    dt = time.perf_counter() - t0
    print(f"games: {args.games}  seconds: {dt:.1f}  outcomes: {dict(sorted(kinds.items()))}")
    print(f"invariant violations: {len(failures)}")
    for f in failures[:5]:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
