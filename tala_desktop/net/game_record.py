"""The end-of-game record a LAN server sends each seated player: that game as their seat saw it, for their history.

When a game is over, every seated player gets one ``GameRecord``: the
game's events as that seat was told them (``table.snapshot.seat_events``:
other hands' draws without their card, the deal of their own hand only)
and the seat's final snapshot, whose ``reveal`` shows every remaining hand
as the end of a game does for everyone. Nothing in it is more than the
seat was already sent, so no hidden card travels: the stock's order and
which card another seat drew stay on the server. A client checks the
record's shape and bounds on decode (a rogue server is hostile): one game,
the receiver's own seat, a finished outcome, every event of that game.
A player away when its game ends (its connection dropped, the seat waits
for it) gets the record when it comes back, with those of the games that
ended meanwhile (``MissedRecords``: the last ``KEPT``), each once.
"""

from __future__ import annotations

from collections import deque
from typing import Annotated, Generic, TypeVar

import msgspec

from tala_desktop.table import Table
from tala_desktop.table.messages import MAX_STORY, EventMessage, Snapshot, check_moves
from tala_desktop.table.snapshot import seat_events

GameNumber = Annotated[int, msgspec.Meta(ge=1)]
KEPT = 3                # the records a player away is kept, at most (the newest)
P = TypeVar("P")        # who a record is kept for (the server's sessions)


class GameRecord(msgspec.Struct, tag="game_record", tag_field="type", forbid_unknown_fields=True, kw_only=True):
    """Game ``game_id`` of table ``table`` as your seat saw it: its events in order and your final view."""

    table: Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
    game_id: GameNumber
    events: Annotated[list[EventMessage], msgspec.Meta(max_length=MAX_STORY)]
    final: Snapshot


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
    for seats in (final.names, final.net, final.balances, final.piles, final.laid):
        if len(seats) != final.n:
            raise msgspec.ValidationError("game_record: one entry per seat")
    check_moves(final)


def game_record(table: Table, table_id: int, seat: int) -> GameRecord | None:
    """The finished game of ``table`` as ``seat`` saw it (None while no game is over, or when the seat changed
    hands after it: the game was the previous player's)."""
    st = table.state
    if st is None or not st.is_over or seat in table.changed:
        return None
    told = seat_events(st.events or [], [seat], table.game_id)[seat]
    return GameRecord(table=table_id, game_id=table.game_id, events=told[-MAX_STORY:], final=table.snapshot(seat))


def record_frame(table: Table, table_id: int, seat: int | None) -> str | None:
    """``game_record`` as a frame to send (None: nothing to send ``seat``; a watcher gets none)."""
    record = None if seat is None else game_record(table, table_id, seat)
    return None if record is None else msgspec.json.encode(record).decode()


class MissedRecords(Generic[P]):
    """The records of players who were away when their games ended, kept (the newest ``kept`` each) until they
    come back or leave the table."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._frames: dict[P, deque[tuple[int, str]]] = {}

    def keep(self, who: P, game_id: int, frame: str) -> None:
        """``who`` was away when game ``game_id`` ended: its record ``frame`` waits for them."""
        self._frames.setdefault(who, deque(maxlen=self.kept)).append((game_id, frame))

    def take(self, who: P, but: int | None = None) -> list[str]:
        """The records waiting for ``who``, oldest first, and they are no longer kept (``but``: the game whose
        record is sent anyway, left out)."""
        return [frame for game_id, frame in self._frames.pop(who, ()) if game_id != but]

    def forget(self, who: P) -> None:
        """``who`` left the table: nothing waits for them any more."""
        self._frames.pop(who, None)
