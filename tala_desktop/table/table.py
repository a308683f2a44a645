"""The authoritative table: hosts games for human, bot and remote seats, runs the clock and settles money.

The same class serves offline play (driven by the UI loop) and the LAN
server (driven by its asyncio loop). It never blocks: bots think in a
``Runner`` (the app's ``BotRunner``; tests step an ``InlineRunner``) and their
futures are polled by ``update(now)``; time is passed in, so tests step it.
A bot's move is held back until ``think_delay`` seconds of the table's time
after it was asked (so a human can follow), which is why a paused table (no
updates) holds its bots too. A new game's first turn waits for the deal to be shown
(``deal_shown``, turn_start.py). Every change is published to each seat as redacted
events followed by a fresh snapshot: to the listeners, and into the queue of
each seat whose feed is open (``open_feed``: a client reads that seat), so a
seat nobody reads keeps nothing. The feed of seat ``None`` is the public one,
what people watching the table see: no hand, no drawn or dealt card.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace

import msgspec

from tala_desktop.bots import BotLevel, make_bot
from tala_desktop.bots.base import Bot, Decision
from tala_desktop.bots.runner import BotRunner, Runner
from tala_desktop.engine import EngineError, GameState, Move, MoveKind, next_leader

from .config import BOT, TableConfig
from .messages import MAX_STORY, Clock, Snapshot, Story, TableMessage, Thinking
from .play_out import play_to_end
from .snapshot import public_snapshot, seat_events, seat_view
from .turn_start import TurnStart

log = logging.getLogger(__name__)

Listener = Callable[[int, TableMessage], None]
ABSENT_AFTER = 2    # turns in a row the clock played for a person: then they are asked whether they are still there


class TableError(Exception):
    """A command the table refuses (bad game id, illegal move, wrong seat); nothing changed."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


class Table:
    """One table of 2-4 seats playing game after game."""

    def __init__(self, config: TableConfig, runner: Runner | None = None) -> None:
        self.config = config
        self.n = len(config.seats)
        self.names = [s.name for s in config.seats]
        self.balances = [s.balance for s in config.seats]
        self.bots: list[Bot | None] = [
            self._make_bot(s.level, i) if s.kind == BOT else None
            for i, s in enumerate(config.seats)
        ]
        self._own_runner = runner is None
        self.runner: Runner = runner or BotRunner(workers=config.bot_workers)
        self.think_delay = config.think_delay  # table seconds between asking a bot and playing its move
        self.rng = random.Random(config.seed)
        self.queues: dict[int | None, list[TableMessage]] = {}   # only feeds that are open (None: the watchers')
        self.listeners: list[Listener] = []
        self.state: GameState | None = None
        self.game_id = 0
        self.leader = config.first_leader
        self.left_table = [False] * self.n
        self.changed: set[int] = set()        # seats that changed hands since this game was dealt (RULES §2)
        # the names and balances the finished game ended with, kept once a seat changes hands after it (the game's
        # record names who played it, never who sat down since)
        self.played: tuple[list[str], list[int]] | None = None
        self.timed_out = [0] * self.n         # turns in a row the clock played for each person's seat
        self.now = 0.0
        self.deadline: float | None = None
        self.start = TurnStart(config.deal_wait)   # when the turn runs from (a deal's first: once it is shown)
        self._dealing = False                 # the change being published is a new deal
        self._turn_key: tuple[int, int, str] | None = None
        self._pending: tuple[int, Future, float] | None = None  # (version, future, table time it was asked)
        self._version = 0
        self._seen_events = 0

    def _seed_for(self, seat: int) -> int | None:
        return None if self.config.seed is None else self.config.seed * 31 + seat

    def _make_bot(self, level: BotLevel, seat: int) -> Bot:
        """The computer player of ``level`` at ``seat``: Hard thinks for the table's budget or samples."""
        c = self.config
        hard = {"budget_ms": c.hard_budget_ms, "max_samples": c.hard_samples} if level == BotLevel.HARD else {}
        return make_bot(level, self._seed_for(seat), **hard)

    # ------------------------------------------------------------ lifecycle
    def start_game(self, now: float | None = None) -> None:
        """Deal the next game with the rules' leader."""
        if now is not None:
            self.now = now
        if self.state is not None and not self.state.is_over:
            raise TableError("a game is in progress", "in_progress")
        self.runner.cancel_all()
        self._pending = None
        self.game_id += 1
        seed = self.rng.getrandbits(48)
        self.state = GameState.new(self.config.rules, seed=seed, leader=self.leader, bet=self.config.bet,
                                   balances=self.balances[:])
        self._seen_events = 0
        self._turn_key = None
        self._version += 1
        self.changed.clear()
        self.played = None
        for seat in range(self.n):
            if self.left_table[seat]:
                self.state.push(Move(seat, MoveKind.LEAVE))
        self._dealing = True
        try:
            self._publish()
        finally:
            self._dealing = False       # only the deal's own publication starts a first turn that waits

    def resume(self, state: GameState, game_id: int, balances: list[int], now: float | None = None) -> None:
        """Install a game rebuilt elsewhere (a replayed autosave) as the current game, with a fresh clock.

        Raises TableError, changing nothing, if a game is in progress or ``state`` does not fit this table.
        """
        if self.state is not None and not self.state.is_over:
            raise TableError("a game is in progress", "in_progress")
        same_rules = replace(state.rules, preset=self.config.rules.preset) == self.config.rules  # a label may differ
        if state.n != self.n or not same_rules or state.bet != self.config.bet:
            raise TableError("the saved game does not fit this table (seats, rules or bet differ)", "bad_resume")
        if not isinstance(game_id, int) or isinstance(game_id, bool) or game_id < 1:
            raise TableError(f"game id {game_id!r}: expected a positive whole number", "bad_resume")
        if len(balances) != self.n or any(not isinstance(b, int) or b < 0 for b in balances):
            raise TableError("balances: expected one non-negative whole number per seat", "bad_resume")
        if now is not None:
            self.now = now
        self.runner.cancel_all()
        self._pending = None
        self.state = state
        self.game_id = game_id
        self.balances = list(balances)
        self.leader = state.leader
        self.left_table = [a or b for a, b in zip(self.left_table, state.left)]
        self._seen_events = len(state.events or [])   # the past is not replayed to the seats: a snapshot follows
        self._turn_key = None
        self._version += 1
        self._publish()

    def close(self) -> None:
        """Stop the bots; the table is done."""
        self.runner.cancel_all()
        if self._own_runner:
            self.runner.shutdown(wait=True)

    # ------------------------------------------------------------ commands
    def submit(self, seat: int, move: Move, game_id: int | None = None) -> Move:
        """A seat's move; raises TableError (and changes nothing) if it is refused."""
        st = self.state
        if st is None:
            raise TableError("no game has started", "no_game")
        if game_id is not None and game_id != self.game_id:
            raise TableError(f"game {game_id} is over; this is game {self.game_id}", "stale_game")
        if not 0 <= seat < self.n:
            raise TableError(f"seat {seat} is not at this table", "bad_seat")
        if move.seat != seat:
            raise TableError(f"seat {seat} cannot move for seat {move.seat}", "wrong_seat")
        if self.bots[seat] is not None and move.kind is not MoveKind.LEAVE:
            raise TableError(f"seat {seat} is played by a bot", "bot_seat")
        return self._apply(move)

    def leave(self, seat: int) -> None:
        """The player at ``seat`` leaves the table: Móm in the current game, skipped afterwards."""
        self.left_table[seat] = True
        st = self.state
        if st is not None and not st.is_over and not st.left[seat]:
            self._apply(Move(seat, MoveKind.LEAVE))

    def deal_shown(self, seat: int | None, game_id: int, now: float | None = None) -> None:
        """``seat``'s screen has shown the deal of game ``game_id`` (its buttons show): the first turn's clock starts
        now if it waits for that seat (turn_start.py); another game, another person's screen, a running turn or a
        report after ``deal_wait`` change nothing, so no screen can make a clock run longer."""
        if now is not None:
            self.now = now
        st = self.state
        if st is None or st.is_over or game_id != self.game_id or seat is None:
            return
        secs = self.config.rules.turn_seconds
        if self.start.shown(self.now, seat == st.to_move or self.bots[st.to_move] is not None) and secs > 0:
            self.deadline = self.now + secs
            self._publish()                  # every seat's ring counts from now

    def seat_bot(self, seat: int, level: BotLevel, name: str, balance: int | None = None) -> None:
        """From the next game on, a bot of ``level`` named ``name`` plays ``seat`` (its player left or stood up),
        with ``balance`` chips if given (else the seat's).

        The game in progress is not touched: the player who left is Móm in it and the engine plays on.
        """
        self._check_seat(seat, balance)
        self.bots[seat] = self._make_bot(level, seat)
        self._hand_over(seat, name, balance)

    def seat_player(self, seat: int, name: str, balance: int) -> None:
        """From the next game on, a person named ``name`` with ``balance`` chips plays ``seat`` (between games)."""
        self._check_seat(seat, balance)
        if self.state is not None and not self.state.is_over:
            raise TableError("a seat changes hands only between games", "in_progress")
        self.bots[seat] = None
        self._hand_over(seat, name, balance)

    def _check_seat(self, seat: int, balance: int | None) -> None:
        if not 0 <= seat < self.n:
            raise TableError(f"seat {seat} is not at this table", "bad_seat")
        if balance is not None and (not isinstance(balance, int) or balance < 0):
            raise TableError(f"balance {balance!r}: expected a non-negative whole number", "bad_balance")

    def _hand_over(self, seat: int, name: str, balance: int | None) -> None:
        if self.state is not None and self.state.is_over and self.played is None:
            self.played = (self.names[:], self.balances[:])
        self.names[seat] = name
        self.timed_out[seat] = 0
        if balance is not None:
            self.balances[seat] = balance
        self.left_table[seat] = False
        self.changed.add(seat)

    def next_game(self, now: float | None = None) -> None:
        """Start the next game with the rules' leader: the winner, or if the winner's player has gone (left, or
        the seat changed hands since), the next seat whose player is still the one who played (RULES.md §2)."""
        st = self.state
        if st is None or st.outcome is None:
            raise TableError("the current game is not over", "in_progress")
        absent = self.absent_seats()
        if absent:
            raise TableError(f"seat {absent[0]} has let the clock play {ABSENT_AFTER} turns in a row: it is dealt in "
                             "again once its player says they are there", "absent")
        gone = [left or seat in self.changed for seat, left in enumerate(self.left_table)]
        self.leader = next_leader(st.outcome, gone)
        self.start_game(now)

    def absent_seats(self) -> list[int]:
        """The people's seats whose last ``ABSENT_AFTER`` turns the clock played: nobody may be at the keyboard, so
        the next game is not dealt while one is (``next_game`` refuses) until ``still_here`` (offline: the player
        answers) or the seat changes hands (LAN: the player is stood up). Nobody is played to ruin."""
        return [s for s in range(self.n) if self.bots[s] is None and not self.left_table[s]
                and self.timed_out[s] >= ABSENT_AFTER]

    def still_here(self, seat: int) -> None:
        """The player at ``seat`` says they are there: their seat is dealt in again."""
        if not 0 <= seat < self.n:
            raise TableError(f"seat {seat} is not at this table", "bad_seat")
        self.timed_out[seat] = 0

    def play_out(self) -> None:
        """Play the current game to its end at once (play_out.py) and publish it as one change (a player left for
        good); balances follow."""
        st = self.state
        if st is None or st.is_over:
            return
        self.runner.cancel_all()
        self._pending = None
        play_to_end(st, self.bots)
        self._version += 1
        if st.balances is not None:
            self.balances = st.balances[:]
        self._publish()

    def hint(self, seat: int) -> Decision | None:
        """What the Normal bot would do for ``seat`` now, and why (None if it is not its turn)."""
        st = self.state
        if st is None or st.is_over or st.to_move != seat:
            return None
        return make_bot(BotLevel.NORMAL, 0).decide(st.view(seat))

    # ------------------------------------------------------------ driving
    def update(self, now: float) -> None:
        """Advance the clock and the bots to time ``now`` (seconds, any origin)."""
        self.now = now
        st = self.state
        if st is None or st.is_over:
            return
        seat = st.to_move
        self.start.lapse(now)
        if self._pending is not None:
            version, fut, asked = self._pending
            if version != self._version:
                self._pending = None
            elif fut.done() and now >= self.start.bot_due(asked, self.think_delay):
                self._pending = None
                self._finish_bot(seat, fut)
                return
        if self.deadline is not None and now >= self.deadline:
            log.info("seat %d timed out", seat)
            self._apply(Move(seat, MoveKind.TIMEOUT), clock=True)
            return
        bot = self.bots[seat]
        if bot is not None and self._pending is None:
            fut = self.runner.request(bot, st.view(seat), think_delay=0.0)   # the table holds the move back
            self._pending = (self._version, fut, now)
            self._emit_all(Thinking(seat=seat, game_id=self.game_id))

    def _finish_bot(self, seat: int, fut: Future) -> None:
        try:
            decision: Decision = fut.result()
            move = decision.move
        except Exception:  # noqa: BLE001 - a failing bot must not stop the table
            log.exception("bot at seat %d failed; playing its timeout action", seat)
            move = Move(seat, MoveKind.TIMEOUT)
        try:
            self._apply(move)
        except TableError:
            log.exception("bot at seat %d chose a refused move; playing its timeout action", seat)
            self._apply(Move(seat, MoveKind.TIMEOUT))

    def _apply(self, move: Move, clock: bool = False) -> Move:
        """Apply ``move`` (``clock``: the turn clock ran out) and publish it; TableError if the engine refuses."""
        st = self.state
        assert st is not None
        try:
            move = st.push(move)
        except EngineError as exc:
            raise TableError(str(exc), getattr(exc, "code", "illegal")) from None
        self._count_clock(move, clock)
        self._version += 1
        self._pending = None  # a bot still thinking about the old position is no longer asked
        if st.balances is not None:
            self.balances = st.balances[:]
        self._publish()
        return move

    def _count_clock(self, move: Move, clock: bool) -> None:
        """A person's turn the clock played counts; a move they made themselves starts the count again. A timeout
        sent for them (the LAN server's away timer, for a player whose connection dropped) does neither: the seat
        waits for them for the server's reconnect time, which bounds what they lose."""
        seat = move.seat
        if self.bots[seat] is not None or move.kind is MoveKind.LEAVE:
            return
        if clock:
            self.timed_out[seat] += 1
        elif move.kind is not MoveKind.TIMEOUT:
            self.timed_out[seat] = 0

    # ------------------------------------------------------------ publishing
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(seat, message)`` for every message to every seat (the LAN server uses this)."""
        self.listeners.append(listener)

    def open_feed(self, seat: int | None, present: bool = False) -> None:
        """Queue ``seat``'s messages from now on, for ``drain`` (a client reads this seat; None: people watch).

        ``present``: a reader arriving at a table whose game is already on (a resumed game publishes before
        anyone reads it) gets that game's story so far (``Story``: its events as the seat may see them, for the
        game log) and its snapshot first, when its feed was not open already."""
        if seat is not None and not 0 <= seat < self.n:
            raise TableError(f"seat {seat} is not at this table", "bad_seat")
        fresh = seat not in self.queues
        queue = self.queues.setdefault(seat, [])
        st = self.state
        if present and fresh and st is not None:
            past = (st.events or [])[:self._seen_events][-MAX_STORY:]
            told = seat_events(past, [seat], self.game_id)[seat]
            queue.extend([Story(game_id=self.game_id, events=told), self.snapshot(seat)])

    def close_feed(self, seat: int | None) -> None:
        """Stop queueing ``seat``'s messages and drop those waiting (nobody reads the seat any more)."""
        self.queues.pop(seat, None)

    def drain(self, seat: int | None) -> list[TableMessage]:
        """Take every message queued for ``seat`` (none if its feed is not open)."""
        q = self.queues.get(seat)
        if not q:
            return []
        self.queues[seat] = []
        return q

    def snapshot(self, seat: int | None, as_played: bool = False, public: Snapshot | None = None) -> Snapshot:
        """What ``seat`` (None: someone watching) sees now; ``as_played``: a finished game under the names and
        balances it ended with, whoever sat down since; ``public``: this moment's ``public_snapshot`` if made."""
        st = self.state
        assert st is not None
        snap = seat_view(public if public is not None else self.public_snapshot(as_played), st, seat)
        if not as_played and seat in self.changed and st.is_over:
            # someone who sat down after the game ended holds nothing yet: the cards were the previous player's
            snap = msgspec.structs.replace(snap, hand=[])
        return snap

    def public_snapshot(self, as_played: bool = False) -> Snapshot:
        """What someone watching sees now (see ``snapshot``), the part every seat's snapshot shares."""
        st, end = self.state, self.deadline
        assert st is not None
        thinking = st.to_move if (self._pending is not None and not st.is_over) else None
        clock = None if end is None or st.is_over else Clock(seat=st.to_move, deadline=end, remaining=max(
            0.0, end - self.now), seconds=self.config.rules.turn_seconds)
        names, balances = self.played if as_played and self.played is not None else (self.names, self.balances)
        return public_snapshot(st, game_id=self.game_id, names=names, balances=balances, clock=clock,
                               bet=self.config.bet, thinking=thinking)

    def _readers(self) -> list[int | None]:
        """The seats whose messages someone takes: every seat while a listener is subscribed, else the open
        feeds; then None if people watch."""
        seats = range(self.n) if self.listeners else sorted(k for k in self.queues if k is not None)
        readers: list[int | None] = list(seats)
        return readers + [None] if None in self.queues else readers

    def _emit(self, seat: int | None, message: TableMessage) -> None:
        q = self.queues.get(seat)
        if q is not None:
            q.append(message)
        if seat is not None:
            for listener in self.listeners:
                listener(seat, message)

    def _emit_all(self, message: TableMessage) -> None:
        for seat in self._readers():
            self._emit(seat, message)

    def _publish(self) -> None:
        st = self.state
        assert st is not None
        self._restart_clock()
        events = st.events or []
        fresh = events[self._seen_events:]
        self._seen_events = len(events)
        readers = self._readers()
        per_seat = seat_events(fresh, readers, self.game_id)
        public = self.public_snapshot() if readers else None     # the parts all seats share, built once
        for seat in readers:
            for msg in per_seat[seat]:
                self._emit(seat, msg)
            self._emit(seat, self.snapshot(seat, public=public))
        if st.is_over:
            self.runner.cancel_all()
            self._pending = None

    def _restart_clock(self) -> None:
        st = self.state
        assert st is not None
        if st.is_over:
            self.deadline = None
            self._turn_key = None
            return
        key = (self.game_id, st.turn_no, str(st.to_move))
        if key != self._turn_key:
            self._turn_key = key
            runs_from = self.start.new_turn(self.now, self._dealing)   # the cards fly first: see deal_shown
            secs = self.config.rules.turn_seconds
            self.deadline = runs_from + secs if secs > 0 else None
