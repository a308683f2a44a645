"""UI bench: a bot-only game through the real table scene in a real-time frame loop; frame times, memory, idle CPU.

    python bench/ui_bench.py 20            # 20 s of play, then the idle measures
    python bench/ui_bench.py 30 --window   # in a real window instead of SDL's dummy driver

The game: seat 0 a Normal bot (watched as a spectator) and three Hard bots
thinking in worker threads (300 ms budget, 0.3 s think delay), animations at
speed 1, each new game started 2 s after its results show. Frame work is
events + update + (draw + present when the scene needs it), in ms, over all
frames and over the frames that drew. Idle: a table where it is your turn
and nobody moves, with the 30 s clock ring and without a clock; CPU is
process time (every thread) over wall time. First frame: seconds from
process start (Linux /proc) to the first frame presented.
"""

from __future__ import annotations

import argparse
import resource
import sys

from tala_desktop.engine import Rules
from tala_desktop.table import LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.scene_bench import FrameLoop, FrameStats, make_services, open_display, process_age
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene


def bot_table(seed: int, think_delay: float, budget_ms: float) -> Table:
    seats = [SeatConfig("Bot", level="normal")] + [SeatConfig(n, level="hard") for n in ("Lan", "Minh", "Hùng")]
    return Table(TableConfig(seats, rules=Rules(players=4), seed=seed, think_delay=think_delay,
                             hard_budget_ms=budget_ms))


def human_table(seed: int, seconds: int) -> Table:
    seats = [SeatConfig("Bạn", "human")] + [SeatConfig(n, level="hard") for n in ("Lan", "Minh", "Hùng")]
    return Table(TableConfig(seats, rules=Rules(players=4, turn_seconds=seconds), seed=seed, hard_budget_ms=300))


def idle(display, services, seed: int, clock_seconds: int, seconds: float) -> FrameStats:
    """Your turn at a table where nothing happens: how much CPU the loop takes."""
    stack = SceneStack()
    scene = TableScene(LocalTableClient(human_table(seed, clock_seconds), 0), services)
    stack.push(scene)
    loop = FrameLoop(display, stack)
    for _ in range(150):  # the deal (about 2 s) until you may act and nothing moves
        loop.run(0.1)
        if scene.accepting_input and scene.model is not None and scene.model.my_turn and not scene.anim.busy:
            break
    loop.run(0.5)
    stats = loop.run(seconds)
    stack.clear()
    return stats


def fmt(stats: FrameStats, drawn_only: bool) -> str:
    return " ".join(f"p{q} {stats.percentile(q, drawn_only):.1f}" for q in (50, 95, 99)) + \
        f" max {max((w for w, d in zip(stats.work_ms, stats.drawn) if d or not drawn_only), default=0):.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("seconds", type=float, nargs="?", default=20.0, help="seconds of bot play")
    ap.add_argument("--idle-seconds", type=float, default=5.0,
                    help="length of each idle-table measurement (with and without a turn clock)")
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed")
    ap.add_argument("--think-delay", type=float, default=0.3, help="seconds a bot waits before it moves")
    ap.add_argument("--hard-budget-ms", type=float, default=300.0, help="the Hard bots' thinking time per decision")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    ap.add_argument("--window", action="store_true", help="open a real window (otherwise SDL's dummy driver)")
    args = ap.parse_args(argv)

    display = open_display((1280, 720), headless=not args.window)
    services = make_services(args.speed)
    table = bot_table(args.seed, args.think_delay, args.hard_budget_ms)
    stack = SceneStack()
    scene = TableScene(LocalTableClient(table, 0), services, spectator=True)
    stack.push(scene)
    loop = FrameLoop(display, stack)
    loop.frame(force_draw=True)
    first_frame = process_age()

    def next_game_soon() -> None:
        top = stack.top
        if isinstance(top, ResultsOverlay) and top.age > 2.0:
            top.start_next()

    stats = loop.run(args.seconds, next_game_soon)
    games, moves = table.game_id, len(table.state.history) if table.state else 0
    stack.clear()

    idle_clock = idle(display, services, args.seed, 30, args.idle_seconds)
    idle_none = idle(display, services, args.seed, 0, args.idle_seconds)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"ui_bench: {args.seconds:.0f} s bot-only game at 1280x720 (seat 0 Normal + 3 Hard, "
          f"{args.hard_budget_ms:.0f} ms budget, think delay {args.think_delay} s), animation speed {args.speed}, "
          f"{'window' if args.window else 'SDL dummy driver'}")
    print(f"  games {games} (moves in the last: {moves}), frames {stats.frames}, drawn {stats.frames_drawn}, "
          f"UI process CPU {100 * stats.cpu_share:.0f}% of one core (Hard bots search in a process pool)")
    print(f"  frame work ms, all frames:   {fmt(stats, False)}")
    print(f"  frame work ms, drawn frames: {fmt(stats, True)}")
    print(f"  peak RSS {rss_mb:.1f} MB")
    for label, st in (("30 s clock ring", idle_clock), ("no clock", idle_none)):
        print(f"  idle table, your turn, {label}: CPU {100 * st.cpu_share:.1f}% of one core, "
              f"{st.frames_drawn} of {st.frames} frames drawn in {st.wall_s:.1f} s")
    print(f"  time to first frame: {first_frame:.2f} s after process start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
