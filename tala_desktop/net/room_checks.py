"""The checks a LAN room runs before a command changes anything: who may do it, and whether now is the time.

``Room`` (net/rooms.py) is a ``RoomChecks``: each of its commands first
asks here (the host only, in the lobby only, between games only, a free
seat, the table's password and who the host removed), and a refusal raises
``RoomError`` with nothing changed.
"""

from __future__ import annotations

import hmac
from typing import Generic

from tala_desktop.table import Table

from . import protocol as p
from .members import M, RoomError
from .moderation import Moderation
from .seating import Seats


class RoomChecks(Generic[M]):
    """What a room's commands check first; the room's state is the ``Room``'s own."""

    name: str
    settings: p.TableSettings
    seats: Seats[M]
    table: Table | None
    moderation: Moderation

    @property
    def playing(self) -> bool:
        return self.table is not None

    @property
    def host(self) -> int | None:
        return self.seats.host

    def seat_index(self, member: M) -> int | None:
        """Where ``member`` sits at this table (None: they watch it, or are not at it)."""
        return self.seats.index(member)

    def _lobby_only(self) -> None:
        if self.playing:
            raise RoomError("in_progress", "the game has started")

    def _between_games(self, what: str) -> None:
        st = self.table.state if self.table is not None else None
        if st is not None and not st.is_over:
            raise RoomError("in_progress", f"{what} between games (leaving during a game is Móm)")

    def _guest_at(self, member: M, seat: int | None) -> M:
        """The player at ``seat`` whom the host may remove now (between games, never the host)."""
        self._between_games("remove a player")
        target = self.seats[seat] if seat is not None and 0 <= seat < len(self.seats) else None
        if target is None:
            raise RoomError("no_player", f"no player sits at seat {seat}")
        if target is member:
            raise RoomError("not_yourself", "the host leaves with leave, not kick")
        return target

    def _free_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats) or self.seats[seat] is not None:
            raise RoomError("seat_taken", f"seat {seat} is not free")

    def host_only(self, member: M) -> None:
        """The host, seated or watching (the person, never a seat: standing up keeps the role)."""
        if member.person != self.seats.host_person:
            raise RoomError("not_host", "only the host may do that")

    def seat_of(self, member: M) -> int:
        seat = self.seat_index(member)
        if seat is None:
            raise RoomError("watching", f"you are watching {self.name}: take a free seat first")
        return seat

    def _table_seat(self, member: M) -> tuple[Table, int]:
        if self.table is None:
            raise RoomError("no_game", "the game has not started")
        return self.table, self.seat_of(member)

    def _check_entry(self, member: M, password: str | None) -> None:
        """Refuse someone coming to this table (to sit or to watch) without its password or after a kick."""
        if self.settings.password and not hmac.compare_digest((password or "").encode(),
                                                              self.settings.password.encode()):
            raise RoomError("bad_password", f"{self.name} needs its password")
        self.moderation.check_entry(member.person, self.name)
