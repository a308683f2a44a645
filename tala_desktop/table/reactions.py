"""Quick reactions at the table: the fixed set of phrases and emotes, and how computer players answer them.

A reaction is a key, never free text, so the LAN server checks it against
``REACTIONS`` and each client shows it in its own language. ``BotBanter``
decides when a computer player answers a person's reaction: rarely, after
a short human-looking pause, with a reply that fits, and never in a
stream. Time is passed in and the random source is seeded, so tests step
both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

PHRASES: tuple[str, ...] = ("nice", "hurry", "thanks", "sorry", "gg", "again")
EMOTES: tuple[str, ...] = ("laugh", "wow", "sad", "angry", "love")
REACTIONS: tuple[str, ...] = PHRASES + EMOTES

# what a computer player may answer to each reaction (no entry: it lets it pass)
ANSWERS: dict[str, tuple[str, ...]] = {
    "nice": ("thanks", "love"),
    "hurry": ("sorry",),
    "sorry": ("love",),
    "gg": ("gg", "again"),
    "again": ("again", "nice"),
    "laugh": ("laugh",),
    "wow": ("laugh", "nice"),
    "sad": ("love",),
    "angry": ("sorry", "laugh"),
    "love": ("love",),
}


@dataclass
class BotBanter:
    """Computer players' answers to people's reactions, kept sparse.

    At most one bot answers a reaction, with probability ``chance``; an answer
    comes ``delay`` seconds later (a range); the whole table answers at most
    once per ``table_gap`` seconds and each bot at most once per ``bot_gap``.
    A reaction heard while an answer is still pending is not answered.
    """

    bots: list[int]                          # the seats played by the computer
    seed: int | None = None
    chance: float = 0.35
    delay: tuple[float, float] = (0.9, 1.8)
    table_gap: float = 8.0
    bot_gap: float = 20.0
    _rng: random.Random = field(init=False, repr=False)
    _pending: tuple[float, int, str] | None = field(default=None, init=False)
    _last_table: float = field(default=float("-inf"), init=False)
    _last_bot: dict[int, float] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def heard(self, key: str, seat: int | None, now: float) -> None:
        """A person (at ``seat``, or watching: None) reacted with ``key`` at time ``now``."""
        answers = ANSWERS.get(key)
        if not answers or self._pending is not None or now - self._last_table < self.table_gap:
            return
        rested = [b for b in self.bots if b != seat and now - self._last_bot.get(b, float("-inf")) >= self.bot_gap]
        if not rested or self._rng.random() >= self.chance:
            return
        bot = self._rng.choice(rested)
        when = now + self._rng.uniform(*self.delay)
        self._pending = (when, bot, self._rng.choice(answers))
        self._last_table = when
        self._last_bot[bot] = when

    def due(self, now: float) -> list[tuple[int, str]]:
        """The answers whose time has come: (bot seat, reaction key), at most one."""
        if self._pending is None or self._pending[0] > now:
            return []
        _, bot, key = self._pending
        self._pending = None
        return [(bot, key)]
