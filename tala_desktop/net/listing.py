"""The list of tables that players browsing the server see: encoded once per change, pushed at most twice a second.

``list_tables`` is asked often (a browser refreshes, a hostile client asks
in a loop), so the encoded list is kept until a table changes (a room's
``version`` goes up with every change of its ``info()``). Players who asked
for the list and sit nowhere get it again when it changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import protocol as p
from .rooms import Room
from .sessions import Session

PUSH_EVERY = 0.5     # seconds between two pushes of a changed list


class TableList:
    """The cached, encoded table list of one server."""

    def __init__(self) -> None:
        self._key: tuple[tuple[int, int], ...] | None = None   # (room id, version) of the cached list
        self._frame = ""
        self._pushed: tuple[tuple[int, int], ...] = ()         # the list browsing players last got
        self._sent = -1e9

    @staticmethod
    def _version(rooms: Mapping[int, Room[Session]]) -> tuple[tuple[int, int], ...]:
        return tuple((r.id, r.version) for r in rooms.values())

    def frame(self, rooms: Mapping[int, Room[Session]]) -> str:
        """The encoded list, built again only when a table changed."""
        key = self._version(rooms)
        if key != self._key:
            self._key = key
            self._frame = p.encode(p.Tables(tables=[r.info() for r in rooms.values()]))
        return self._frame

    def push(self, rooms: Mapping[int, Room[Session]], sessions: Iterable[Session], now: float) -> None:
        """The list changed: browsing players get it (at most every ``PUSH_EVERY`` seconds)."""
        if now - self._sent < PUSH_EVERY:
            return
        version = self._version(rooms)
        if version == self._pushed:
            return
        self._sent, self._pushed = now, version
        browsing = [s for s in sessions if s.browsing and s.room is None and s.connected]
        if browsing:                        # (nobody browsing: nothing to build)
            frame = self.frame(rooms)
            for s in browsing:
                s.send(frame)
