"""A LAN table's chat: its last ``CHAT_LOG`` lines, reactions and removals, relayed to everyone at the table.

The log lasts as long as the table and is sent to whoever comes in or comes
back. Lines arrive checked and cleaned (net/chat_text.py, on decode); rate
limits on chat live in the server core (per connection and per address):
this only relays and remembers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from . import protocol as p
from .members import Member

Line = p.ChatEvent | p.ReactionEvent | p.Removed


class Chat:
    """The chat of one table."""

    def __init__(self) -> None:
        self.log: deque[Line] = deque(maxlen=p.CHAT_LOG)

    def say(self, line: Line, to: Iterable[Member]) -> None:
        """Remember ``line`` and send it, encoded once, to every connected member of ``to``."""
        self.log.append(line)
        frame = p.encode(line)
        for m in to:
            if m.connected:
                m.send(frame)

    def log_frame(self) -> str | None:
        """The chat so far as one ``chat_log`` frame (None while nobody has said anything)."""
        return p.encode(p.ChatLog(lines=list(self.log))) if self.log else None
