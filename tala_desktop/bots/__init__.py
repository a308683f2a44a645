"""Computer players: Easy (Dễ), Normal (Thường), Hard (Khó), a random baseline, the runner and the simulator.

A bot sees only its seat's redacted view (``SeatView``) and returns a legal
move with its ``Reason``: a key of the UI's text catalog and its arguments.
"""

from __future__ import annotations

from .base import Bot, Decision, Reason
from .easy import EasyBot, RandomBot
from .normal import NormalBot

LEVELS = ("random", "easy", "normal", "hard")


def make_bot(level: str, seed: int | None = None, **options) -> Bot:
    """A bot of ``level`` ('random', 'easy', 'normal', 'hard'); Hard takes ``budget_ms``, ``max_samples``."""
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        from .hard import HardBot
        return HardBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "Decision", "EasyBot", "NormalBot", "RandomBot", "Reason", "make_bot"]
