"""Composition root: the command line, then the desktop game, its headless selftest or the text demo.

pygame is imported only by ``tala_desktop.ui``, loaded here lazily, so
``--help`` and ``--text-demo`` work without a display, and the bot processes
(which import this package when they spawn) never load pygame.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import sys
import time
from pathlib import Path

from tala_desktop import __version__


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 1280x720, got {text!r}") from None
    if not (320 <= w <= 10_000 and 240 <= h <= 10_000):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (320x240 and up)")
    return w, h


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tala-desktop", description="Tá Lả Desktop: Phỏm (Tá lả) against the computer")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--selftest", action="store_true",
                   help="headless check: a 4-bot game through the real scene loop until its results; exit 0 if ok")
    p.add_argument("--data-dir", metavar="DIR", help="folder for profile, settings and history (created if missing)")
    p.add_argument("--seed", type=int, help="seed of every table, for reproducible deals and bots")
    p.add_argument("--windowed", type=_size, metavar="WxH", help="open a window of this size, not fullscreen")
    p.add_argument("--frames", type=int, metavar="N",
                   help="quit after N drawn frames (start-up timing; a screen at rest draws nothing, "
                   "so the idle menu stops after its intro, some 30-60 frames)")
    p.add_argument("--text-demo", action="store_true", help="print one game between random agents, no window")
    p.add_argument("-v", "--verbose", action="store_true", help="log start-up timings and table events")
    p.add_argument("--server", nargs=argparse.REMAINDER, metavar="ARGS",
                   help="host LAN tables instead (the packaged app's tala-server); "
                        "the rest of the line goes to it, see --server --help")
    return p


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    multiprocessing.freeze_support()  # a frozen build's bot processes start here
    args = parser().parse_args(argv)
    if args.server is not None:
        from tala_desktop.net import cli

        return cli.main(args.server)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.text_demo:
        from tala_desktop.engine import demo

        return demo.main(["--seed", str(7 if args.seed is None else args.seed)])
    if args.data_dir:
        Path(args.data_dir).mkdir(parents=True, exist_ok=True)
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if args.selftest:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from tala_desktop.ui.app_loop import AppOptions

    options = AppOptions(windowed=args.windowed, data_dir=args.data_dir, seed=args.seed,
                         max_frames=args.frames, started_at=started)
    if args.selftest:
        from tala_desktop.ui.selftest import run_selftest

        return run_selftest(options)
    from tala_desktop.ui.app_loop import run_app

    return run_app(options)


if __name__ == "__main__":
    sys.exit(main())
