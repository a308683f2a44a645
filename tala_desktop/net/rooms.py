"""One LAN table as the server holds it: the lobby (seats, ready marks, host, settings) and the hosted Table.

A ``Room`` is plain synchronous code with no I/O: the server calls it from
its event loop and it answers by calling ``Member.send(frame)``. Each
player receives only the drained per-seat stream of their own seat
(``Table.drain``), which the table already redacts, so no frame carries
another player's hidden cards; the people watching (net/audience.py) get
the public stream, seat ``None``, encoded once for all of them. Seats that
change hands between games are in net/seating.py. Refusals raise
``RoomError`` and change nothing.
"""

from __future__ import annotations

import hmac
import logging
from dataclasses import replace

from tala_desktop.engine import Move, MoveKind, Rules
from tala_desktop.table import BOT, REMOTE, SeatConfig, SeatKind, Table, TableConfig, TableError
from tala_desktop.table.messages import Hint

from . import protocol as p
from . import seating
from .audience import Audience
from .limits import ServerConfig
from .members import Member, RoomError
from .names import unique_name

__all__ = ["Member", "Room", "RoomError"]

log = logging.getLogger(__name__)




class Room:
    """A table's lobby and, once started, its authoritative ``Table``."""

    def __init__(self, room_id: int, settings: p.TableSettings, config: ServerConfig, now: float = 0.0) -> None:
        self.id = room_id
        self.name = f"Bàn {room_id}"
        self.settings = settings
        self.config = config
        self.seats: list[Member | None] = [None] * settings.seats
        self.names: list[str | None] = [None] * settings.seats   # each player's name here (unique at the table)
        self.kicked: set[str] = set()         # addresses the host removed: they may not come back to this table
        self.ready: set[int] = set()
        self.host: int | None = None
        self.table: Table | None = None
        self.kinds: list[SeatKind] = []       # per seat once started: a player, a bot or empty (between games)
        self.left: set[int] = set()           # player seats that left a started table (engine plays them)
        self.votes: set[int] = set()
        self.version = 0                      # goes up with every change of ``info()``
        self.last_activity = now              # the last command from someone at the table
        self.creator_addr = ""
        self._away_key: tuple[int, int, int] | None = None
        self._away_since = 0.0
        self.away_grace_until = 0.0           # a resumed table lets its players come back before auto-playing
        self.audience = Audience()            # the people watching, and the table's chat

    # ------------------------------------------------------------ queries
    @property
    def playing(self) -> bool:
        return self.table is not None

    def members(self) -> list[Member]:
        return [m for m in self.seats if m is not None]

    @property
    def empty(self) -> bool:
        """Nobody sits at the table and nobody watches it."""
        return not self.members() and not self.audience

    def watching(self, member: Member) -> bool:
        return member in self.audience

    def seated_names(self) -> list[str]:
        """Every name at the table now: the seated players', and once started the bots' too."""
        names = [n for n in self.names if n is not None]
        return names + list(self.table.names) if self.table is not None else names

    def info(self) -> p.TableInfo:
        s, names = self.settings, self.table.names if self.table is not None else None
        seats = []
        for i, m in enumerate(self.seats):
            if m is not None:
                seats.append(p.SeatInfo(seat=i, kind=SeatKind.PLAYER, name=self.names[i],
                                        ready=i in self.ready or i == self.host, host=i == self.host,
                                        connected=m.connected, avatar=m.avatar))
            elif names is not None and self.kinds[i] == SeatKind.PLAYER:
                seats.append(p.SeatInfo(seat=i, kind=SeatKind.PLAYER, name=names[i], left=True, connected=False))
            elif names is not None and self.kinds[i] == SeatKind.EMPTY:   # between games: free for someone watching
                seats.append(p.SeatInfo(seat=i, kind=SeatKind.EMPTY, level=s.bot_level(i), ready=True))
            else:
                kind = SeatKind.BOT if names is not None else SeatKind.EMPTY
                name = names[i] if names is not None else None
                seats.append(p.SeatInfo(seat=i, kind=kind, name=name, level=s.bot_level(i), ready=True))
        return p.TableInfo(id=self.id, name=self.name, state="playing" if self.playing else "lobby", seats=seats,
                           bet=s.bet, turn_seconds=s.turn_seconds, preset=s.preset, bots=list(s.bots),
                           password=bool(s.password), host=self.host, players=len(self.members()),
                           game_id=self.table.game_id if self.table else 0, next_votes=sorted(self.votes),
                           watchers=self.audience.names())

    def broadcast_lobby(self) -> None:
        self.version += 1
        info = self.info()
        for i, m in enumerate(self.seats):
            if m is not None:
                m.send(p.encode(p.Lobby(table=info, you=i)))
        if self.audience:
            self.audience.send(p.encode(p.Lobby(table=info, watching=True)))

    # ------------------------------------------------------------ lobby commands
    def join(self, member: Member, seat: int | None, password: str | None) -> None:
        self._check_entry(member, password)
        if self.playing:
            raise RoomError("in_progress", f"{self.name} is already playing: watch it, and sit down between games")
        free = [i for i, m in enumerate(self.seats) if m is None]
        if not free:
            raise RoomError("table_full", f"{self.name} has no free seat")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise RoomError("seat_taken", f"seat {seat} is not free at {self.name}")
        self.seats[seat] = member
        self.names[seat] = unique_name(member.name, [*self.seated_names(), *self.audience.names()])
        member.room, member.seat = self, seat
        if self.host is None:
            self.host = seat
        self.broadcast_lobby()

    def watch(self, member: Member, password: str | None) -> None:
        """``member`` watches this table from now on (in its lobby or while it plays)."""
        self._check_entry(member, password)
        if len(self.audience) >= self.config.max_watchers:
            raise RoomError("too_many_watchers", f"{self.name} already has {self.config.max_watchers} watching")
        self.audience.add(member, member.name, self.seated_names())
        member.room, member.seat = self, None
        if self.table is not None:
            self.table.open_feed(None)
        self.resync(member)

    def sit(self, member: Member, seat: int) -> None:
        """Move to a free seat in the lobby; someone watching takes a free seat (between games too)."""
        if self.watching(member):
            seating.watcher_sits(self, member, seat)
            return
        self._lobby_only()
        if not 0 <= seat < len(self.seats) or self.seats[seat] is not None:
            raise RoomError("seat_taken", f"seat {seat} is not free")
        old = self.seat_of(member)
        self.seats[old], self.seats[seat] = None, member
        self.names[old], self.names[seat] = None, self.names[old]
        self.ready.discard(old)
        if self.host == old:
            self.host = seat
        member.seat = seat
        self.broadcast_lobby()

    def set_ready(self, member: Member, ready: bool) -> None:
        seat = self.seat_of(member)
        self._lobby_only()
        (self.ready.add if ready else self.ready.discard)(seat)
        self.broadcast_lobby()

    def stand_up(self, member: Member, now: float) -> None:
        seating.stand_up(self, member, now)

    def set_seat(self, member: Member, cmd: p.SetSeat, now: float) -> None:
        seating.set_seat(self, member, cmd, now)

    def configure(self, member: Member, settings: p.TableSettings) -> None:
        self.host_only(member)
        self._lobby_only()
        taken = [i for i, m in enumerate(self.seats) if m is not None]
        if any(i >= settings.seats for i in taken):
            raise RoomError("seat_taken", f"cannot shrink to {settings.seats} seats: a player sits beyond")
        if settings.password is None:  # null keeps the table's password; "" removes it
            settings.password = self.settings.password
        self.seats = (self.seats + [None] * 4)[:settings.seats]
        self.names = (self.names + [None] * 4)[:settings.seats]
        self.settings = settings
        self.ready.clear()
        self.broadcast_lobby()

    def leave(self, member: Member, now: float) -> None:
        """``member`` leaves: a free seat in the lobby; Móm in a game in progress (the engine plays on);
        someone watching just goes."""
        if self.watching(member):
            self.audience.remove(member)
            member.room = None
            if not self.audience and self.table is not None:
                self.table.close_feed(None)
            self.broadcast_lobby()
            return
        seat = self.seat_of(member)
        self.seats[seat] = None
        if self.table is None:
            self.names[seat] = None            # in a game the name stays on the seat the engine plays on
        self.ready.discard(seat)
        self.votes.discard(seat)
        member.room, member.seat = None, None
        if self.table is not None:
            self.left.add(seat)
            self.table.leave(seat)
            self.table.close_feed(seat)   # nobody reads the seat now: its messages are not kept
            # the empty seat is filled by a bot from the next game on (the current one goes on with a Móm)
            self.table.seat_bot(seat, self.settings.bot_level(seat), f"Bot {seat + 1}")
            self.kinds[seat] = SeatKind.BOT
        if self.host == seat:
            self.host = self.next_host(seat)
        if self.table is not None:
            self.flush()
            self.maybe_next_game(now)
        self.broadcast_lobby()

    def kick(self, member: Member, seat: int) -> Member:
        """The host removes the player at ``seat`` before the start; that address may not rejoin this table."""
        self.host_only(member)
        self._lobby_only()
        target = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if target is None:
            raise RoomError("no_player", f"no player sits at seat {seat}")
        if target is member:
            raise RoomError("not_yourself", "the host leaves with leave, not kick")
        self.kicked.add(target.addr)
        self.seats[seat] = self.names[seat] = None
        self.ready.discard(seat)
        target.room, target.seat = None, None
        target.send(p.encode(p.Left(table=self.id, reason="kicked")))
        self.broadcast_lobby()
        return target

    def next_host(self, after: int) -> int | None:
        n = len(self.seats)
        for k in range(1, n + 1):
            if self.seats[(after + k) % n] is not None:
                return (after + k) % n
        return None

    def start(self, member: Member, now: float) -> None:
        self.host_only(member)
        self._lobby_only()
        waiting = [i for i, m in enumerate(self.seats) if m is not None and i != self.host and i not in self.ready]
        if waiting:
            raise RoomError("not_ready", f"waiting for seat {', '.join(map(str, waiting))} to be ready")
        kinds = [SeatKind.PLAYER if m is not None else SeatKind.BOT for m in self.seats]
        names = [self.names[i] or m.name if m is not None else f"Bot {i + 1}" for i, m in enumerate(self.seats)]
        self.table = self.build_table(kinds, names, [self.config.balance] * len(self.seats))
        self.table.start_game(now)
        log.info("%s started: %s", self.name, ", ".join(self.table.names))
        self.broadcast_lobby()
        self.flush()

    def build_table(self, kinds: list[SeatKind], names: list[str], balances: list[int]) -> Table:
        """The hosted table for these seats (``kinds``: "player", "bot", or "empty": nobody until someone sits or
        the next deal seats a bot), its players' feeds open, and the public one if people watch."""
        s, c = self.settings, self.config
        seats = [SeatConfig(names[i], REMOTE, balance=balances[i]) if kind in (SeatKind.PLAYER, SeatKind.EMPTY)
                 else SeatConfig(names[i], BOT, level=s.bot_level(i), balance=balances[i])
                 for i, kind in enumerate(kinds)]
        rules = replace(Rules.from_preset(s.preset, players=s.seats), turn_seconds=s.turn_seconds)
        config = TableConfig(seats, rules=rules, bet=s.bet, seed=c.seed, think_delay=c.bot_delay,
                             hard_budget_ms=c.hard_budget_ms, bot_workers=1, first_leader=self.host or 0)
        table = Table(config)
        self.kinds = list(kinds)
        for i, kind in enumerate(kinds):
            if kind == SeatKind.PLAYER:
                table.open_feed(i)   # each player's stream is forwarded by flush(); bot seats keep none
        if self.audience:
            table.open_feed(None)    # the watchers' public stream
        return table

    # ------------------------------------------------------------ game commands
    def move(self, member: Member, game_id: int, move: Move) -> None:
        table, seat = self._table_seat(member)
        if move.kind in (MoveKind.TIMEOUT, MoveKind.LEAVE):
            raise RoomError("bad_move", f"'{move.kind}' is not a move a player sends (use the leave command to leave)")
        try:
            table.submit(seat, move, game_id)
        except TableError as exc:
            raise RoomError(exc.code, str(exc)) from None
        finally:
            self.flush()

    def next_game(self, member: Member, now: float) -> None:
        table, seat = self._table_seat(member)
        if table.state is None or not table.state.is_over:
            raise RoomError("in_progress", "the current game is not over")
        self.votes.add(seat)
        if not self.maybe_next_game(now):
            self.broadcast_lobby()

    def maybe_next_game(self, now: float) -> bool:
        table = self.table
        if table is None or table.state is None or not table.state.is_over:
            return False
        waiting = [i for i, m in enumerate(self.seats) if m is not None and m.connected and i not in self.votes]
        if waiting or not self.votes:
            return False
        self.votes.clear()
        seating.fill_empty_seats(self)
        table.next_game(now)
        self.flush()
        self.broadcast_lobby()
        return True

    def hint(self, member: Member) -> Hint:
        table, seat = self._table_seat(member)
        d = table.hint(seat)
        if d is None:
            raise RoomError("not_your_turn", "a hint is given on your turn")
        return Hint(move=d.move, reason=d.reason, game_id=table.game_id)

    def chat(self, member: Member, text: str) -> None:
        """A line from a player or someone watching, to everyone at the table (kept in the table's chat)."""
        seat, name, watching = self._speaker(member)
        self.audience.say(p.ChatEvent(seat=seat, name=name, text=text, watching=watching), self.members())

    def react(self, member: Member, key: str) -> None:
        """A quick reaction, shown at the sender's avatar by every client."""
        seat, name, watching = self._speaker(member)
        self.audience.say(p.ReactionEvent(seat=seat, name=name, key=key, watching=watching), self.members())

    def _speaker(self, member: Member) -> tuple[int | None, str, bool]:
        if self.watching(member):
            return None, self.audience.name_of(member) or member.name, True
        seat = self.seat_of(member)
        return seat, self.names[seat] or member.name, False

    # ------------------------------------------------------------ driving
    def tick(self, now: float) -> None:
        """Advance clock and bots; auto-play a dropped player's turn after ``away_delay``."""
        table = self.table
        if table is None:
            return
        table.update(now)
        st = table.state
        if st is not None and not st.is_over:
            seat = st.to_move
            m = self.seats[seat]
            if m is not None and m.connected:
                self._away_key = None         # back in time: the next drop gets the whole away delay again
            elif m is not None:
                key = (table.game_id, st.turn_no, seat)
                if key != self._away_key:
                    self._away_key, self._away_since = key, now
                elif now - self._away_since >= self.config.away_delay and now >= self.away_grace_until:
                    log.info("%s: seat %d is away; playing its timeout action", self.name, seat)
                    try:
                        table.submit(seat, Move(seat, MoveKind.TIMEOUT), table.game_id)
                    except TableError:
                        log.exception("%s: the timeout action for seat %d was refused", self.name, seat)
        self.flush()

    def flush(self) -> None:
        """Forward each seat's own stream to that seat's player, one frame per flush (absent seats: dropped)."""
        table = self.table
        if table is None:
            return
        for seat in range(table.n):
            msgs = table.drain(seat)
            m = self.seats[seat]
            if m is not None and msgs and m.connected:
                m.send(p.encode(msgs[0] if len(msgs) == 1 else p.Batch(messages=msgs)))
        public = table.drain(None)
        if public and self.audience:   # one encoding for everyone watching
            self.audience.send(p.encode(public[0] if len(public) == 1 else p.Batch(messages=public)))

    def resync(self, member: Member) -> None:
        """Someone (re)connected or came in: the lobby, the chat so far, and the view of the game in progress
        (their seat's, or the public one when they watch)."""
        self.broadcast_lobby()
        log_frame = self.audience.log_frame()
        if log_frame is not None:
            member.send(log_frame)
        if self.table is not None and self.table.state is not None:
            self.flush()
            member.send(p.encode(self.table.snapshot(None if self.watching(member) else member.seat)))
            self.maybe_next_game(self.table.now)

    def member_dropped(self, now: float) -> None:
        self.broadcast_lobby()
        self.maybe_next_game(now)

    def close(self) -> None:
        if self.table is not None:
            self.table.close()

    # ------------------------------------------------------------ checks
    def _lobby_only(self) -> None:
        if self.playing:
            raise RoomError("in_progress", "the game has started")

    def host_only(self, member: Member) -> None:
        if member.seat is None or member.seat != self.host:
            raise RoomError("not_host", "only the host may do that")

    def seat_of(self, member: Member) -> int:
        if member.seat is None:
            raise RoomError("watching", f"you are watching {self.name}: take a free seat first")
        return member.seat

    def _table_seat(self, member: Member) -> tuple[Table, int]:
        if self.table is None:
            raise RoomError("no_game", "the game has not started")
        return self.table, self.seat_of(member)

    def _check_entry(self, member: Member, password: str | None) -> None:
        """Refuse someone coming to this table (to sit or to watch) without its password or after a kick."""
        if self.settings.password and not hmac.compare_digest((password or "").encode(),
                                                              self.settings.password.encode()):
            raise RoomError("bad_password", f"{self.name} needs its password")
        if member.addr in self.kicked:
            raise RoomError("kicked", f"the host of {self.name} removed you from it")
