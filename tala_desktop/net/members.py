"""A LAN table's people as its room sees them (``Member``: a server session) and the room's refusal (``RoomError``).

The host addresses a person by the id the table state shows (net/people.py),
never by name: two people with look-alike names can never be confused.
"""

from __future__ import annotations

from typing import Protocol, TypeVar


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
    person: str             # who they are (Session.person): what the table keeps of them goes by it (net/people.py)
    dropped_at: float | None    # when their connection dropped (None: connected, or never was)

    @property
    def connected(self) -> bool: ...
    def send(self, frame: str) -> None: ...


M = TypeVar("M", bound=Member)   # the members a room holds (the server's sessions; tests use their own)
