"""Composition root: command-line flags and start-up of the application.

Until the desktop table lands, the game starts in text mode: one demo game
between random agents, printed move by move.
"""

from __future__ import annotations

import argparse

from tala_desktop.engine import demo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tala-desktop", description="Tá Lả Desktop")
    parser.add_argument("--seed", type=int, default=7, help="seed of the demo game")
    args = parser.parse_args(argv)
    return demo.main(["--seed", str(args.seed)])
