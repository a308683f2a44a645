"""The checks a LAN room runs before a command changes anything: who may do it, and whether now is the time.

A ``Room`` (net/rooms.py) owns one ``RoomChecks`` over its state
(net/room_state.py): each of its commands first asks here (the host only,
in the lobby only, between games only, a free seat, the table's password
and who the host removed), and a refusal raises ``RoomError`` with nothing
changed.
"""

from __future__ import annotations

import hmac
from typing import Generic

from tala_desktop.table import Table

from .members import M, RoomError
from .room_state import RoomState


class RoomChecks(Generic[M]):
    """What a room's commands check first; they read the room's state and change nothing."""

    def __init__(self, state: RoomState[M]) -> None:
        self.state = state

    def seat_index(self, member: M) -> int | None:
        """Where ``member`` sits at this table (None: they watch it, or are not at it)."""
        return self.state.seats.index(member)

    def lobby_only(self) -> None:
        if self.state.playing:
            raise RoomError("in_progress", "the game has started")

    def between_games(self, what: str) -> None:
        table = self.state.table
        st = table.state if table is not None else None
        if st is not None and not st.is_over:
            raise RoomError("in_progress", f"{what} between games (leaving during a game is Móm)")

    def guest_at(self, member: M, seat: int | None) -> M:
        """The player at ``seat`` whom the host may remove now (between games, never the host)."""
        self.between_games("remove a player")
        seats = self.state.seats
        target = seats[seat] if seat is not None and 0 <= seat < len(seats) else None
        if target is None:
            raise RoomError("no_player", f"no player sits at seat {seat}")
        if target is member:
            raise RoomError("not_yourself", "the host leaves with leave, not kick")
        return target

    def free_seat(self, seat: int) -> None:
        seats = self.state.seats
        if not 0 <= seat < len(seats) or seats[seat] is not None:
            raise RoomError("seat_taken", f"seat {seat} is not free")

    def host_only(self, member: M) -> None:
        """The host, seated or watching (the person, never a seat: standing up keeps the role)."""
        if member.person != self.state.seats.host_person:
            raise RoomError("not_host", "only the host may do that")

    def seat_of(self, member: M) -> int:
        seat = self.seat_index(member)
        if seat is None:
            raise RoomError("watching", f"you are watching {self.state.name}: take a free seat first")
        return seat

    def table_seat(self, member: M) -> tuple[Table, int]:
        if self.state.table is None:
            raise RoomError("no_game", "the game has not started")
        return self.state.table, self.seat_of(member)

    def entry(self, member: M, password: str | None) -> None:
        """Refuse someone coming to this table (to sit or to watch) without its password or after a kick."""
        state = self.state
        if state.settings.password and not hmac.compare_digest((password or "").encode(),
                                                               state.settings.password.encode()):
            raise RoomError("bad_password", f"{state.name} needs its password")
        state.moderation.check_entry(member.person, state.name)
