"""One LAN table as the server holds it: its lobby, who sits and who watches, its chat and the hosted Table.

A ``Room`` is plain synchronous code with no I/O: the server core calls it
and it answers by calling ``Member.send(frame)``. It has no base class: its
state (net/room_state.py) is handed to the parts it owns, its checks
(``checks``: net/room_checks.py), its queries about its people
(``roster``: net/room_people.py), its seat changes and next deal between
games (``between``: net/between_games.py) and its seat offers (``offers``:
net/seat_offers.py); what the state holds keeps its own bookkeeping: the
seats (net/seating.py), the people watching (net/audience.py), everyone it
has known (net/people.py); the chat is the room's (net/chat.py).
Which table a member is at is the server core's to keep (a room knows
only its own people). Each player receives only the drained
per-seat stream of their own seat (``Table.drain``), which the table
already redacts, so no frame carries another player's hidden cards; the
people watching get the public stream, seat ``None``, encoded once for all
of them. Seats change hands in the lobby and between games (a player
stands up and watches, a watcher sits down, the host gives a seat or puts
a bot in it); a seat still free when the next game is dealt gets a bot. A
seat that changed hands counts as gone for the next game's leader
(``Table.next_game``, RULES.md §2). During a game nothing moves: leaving
then is Móm, a bot plays the seat to the game's end, and then it is free.
The host names people by the id the table state gives them; it removes
(kept out, by person: net/moderation.py) or mutes anyone seated or watching.
Refusals raise ``RoomError`` and change nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Generic

from tala_desktop.bots.lanes import Lane
from tala_desktop.engine import Move, MoveKind
from tala_desktop.table import SeatKind, Table, TableError
from tala_desktop.table.messages import Hint

from . import protocol as p
from .audience import Audience
from .between_games import BetweenGames
from .chat import Chat
from .hosting import AwayTimer, arrival_frame, forward, hosted_table
from .limits import ServerConfig
from .members import M, Member, RoomError
from .names import unique_name
from .pacing import LobbyPacer, arrival_bucket
from .room_checks import RoomChecks
from .room_people import Roster
from .room_state import RoomState
from .seat_offers import SeatOffers
from .seating import Seats

__all__ = ["Member", "Room", "RoomError"]

log = logging.getLogger(__name__)


class Room(Generic[M]):
    """A table's lobby and, once started, its authoritative ``Table``: its state and the parts that change it."""

    def __init__(self, room_id: int, settings: p.TableSettings, config: ServerConfig, now: float = 0.0,
                 runner: Lane | None = None) -> None:
        self.state: RoomState[M] = RoomState(room_id, f"Bàn {room_id}", settings, config, Seats(settings.seats))
        self.checks = RoomChecks(self.state)       # who may do what, and when
        self.roster = Roster(self.state)           # who is here: ids, the host's, who is away or muted
        self.away = AwayTimer(config.away_delay)   # plays the turns of players who dropped
        self.between = BetweenGames(self.state, self.checks, self.roster, self.away, self.broadcast_lobby, self.flush)
        self.offers = SeatOffers(self.state, self.checks, self.roster, self.between)   # seats offered between games
        self.chat_log = Chat()                # the table's chat and reactions
        self.runner = runner                  # the table's lane of the server's bot runner (None: its own threads)
        self.version = 0                      # goes up with every change of ``info()``
        self.last_activity = now              # the last command from someone seated at the table
        self.creator_addr = ""
        self.clock: Callable[[], float] = time.monotonic     # the server's time (its core hands in its own)
        self.lobby_pace = LobbyPacer(config, now)  # lobby frames: at once while the budget lasts, then coalesced
        self.arrivals = arrival_bucket(config, now)   # joins and watches here, from everyone (net/pacing.py)

    # ------------------------------------------------------------ the state, as the server core reads it
    @property
    def id(self) -> int:
        return self.state.id

    @property
    def name(self) -> str:
        return self.state.name

    @property
    def settings(self) -> p.TableSettings:
        return self.state.settings

    @property
    def seats(self) -> Seats[M]:
        return self.state.seats

    @property
    def audience(self) -> Audience[M]:
        return self.state.audience

    @property
    def table(self) -> Table | None:
        return self.state.table

    @property
    def playing(self) -> bool:
        return self.state.playing

    # ------------------------------------------------------------ queries
    @property
    def empty(self) -> bool:
        """Nobody sits at the table and nobody watches it."""
        return not self.roster.members() and not self.audience

    def watching(self, member: M) -> bool:
        return member in self.audience

    def seated_names(self, person: str | None = None) -> list[str]:
        """Every name at the table now: the seated players' (but the one ``person`` left, still played on under
        their name: theirs to take back), and once started the bots' too (not a free seat's last name)."""
        mine = {i for i in self.seats.left if i < len(self.between.played_by) and self.between.played_by[i] == person}
        names = [n for i, n in enumerate(self.seats.names) if n is not None and i not in mine]
        if self.table is None:
            return names
        return names + [self.table.names[i] for i, kind in enumerate(self.seats.kinds) if kind == SeatKind.BOT]

    def info(self) -> p.TableInfo:
        s, table, who, between = self.settings, self.table, self.roster, self.between
        names = table.names if table is not None else None
        return p.TableInfo(id=self.id, name=self.name, state="playing" if self.playing else "lobby",
                           seats=self.seats.infos(s, names, who.member_id, between.joining, who.away_left), bet=s.bet,
                           turn_seconds=s.turn_seconds,
                           preset=s.preset, bots=list(s.bots), password=bool(s.password), host=self.seats.host,
                           host_member=who.host_member(),
                           players=len(who.members()), game_id=table.game_id if table else 0,
                           next_votes=sorted(self.seats.votes), watchers=self.audience.names(),
                           watcher_ids=[who.member_id(m) for m in self.audience.watchers],
                           muted=[n for m, n in who.named() if self.state.moderation.is_muted(m.person)],
                           muted_ids=who.muted_ids(), deal_wait=between.deal_wait(), stood=list(between.stood),
                           invites=self.offers.invite_infos(), held=between.held(table.now if table else 0.0))

    def broadcast_lobby(self) -> None:
        """The table changed: everyone at it gets its lobby (now, or coalesced with the next changes when the
        table's lobby frames ran out of budget: net/pacing.py)."""
        self.version += 1
        if self.lobby_pace.changed(self.clock()):
            self._send_lobby()

    def _send_lobby(self) -> None:
        info = self.info()
        for i, m in enumerate(self.seats.members):
            if m is not None:
                m.send(p.encode(p.Lobby(table=info, you=i, member=self.roster.member_id(m))))
        for m in self.audience.watchers:           # each is told their own id: which watcher they are
            if m.connected:
                m.send(p.encode(p.Lobby(table=info, watching=True, member=self.roster.member_id(m))))

    def send_lobby_to(self, member: M) -> None:
        """``member`` gets the lobby as it is now (whoever acted sees the result at once, when the others' frame
        waits to be coalesced)."""
        seat = self.checks.seat_index(member)
        if seat is not None:
            member.send(p.encode(p.Lobby(table=self.info(), you=seat, member=self.roster.member_id(member))))
        elif self.watching(member):
            member.send(p.encode(p.Lobby(table=self.info(), watching=True, member=self.roster.member_id(member))))

    # ------------------------------------------------------------ coming and going
    def join(self, member: M, seat: int | None, password: str | None) -> None:
        """``member`` takes ``seat`` (or the first free one) in the lobby."""
        self.checks.entry(member, password)
        if self.playing:
            self._join_between_games(member, seat)
            return
        free = self.seats.free()
        if not free:
            raise RoomError("table_full", f"{self.name} has no free seat")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise RoomError("seat_taken", f"seat {seat} is not free at {self.name}")
        taken = [*self.seated_names(member.person), *self.audience.names()]
        self.seats.take(seat, member, unique_name(member.name, taken))
        self.broadcast_lobby()

    def _join_between_games(self, member: M, seat: int | None) -> None:
        """At a started table, between games: ``member`` takes ``seat`` (or the first one) left free."""
        st = self.table.state if self.table is not None else None
        free = self.between.free_seats() if st is None or st.is_over else []
        if not free:
            raise RoomError("in_progress", f"{self.name} is already playing: watch it, and sit down between games")
        if seat is not None and seat not in free:
            raise RoomError("seat_taken", f"seat {seat} is not free at {self.name}")
        if len(self.audience) >= self.state.config.max_watchers:
            raise RoomError("too_many_watchers", f"{self.name} already has {self.state.config.max_watchers} watching")
        self.audience.add(member, member.name, self.seated_names(member.person))
        self.between.seat_watcher(member, free[0] if seat is None else seat)   # the lobby and the game's view
        log_frame = self.chat_log.log_frame()
        if log_frame is not None:
            member.send(log_frame)

    def watch(self, member: M, password: str | None) -> None:
        """``member`` watches this table from now on (in its lobby or while it plays)."""
        self.checks.entry(member, password)
        if len(self.audience) >= self.state.config.max_watchers:
            raise RoomError("too_many_watchers", f"{self.name} already has {self.state.config.max_watchers} watching")
        self.audience.add(member, member.name, self.seated_names(member.person))
        if self.table is not None:
            self.table.open_feed(None)
        self.resync(member)

    def leave(self, member: M, now: float) -> None:
        """``member`` leaves: a free seat in the lobby; Móm in a game in progress (the engine plays on under their
        name; their chips are theirs again when it ends); someone watching just goes. What the table keeps of them
        (chips, evening, id) stays for when they come back. A host who leaves passes the role on (net/seating.py)."""
        hosting, seat = member.person == self.seats.host_person, self.checks.seat_index(member)
        self.between.invites.drop_for(member)
        self._go(member, now)
        if hosting:
            self.seats.pass_host(seat, list(self.audience.watchers))
        self.broadcast_lobby()

    def _go(self, member: M, now: float) -> None:
        """``member`` is no longer at the table (see ``leave``)."""
        if self.watching(member):
            self.audience.remove(member)
            if not self.audience and self.table is not None:
                self.table.close_feed(None)
            return
        seat = self.checks.seat_of(member)
        table = self.table
        if table is not None and table.state is not None and table.state.is_over:
            table.leave(seat)                 # between games: the seat is free for someone watching at once
            self.between.free_for_next(seat)
            if self.between.may_delay(member):        # offered to the watchers: once a person between two games
                self.between.offer(now)
            self.between.maybe_next_game(now)
        elif table is not None:
            self.seats.vacate(seat, keep_name=True)   # in a game the name stays on the seat
            self.seats.left.add(seat)
            table.leave(seat)
            table.close_feed(seat)   # nobody reads the seat now: its messages are not kept
            # the engine plays the seat to the end of this game (a Móm) under their name; then it is free
            self.flush()
            self.between.maybe_next_game(now)
        else:
            self.seats.vacate(seat)

    def person(self, member_id: int) -> M:
        """The person with id ``member_id`` at this table, seated or watching."""
        target = self.roster.find_member(member_id, self.roster.everyone())
        if target is None:
            raise RoomError("no_member", f"nobody with id {member_id} is at this table: look at it again")
        return target

    def kick(self, member: M, member_id: int, now: float = 0.0) -> M:
        """The host removes the person with id ``member_id``: a player in the lobby or between games, someone
        watching at any time; that person, by name, may not come back to this table. Returns who was removed
        (told so here)."""
        self.checks.host_only(member)
        target = self.person(member_id)
        name = self.audience.name_of(target)
        watching = name is not None
        if name is not None:
            self.audience.remove(target)
            if not self.audience and self.table is not None:
                self.table.close_feed(None)
        else:
            seat = self.checks.seat_of(target)
            self.checks.guest_at(member, seat)
            name = self.seats.names[seat]
            self.between.free_for_next(seat)
            self.between.offer(now)
        self.between.invites.drop_for(target)
        self.state.moderation.ban(target.person, name or target.name)
        self.roster.scoreboard_to([target], final=True)
        target.send(p.encode(p.Left(table=self.id, reason="kicked")))
        self.chat_log.say(p.Removed(name=name or target.name, watching=watching), self.roster.everyone())   # to all
        self.broadcast_lobby()
        self.between.maybe_next_game(now)
        return target

    def mute(self, member: M, member_id: int, muted: bool) -> None:
        """The host mutes (or lets speak again) the player or watcher with id ``member_id``."""
        self.checks.host_only(member)
        target = self.person(member_id)
        if target is member:
            raise RoomError("not_yourself", "the host cannot mute themselves")
        seat = self.checks.seat_index(target)
        name = self.seats.names[seat] if seat is not None else self.audience.name_of(target)
        self.state.moderation.mute(target.person, name or target.name, muted)
        self.broadcast_lobby()

    # ------------------------------------------------------------ the lobby
    def sit(self, member: M, seat: int) -> None:
        """Move to a free seat in the lobby; someone watching takes a free seat (between games too)."""
        if self.watching(member):
            self.between.sit_watcher(member, seat)
            return
        self.checks.lobby_only()
        self.checks.free_seat(seat)
        self.seats.move(self.checks.seat_of(member), seat)
        self.broadcast_lobby()

    def set_ready(self, member: M, ready: bool) -> None:
        seat = self.checks.seat_of(member)
        self.checks.lobby_only()
        (self.seats.ready.add if ready else self.seats.ready.discard)(seat)
        self.broadcast_lobby()

    def configure(self, member: M, settings: p.TableSettings) -> None:
        self.checks.host_only(member)
        self.checks.lobby_only()
        if any(self.seats[i] is not None for i in range(settings.seats, len(self.seats))):
            raise RoomError("seat_taken", f"cannot shrink to {settings.seats} seats: a player sits beyond")
        if settings.password is None:  # null keeps the table's password; "" removes it
            settings.password = self.settings.password
        self.seats.resize(settings.seats)
        self.state.settings = settings
        self.broadcast_lobby()

    def set_password(self, member: M, password: str) -> None:
        """The host sets the table's PIN (``""``: none), in the lobby or while it plays: whoever comes in from now
        on needs it; nobody at the table is asked again."""
        self.checks.host_only(member)
        self.settings.password = password or None
        self.broadcast_lobby()

    def start(self, member: M, now: float) -> None:
        self.checks.host_only(member)
        self.checks.lobby_only()
        waiting = self.seats.not_ready()
        if waiting:
            raise RoomError("not_ready", f"waiting for seat {', '.join(map(str, waiting))} to be ready")
        kinds = [SeatKind.PLAYER if m is not None else SeatKind.BOT for m in self.seats.members]
        names = [self.seats.names[i] or m.name if m is not None else f"Bot {i + 1}"
                 for i, m in enumerate(self.seats.members)]
        balances = [self.between.chips_for(m) if m is not None else self.state.config.balance
                    for m in self.seats.members]
        self.state.table = table = self.build_table(kinds, names, balances)
        table.start_game(now)
        self.between.dealt()
        log.info("%s started: %s", self.name, ", ".join(table.names))
        self.broadcast_lobby()
        self.flush()

    def build_table(self, kinds: list[SeatKind], names: list[str], balances: list[int]) -> Table:
        """The hosted table for these seats (``kinds``: "player", "bot", or "empty": nobody until someone sits or
        the next deal seats a bot), its players' feeds open, and the public one if people watch."""
        self.seats.kinds = list(kinds)
        return hosted_table(self.settings, self.state.config, kinds, names, balances, leader=self.seats.host or 0,
                            watched=bool(self.audience), runner=self.runner)

    # ------------------------------------------------------------ game commands
    def move(self, member: M, game_id: int, move: Move) -> None:
        table, seat = self.checks.table_seat(member)
        if move.kind in (MoveKind.TIMEOUT, MoveKind.LEAVE):
            raise RoomError("bad_move", f"'{move.kind}' is not a move a player sends (use the leave command to leave)")
        try:
            table.submit(seat, move, game_id)
        except TableError as exc:
            raise RoomError(exc.code, str(exc)) from None
        finally:
            self.flush()

    def deal_shown(self, member: M, game_id: int, now: float) -> None:
        """``member``'s screen has shown the deal of ``game_id``: their first turn's clock (or a bot's) may start; the
        table bounds the wait, so a late or missing report never gives anyone more time."""
        table, seat = self.checks.table_seat(member)
        table.deal_shown(seat, game_id, now)
        self.flush()

    def hint(self, member: M) -> Hint:
        table, seat = self.checks.table_seat(member)
        d = table.hint(seat)
        if d is None:
            raise RoomError("not_your_turn", "a hint is given on your turn")
        return Hint(move=d.move, reason=d.reason, game_id=table.game_id)

    def chat(self, member: M, text: str) -> None:
        """A line from a player or someone watching, to everyone at the table (kept in the table's chat)."""
        seat, name, watching = self._speaker(member)
        self.chat_log.say(p.ChatEvent(seat=seat, name=name, text=text, watching=watching), self.roster.everyone())

    def react(self, member: M, key: str) -> None:
        """A quick reaction, shown at the sender's avatar by every client."""
        seat, name, watching = self._speaker(member)
        self.chat_log.say(p.ReactionEvent(seat=seat, name=name, key=key, watching=watching), self.roster.everyone())

    def _speaker(self, member: M) -> tuple[int | None, str, bool]:
        if self.watching(member):
            seat, name, watching = None, self.audience.name_of(member) or member.name, True
        else:
            seat = self.checks.seat_of(member)
            name, watching = self.seats.names[seat] or member.name, False
        self.state.moderation.check_speaker(member.person, self.name)
        return seat, name, watching

    # ------------------------------------------------------------ driving
    def tick(self, now: float) -> None:
        """Advance clock and bots; auto-play a dropped player's turn after ``away_delay``; a lobby change that
        waited goes out."""
        if self.lobby_pace.due(now):
            self._send_lobby()
        table = self.table
        if table is None:
            return
        table.update(now)
        st = table.state
        if st is not None and not st.is_over:
            m = self.seats[st.to_move]
            if m is not None:
                self.away.check(table, m.connected, now, self.name)
        self.flush()
        self.offers.expire_invites(now)
        self.between.end_hold(now)
        self.between.maybe_next_game(now)          # a newcomer's wait or the seat offer may be over

    def flush(self) -> None:
        """Forward each seat's own stream to that seat's player, the public one to those watching."""
        if self.table is not None:
            forward(self.table, list(self.seats), self.audience)
            self.between.game_ended(self.table, self.table.now)

    def resync(self, member: M) -> None:
        """Someone (re)connected or came in: the lobby, the chat so far, and the game in progress told so far and
        shown (their seat's, or the public one when they watch)."""
        self.broadcast_lobby()
        if self.lobby_pace.pending:           # the others' frame waits to be coalesced: theirs comes first
            self.send_lobby_to(member)
        log_frame = self.chat_log.log_frame()
        if log_frame is not None:
            member.send(log_frame)
        if self.table is not None and self.table.state is not None:
            self.flush()
            seat = self.checks.seat_index(member)
            member.send(arrival_frame(self.table, seat))
            for kept in self.between.records.take(member.person):
                member.send(kept)        # the games charged to them while they were away (the client keeps each once)
            self.between.maybe_next_game(self.table.now)

    def member_dropped(self, now: float) -> None:
        self.broadcast_lobby()
        self.between.maybe_next_game(now)

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
        if self.runner is not None:
            self.runner.shutdown(wait=False)     # its lane only: the server's runner goes on for the others
