"""Seats that change hands at a LAN table: standing up, sitting down, and the host's choices, between games.

A player may stand up in the lobby or between games: they watch from then
on and keep their chips; their seat is free (``empty``). Someone watching
sits down on a free seat; the host may put a bot in a free seat, free a
bot's seat for someone waiting, or give a free or bot seat to someone
watching. A seat still free when the next game is dealt gets a bot (the
level the table's settings name for it), as at the first start. A seat
that changed hands counts as gone for the next game's leader
(``Table.next_game``, RULES.md §2). During a game nothing moves: leaving
then is Móm (``Room.leave``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tala_desktop.table import SeatKind

from . import protocol as p
from .members import Member, RoomError

if TYPE_CHECKING:
    from .rooms import Room


def _between_games(room: Room, what: str) -> None:
    st = room.table.state if room.table is not None else None
    if st is not None and not st.is_over:
        raise RoomError("in_progress", f"{what} between games (leaving during a game is Móm)")


def stand_up(room: Room, member: Member, now: float) -> None:
    """``member`` leaves their seat and watches; the seat is free for someone else."""
    seat = room.seat_of(member)
    _between_games(room, "stand up")
    name = room.names[seat] or member.name
    room.seats[seat] = room.names[seat] = None
    room.ready.discard(seat)
    room.votes.discard(seat)
    table = room.table
    if table is not None:
        table.close_feed(seat)                      # nothing more of that seat reaches them
        room.audience.chips[member] = table.balances[seat]
        room.kinds[seat] = SeatKind.EMPTY
        table.open_feed(None)
    room.audience.watchers[member] = name           # the name stays theirs (it is unique at the table)
    member.seat = None
    if room.host == seat:
        room.host = room.next_host(seat)
    room.broadcast_lobby()
    if table is not None and table.state is not None:
        member.send(p.encode(table.snapshot(None)))
        room.maybe_next_game(now)                   # their vote is no longer waited for


def watcher_sits(room: Room, member: Member, seat: int) -> None:
    """Someone watching takes the free ``seat``: in the lobby, or between games."""
    if not 0 <= seat < len(room.seats) or room.seats[seat] is not None:
        raise RoomError("seat_taken", f"seat {seat} is not free")
    if room.table is not None:
        _between_games(room, "sit down")
        if room.kinds[seat] != SeatKind.EMPTY:
            raise RoomError("seat_taken", f"a bot plays seat {seat}: the host can give it to you")
    give_seat(room, member, seat)


def give_seat(room: Room, member: Member, seat: int) -> None:
    """``member``, watching, sits at ``seat`` from now on (with the chips they stood up with, or a new stake)."""
    name = room.audience.remove(member) or member.name
    room.seats[seat], room.names[seat], member.seat = member, name, seat
    table = room.table
    if table is not None:
        table.seat_player(seat, name, room.audience.chips.pop(member, room.config.balance))
        room.kinds[seat] = SeatKind.PLAYER
        table.open_feed(seat)
        if not room.audience:
            table.close_feed(None)
    if room.host is None:
        room.host = seat
    room.broadcast_lobby()
    if table is not None and table.state is not None:
        member.send(p.encode(table.snapshot(seat)))


def set_seat(room: Room, member: Member, cmd: p.SetSeat, now: float) -> None:
    """The host's choice for seat ``cmd.seat`` between games: a bot, free, or someone watching."""
    room.host_only(member)
    table = room.table
    if table is None:
        raise RoomError("no_game", "seats change hands once the table has started (before, use configure)")
    _between_games(room, "seats change hands")
    seat = cmd.seat
    if seat >= len(room.seats):
        raise RoomError("bad_seat", f"seat {seat} is not at this table")
    kind = room.kinds[seat]
    if cmd.kind == SeatKind.PLAYER:
        target = room.audience.find(cmd.name or "")
        if target is None:
            raise RoomError("no_watcher", f"nobody called {cmd.name!r} is watching this table")
        if kind == SeatKind.PLAYER:
            raise RoomError("seat_taken", f"a player sits at seat {seat}")
        give_seat(room, target, seat)
        return
    if cmd.kind == SeatKind.BOT:
        if kind != SeatKind.EMPTY:
            raise RoomError("seat_taken", f"seat {seat} is not free")
        table.seat_bot(seat, cmd.level or room.settings.bot_level(seat), f"Bot {seat + 1}",
                       balance=room.config.balance)
        room.kinds[seat] = SeatKind.BOT
    else:
        if kind != SeatKind.BOT:
            raise RoomError("no_bot", f"no bot plays seat {seat}")
        room.kinds[seat] = SeatKind.EMPTY
    room.broadcast_lobby()
    room.maybe_next_game(now)


def fill_empty_seats(room: Room) -> None:
    """The next game is dealt: every seat still free gets a bot, as at the first start."""
    table = room.table
    assert table is not None
    for seat, kind in enumerate(room.kinds):
        if kind == SeatKind.EMPTY:
            table.seat_bot(seat, room.settings.bot_level(seat), f"Bot {seat + 1}", balance=room.config.balance)
            room.kinds[seat] = SeatKind.BOT
