"""Status line and game log: the one line of advice under the table and the last lines of what happened.

A message said by the table (a refusal, a hint, the answer to a click) is
urgent: it shows for a few seconds over the guide, unless your next action
replaces it at once. Log lines show when nothing urgent does; the guide for
your step (from the ``Highlights``) fills the rest. ``line`` only reads.
"""

from __future__ import annotations

from ..art.theme import WHITE
from ..core.phrase import Phrase, Words, say
from .highlights import Colour, Highlights
from .modes import Mode

STATUS_SECONDS = 3.0
LOG_LINES = 30
NEW_GAME = "status.new_game"     # the line a game's log starts with (its deal)


class StatusLine:
    """The status message (text, colour, until when, urgent) and the game log."""

    def __init__(self) -> None:
        self.log: list[Words] = []
        self.message: tuple[Words, Colour | None, float, bool] = ("", None, 0.0, False)

    @property
    def log_lines(self) -> list[str]:
        """The game log, said in the current language (it keeps the words, not their rendering)."""
        return [say(line) for line in self.log]

    def recent(self, n: int) -> tuple[str, ...]:
        """The last ``n`` lines of the game log, said in the current language."""
        return tuple(say(line) for line in self.log[-n:]) if n > 0 else ()

    def say(self, text: str, colour: Colour | None, until: float) -> None:
        self.message = (text, colour, until, True)

    def clear(self) -> None:
        """Your next action: whatever was said about the last one goes at once."""
        self.message = ("", None, 0.0, False)

    def forget(self) -> None:
        """A fresh start (the next lesson): the log and the message go."""
        self.log.clear()
        self.clear()

    def retold(self) -> None:
        """The game under way is about to be told again from its deal (a connection back): its lines so far go,
        those of the games before stay."""
        starts = [i for i, line in enumerate(self.log) if isinstance(line, Phrase) and line.key == NEW_GAME]
        del self.log[starts[-1] if starts else 0:]

    def add(self, line: Words, now: float) -> None:
        """A line of the game log; it is also the status line until something urgent is said."""
        self.log.append(line)
        del self.log[:-LOG_LINES]
        text, _, until, urgent = self.message
        if not urgent or until <= now:
            self.message = (line, None, now + STATUS_SECONDS, False)

    def line(self, now: float, hl: Highlights, warning: tuple[str, Colour] | None = None) -> tuple[str, Colour]:
        """What the status line shows at ``now``: an urgent message, a warning, the guide or the last log line."""
        words, colour, until, urgent = self.message
        text = say(words)
        active = bool(text) and until > now
        if active and urgent:
            return text, colour or WHITE
        if warning is not None:
            return warning
        if hl.mode is not Mode.WAIT and hl.guide:
            return hl.guide, hl.guide_colour or WHITE
        if active:
            return text, colour or WHITE
        return hl.guide, hl.guide_colour or WHITE
