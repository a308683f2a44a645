"""App bench: CPU use of an idle menu and an idle table through the real loop, and time to the first frame.

    python bench/app_idle.py [--seconds 10]

Idle means nobody touches anything: the menu after its intro; a table
where it is your turn (you lead the first game) with no turn clock, and
the same with a 30 s clock (its ring redraws a few times a second). CPU is
process time (all threads) over wall time while ``App.frame`` runs with the
real clock, so the loop's frame skipping and idle waiting are what is
measured. Start-up is timed in a fresh process: ``--frames 1`` quits after
the first frame; the app logs when that frame was shown. Everything runs on a
scratch data folder that is removed at the end: the player's own profile,
settings and history are never opened.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from tqdm import tqdm  # noqa: E402

from tala_desktop.app.composition import build_desktop  # noqa: E402
from tala_desktop.ui.shared.new_game import GameChoices  # noqa: E402
from tala_desktop.ui.shell.app_loop import App, AppOptions, RealClock  # noqa: E402


def say(line: str) -> None:
    """A result line on stdout, printed above the progress bar (which is on stderr)."""
    tqdm.write(line, file=sys.stdout)


def measure(app: App, seconds: float) -> tuple[float, int, int]:
    """(CPU % of one core, frames, frames drawn) while the loop runs for ``seconds``."""
    frames, drawn = app.frames, app.frames_drawn
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.frame()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return 100 * cpu / wall, app.frames - frames, app.frames_drawn - drawn


def warm(app: App, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.frame()


def startup(data_dir: str, runs: int = 3) -> list[tuple[float, float, float]]:
    """(ms from process start to exit, ms from main() to the first frame, ms loading the sounds after it)
    for ``--frames 1`` runs."""
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "tala_desktop", "--frames", "1", "--windowed", "1280x720", "-v",
                               "--data-dir", data_dir], capture_output=True, text=True, check=True)
        total = (time.perf_counter() - t0) * 1000
        found = re.search(r"first frame (\d+) ms after start", done.stderr)
        sounds = re.search(r"sounds ready in (\d+) ms", done.stderr)
        out.append((total, float(found.group(1)) if found else float("nan"),
                    float(sounds.group(1)) if sounds else float("nan")))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--seconds", type=float, default=10.0,
                    help="length of each idle measurement (the menu, then a table without and with a clock)")
    ap.add_argument("--runs", type=int, default=3, help="start-up runs of a fresh process to its first frame")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="tala-app-idle-") as data, \
            tqdm(total=args.runs + 3, desc="start-up", unit="step", file=sys.stderr, leave=False) as bar:
        for total, first, sounds in startup(data, args.runs):
            say(f"start-up: process start to exit after the first frame {total:.0f} ms "
                f"(main() to first frame {first:.0f} ms, then sounds and music loaded in {sounds:.0f} ms)")
            bar.update()
        desktop = build_desktop(AppOptions(windowed=(1280, 720), data_dir=data), RealClock())
        app, games = desktop.app, desktop.games
        try:
            bar.set_description(f"idle menu, {args.seconds:g} s")
            desktop.show_menu()
            warm(app, 2.0)
            cpu, frames, drawn = measure(app, args.seconds)
            say(f"idle menu: {cpu:.1f}% of one core ({frames} loop frames, {drawn} drawn in "
                         f"{args.seconds:g} s)")
            bar.update()
            for seconds in (0, 30):
                clock = f"{seconds} s clock" if seconds else "no clock"
                bar.set_description(f"idle table, {clock}, {args.seconds + 6:g} s")
                table = games.start_game(GameChoices(turn_seconds=seconds))
                warm(app, 6.0)                     # the deal and the first animations
                model = getattr(table, "model", None)
                waiting = model is not None and model.to_move == 0
                cpu, frames, drawn = measure(app, args.seconds)
                say(f"idle table ({clock}, your turn: {waiting}): {cpu:.1f}% of one core "
                             f"({frames} loop frames, {drawn} drawn in {args.seconds:g} s)")
                games.leave_table(games.clients[0])
                bar.update()
        finally:
            app.shutdown()
            pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
