"""The host's say over one LAN table's people: who was removed (kept out) and who is muted, by person.

A person is who their app says they are (net/people.py), never a name or an
address: a removed "Minh" back as "Minh 2" is still kept out, another person
called "MINH" is not muted with "Minh", and a second person behind the same
router is not turned away. The marks live on each person's stake, so they
last as long as the table, across a server restart (the state file keeps the
stakes). The room (net/rooms.py) checks who may remove or mute, then asks
here; a refused entry or chat raises ``RoomError``.
"""

from __future__ import annotations

from .members import RoomError
from .people import People


class Moderation:
    """The marks the host set on the people of one table."""

    def __init__(self, people: People) -> None:
        self.people = people

    def ban(self, person: str, name: str) -> None:
        self.people.of(person, name).kicked = True

    def check_entry(self, person: str, table: str) -> None:
        stake = self.people.get(person)
        if stake is not None and stake.kicked:
            raise RoomError("kicked", f"the host of {table} removed you from it")

    def mute(self, person: str, name: str, muted: bool) -> None:
        self.people.of(person, name).muted = muted

    def is_muted(self, person: str) -> bool:
        stake = self.people.get(person)
        return stake is not None and stake.muted

    def check_speaker(self, person: str, table: str) -> None:
        if self.is_muted(person):
            raise RoomError("muted", f"the host of {table} muted you")
