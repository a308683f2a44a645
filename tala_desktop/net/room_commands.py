"""The commands a LAN room carries out, by type: each goes to the room, or the part of it, that owns it.

The server core (net/core.py) files every command through one handler
table (net/handlers.py); ``room_commands`` adds the ones that need only the
sender's table: a seat, a vote, a move, the host's say. Someone at no table
is refused with ``no_table``; a room's refusal is its ``RoomError``.
"""

from __future__ import annotations

from tala_desktop.table.messages import DealShown, HintRequest, MoveCommand, NextGame

from . import protocol as p
from .handlers import Handlers
from .rooms import Room, RoomError
from .sessions import Session


def room_of(s: Session) -> Room[Session]:
    """The table ``s`` is at."""
    if s.room is None:
        raise RoomError("no_table", "join a table first")
    return s.room


def kick(cmd: p.Kick, s: Session, now: float) -> None:
    room_of(s).kick(s, cmd.member, now).room = None     # who was removed is at no table now


def room_commands(h: Handlers[[Session, float]]) -> None:
    """Add to ``h`` what each room command does (a ping is answered here too: it needs no table)."""
    room = room_of
    h.on(p.Ping, lambda cmd, s, now: s.send(p.encode(p.Pong(t=cmd.t))))
    h.on(p.Sit, lambda cmd, s, now: room(s).sit(s, cmd.seat))
    h.on(p.StandUp, lambda cmd, s, now: room(s).between.stand_up(s, now))
    h.on(p.SetSeat, lambda cmd, s, now: room(s).offers.set_seat(s, cmd, now))
    h.on(p.Hold, lambda cmd, s, now: room(s).between.hold(s, cmd.hold, now))
    h.on(p.GiveSeat, lambda cmd, s, now: room(s).offers.give_seat(s, cmd.member, now))
    h.on(p.AnswerSeat, lambda cmd, s, now: room(s).offers.answer_seat(s, cmd.seat, cmd.accept, now))
    h.on(p.Kick, kick)
    h.on(p.Mute, lambda cmd, s, now: room(s).mute(s, cmd.member, cmd.muted))
    h.on(p.Ready, lambda cmd, s, now: room(s).set_ready(s, cmd.ready))
    h.on(p.Configure, lambda cmd, s, now: room(s).configure(s, cmd))
    h.on(p.SetPassword, lambda cmd, s, now: room(s).set_password(s, cmd.password))
    h.on(p.Start, lambda cmd, s, now: room(s).start(s, now))
    h.on(MoveCommand, lambda cmd, s, now: room(s).move(s, cmd.game_id, cmd.move))
    h.on(NextGame, lambda cmd, s, now: room(s).between.next_game(s, now))
    h.on(DealShown, lambda cmd, s, now: room(s).deal_shown(s, cmd.game_id, now))
    h.on(HintRequest, lambda cmd, s, now: s.send(p.encode(room(s).hint(s))))
