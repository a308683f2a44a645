"""The people watching a LAN table and their names there.

Watchers sit nowhere: they get the table's public feed (``Table.open_feed(None)``:
no hand, no drawn or dealt card), the lobby and the chat (net/chat.py), and may
take a free seat between games. Their names are unique at the table like the
players'. Bookkeeping only: the room (net/rooms.py) decides who may watch.
"""

from __future__ import annotations

from typing import Generic

from .members import M
from .names import unique_name


class Audience(Generic[M]):
    """The watchers of one table, in the order they came."""

    def __init__(self) -> None:
        self.watchers: dict[M, str] = {}     # member -> name at this table

    def __contains__(self, member: object) -> bool:
        return member in self.watchers

    def __len__(self) -> int:
        return len(self.watchers)

    def names(self) -> list[str]:
        return list(self.watchers.values())

    def add(self, member: M, name: str, taken: list[str]) -> str:
        """``member`` watches from now on, under ``name`` made unique against the names ``taken`` and the
        other watchers'; returns the name given."""
        given = unique_name(name, taken + self.names())
        self.watchers[member] = given
        return given

    def keep(self, member: M, name: str) -> None:
        """``member`` watches under ``name``, already unique at the table (a player who stood up)."""
        self.watchers[member] = name

    def remove(self, member: M) -> str | None:
        return self.watchers.pop(member, None)

    def name_of(self, member: M) -> str | None:
        return self.watchers.get(member)

    def find(self, name: str) -> M | None:
        """The watcher called ``name`` at this table (as the table shows it), if any."""
        return next((m for m, n in self.watchers.items() if n == name), None)

    def send(self, frame: str) -> None:
        """Send one already-encoded frame to every connected watcher."""
        for m in self.watchers:
            if m.connected:
                m.send(frame)
