"""A LAN table's people as its room sees them (``Member``: a server session) and the room's refusal (``RoomError``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .rooms import Room


class RoomError(Exception):
    """A command the room refuses; ``code`` names the reason for translation, and nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Member(Protocol):
    """A player or someone watching, as a room sees them (the server's session); ``seat`` is None when watching."""

    name: str
    avatar: int | None
    addr: str
    room: Room | None
    seat: int | None

    @property
    def connected(self) -> bool: ...
    def send(self, frame: str) -> None: ...
