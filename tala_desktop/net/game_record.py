"""The end-of-game record a LAN server sends each seated player: that game as their seat saw it, for their history.

When a game is over, the person who played each seat gets one
``GameRecord``, built then and never again: the game's events as that seat
was told them (``table.snapshot.seat_events``: other hands' draws without
their card, the deal of their own hand only), the seat's final snapshot
under the names and balances the game ended with (whoever sits down after
it), whose ``reveal`` shows every remaining hand as the end of a game does
for everyone, and the turns the computer played for each seat whose player
was away (``auto``). Nothing in it is more than the seat was already sent,
so no hidden card travels: the stock's order and which card another seat
drew stay on the server. A client checks the record's shape and bounds on
decode (a rogue server is hostile): one game, the receiver's own seat, a
finished outcome, every event of that game. A person away when their game
ends (dropped, or gone from the table) gets it when they come back to the
table, with those of the games that ended meanwhile (``Records``: the
newest ``KEPT``), each once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Annotated

import msgspec

from tala_desktop.engine.events import Discarded, SeatLeft
from tala_desktop.table import Table
from tala_desktop.table.messages import MAX_STORY, EventMessage, Snapshot, check_moves
from tala_desktop.table.snapshot import seat_events

GameNumber = Annotated[int, msgspec.Meta(ge=1)]
KEPT = 8                # the records kept for one person away, at most (the newest)
KEPT_TABLE = 64         # ... and for everyone away from one table together


class GameRecord(msgspec.Struct, tag="game_record", tag_field="type", forbid_unknown_fields=True, kw_only=True):
    """Game ``game_id`` of table ``table`` as your seat saw it: its events in order and your final view."""

    table: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
    game_id: GameNumber
    events: Annotated[list[EventMessage], msgspec.Meta(max_length=MAX_STORY)]
    final: Snapshot
    # per seat, the turns the computer played for its player (away: dropped; or after they left); [] for none
    auto: Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=1000)]], msgspec.Meta(max_length=4)] = []


def check_record(record: GameRecord) -> None:
    """Raise ``msgspec.ValidationError`` unless ``record`` is one finished game seen from one seat."""
    final = record.final
    if final.seat is None or not 0 <= final.seat < final.n:
        raise msgspec.ValidationError("game_record: the final view must be of a seat at the table")
    if final.outcome is None or final.reveal is None or final.to_move is not None:
        raise msgspec.ValidationError("game_record: the game must be over")
    if final.game_id != record.game_id or any(e.game_id != record.game_id for e in record.events):
        raise msgspec.ValidationError("game_record: every event must be of the recorded game")
    if not record.events:
        raise msgspec.ValidationError("game_record: a game has events")
    for seats in (final.names, final.net, final.balances, final.piles, final.laid, record.auto or final.names):
        if len(seats) != final.n:
            raise msgspec.ValidationError("game_record: one entry per seat")
    check_moves(final)


def game_record(table: Table, table_id: int, seat: int, auto: list[int] | None = None) -> GameRecord | None:
    """The finished game of ``table`` as ``seat`` saw it, under the names and balances it ended with (None while no
    game is over); ``auto``: per seat, the turns the computer played for a player who was away."""
    return game_records(table, table_id, [seat], auto).get(seat)


def game_records(table: Table, table_id: int, seats: list[int], auto: list[int] | None = None
                 ) -> dict[int, GameRecord]:
    """``game_record`` for each of ``seats`` (none while no game is over): the events and the snapshot parts all
    seats share are built once."""
    st = table.state
    if st is None or not st.is_over or not seats:
        return {}
    told = seat_events(st.events or [], seats, table.game_id)
    public = table.public_snapshot(as_played=True)
    return {seat: GameRecord(table=table_id, game_id=table.game_id, events=told[seat][-MAX_STORY:],
                             final=table.snapshot(seat, as_played=True, public=public), auto=list(auto or []))
            for seat in seats}


def played_for(table: Table, away: list[int]) -> list[int]:
    """Per seat, the turns of the finished game the computer played for its player: ``away`` (the away timer's, for
    a player whose connection dropped) and, after a seat left, each turn the engine played on for it."""
    st = table.state
    out = list(away) + [0] * (table.n - len(away))
    gone: set[int] = set()
    for event in (st.events or []) if st is not None else []:
        if isinstance(event, SeatLeft):
            gone.add(event.seat)
        elif isinstance(event, Discarded) and event.seat in gone:
            out[event.seat] += 1
    return out


class Records:
    """A table's end-of-game records, each built once, when its game ends, for the person who played the seat: sent
    to them if they are there, else kept (the newest ``kept`` each, ``most`` for the whole table) until they come
    back to the table, whenever that is; the last game's stays to be sent again to whoever comes back before the
    next deal (a frame lost with a dropped connection; the client keeps each game once)."""

    def __init__(self, kept: int = KEPT, most: int = KEPT_TABLE) -> None:
        self.kept, self.most = kept, most
        self._waiting: dict[str, deque[tuple[int, str]]] = {}
        self._last: dict[str, tuple[int, str]] = {}

    def ended(self, person: str, game_id: int, frame: str, there: Callable[[str], bool]) -> None:
        """Game ``game_id`` that ``person`` played ended: ``there(frame)`` sends it (False: they are not there to
        read it: it waits for them)."""
        self._last[person] = (game_id, frame)
        if not there(frame):
            self._waiting.setdefault(person, deque(maxlen=self.kept)).append((game_id, frame))
            while sum(len(q) for q in self._waiting.values()) > self.most:
                oldest = min(self._waiting, key=lambda k: self._waiting[k][0][0])
                self._waiting[oldest].popleft()
                if not self._waiting[oldest]:
                    del self._waiting[oldest]

    def keep(self, person: str, game_id: int, frame: str) -> None:
        """Keep game ``game_id``'s record for ``person`` until they come back (nobody can be told it now)."""
        self.ended(person, game_id, frame, lambda _: False)

    def dealt(self) -> None:
        """The next game is dealt: the last game's records are not sent again."""
        self._last.clear()

    def take(self, person: str) -> list[str]:
        """What ``person`` is to be sent on coming back: the games that ended while they were away, oldest first,
        then the last game's if it is not among them (they are no longer kept)."""
        waiting = list(self._waiting.pop(person, ()))
        last = self._last.get(person)
        if last is not None and all(game_id != last[0] for game_id, _ in waiting):
            waiting.append(last)
        return [frame for _, frame in waiting]

    def held(self) -> int:
        """Records waiting, all people together."""
        return sum(len(q) for q in self._waiting.values())
