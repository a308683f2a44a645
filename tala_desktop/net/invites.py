"""Seats offered between games to someone watching, waiting for their answer: one invitation per seat.

The host invites a watcher to a free or bot seat ("Mời Quân vào ghế 3"); a
seated player offers their own seat ("Nhường ghế 2 cho Quân"). Either way the
watcher is asked (``seat_offer``) and answers (``answer_seat``); nothing
changes hands before they accept, and an invitation not answered by its
``until`` declines itself. Bookkeeping only: the room (net/between_games.py)
checks who may invite and seats the one who accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic

from .members import M


@dataclass
class Invite(Generic[M]):
    """Seat ``seat`` offered to ``target`` by ``by`` (the host for a free or bot seat, or the seat's own player:
    ``giving``), open until ``until`` (the table's clock)."""

    seat: int
    target: M
    by: M
    giving: bool
    until: float


class Invites(Generic[M]):
    """The invitations waiting for an answer, by seat."""

    def __init__(self) -> None:
        self.by_seat: dict[int, Invite[M]] = {}

    def __bool__(self) -> bool:
        return bool(self.by_seat)

    def add(self, invite: Invite[M]) -> None:
        """A new invitation for its seat (replacing one for that seat, or the target's other one)."""
        self.drop_for(invite.target)
        self.by_seat[invite.seat] = invite

    def take(self, seat: int, target: M) -> Invite[M] | None:
        """The invitation of ``seat`` to ``target``, removed (None: there is none)."""
        invite = self.by_seat.get(seat)
        if invite is None or invite.target is not target:
            return None
        return self.by_seat.pop(seat)

    def drop_for(self, member: M) -> list[Invite[M]]:
        """Every invitation to, or made by, ``member`` (they left, sat down, stood up...), removed."""
        gone = [i for i in self.by_seat.values() if i.target is member or i.by is member]
        for invite in gone:
            del self.by_seat[invite.seat]
        return gone

    def drop_seat(self, seat: int) -> Invite[M] | None:
        return self.by_seat.pop(seat, None)

    def expired(self, now: float) -> list[Invite[M]]:
        """The invitations whose time ran out by ``now``, removed."""
        gone = [i for i in self.by_seat.values() if now >= i.until]
        for invite in gone:
            del self.by_seat[invite.seat]
        return gone

    def clear(self) -> None:
        self.by_seat.clear()

    def waits(self, now: float) -> list[float]:
        """The seconds each invitation still waits for its answer."""
        return [i.until - now for i in self.by_seat.values()]
