"""A LAN table's people as its room sees them (``Member``: a server session), the ids it gives them, and the room's
refusal (``RoomError``).

The host addresses a person by the id the table state shows (``MemberIds``),
never by name: two people with look-alike names can never be confused.
"""

from __future__ import annotations

import secrets
from typing import Generic, Protocol, TypeVar


class RoomError(Exception):
    """A command the room refuses; ``code`` names the reason for translation, and nothing changed (``wait``: a
    refused password's seconds before the next try is checked)."""

    def __init__(self, code: str, message: str, wait: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.wait = wait


class Member(Protocol):
    """A player or someone watching, as a room sees them: where they sit is the room's to know."""

    name: str
    avatar: int | None
    addr: str

    @property
    def connected(self) -> bool: ...
    def send(self, frame: str) -> None: ...


M = TypeVar("M", bound=Member)   # the members a room holds (the server's sessions; tests use their own)


MAX_MEMBER_ID = 2 ** 31 - 1


class MemberIds(Generic[M]):
    """The ids one table gives its people: each person keeps theirs while at the table; ids are never reused,
    and start at a random base so a restarted table's ids differ from the ones a client saw before."""

    def __init__(self) -> None:
        self._ids: dict[M, int] = {}
        self._next = 1 + secrets.randbelow(2 ** 30)

    def of(self, member: M) -> int:
        """``member``'s id here (given on first ask)."""
        got = self._ids.get(member)
        if got is None:
            got = self._ids[member] = self._next
            self._next = self._next + 1 if self._next < MAX_MEMBER_ID else 1
        return got

    def find(self, member_id: int, present: list[M]) -> M | None:
        """The one among ``present`` whose id is ``member_id`` (None: nobody here has it)."""
        return next((m for m in present if self._ids.get(m) == member_id), None)

    def forget(self, member: M) -> None:
        self._ids.pop(member, None)
