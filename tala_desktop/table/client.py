"""TableClient: the one interface the UI talks to, and its in-process implementation for offline play.

A client stands for one seat. ``poll(now)`` returns the messages for that
seat (events, snapshots, errors, hints) in order; commands never raise, a
refusal comes back as an ``{"type": "error", ...}`` message. The LAN client
offers the same methods over the network.
"""

from __future__ import annotations

from typing import Any, Protocol

from .table import Table, TableError


class TableClient(Protocol):
    seat: int

    def poll(self, now: float) -> list[dict[str, Any]]: ...
    def send_move(self, move: str) -> None: ...
    def next_game(self) -> None: ...
    def request_hint(self) -> None: ...
    def leave(self) -> None: ...
    def close(self) -> None: ...


class LocalTableClient:
    """The offline client: it owns the table and drives it from the caller's loop."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat
        table.open_feed(seat)
        self._extra: list[dict[str, Any]] = []
        self.closed = False

    def start(self, now: float = 0.0) -> None:
        self.table.start_game(now)

    def poll(self, now: float) -> list[dict[str, Any]]:
        if not self.closed:
            self.table.update(now)
        out = self.table.drain(self.seat) + self._extra
        self._extra = []
        return out

    def _refused(self, exc: TableError) -> None:
        self._extra.append({"type": "error", "code": exc.code, "message": str(exc)})

    def send_move(self, move: str) -> None:
        try:
            self.table.submit(self.seat, move, self.table.game_id)
        except TableError as exc:
            self._refused(exc)

    def next_game(self) -> None:
        try:
            self.table.next_game()
        except TableError as exc:
            self._refused(exc)

    def request_hint(self) -> None:
        d = self.table.hint(self.seat)
        if d is not None:
            self._extra.append({"type": "hint", "move": str(d.move), "reason_en": d.reason_en,
                                "reason_vi": d.reason_vi, "game_id": self.table.game_id})

    def leave(self) -> None:
        self.table.leave(self.seat)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.table.close()
