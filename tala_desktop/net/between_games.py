"""A started LAN table between two games: seats change hands, watchers are offered the free ones, the next deal.

``Room`` (net/rooms.py) is a ``BetweenGames``. When a game ends, the seats
whose player left during it go free, and if anyone watches a free seat
the next deal waits ``seat_offer_seconds`` for them: someone watching sits
down (or the host gives them a seat); everyone sees who joins at which seat
(``SeatInfo.joining``), and the deal waits for that newcomer's vote for at
most ``seat_offer_seconds`` more, so a table never stalls. A person holds a
deal back once at most (``delayed``, by who they are, cleared at the
deal), and the people of one address twice at most: sitting down again
after standing up, or leaving and coming back (from any address, or as
someone new), waits for nobody, so a watcher who fidgets cannot hold every
deal until the players' votes run out, while two people behind one address
each have their vote waited for. Players stand up
and watch, the host puts bots in seats or frees them. A seat still free
when the next game is dealt gets a bot. Refusals raise ``RoomError`` and
change nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import msgspec

from tala_desktop.table import SeatKind, Table

from . import protocol as p
from .audience import Audience
from .game_record import Records, game_record, played_for
from .hosting import AwayTimer, arrival_frame
from .invites import Invite, Invites
from .limits import ServerConfig
from .members import M, Member, RoomError
from .people import People
from .room_checks import RoomChecks
from .room_people import RoomPeople


class BetweenGames(RoomChecks[M], RoomPeople[M]):
    """The room's seat changes between games and its next deal (the room's state is the ``Room``'s own)."""

    config: ServerConfig
    audience: Audience[M]
    offer_until: float              # the next deal waits until then for someone watching to sit (0: no offer)
    vote_until: float               # once a player asked for the next game, the others' votes are waited for until then
    joining: dict[int, float]       # seats taken between games -> until when the deal waits for their vote
    ended: int                      # the last game whose end was seen (its left seats freed)
    people: People                  # everyone the table has known: their chips and evening (net/people.py)
    played_by: list[str | None]     # the person who plays each seat of the game dealt (None: a bot)
    records: Records                # each game's records, built once at its end
    away: AwayTimer                 # plays the turns of players who dropped (and counts them)
    id: int
    invites: Invites[M]             # seats offered to someone watching, waiting for their answer
    held_until: float               # the host holds the next deal until then (0: not held)
    delayed: set[str]               # between two games: who has held the next deal back already (their person)
    delayed_from: dict[str, int]    # ... and how many times each address's people did
    stood: list[str]                # the players stood up as the last game ended (the clock played for them)
    broadcast_lobby: Callable[[], None]
    flush: Callable[[], None]

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
        self.scoreboard_to(self.everyone(), False)     # the evening so far, to everyone at the table
        for seat in sorted(self.seats.left):
            if self.seats[seat] is None:
                self.seats.names[seat] = None
                self.seats.kinds[seat] = SeatKind.EMPTY
        self.seats.left.clear()
        stood = [(m, seat) for seat in table.absent_seats() if (m := self.seats[seat]) is not None]
        self.stood = [self._to_watching(member, seat) for member, seat in stood]
        self._offer(now)
        self.broadcast_lobby()
        for member, _ in stood:
            self._show_public(member)

    def _charge(self, table: Table) -> None:
        """The game just over, to each person who played a seat of it: a game and its chips on their evening, their
        record (under the names it was played by), and the chips of one who left it."""
        st = table.state
        assert st is not None and st.outcome is not None
        auto = played_for(table, self.away.played(table.game_id, table.n))
        for seat, person in enumerate(self.played_by):
            if person is None or seat >= table.n:
                continue
            stake = self.people.of(person, table.names[seat])
            stake.name = table.names[seat]                  # the name the game was played under
            stake.games += 1
            stake.net += st.outcome.net[seat]
            if seat in self.seats.left:
                stake.chips = table.balances[seat]      # they left during the game: its end settled their chips
            record = game_record(table, self.id, seat, auto)
            if record is not None:
                here = self.seats[seat]
                self.records.ended(person, table.game_id, msgspec.json.encode(record).decode(),
                                   functools.partial(_hand, here, person))

    def keep_records(self, table: Table) -> None:
        """A table resumed from the state file between games: the finished game's record for each person who played
        it, under the names it was played by, kept until they come back (who was sent it before died with the
        server; a client keeps each game once)."""
        st = table.state
        if st is None or not st.is_over or self.ended != table.game_id:
            return
        for seat, person in enumerate(self.played_by):
            record = game_record(table, self.id, seat) if person is not None else None
            if person is not None and record is not None:
                self.records.keep(person, table.game_id, msgspec.json.encode(record).decode())

    def chips_for(self, member: M) -> int:
        """The chips ``member`` sits down with: those they had at this table, else its buy-in (they are the seat's
        from now on)."""
        stake = self.people.of(member.person, member.name)
        chips, stake.chips = stake.chips, None
        return self.config.balance if chips is None else chips

    def dealt(self) -> None:
        """A game was dealt: who plays each seat of it (the game's end is charged to them)."""
        self.played_by = [m.person if m is not None else None for m in self.seats.members]
        self.records.dealt()

    def _offer(self, now: float) -> None:
        """Someone watching may take a free seat: the next deal waits for them a moment."""
        if self.audience and self._free_seats():
            self.offer_until = max(self.offer_until, now + self.config.seat_offer_seconds)

    def may_delay(self, member: M) -> bool:
        """``member`` may hold the next deal back: the first time between these two games for this person (by who
        they are, wherever they connect from), and while their address's people held it back fewer than
        ``deal_delays_per_address`` times (one who comes back as a new person each time is still one address)."""
        addr = member.addr
        if member.person in self.delayed or self.delayed_from.get(addr, 0) >= self.config.deal_delays_per_address:
            return False
        self.delayed.add(member.person)
        self.delayed_from[addr] = self.delayed_from.get(addr, 0) + 1
        return True

    def _free_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.seats.kinds) if k == SeatKind.EMPTY and self.seats[i] is None]

    # ------------------------------------------------------------ seat changes
    def stand_up(self, member: M, now: float) -> None:
        """``member`` leaves their seat and watches, in the lobby or between games; the seat is free for someone
        else, and their chips go with them."""
        self.seat_of(member)
        self._between_games("stand up")
        self._to_watching(member, self.seat_of(member))
        self.broadcast_lobby()
        self._show_public(member)
        if self.table is not None and self.table.state is not None:
            self.maybe_next_game(now)                # their vote is no longer waited for

    def _to_watching(self, member: M, seat: int) -> str:
        """``member`` leaves ``seat`` and watches, with their chips and their name (returned); what they offered or
        were offered ends."""
        self.invites.drop_for(member)
        name = self.seats.names[seat] or member.name
        table = self.table
        self._free_for_next(seat)                    # nothing more of that seat reaches them; their chips go along
        if table is not None:
            table.open_feed(None)
        self.audience.keep(member, name)             # the name stays theirs (it is unique at the table)
        return name

    def _show_public(self, member: M) -> None:
        """``member``, just stood up, sees the table as those watching do from now on."""
        table = self.table
        if table is not None and table.state is not None and member.connected:
            member.send(p.encode(table.snapshot(None)))

    def set_seat(self, member: M, cmd: p.SetSeat, now: float) -> None:
        """The host's choice for seat ``cmd.seat`` between games: a bot, free, or someone watching (by id)."""
        self.host_only(member)
        table = self.table
        if table is None:
            raise RoomError("no_game", "seats change hands once the table has started (before, use configure)")
        self._between_games("seats change hands")
        seat = cmd.seat
        if seat >= len(self.seats):
            raise RoomError("bad_seat", f"seat {seat} is not at this table")
        kind = self.seats.kinds[seat]
        if cmd.kind == SeatKind.PLAYER:
            target = self.find_member(cmd.member or 0, list(self.audience.watchers))
            if target is None:
                raise RoomError("no_watcher", f"nobody with id {cmd.member} watches this table: look at it again")
            if kind == SeatKind.PLAYER:
                raise RoomError("seat_taken", f"a player sits at seat {seat}")
            self._invite(member, target, seat, giving=False, now=now)
            return
        if cmd.kind == SeatKind.BOT:
            if kind != SeatKind.EMPTY:
                raise RoomError("seat_taken", f"seat {seat} is not free")
            table.seat_bot(seat, cmd.level or self.settings.bot_level(seat), f"Bot {seat + 1}",
                           balance=self.config.balance)
            self.seats.kinds[seat] = SeatKind.BOT
        else:
            if kind != SeatKind.BOT:
                raise RoomError("no_bot", f"no bot plays seat {seat}")
            self.seats.kinds[seat] = SeatKind.EMPTY
            self._offer(now)                         # the host opened it for someone watching
        self.broadcast_lobby()
        self.maybe_next_game(now)

    # ------------------------------------------------------------ seats offered, and their answers
    def give_seat(self, member: M, member_id: int, now: float) -> None:
        """``member``, seated, offers their seat to the person watching with id ``member_id`` (asked first)."""
        seat = self.seat_of(member)
        if self.table is None:
            raise RoomError("no_game", "a seat is given between games (before the start, stand up instead)")
        self._between_games("give your seat")
        target = self.find_member(member_id, list(self.audience.watchers))
        if target is None:
            raise RoomError("no_watcher", f"nobody with id {member_id} watches this table: look at it again")
        self._invite(member, target, seat, giving=True, now=now)

    def _invite(self, by: M, target: M, seat: int, giving: bool, now: float) -> None:
        """Ask ``target`` whether they take ``seat`` (``by`` offers it); nothing changes hands before they do."""
        seconds = self.config.invite_seconds
        self.invites.add(Invite(seat, target, by, giving, now + seconds))
        name = self.seats.names[self.seat_of(by)] or by.name
        target.send(p.encode(p.SeatOffer(seat=seat, by=name, seconds=seconds)))
        self.broadcast_lobby()

    def answer_seat(self, member: M, seat: int, accept: bool, now: float) -> None:
        """``member``, watching, accepts or declines the seat offered to them."""
        invite = self.invites.take(seat, member)
        if invite is None or not self._still_open(invite):
            raise RoomError("no_offer", f"seat {seat} is not offered to you (any more)")
        if not accept:
            self._declined(invite, expired=False)
            self.broadcast_lobby()
        else:
            if invite.giving:
                self._to_watching(invite.by, seat)   # the giver watches, their chips kept for them
            self._seat_watcher(member, seat)
            if invite.giving:
                self._show_public(invite.by)
        self.maybe_next_game(now)

    def _still_open(self, invite: Invite[M]) -> bool:
        """The invitation can still be taken: between games, its giver still in that seat (or the seat still free
        or a bot's), its person still watching."""
        st = self.table.state if self.table is not None else None
        if st is None or not st.is_over or invite.target not in self.audience:
            return False
        if invite.giving:
            return self.seats[invite.seat] is invite.by
        return self.seats.kinds[invite.seat] != SeatKind.PLAYER

    def _declined(self, invite: Invite[M], expired: bool) -> None:
        name = self.audience.name_of(invite.target) or invite.target.name
        invite.by.send(p.encode(p.SeatDeclined(seat=invite.seat, name=name, expired=expired)))

    def expire_invites(self, now: float) -> None:
        """The invitations not answered in time decline themselves (their givers are told)."""
        gone = self.invites.expired(now)
        for invite in gone:
            self._declined(invite, expired=True)
        if gone:
            self.broadcast_lobby()

    def invite_infos(self) -> list[p.InviteInfo]:
        return [p.InviteInfo(seat=i.seat, member=self.member_id(i.target)) for i in self.invites.by_seat.values()
                if i.target in self.audience]

    def sit_watcher(self, member: M, seat: int) -> None:
        """``member``, watching, takes the free ``seat`` (in the lobby, or one left free between games)."""
        self._free_seat(seat)
        if self.table is not None:
            self._between_games("sit down")
            if self.seats.kinds[seat] != SeatKind.EMPTY:
                raise RoomError("seat_taken", f"a bot plays seat {seat}: the host can give it to you")
        self._seat_watcher(member, seat)

    def _seat_watcher(self, member: M, seat: int) -> None:
        """``member``, watching, sits at ``seat`` from now on (with the chips they stood up with, or a new stake)."""
        self.invites.drop_for(member)
        name = self.audience.remove(member) or member.name
        self.seats.take(seat, member, name)
        table = self.table
        if table is not None:
            table.seat_player(seat, name, self.chips_for(member))
            self.seats.kinds[seat] = SeatKind.PLAYER
            wait = self.config.seat_offer_seconds if self.may_delay(member) else 0.0
            self.joining[seat] = table.now + wait            # the deal waits this long for them (once a person)
            table.open_feed(seat)
            if not self.audience:
                table.close_feed(None)
        self.broadcast_lobby()
        if table is not None and table.state is not None:   # the game just over, as everyone saw it: their log
            member.send(arrival_frame(table, seat))
            for kept in self.records.take(member.person):    # the games charged to them while they were away
                member.send(kept)

    def _free_for_next(self, seat: int) -> None:
        """Nobody sits at ``seat`` now; between games it is free for someone else (or a bot at the next deal). The
        chips on it go with the person who sat there."""
        member, table = self.seats[seat], self.table
        if member is not None and table is not None:
            self.people.of(member.person, member.name).chips = table.balances[seat]
        self.seats.vacate(seat)
        self.joining.pop(seat, None)
        if self.table is not None:
            self.table.close_feed(seat)
            self.seats.kinds[seat] = SeatKind.EMPTY

    def _fill_empty_seats(self, table: Table) -> None:
        """The next game is dealt: every seat still free gets a bot, as at the first start."""
        for seat, kind in enumerate(self.seats.kinds):
            if kind == SeatKind.EMPTY:
                table.seat_bot(seat, self.settings.bot_level(seat), f"Bot {seat + 1}", balance=self.config.balance)
                self.seats.kinds[seat] = SeatKind.BOT

    # ------------------------------------------------------------ the next deal
    def deal_wait(self) -> float:
        """Between games, the seconds the next deal still waits for someone watching to sit down on a free seat, or
        for the vote of one who sat (``TableInfo.deal_wait``); 0 when it waits for nobody but the players."""
        table = self.table
        if table is None or table.state is None or not table.state.is_over:
            return 0.0
        now = table.now
        waits = [until - now for seat, until in self.joining.items() if seat not in self.seats.votes]
        waits += self.invites.waits(now)
        if self.audience and self._free_seats():
            waits.append(self.offer_until - now)
        return round(min(600.0, max([0.0, *waits])), 1)

    def hold(self, member: M, hold: bool, now: float) -> None:
        """The host holds the next deal ("Giữ bàn", at most ``hold_seconds``) or lets it come ("Chia tiếp", their
        vote too)."""
        self.host_only(member)
        table = self.table
        if table is None or table.state is None:
            raise RoomError("no_game", "the deal is held between games")
        self._between_games("hold the table")
        if hold:
            self.held_until = now + self.config.hold_seconds
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
        table, seat = self._table_seat(member)
        if table.state is None or not table.state.is_over:
            raise RoomError("in_progress", "the current game is not over")
        self.seats.votes.add(seat)
        if not self.vote_until:      # the first to ask: the others have vote_seconds (their app may be on a page)
            self.vote_until = now + self.config.vote_seconds
        if not self.maybe_next_game(now):
            self.broadcast_lobby()

    def maybe_next_game(self, now: float) -> bool:
        """Deal the next game once every connected player asked for it (a newcomer's vote is waited for a moment
        only, the others' for ``vote_seconds`` after the first asked) and no free seat is still offered to someone
        watching."""
        table = self.table
        if table is None or table.state is None or not table.state.is_over:
            return False
        if self.vote_until and now >= self.vote_until:
            waiting: list[int] = []
        else:
            waiting = [s for s in self.seats.not_voted() if now < self.joining.get(s, float("inf"))]
        if waiting or not (self.seats.votes or self.joining):
            return False
        if now < self.offer_until and self.audience and self._free_seats():
            return False
        if self.invites:                         # a seat offered waits for its answer (at most invite_seconds)
            return False
        if now < self.held_until:                # the host holds the table (at most hold_seconds)
            return False
        self.held_until = 0.0
        self.seats.votes.clear()
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
