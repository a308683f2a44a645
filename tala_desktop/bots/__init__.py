"""Computer players: Easy (Dễ), Normal (Thường), Hard (Khó), a random baseline, their levels and the runner.

A bot sees only its seat's redacted view (``SeatView``) and returns a legal
move with its ``Reason``: a key of the UI's text catalog and its arguments.
"""

from __future__ import annotations

from .base import PLAYABLE_LEVELS, Bot, BotLevel, Decision, Reason
from .easy import EasyBot, RandomBot
from .normal import NormalBot

LEVELS = tuple(BotLevel)


def make_bot(level: BotLevel | str, seed: int | None = None, **options) -> Bot:
    """A bot of ``level`` (a ``BotLevel`` or its name); Hard takes the fields of ``HardConfig``."""
    if level == BotLevel.RANDOM:
        return RandomBot(seed)
    if level == BotLevel.EASY:
        return EasyBot(seed)
    if level == BotLevel.NORMAL:
        return NormalBot(seed)
    if level == BotLevel.HARD:
        from .hard import HardBot, HardConfig
        return HardBot(seed, HardConfig(**options))
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["LEVELS", "PLAYABLE_LEVELS", "Bot", "BotLevel", "Decision", "EasyBot", "NormalBot", "RandomBot", "Reason",
           "make_bot"]
