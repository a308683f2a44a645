"""What a LAN room says of its people: who is there, their ids, the host's, who is away or muted, the scoreboard.

A ``Room`` (net/rooms.py) owns one ``Roster`` over its state
(net/room_state.py): these queries read the room's seats, audience and
people (net/people.py), never change them, except that a person's id is
given on first ask.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic

from .members import M
from .room_state import RoomState
from .scoreboard import scoreboard_frame, scoreboard_rows


class Roster(Generic[M]):
    """The room's queries about its people."""

    def __init__(self, state: RoomState[M]) -> None:
        self.state = state

    def members(self) -> list[M]:
        """The seated players."""
        return self.state.seats.seated()

    def everyone(self) -> list[M]:
        """The seated players and the people watching."""
        return [*self.state.seats.seated(), *self.state.audience.watchers]

    def member_id(self, member: M) -> int:
        """``member``'s id at this table (the same whenever they come back, whatever their name)."""
        return self.state.people.of(member.person, member.name, self._present()).member

    def _present(self) -> Iterator[str]:
        """The people at the table now (read only when someone must be forgotten to make room)."""
        for m in self.everyone():
            yield m.person

    def host_member(self) -> int | None:
        """The host's id at this table, seated or watching (None: nobody hosts)."""
        person = self.state.seats.host_person
        return self.state.people.id_of(person) if person is not None else None

    def scoreboard_to(self, members: list[M], final: bool = False) -> None:
        """Send ``members`` the evening's scoreboard (each with their own id: which row is theirs); nothing before a
        game ended. ``final``: their evening at this table is over."""
        people = self.state.people
        rows = scoreboard_rows(people)
        if rows:
            for m in members:
                if m.connected:
                    m.send(scoreboard_frame(self.state.id, rows, people.id_of(m.person), final))

    def away_left(self, member: M) -> float | None:
        """The seconds a dropped player's seat is still kept for them at a started table (the computer plays their
        turns meanwhile); None when they are connected."""
        table = self.state.table
        if table is None or member.connected or member.dropped_at is None:
            return None
        gone = max(0.0, table.now - member.dropped_at)
        return round(min(3600.0, max(0.0, self.state.config.reconnect_seconds - gone)), 1)

    def find_member(self, member_id: int, among: list[M]) -> M | None:
        """The one among ``among`` whose id here is ``member_id`` (None: nobody there has it)."""
        person = self.state.people.find(member_id)
        return None if person is None else next((m for m in among if m.person == person), None)

    def named(self) -> list[tuple[M, str]]:
        """Everyone at the table with the name they have here."""
        seats = self.state.seats
        return [*((m, n) for m, n in zip(seats.members, seats.names) if m is not None and n is not None),
                *self.state.audience.watchers.items()]

    def muted_ids(self) -> list[int]:
        """The ids of the people here now whom the host muted."""
        return [self.member_id(m) for m, _ in self.named() if self.state.moderation.is_muted(m.person)]
