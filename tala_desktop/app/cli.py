"""The command line: its options, then the desktop game, its headless selftest, the text demo or the LAN server.

``main`` is the entry point of ``tala-desktop``, ``python -m tala_desktop``
and the packaged app. The game takes its data folder's lock before anything
else touches the folder (a second copy exits with ``ALREADY_OPEN_EXIT`` and
a message); the packaged app and ``-v`` then log to a file there and show a
window for an error nothing caught. pygame loads only once a window or the
selftest needs it, so ``--help`` and ``--text-demo`` work without a display.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

from tala_desktop import __version__
from tala_desktop.console import utf8_console

from .already_open import already_open, hold_data_folder
from .composition import selftest_desktop, start_desktop
from .crash import install_crash_handler
from .logs import LogFile, log_to_console

NO_DISPLAY_EXIT = 4     # exit code when no screen was found and no headless driver was asked for


def window_size(text: str) -> tuple[int, int]:
    """``--windowed``'s WIDTHxHEIGHT, checked."""
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 1280x720, got {text!r}") from None
    if not (320 <= w <= 10_000 and 240 <= h <= 10_000):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (320x240 and up)")
    return w, h


def _frames(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of frames, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more frames, got {n}")
    return n


def _samples(text: str) -> int:
    from tala_desktop.table.config import MAX_HARD_SAMPLES

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of samples, got {text!r}") from None
    if not 1 <= n <= MAX_HARD_SAMPLES:
        raise argparse.ArgumentTypeError(f"expected 1 to {MAX_HARD_SAMPLES} samples, got {n}")
    return n


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tala-desktop", description="Tá Lả Desktop: Phỏm (Tá lả) against the computer")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--selftest", action="store_true",
                   help="headless check: a 4-bot game through the real scene loop until its results; exit 0 if ok")
    p.add_argument("--data-dir", metavar="DIR", help="folder for profile, settings and history (created if missing)")
    p.add_argument("--seed", type=int, help="seed of every table, for reproducible deals and bots")
    p.add_argument("--hard-samples", type=_samples, metavar="N",
                   help="the Hard computer player weighs N samples a decision instead of thinking for its time "
                        "budget: with --seed, the same games on any machine")
    p.add_argument("--windowed", type=window_size, metavar="WxH", help="open a window of this size, not fullscreen")
    p.add_argument("--frames", type=_frames, metavar="N",
                   help="quit after N turns of the 60 Hz loop, drawn or not (start-up timing: --frames 1 "
                   "quits after the first frame)")
    p.add_argument("--text-demo", action="store_true",
                   help="print one game between random agents, no window (a new deal each time; --seed repeats one)")
    p.add_argument("-v", "--verbose", action="store_true", help="log start-up timings and table events")
    p.add_argument("--server", nargs=argparse.REMAINDER, metavar="ARGS",
                   help="host LAN tables instead (the packaged app's tala-server); "
                        "the rest of the line goes to it, see --server --help")
    return p


def prepare_display_environment() -> None:
    """Settings SDL reads when the display starts, so set before anything starts it (a player's own win).

    Windows: per-monitor-v2 DPI awareness (the packaged app's manifest asks for it too; ``python`` from source has
    none), so at 125-200 % display scaling the window is drawn at the screen's own pixels instead of a stretched,
    blurry bitmap, and window and desktop sizes come in physical pixels. Other systems ignore it.
    """
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    multiprocessing.freeze_support()  # a frozen build's bot processes start here
    utf8_console()
    prepare_display_environment()
    args = parser().parse_args(argv)
    if args.server is not None:
        from tala_desktop.net import cli

        return cli.main(args.server)
    log_to_console(args.verbose)
    log_file = LogFile() if args.verbose or getattr(sys, "frozen", False) else None  # None: no file, no window
    if log_file is not None:
        install_crash_handler(log_file)
    if args.text_demo:
        from tala_desktop.engine import demo

        return demo.main([] if args.seed is None else ["--seed", str(args.seed)])
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if args.selftest:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from tala_desktop.ui.shell.app_loop import AppOptions

    options = AppOptions(windowed=args.windowed, data_dir=args.data_dir, seed=args.seed,
                         hard_samples=args.hard_samples, max_frames=args.frames, started_at=started)
    from tala_desktop.store import folder_lock

    if args.selftest:
        from tala_desktop.ui.shell.selftest import run_selftest

        try:  # a selftest told to use a data folder records its game there, so it holds the folder too
            lock = hold_data_folder(args.data_dir) if args.data_dir else None
        except folder_lock.FolderInUse as exc:
            return already_open(exc, options, window=False)
        if lock is not None and log_file is not None:
            log_file.open_in(lock.folder)
        try:
            return run_selftest(options, selftest_desktop(options))
        finally:
            if lock is not None:
                lock.release()
    from tala_desktop.ui.shell.app_loop import NoDisplay, init_pygame

    try:
        init_pygame(require_display=True)  # before the data folder is made or opened
    except NoDisplay as exc:
        print(exc.message(), file=sys.stderr, flush=True)
        return NO_DISPLAY_EXIT
    try:
        lock = hold_data_folder(args.data_dir)
    except folder_lock.FolderInUse as exc:
        return already_open(exc, options)
    if lock is not None and log_file is not None:  # only the copy that holds the folder writes in it
        log_file.open_in(lock.folder)
    from tala_desktop.ui.shell.app_loop import run_app

    try:
        return run_app(start_desktop(options).app, options)
    finally:
        if lock is not None:
            lock.release()

