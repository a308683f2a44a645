"""What thinking bots do to a 60 Hz loop in the main thread: frame-interval p50/p99, and bot decision times.

    python bench/bot_gil.py [--seconds 10] [--budget-ms 300] [--mode thread|process]

A main-thread loop ticks at 60 Hz (doing ~2 ms of Python work per frame, like
a light UI frame) while three Hard bots think continuously, either asked
through the app's BotRunner (``thread``: its worker threads hand Hard's
search to the runner's own processes, below the app's priority) or in a bare
process pool at the app's priority (``process``). Also prints Easy/Normal
decision time p50/p99 and Hard p50/p95 over random mid-game positions, with
the samples Hard's search reaches in its budget (more when the search
modules are compiled: tools/compile_hot.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tala_desktop.bots import make_bot  # noqa: E402
from tala_desktop.bots.compiled import describe  # noqa: E402
from tala_desktop.bots.runner import BotRunner  # noqa: E402
from tala_desktop.engine import GameState, Rules  # noqa: E402


def positions(count: int, seed: int) -> list[GameState]:
    """Mid-game positions where the seat to move has a real choice."""
    rng = random.Random(seed)
    out = []
    bot = make_bot("normal", seed)
    bar = tqdm(total=count, desc="positions", unit="position", file=sys.stderr, leave=False)
    while len(out) < count:
        st = GameState.new(Rules(), seed=rng.getrandbits(32), record_events=False)
        stop = rng.randrange(4, 30)
        for _ in range(stop):
            if st.is_over:
                break
            st.push(bot.decide(st.view(st.to_move)).move)
        if not st.is_over and len(st.legal_moves()) > 1:
            out.append(st)
            bar.update()
    bar.close()
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def decide_in_process(args: tuple) -> float:
    st, budget = args
    t0 = time.perf_counter()
    make_bot("hard", 1, budget_ms=budget).decide(st.view(st.to_move))
    return time.perf_counter() - t0


def frame_loop(seconds: float, start_work, poll_work) -> list[float]:
    frame = 1 / 60
    intervals = []
    last = time.perf_counter()
    next_tick = last + frame
    end = last + seconds
    start_work()
    while time.perf_counter() < end:
        poll_work()
        x = 0
        t_work = time.perf_counter() + 0.002
        while time.perf_counter() < t_work:  # ~2 ms of Python work, like drawing a light frame
            x += 1
        now = time.perf_counter()
        if next_tick > now:
            time.sleep(next_tick - now)
        now = time.perf_counter()
        intervals.append((now - last) * 1000)
        last = now
        next_tick += frame
        if next_tick < now:
            next_tick = now + frame
    return intervals


def run_threads(seconds: float, budget: float, pos: list[GameState]) -> list[float]:
    runner = BotRunner(workers=3)
    bots = [make_bot("hard", i, budget_ms=budget) for i in range(3)]
    futs: list = [None, None, None]
    k = [0]

    def start():
        pass

    def poll():
        for i in range(3):
            if futs[i] is None or futs[i].done():
                st = pos[k[0] % len(pos)]
                k[0] += 1
                futs[i] = runner.request(bots[i], st.view(st.to_move))

    try:
        return frame_loop(seconds, start, poll)
    finally:
        runner.shutdown()


def run_processes(seconds: float, budget: float, pos: list[GameState]) -> list[float]:
    pool = ProcessPoolExecutor(3)
    futs: list = [None, None, None]
    k = [0]

    def poll():
        for i in range(3):
            if futs[i] is None or futs[i].done():
                futs[i] = pool.submit(decide_in_process, (pos[k[0] % len(pos)], budget))
                k[0] += 1

    try:
        return frame_loop(seconds, lambda: None, poll)
    finally:
        pool.shutdown(cancel_futures=True)


def decision_times(pos: list[GameState], budget: float) -> None:
    for level in ("easy", "normal"):
        bot = make_bot(level, 1)
        ts = []
        for st in tqdm(pos, desc=f"{level} decisions", unit="position", file=sys.stderr, leave=False):
            t0 = time.perf_counter()
            bot.decide(st.view(st.to_move))
            ts.append((time.perf_counter() - t0) * 1000)
        print(f"{level:<7} decision: p50 {pct(ts, 0.5):6.2f} ms  p99 {pct(ts, 0.99):6.2f} ms  ({len(ts)} positions)")
    bot = make_bot("hard", 1, budget_ms=budget)
    ts = []
    samples = []  # of the decisions that searched (more than one option)
    for st in tqdm(pos[:60], desc="hard decisions", unit="position", file=sys.stderr, leave=False):
        bot.last_samples = 0
        t0 = time.perf_counter()
        bot.decide(st.view(st.to_move))
        ts.append((time.perf_counter() - t0) * 1000)
        if bot.last_samples:
            samples.append(bot.last_samples)
    print(f"hard    decision: p50 {pct(ts, 0.5):6.1f} ms  p95 {pct(ts, 0.95):6.1f} ms  max {max(ts):6.1f} ms "
          f"(budget {budget:.0f} ms, {len(ts)} positions)")
    if samples:
        print(f"hard    samples a searched decision: p50 {pct(samples, 0.5):.0f}  p10 {pct(samples, 0.1):.0f}  "
              f"({len(samples)} of the {len(ts)} positions searched)")


def stage(what: str, seconds: float) -> None:
    """A timed stage on stderr (no bar: updating one would disturb the loop being measured)."""
    print(f"... {what}: {seconds:g} s", file=sys.stderr, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0, help="length of each 60 Hz loop run with bots thinking")
    ap.add_argument("--budget-ms", type=float, default=300.0, help="the Hard bots' thinking time per decision")
    ap.add_argument("--mode", choices=("thread", "process", "both", "none"), default="both",
                    help="where the three Hard bots think during the loop: thread, through the app's runner; "
                         "process, a bare process pool (none: only the decision times)")
    ap.add_argument("--positions", type=int, default=400,
                    help="random mid-game positions timed for Easy and Normal (Hard: the first 60)")
    args = ap.parse_args()
    print(describe())
    pos = positions(args.positions, 1)
    decision_times(pos, args.budget_ms)
    stage("60 Hz loop, nothing thinking", min(3.0, args.seconds))
    base = frame_loop(min(3.0, args.seconds), lambda: None, lambda: None)
    print(f"60 Hz loop, nothing thinking:       p50 {statistics.median(base):5.1f} ms  p99 {pct(base, 0.99):5.1f} ms")
    if args.mode in ("thread", "both"):
        stage("60 Hz loop, 3 Hard bots through the runner", args.seconds)
        xs = run_threads(args.seconds, args.budget_ms, pos)
        print(f"60 Hz loop, 3 Hard bots through the runner (as the app): p50 {statistics.median(xs):5.1f} ms  "
              f"p99 {pct(xs, 0.99):5.1f} ms")
    if args.mode in ("process", "both"):
        stage("60 Hz loop, 3 Hard bots in a bare process pool", args.seconds)
        xs = run_processes(args.seconds, args.budget_ms, pos)
        print(f"60 Hz loop, 3 Hard bots in a bare process pool: p50 {statistics.median(xs):5.1f} ms  "
              f"p99 {pct(xs, 0.99):5.1f} ms")


if __name__ == "__main__":
    main()
