"""Seats offered between games at a started LAN table: the host's choice for a seat, a player giving theirs, answers.

A ``Room`` (net/rooms.py) owns one ``SeatOffers`` beside its
``BetweenGames`` (net/between_games.py): the host puts a bot in a free
seat, frees a bot's, or offers a seat to someone watching; a seated player
offers theirs to someone watching. Nothing changes hands before the person
asked accepts (``answer_seat``); an offer not answered in
``invite_seconds`` declines itself, and whoever offered is told. Refusals
raise ``RoomError`` and change nothing.
"""

from __future__ import annotations

from typing import Generic

from tala_desktop.table import SeatKind

from . import protocol as p
from .between_games import BetweenGames
from .invites import Invite
from .members import M, RoomError
from .room_checks import RoomChecks
from .room_people import Roster
from .room_state import RoomState


class SeatOffers(Generic[M]):
    """The seats offered to someone watching, and what their answer changes (through the room's ``BetweenGames``)."""

    def __init__(self, state: RoomState[M], checks: RoomChecks[M], roster: Roster[M],
                 between: BetweenGames[M]) -> None:
        self.state, self.checks, self.roster, self.between = state, checks, roster, between

    def set_seat(self, member: M, cmd: p.SetSeat, now: float) -> None:
        """The host's choice for seat ``cmd.seat`` between games: a bot, free, or someone watching (by id)."""
        self.checks.host_only(member)
        table = self.state.table
        if table is None:
            raise RoomError("no_game", "seats change hands once the table has started (before, use configure)")
        self.checks.between_games("seats change hands")
        seat = cmd.seat
        if seat >= len(self.state.seats):
            raise RoomError("bad_seat", f"seat {seat} is not at this table")
        kind = self.state.seats.kinds[seat]
        if cmd.kind == SeatKind.PLAYER:
            target = self.roster.find_member(cmd.member or 0, list(self.state.audience.watchers))
            if target is None:
                raise RoomError("no_watcher", f"nobody with id {cmd.member} watches this table: look at it again")
            if kind == SeatKind.PLAYER:
                raise RoomError("seat_taken", f"a player sits at seat {seat}")
            self._invite(member, target, seat, giving=False, now=now)
            return
        if cmd.kind == SeatKind.BOT:
            if kind != SeatKind.EMPTY:
                raise RoomError("seat_taken", f"seat {seat} is not free")
            table.seat_bot(seat, cmd.level or self.state.settings.bot_level(seat), f"Bot {seat + 1}",
                           balance=self.state.config.balance)
            self.state.seats.kinds[seat] = SeatKind.BOT
        else:
            if kind != SeatKind.BOT:
                raise RoomError("no_bot", f"no bot plays seat {seat}")
            self.state.seats.kinds[seat] = SeatKind.EMPTY
            self.between.offer(now)                         # the host opened it for someone watching
        self.between.broadcast_lobby()
        self.between.maybe_next_game(now)

    def give_seat(self, member: M, member_id: int, now: float) -> None:
        """``member``, seated, offers their seat to the person watching with id ``member_id`` (asked first)."""
        seat = self.checks.seat_of(member)
        if self.state.table is None:
            raise RoomError("no_game", "a seat is given between games (before the start, stand up instead)")
        self.checks.between_games("give your seat")
        target = self.roster.find_member(member_id, list(self.state.audience.watchers))
        if target is None:
            raise RoomError("no_watcher", f"nobody with id {member_id} watches this table: look at it again")
        self._invite(member, target, seat, giving=True, now=now)

    def _invite(self, by: M, target: M, seat: int, giving: bool, now: float) -> None:
        """Ask ``target`` whether they take ``seat`` (``by`` offers it); nothing changes hands before they do."""
        seconds = self.state.config.invite_seconds
        self.between.invites.add(Invite(seat, target, by, giving, now + seconds))
        name = self.state.seats.names[self.checks.seat_of(by)] or by.name
        target.send(p.encode(p.SeatOffer(seat=seat, by=name, seconds=seconds)))
        self.between.broadcast_lobby()

    def answer_seat(self, member: M, seat: int, accept: bool, now: float) -> None:
        """``member``, watching, accepts or declines the seat offered to them."""
        invite = self.between.invites.take(seat, member)
        if invite is None or not self._still_open(invite):
            raise RoomError("no_offer", f"seat {seat} is not offered to you (any more)")
        if not accept:
            self._declined(invite, expired=False)
            self.between.broadcast_lobby()
        else:
            if invite.giving:
                self.between.to_watching(invite.by, seat)   # the giver watches, their chips kept for them
            self.between.seat_watcher(member, seat)
            if invite.giving:
                self.between.show_public(invite.by)
        self.between.maybe_next_game(now)

    def _still_open(self, invite: Invite[M]) -> bool:
        """The invitation can still be taken: between games, its giver still in that seat (or the seat still free
        or a bot's), its person still watching."""
        st = self.state.table.state if self.state.table is not None else None
        if st is None or not st.is_over or invite.target not in self.state.audience:
            return False
        if invite.giving:
            return self.state.seats[invite.seat] is invite.by
        return self.state.seats.kinds[invite.seat] != SeatKind.PLAYER

    def _declined(self, invite: Invite[M], expired: bool) -> None:
        name = self.state.audience.name_of(invite.target) or invite.target.name
        invite.by.send(p.encode(p.SeatDeclined(seat=invite.seat, name=name, expired=expired)))

    def expire_invites(self, now: float) -> None:
        """The invitations not answered in time decline themselves (their givers are told)."""
        gone = self.between.invites.expired(now)
        for invite in gone:
            self._declined(invite, expired=True)
        if gone:
            self.between.broadcast_lobby()

    def invite_infos(self) -> list[p.InviteInfo]:
        invites = self.between.invites.by_seat.values()
        return [p.InviteInfo(seat=i.seat, member=self.roster.member_id(i.target)) for i in invites
                if i.target in self.state.audience]
