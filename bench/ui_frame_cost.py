"""UI frame cost: the CPU the table scene's frames take on a stepped clock, the same frames every run.

    python bench/ui_frame_cost.py                        # 3 bot games at 1280x720, 60 frames a second
    python bench/ui_frame_cost.py --games 5 --size 1920x1080
    PYTHONPATH=OTHER_CHECKOUT python bench/ui_frame_cost.py   # the same frames on other code, to compare

``bench/ui_bench.py`` runs the table in real time with Hard bots searching
in their processes: its frame times follow the machine's load as much as
the code. This bench takes the load out: four Normal bots (seat 0 watched,
as in ui_bench) decide on the bench's own thread between frames, time is
stepped 1/60 s a frame, and each frame's events + update + (draw + present
when the scene needs it, as the app's loop does) is timed in CPU time of
this thread (``time.thread_time``), which waiting for a core does not
count. The bots' own decisions are timed apart and left out. The same seed
gives the same games, frames and pictures on any code that plays the same
moves, so two checkouts can be compared frame for frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import Future

import pygame

from tala_desktop.bots import Bot, BotLevel, Decision
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Rules, SeatView
from tala_desktop.table import LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.ui.art.card_art import CardArt
from tala_desktop.ui.audio.sounds import NullSounds
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.core.display import Display
from tala_desktop.ui.core.redraw import dirty_rects, paint
from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.shared.services import Services, UiSettings
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene

DT = 1 / 60
NAMES = ("Bot", "Lan", "Minh", "Hùng")
RESULTS_SECONDS = 2.0      # each next game starts this long after its results show (as ui_bench)


class TimedRunner(InlineRunner):
    """The table's bots deciding inline, their thread time added up so the frames can leave it out."""

    spent = 0.0

    def request(self, bot: Bot, view: SeatView, think_delay: float | None = None) -> Future[Decision]:
        start = time.thread_time()
        try:
            return super().request(bot, view, think_delay)
        finally:
            TimedRunner.spent += time.thread_time() - start


def size_arg(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected WIDTHxHEIGHT, like 1920x1080") from None
    return w, h


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))] if ordered else 0.0


def run(games: int, size: tuple[int, int], seed: int, frame_limit: int) -> tuple[list[float], list[bool], int]:
    """Frame costs in ms, whether each drew, and the games played."""
    display = Display()
    display.open(size)
    fonts = Fonts()
    services = Services(fonts, CardArt(fonts), NullSounds(), UiSettings(animation_speed=1.0))
    seats = [SeatConfig(n, level=BotLevel.NORMAL) for n in NAMES]
    table = Table(TableConfig(seats, rules=Rules(players=4), seed=seed, think_delay=0.3), TimedRunner())
    stack = SceneStack()
    stack.push(TableScene(LocalTableClient(table, 0), services, spectator=True))
    costs: list[float] = []
    drawn: list[bool] = []
    shown: tuple[int, ...] = ()
    for _ in range(frame_limit):
        top = stack.top
        if isinstance(top, ResultsOverlay) and top.age > RESULTS_SECONDS:
            if table.game_id >= games:
                break
            top.start_next()
        bots_before = TimedRunner.spent
        start = time.thread_time()
        for event in pygame.event.get():
            stack.handle_event(display.map_event(event))
        stack.update(DT)
        visible = stack.visible()
        now_shown = tuple(id(s) for s in visible)
        drew = now_shown != shown or any(getattr(s, "needs_redraw", True) for s in visible)
        if drew:
            paint(stack, display, dirty_rects(visible, now_shown != shown))
            shown = now_shown
        costs.append((time.thread_time() - start - (TimedRunner.spent - bots_before)) * 1000)
        drawn.append(drew)
    played = table.game_id
    stack.clear()
    return costs, drawn, played


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=3, help="whole games to play (each ends with its results)")
    ap.add_argument("--size", type=size_arg, default=(1280, 720), metavar="WxH", help="the window's size")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    ap.add_argument("--frame-limit", type=int, default=60 * 60 * 10, help="stop after this many frames anyway")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    costs, drawn, games = run(args.games, args.size, args.seed, args.frame_limit)
    drawn_costs = [c for c, d in zip(costs, drawn) if d]
    w, h = args.size
    print(f"ui_frame_cost: {games} games at {w}x{h}, seed {args.seed}, stepped 1/60 s, 4 Normal bots (seat 0 watched)")
    print(f"  frames {len(costs)}, drawn {len(drawn_costs)}, thread CPU {sum(costs) / 1000:.2f} s "
          f"(bots' decisions left out: {TimedRunner.spent:.2f} s)")
    for label, values in (("all frames", costs), ("drawn frames", drawn_costs)):
        print(f"  {label:13} ms: mean {statistics.fmean(values) if values else 0:.2f} p50 {percentile(values, 50):.2f} "
              f"p95 {percentile(values, 95):.2f} p99 {percentile(values, 99):.2f} max {max(values, default=0):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
