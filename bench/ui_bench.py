"""UI bench: the real table scene in a real-time frame loop at one or more window sizes; frame work, CPU, memory.

    python bench/ui_bench.py 20                               # 20 s of bot play, then the turn measures
    python bench/ui_bench.py 0 --size 1280x720 1920x1080 2520x1080   # the clocked turn only, at three sizes
    python bench/ui_bench.py 30 --window                      # a real window instead of SDL's dummy driver

At each ``--size`` (a window of that many pixels; the canvas follows its
shape and is scaled into it as in the app):

- the bot game (``seconds``, skipped at 0): seat 0 a Normal bot (watched
  as a spectator) and three Hard bots thinking in their process pool
  (300 ms budget, 0.3 s think delay), animations at speed 1, each new game
  started 2 s after its results show;
- a clocked turn: your turn at a table where nobody moves, measured from
  the moment you may act until the clock runs out (``--turn-seconds``),
  whole and split at the last five seconds (where the ring pulses and
  ticks);
- the same table without a clock, for ``--idle-seconds``.

Frame work is events + update + (draw + present when the scene needs it),
in ms, over all frames and over the frames that drew. CPU is process time
(every thread) over wall time, as a share of one core. First frame: seconds
from process start (Linux /proc) to the first frame presented.

The frame loop is the app's own, measured: events, ``update(dt)`` with the
real elapsed time, and a draw + present only when a visible scene says
``needs_redraw``, of only the parts that changed where the scene says which
(as the app does), at up to 60 frames a second.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import pygame

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Rules
from tala_desktop.table import HUMAN, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.ui.art.card_art import CardArt
from tala_desktop.ui.audio.sounds import NullSounds
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.core.display import Display, prefer_window_framebuffer
from tala_desktop.ui.core.redraw import dirty_rects, paint
from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.shared.services import Services, UiSettings
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene

FPS = 60
MB = 1024 * 1024


def peak_rss_mb() -> float:
    """The process's peak resident memory in MB: getrusage on Linux and macOS, psutil's peak working set on
    Windows (which has no ``resource`` module)."""
    try:
        import resource
    except ImportError:
        import psutil

        info = psutil.Process().memory_info()
        return float(getattr(info, "peak_wset", info.rss)) / MB
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MB if sys.platform == "darwin" else peak / 1024


def process_age() -> float:
    """Seconds since this process started (Linux /proc); since the first call elsewhere."""
    if sys.platform == "linux":
        try:
            with open("/proc/self/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            start_ticks = int(fields[19])
            with open("/proc/uptime") as f:
                uptime = float(f.read().split()[0])
            return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError, AttributeError):  # no /proc, or no sysconf (a Windows Python)
            pass
    global _FIRST_CALL
    if _FIRST_CALL is None:
        _FIRST_CALL = time.perf_counter()
    return time.perf_counter() - _FIRST_CALL


_FIRST_CALL: float | None = None


def open_display(size: tuple[int, int] = (1280, 720), headless: bool = True) -> Display:
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    prefer_window_framebuffer()
    pygame.display.init()
    pygame.font.init()
    display = Display()              # the app's design box, its canvas shaped like the window and scaled into it
    display.open(size)
    return display


def make_services(animation_speed: float = 1.0) -> Services:
    fonts = Fonts()
    return Services(fonts, CardArt(fonts), NullSounds(), UiSettings(animation_speed=animation_speed))


class FrameStats:
    """Work time (ms) of every frame, and which of them drew."""

    def __init__(self, work_ms: list[float] | None = None, drawn: list[bool] | None = None, cpu_s: float = 0.0,
                 wall_s: float = 0.0) -> None:
        self.work_ms: list[float] = work_ms if work_ms is not None else []
        self.drawn: list[bool] = drawn if drawn is not None else []
        self.cpu_s = cpu_s
        self.wall_s = wall_s

    def percentile(self, q: float, drawn_only: bool = False) -> float:
        values = sorted(w for w, d in zip(self.work_ms, self.drawn) if d or not drawn_only)
        if not values:
            return 0.0
        i = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
        return values[i]

    @property
    def frames(self) -> int:
        return len(self.work_ms)

    @property
    def frames_drawn(self) -> int:
        return sum(self.drawn)

    @property
    def cpu_share(self) -> float:
        """CPU time (all threads) over wall time, as a share of one core."""
        return self.cpu_s / self.wall_s if self.wall_s > 0 else 0.0


class FrameLoop:
    """Runs ``stack`` on ``display`` in real time, 60 frames a second at most."""

    def __init__(self, display: Display, stack: SceneStack, fps: int = FPS) -> None:
        self.display = display
        self.stack = stack
        self.period = 1.0 / fps
        self._last = time.perf_counter()
        self._shown: tuple[int, ...] = ()

    def needs_redraw(self) -> bool:
        return any(getattr(s, "needs_redraw", True) for s in self.stack.visible())

    def frame(self, stats: FrameStats | None = None, force_draw: bool = False) -> bool:
        """One frame; returns whether it drew."""
        start = time.perf_counter()
        dt = min(0.1, start - self._last)
        self._last = start
        for event in pygame.event.get():
            self.stack.handle_event(self.display.map_event(event))
        self.stack.update(dt)
        visible = self.stack.visible()
        shown = tuple(id(s) for s in visible)
        drew = force_draw or shown != self._shown or self.needs_redraw()
        if drew and self.stack:
            paint(self.stack, self.display, dirty_rects(visible, force_draw or shown != self._shown))
            self._shown = shown
        if stats is not None:
            stats.work_ms.append((time.perf_counter() - start) * 1000)
            stats.drawn.append(drew)
        return drew

    def run(self, seconds: float, each: Callable[[], None] | None = None) -> FrameStats:
        """Frames for ``seconds`` of wall time, sleeping out the rest of each frame period."""
        stats = FrameStats()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        deadline = wall0
        while time.perf_counter() - wall0 < seconds:
            self.frame(stats)
            if each is not None:
                each()
            deadline += self.period
            pause = deadline - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            else:
                deadline = time.perf_counter()
        stats.cpu_s = time.process_time() - cpu0
        stats.wall_s = time.perf_counter() - wall0
        return stats


PULSE_AT = 5.0     # the last seconds of a turn, measured apart
HARD_NAMES = ("Lan", "Minh", "Hùng")


def bot_table(seed: int, think_delay: float, budget_ms: float) -> Table:
    seats = [SeatConfig("Bot", level=BotLevel.NORMAL)] + [SeatConfig(n, level=BotLevel.HARD) for n in HARD_NAMES]
    return Table(TableConfig(seats, rules=Rules(players=4), seed=seed, think_delay=think_delay,
                             hard_budget_ms=budget_ms))


def human_table(seed: int, seconds: int) -> Table:
    seats = [SeatConfig("Bạn", HUMAN)] + [SeatConfig(n, level=BotLevel.HARD) for n in HARD_NAMES]
    return Table(TableConfig(seats, rules=Rules(players=4, turn_seconds=seconds), seed=seed, hard_budget_ms=300))


def your_turn(display, services, seed: int, clock_seconds: int) -> tuple[FrameLoop, TableScene, SceneStack]:
    """A table at your first turn, the deal landed and nothing moving."""
    stack = SceneStack()
    scene = TableScene(LocalTableClient(human_table(seed, clock_seconds), 0), services)
    stack.push(scene)
    loop = FrameLoop(display, stack)
    for _ in range(150):  # the deal (about 2 s) until you may act and nothing moves
        loop.run(0.1)
        if scene.accepting_input and scene.model is not None and scene.model.my_turn and not scene.anim.busy:
            break
    return loop, scene, stack


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) another process has used, from /proc; 0 without a pid (0)."""
    if not pid:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def clocked_turn(display, services, seed: int, seconds: int, server: int) -> tuple[FrameStats, FrameStats, float]:
    """Your turn with a ``seconds`` clock, from when you may act until it runs out: (before the last five
    seconds, the last five seconds, the CPU seconds the process ``server`` used meanwhile)."""
    loop, scene, stack = your_turn(display, services, seed, seconds)
    me = scene.model.me if scene.model is not None else 0
    left = scene.clock_remaining(me)[0]
    server_cpu = process_cpu(server)
    early = loop.run(max(0.0, left - PULSE_AT))
    late = loop.run(max(0.0, scene.clock_remaining(me)[0] - 0.05))
    server_cpu = process_cpu(server) - server_cpu
    stack.clear()
    return early, late, server_cpu


def idle(display, services, seed: int, seconds: float) -> FrameStats:
    """Your turn at a table without a clock where nothing happens."""
    loop, _, stack = your_turn(display, services, seed, 0)
    loop.run(0.5)
    stats = loop.run(seconds)
    stack.clear()
    return stats


def bot_game(display, services, args: argparse.Namespace) -> tuple[FrameStats, int, int, float]:
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
    return stats, games, moves, first_frame


def fmt(stats: FrameStats, drawn_only: bool) -> str:
    return " ".join(f"p{q} {stats.percentile(q, drawn_only):.1f}" for q in (50, 95, 99)) + \
        f" max {max((w for w, d in zip(stats.work_ms, stats.drawn) if d or not drawn_only), default=0):.1f}"


def merged(a: FrameStats, b: FrameStats) -> FrameStats:
    return FrameStats(a.work_ms + b.work_ms, a.drawn + b.drawn, a.cpu_s + b.cpu_s, a.wall_s + b.wall_s)


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected WIDTHxHEIGHT, like 1920x1080") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r}: a window between 320x240 and 8192x8192")
    return w, h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("seconds", type=float, nargs="?", default=20.0, help="seconds of bot play at each size (0: none)")
    ap.add_argument("--size", type=size_arg, nargs="+", default=[(1280, 720)], metavar="WxH",
                    help="the window sizes to measure at, one after the other")
    ap.add_argument("--turn-seconds", type=int, default=30, help="the clock of the measured turn")
    ap.add_argument("--idle-seconds", type=float, default=5.0, help="length of the idle table without a clock")
    ap.add_argument("--speed", type=float, default=1.0, help="animation speed")
    ap.add_argument("--think-delay", type=float, default=0.3, help="seconds a bot waits before it moves")
    ap.add_argument("--hard-budget-ms", type=float, default=300.0, help="the Hard bots' thinking time per decision")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    ap.add_argument("--window", action="store_true", help="open a real window (otherwise SDL's dummy driver)")
    ap.add_argument("--server-pid", type=int, default=0, help="also report the CPU of this process during the "
                    "clocked turn (the X server, which does the drawing the window's updates ask of it; 0: none)")
    args = ap.parse_args(argv)
    sizes = args.size
    if args.turn_seconds <= PULSE_AT:
        ap.error(f"--turn-seconds must be more than {PULSE_AT:.0f}")

    display = open_display(sizes[0], headless=not args.window)
    first_frame = None
    services = make_services(args.speed)
    print(f"ui_bench: {'window' if args.window else 'SDL dummy driver'}, animation speed {args.speed}, "
          f"seed {args.seed}")
    for size in sizes:
        display.set_window_size(size)
        canvas = display.logical_size
        print(f"window {size[0]}x{size[1]} (canvas {canvas[0]}x{canvas[1]}, scale {display.scale:.2f})")
        if args.seconds > 0:
            stats, games, moves, first = bot_game(display, services, args)
            first_frame = first if first_frame is None else first_frame
            print(f"  bot game {args.seconds:.0f} s (seat 0 Normal + 3 Hard, {args.hard_budget_ms:.0f} ms budget, "
                  f"think delay {args.think_delay} s): games {games} (moves in the last: {moves}), frames "
                  f"{stats.frames}, drawn {stats.frames_drawn}, CPU {100 * stats.cpu_share:.0f}% of one core")
            print(f"    frame work ms, all frames:   {fmt(stats, False)}")
            print(f"    frame work ms, drawn frames: {fmt(stats, True)}")
        early, late, server_cpu = clocked_turn(display, services, args.seed, args.turn_seconds, args.server_pid)
        whole = merged(early, late)
        before = f"{100 * early.cpu_share:.1f}%" if early.wall_s >= 0.5 else "-"
        print(f"  clocked turn ({args.turn_seconds} s clock, {whole.wall_s:.1f} s measured): CPU "
              f"{100 * whole.cpu_share:.1f}% of one core ({before} before the last {PULSE_AT:.0f} s, "
              f"{100 * late.cpu_share:.1f}% in them), {whole.frames_drawn} of {whole.frames} frames drawn")
        if args.server_pid:
            print(f"    process {args.server_pid} meanwhile: {100 * server_cpu / whole.wall_s:.1f}% of one core")
        print(f"    frame work ms, drawn frames: {fmt(whole, True)}")
        st = idle(display, services, args.seed, args.idle_seconds)
        print(f"  idle table, no clock: CPU {100 * st.cpu_share:.1f}% of one core, "
              f"{st.frames_drawn} of {st.frames} frames drawn in {st.wall_s:.1f} s")
    print(f"peak RSS {peak_rss_mb():.1f} MB")
    if first_frame is not None:
        print(f"time to first frame: {first_frame:.2f} s after process start (the first size's bot game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
