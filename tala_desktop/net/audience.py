"""Who else is at a LAN table: the people watching it, and the table's chat and reactions.

Watchers sit nowhere: they get the table's public feed (``Table.open_feed(None)``:
no hand, no drawn or dealt card), the lobby and the chat, and may take a free
seat between games. Their names are unique at the table like the players'.
The chat keeps its last ``CHAT_LOG`` lines and reactions for the table's
life, sent to whoever comes in or comes back. Rate limits on chat live in the
server (per connection and per address); this only relays and remembers.
"""

from __future__ import annotations

from collections import deque

from . import protocol as p
from .members import Member
from .names import unique_name

Line = p.ChatEvent | p.ReactionEvent


class Audience:
    """The watchers of one table and its chat."""

    def __init__(self) -> None:
        self.watchers: dict[Member, str] = {}     # in the order they came: member -> name at this table
        self.chips: dict[Member, int] = {}        # the chips of people who stood up (they take them back)
        self.log: deque[Line] = deque(maxlen=p.CHAT_LOG)

    def __contains__(self, member: object) -> bool:
        return member in self.watchers

    def __len__(self) -> int:
        return len(self.watchers)

    def names(self) -> list[str]:
        return list(self.watchers.values())

    def add(self, member: Member, name: str, taken: list[str]) -> str:
        """``member`` watches from now on, under ``name`` made unique against the names ``taken`` and the
        other watchers'; returns the name given."""
        given = unique_name(name, taken + self.names())
        self.watchers[member] = given
        return given

    def remove(self, member: Member) -> str | None:
        return self.watchers.pop(member, None)

    def name_of(self, member: Member) -> str | None:
        return self.watchers.get(member)

    def find(self, name: str) -> Member | None:
        """The watcher called ``name`` at this table (as the table shows it), if any."""
        return next((m for m, n in self.watchers.items() if n == name), None)

    def send(self, frame: str) -> None:
        """Send one already-encoded frame to every connected watcher."""
        for m in self.watchers:
            if m.connected:
                m.send(frame)

    def say(self, line: Line, seated: list[Member]) -> None:
        """Remember ``line`` and send it, encoded once, to the seated players and the watchers."""
        self.log.append(line)
        frame = p.encode(line)
        for m in seated:
            m.send(frame)
        self.send(frame)

    def log_frame(self) -> str | None:
        """The chat so far as one ``chat_log`` frame (None while nobody has said anything)."""
        return p.encode(p.ChatLog(lines=list(self.log))) if self.log else None
