"""Status line and game log: the one line of advice under the table and the last lines of what happened.

A message said by the table (a refusal, a hint, the answer to a click) is
urgent: it shows for a few seconds over the guide, unless your next action
replaces it at once. Log lines show when nothing urgent does; the guide for
your step (from the ``Highlights``) fills the rest. ``line`` only reads.
A game told again from its deal (a ``Story`` after a connection came back)
takes the place of that game's lines, so none is told twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from tala_desktop.table.messages import TableMessage

from ..art.theme import WHITE
from ..core.phrase import Phrase, Words, say
from .highlights import Colour, Highlights
from .log_lines import NEW_GAME, LogLine, stories
from .model import TableModel
from .modes import Mode

STATUS_SECONDS = 3.0
LOG_LINES = 30


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

    def stories(self, messages: Iterable[TableMessage], new: TableModel, again: bool) -> list[LogLine]:
        """The log lines of a game already under way that ``messages`` tell (a ``Story``: a resumed game, someone
        arriving; none in most batches). ``again``: this game is shown already (a connection back), so its lines
        so far give way to the story, which tells it from the deal; those of the games before stay."""
        lines = stories(messages, new)
        if lines and again:
            starts = [i for i, line in enumerate(self.log) if isinstance(line, Phrase) and line.key == NEW_GAME]
            del self.log[starts[-1] if starts else 0:]
        return lines

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
