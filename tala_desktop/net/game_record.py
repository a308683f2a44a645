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
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from tala_desktop.table import Table
from tala_desktop.table.messages import MAX_STORY, EventMessage, Snapshot, check_moves
from tala_desktop.table.snapshot import seat_events

GameNumber = Annotated[int, msgspec.Meta(ge=1)]


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
