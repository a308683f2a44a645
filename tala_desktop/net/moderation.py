"""The host's say over one LAN table's people: who was removed (kept out by name) and who is muted.

Bookkeeping by name key (net/names.py), never by address: a second person
behind the same router is not turned away, and a look-alike of a removed
name is. The room (net/rooms.py) checks who may remove or mute, then asks
here; a refused entry or chat raises ``RoomError``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .members import RoomError
from .names import name_key


class Moderation:
    """The names kept out of a table and the names whose chat it refuses."""

    def __init__(self) -> None:
        self.kicked: set[str] = set()
        self.muted: set[str] = set()

    def ban(self, *names: str) -> None:
        self.kicked.update(name_key(n) for n in names)

    def check_entry(self, name: str, table: str) -> None:
        if name_key(name) in self.kicked:
            raise RoomError("kicked", f"the host of {table} removed you from it")

    def mute(self, name: str, muted: bool) -> None:
        (self.muted.add if muted else self.muted.discard)(name_key(name))

    def check_speaker(self, name: str, table: str) -> None:
        if name_key(name) in self.muted:
            raise RoomError("muted", f"the host of {table} muted you")

    def muted_among(self, names: Iterable[str]) -> list[str]:
        return [n for n in names if name_key(n) in self.muted]
