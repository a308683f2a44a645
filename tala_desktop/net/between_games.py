"""A started LAN table between two games: seats change hands, watchers are offered the free ones, the next deal.

A ``Room`` (net/rooms.py) owns one ``BetweenGames`` over its state
(net/room_state.py), with what it waits for as its own state. When a game
ends, the seats whose player left during it go free, and if anyone watches
a free seat the next deal waits ``seat_offer_seconds`` for them: someone
watching sits down (or the host gives them a seat: net/seat_offers.py);
everyone sees who joins at which seat (``SeatInfo.joining``), and the deal
waits for that newcomer's vote for at most ``seat_offer_seconds`` more, so
a table never stalls. A person holds a deal back once at most
(``delayed``, by who they are, cleared at the deal), and the people of one
address twice at most: sitting down again after standing up, or leaving
and coming back (from any address, or as someone new), waits for nobody,
so a watcher who fidgets cannot hold every deal until the players' votes
run out, while two people behind one address each have their vote waited
for. Players stand up and watch. A seat still free when the next game is
dealt gets a bot. Refusals raise ``RoomError`` and change nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Generic

import msgspec

from tala_desktop.table import SeatKind, Table

from . import protocol as p
from .game_record import Records, game_records, played_for
from .hosting import AwayTimer, arrival_frame
from .invites import Invites
from .members import M, Member, RoomError
from .room_checks import RoomChecks
from .room_people import Roster
from .room_state import RoomState


class BetweenGames(Generic[M]):
    """The room's seat changes between games and its next deal, and what they wait for."""

    def __init__(self, state: RoomState[M], checks: RoomChecks[M], roster: Roster[M], away: AwayTimer,
                 broadcast_lobby: Callable[[], None], flush: Callable[[], None]) -> None:
        self.state, self.checks, self.roster, self.away = state, checks, roster, away
        self.broadcast_lobby = broadcast_lobby   # the room's lobby changed: everyone at it is told
        self.flush = flush                       # the table's streams, forwarded to the people at it
        self.offer_until = 0.0                # the next deal waits until then for someone watching to sit (0: no offer)
        self.vote_until = 0.0                 # once a player asked for the next game, the others' are waited until then
        self.joining: dict[int, float] = {}   # seats taken between games -> until when the deal waits for their vote
        self.ended = 0                        # the last game whose end was seen (its left seats freed)
        self.played_by: list[str | None] = []  # the person who plays each seat of the game dealt (None: a bot)
        self.records = Records()              # each game's records, built once at its end (game_record.py)
        self.invites: Invites[M] = Invites()  # seats offered to someone watching, waiting for their answer
        self.held_until = 0.0                 # the host holds the next deal until then (0: not held)
        self.delayed: set[str] = set()        # between two games: who held the next deal back already (their person)
        self.delayed_from: dict[str, int] = {}   # ... and how many times each address's people did
        self.stood: list[str] = []            # the players stood up as the last game ended (the clock played for them)

    # ------------------------------------------------------------ the end of a game
    def game_ended(self, table: Table, now: float) -> None:
        """Once per game, when it is over: it is charged to the people who played it (their evening, and its record
        built now for each: sent, or kept until they come back); the seats of players who left go free (the engine
        played them to the end), their chips theirs again; the players the clock played for ``ABSENT_AFTER`` turns in
        a row stand up and watch (their chips stop going; everyone is told, and they may sit again); and the free
        seats are offered to the people watching."""
        st = table.state
        if st is None or not st.is_over or self.ended == table.game_id:
            return
        self.ended = table.game_id
        self._charge(table)
        self.roster.scoreboard_to(self.roster.everyone(), False)     # the evening so far, to everyone at the table
        for seat in sorted(self.state.seats.left):
            if self.state.seats[seat] is None:
                self.state.seats.names[seat] = None
                self.state.seats.kinds[seat] = SeatKind.EMPTY
        self.state.seats.left.clear()
        stood = [(m, seat) for seat in table.absent_seats() if (m := self.state.seats[seat]) is not None]
        self.stood = [self.to_watching(member, seat) for member, seat in stood]
        self.offer(now)
        self.broadcast_lobby()
        for member, _ in stood:
            self.show_public(member)

    def _charge(self, table: Table) -> None:
        """The game just over, to each person who played a seat of it: a game and its chips on their evening, their
        record (under the names it was played by), and the chips of one who left it."""
        st = table.state
        assert st is not None and st.outcome is not None
        auto = played_for(table, self.away.played(table.game_id, table.n))
        records = game_records(table, self.state.id, [s for s, who in enumerate(self.played_by[:table.n]) if who], auto)
        for seat, person in enumerate(self.played_by):
            if person is None or seat >= table.n:
                continue
            stake = self.state.people.of(person, table.names[seat])
            stake.name = table.names[seat]                  # the name the game was played under
            stake.games += 1
            stake.net += st.outcome.net[seat]
            if seat in self.state.seats.left:
                stake.chips = table.balances[seat]      # they left during the game: its end settled their chips
            record = records.get(seat)
            if record is not None:
                here = self.state.seats[seat]
                self.records.ended(person, table.game_id, msgspec.json.encode(record).decode(),
                                   functools.partial(_hand, here, person))

    def keep_records(self, table: Table) -> None:
        """A table resumed from the state file between games: the finished game's record for each person who played
        it, under the names it was played by, kept until they come back (who was sent it before died with the
        server; a client keeps each game once)."""
        st = table.state
        if st is None or not st.is_over or self.ended != table.game_id:
            return
        records = game_records(table, self.state.id, [s for s, who in enumerate(self.played_by[:table.n]) if who])
        for seat, record in records.items():
            person = self.played_by[seat]
            if person is not None:
                self.records.keep(person, table.game_id, msgspec.json.encode(record).decode())

    def chips_for(self, member: M) -> int:
        """The chips ``member`` sits down with: those they had at this table, else its buy-in (they are the seat's
        from now on)."""
        stake = self.state.people.of(member.person, member.name)
        chips, stake.chips = stake.chips, None
        return self.state.config.balance if chips is None else chips

    def dealt(self) -> None:
        """A game was dealt: who plays each seat of it (the game's end is charged to them)."""
        self.played_by = [m.person if m is not None else None for m in self.state.seats.members]
        self.records.dealt()

    def offer(self, now: float) -> None:
        """Someone watching may take a free seat: the next deal waits for them a moment."""
        if self.state.audience and self.free_seats():
            self.offer_until = max(self.offer_until, now + self.state.config.seat_offer_seconds)

    def may_delay(self, member: M) -> bool:
        """``member`` may hold the next deal back: the first time between these two games for this person (by who
        they are, wherever they connect from), and while their address's people held it back fewer than
        ``deal_delays_per_address`` times (one who comes back as a new person each time is still one address)."""
        addr = member.addr
        if member.person in self.delayed or self.delayed_from.get(addr, 0) >= self.state.config.deal_delays_per_address:
            return False
        self.delayed.add(member.person)
        self.delayed_from[addr] = self.delayed_from.get(addr, 0) + 1
        return True

    def free_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.state.seats.kinds) if k == SeatKind.EMPTY and self.state.seats[i] is None]

    # ------------------------------------------------------------ seat changes
    def stand_up(self, member: M, now: float) -> None:
        """``member`` leaves their seat and watches, in the lobby or between games; the seat is free for someone
        else, and their chips go with them."""
        self.checks.seat_of(member)
        self.checks.between_games("stand up")
        self.to_watching(member, self.checks.seat_of(member))
        self.broadcast_lobby()
        self.show_public(member)
        if self.state.table is not None and self.state.table.state is not None:
            self.maybe_next_game(now)                # their vote is no longer waited for

    def to_watching(self, member: M, seat: int) -> str:
        """``member`` leaves ``seat`` and watches, with their chips and their name (returned); what they offered or
        were offered ends."""
        self.invites.drop_for(member)
        name = self.state.seats.names[seat] or member.name
        table = self.state.table
        self.free_for_next(seat)                    # nothing more of that seat reaches them; their chips go along
        if table is not None:
            table.open_feed(None)
        self.state.audience.keep(member, name)             # the name stays theirs (it is unique at the table)
        return name

    def show_public(self, member: M) -> None:
        """``member``, just stood up, sees the table as those watching do from now on."""
        table = self.state.table
        if table is not None and table.state is not None and member.connected:
            member.send(p.encode(table.snapshot(None)))

    def sit_watcher(self, member: M, seat: int) -> None:
        """``member``, watching, takes the free ``seat`` (in the lobby, or one left free between games)."""
        self.checks.free_seat(seat)
        if self.state.table is not None:
            self.checks.between_games("sit down")
            if self.state.seats.kinds[seat] != SeatKind.EMPTY:
                raise RoomError("seat_taken", f"a bot plays seat {seat}: the host can give it to you")
        self.seat_watcher(member, seat)

    def seat_watcher(self, member: M, seat: int) -> None:
        """``member``, watching, sits at ``seat`` from now on (with the chips they stood up with, or a new stake)."""
        self.invites.drop_for(member)
        name = self.state.audience.remove(member) or member.name
        self.state.seats.take(seat, member, name)
        table = self.state.table
        if table is not None:
            table.seat_player(seat, name, self.chips_for(member))
            self.state.seats.kinds[seat] = SeatKind.PLAYER
            wait = self.state.config.seat_offer_seconds if self.may_delay(member) else 0.0
            self.joining[seat] = table.now + wait            # the deal waits this long for them (once a person)
            table.open_feed(seat)
            if not self.state.audience:
                table.close_feed(None)
        self.broadcast_lobby()
        if table is not None and table.state is not None:   # the game just over, as everyone saw it: their log
            member.send(arrival_frame(table, seat))
            for kept in self.records.take(member.person):    # the games charged to them while they were away
                member.send(kept)

    def free_for_next(self, seat: int) -> None:
        """Nobody sits at ``seat`` now; between games it is free for someone else (or a bot at the next deal). The
        chips on it go with the person who sat there."""
        member, table = self.state.seats[seat], self.state.table
        if member is not None and table is not None:
            self.state.people.of(member.person, member.name).chips = table.balances[seat]
        self.state.seats.vacate(seat)
        self.joining.pop(seat, None)
        if self.state.table is not None:
            self.state.table.close_feed(seat)
            self.state.seats.kinds[seat] = SeatKind.EMPTY

    def _fill_empty_seats(self, table: Table) -> None:
        """The next game is dealt: every seat still free gets a bot, as at the first start."""
        for seat, kind in enumerate(self.state.seats.kinds):
            if kind == SeatKind.EMPTY:
                table.seat_bot(seat, self.state.settings.bot_level(seat), f"Bot {seat + 1}",
                               balance=self.state.config.balance)
                self.state.seats.kinds[seat] = SeatKind.BOT

    # ------------------------------------------------------------ the next deal
    def deal_wait(self) -> float:
        """Between games, the seconds the next deal still waits for someone watching to sit down on a free seat, or
        for the vote of one who sat (``TableInfo.deal_wait``); 0 when it waits for nobody but the players."""
        table = self.state.table
        if table is None or table.state is None or not table.state.is_over:
            return 0.0
        now = table.now
        waits = [until - now for seat, until in self.joining.items() if seat not in self.state.seats.votes]
        waits += self.invites.waits(now)
        if self.state.audience and self.free_seats():
            waits.append(self.offer_until - now)
        return round(min(600.0, max([0.0, *waits])), 1)

    def hold(self, member: M, hold: bool, now: float) -> None:
        """The host holds the next deal ("Giữ bàn", at most ``hold_seconds``) or lets it come ("Chia tiếp", their
        vote too)."""
        self.checks.host_only(member)
        table = self.state.table
        if table is None or table.state is None:
            raise RoomError("no_game", "the deal is held between games")
        self.checks.between_games("hold the table")
        if hold:
            self.held_until = now + self.state.config.hold_seconds
            self.broadcast_lobby()
            return
        self.held_until = 0.0
        self.next_game(member, now)

    def held(self, now: float) -> float:
        """The seconds the host still holds the next deal (0: not held)."""
        return round(min(600.0, max(0.0, self.held_until - now)), 1) if self.held_until else 0.0

    def end_hold(self, now: float) -> None:
        """A hold that ran out ends by itself (everyone told)."""
        if self.held_until and now >= self.held_until:
            self.held_until = 0.0
            self.broadcast_lobby()

    def next_game(self, member: M, now: float) -> None:
        table, seat = self.checks.table_seat(member)
        if table.state is None or not table.state.is_over:
            raise RoomError("in_progress", "the current game is not over")
        self.state.seats.votes.add(seat)
        if not self.vote_until:      # the first to ask: the others have vote_seconds (their app may be on a page)
            self.vote_until = now + self.state.config.vote_seconds
        if not self.maybe_next_game(now):
            self.broadcast_lobby()

    def maybe_next_game(self, now: float) -> bool:
        """Deal the next game once every connected player asked for it (a newcomer's vote is waited for a moment
        only, the others' for ``vote_seconds`` after the first asked) and no free seat is still offered to someone
        watching."""
        table = self.state.table
        if table is None or table.state is None or not table.state.is_over:
            return False
        if self.vote_until and now >= self.vote_until:
            waiting: list[int] = []
        else:
            waiting = [s for s in self.state.seats.not_voted() if now < self.joining.get(s, float("inf"))]
        if waiting or not (self.state.seats.votes or self.joining):
            return False
        if now < self.offer_until and self.state.audience and self.free_seats():
            return False
        if self.invites:                         # a seat offered waits for its answer (at most invite_seconds)
            return False
        if now < self.held_until:                # the host holds the table (at most hold_seconds)
            return False
        self.held_until = 0.0
        self.state.seats.votes.clear()
        self.joining.clear()
        self.delayed.clear()
        self.delayed_from.clear()
        self.stood = []
        self.offer_until = self.vote_until = 0.0
        self._fill_empty_seats(table)
        table.next_game(now)
        self.dealt()
        self.flush()
        self.broadcast_lobby()
        return True


def _hand(member: Member | None, person: str, frame: str) -> bool:
    """Send a game's record to the person who played it if they are at its seat now (False: they are not)."""
    if member is None or member.person != person or not member.connected:
        return False
    member.send(frame)
    return True
