"""TableClient: the one interface the UI talks to, and its in-process implementation for offline play.

A client stands for one seat. ``poll(now)`` returns the messages for that
seat (events, snapshots, errors, hints: table/messages.py) in order; offline
they are the very objects the table built. ``send_move`` takes an engine
``Move`` value. Commands never raise: a refusal comes back as an ``Error``
message (``absent``: the next game waits until ``still_here`` says the
player is there). The LAN client offers the same methods over the network.

The offline client may be given a move filter (``refuse``): a move it has
words against is refused before the table sees it, with an ``Error`` of
code ``guided`` whose message is those words (a lesson that asks for one
move at each step says which). Only this client makes that code: a LAN
client never passes it on from a server.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from tala_desktop.engine import Move

from .messages import Error, Hint, TableMessage
from .table import Table, TableError

GUIDED = "guided"     # the code of a move refused by the offline client's move filter: its message is shown as is


class TableClient(Protocol):
    """One seat's view of a table, offline or over the LAN."""

    seat: int
    can_pause: bool   # True when the table runs on the caller's clock (offline): not polling it pauses it

    @property
    def watching(self) -> bool: ...   # only watching now (a LAN seat given up): no vote for the next game

    def away(self, seat: int) -> bool: ...   # the player at ``seat`` is away now: the computer plays for them

    def start(self, now: float) -> None: ...
    def poll(self, now: float) -> Sequence[TableMessage]: ...
    def send_move(self, move: Move) -> None: ...
    def next_game(self) -> None: ...
    def deal_shown(self, game_id: int) -> None: ...   # the deal was shown: your first turn may start
    def request_hint(self) -> None: ...
    def leave(self) -> None: ...
    def still_here(self) -> None: ...
    def close(self) -> None: ...


class LocalTableClient:
    """The offline client: it owns the table and drives it from the caller's loop."""

    can_pause = True
    watching = False    # your seat stays yours: the scene watches a bots-only table by its own choice

    def away(self, seat: int) -> bool:
        """Nobody is ever away from an offline table (a seat the clock plays has run out of time)."""
        return False

    def __init__(self, table: Table, seat: int, refuse: Callable[[Move], str | None] | None = None) -> None:
        self.table = table
        self.seat = seat
        self.refuse = refuse        # the move filter: the words against a move (None: none, it goes to the table)
        table.open_feed(seat, present=True)   # a table already playing (a resumed game) shows it at once
        self._extra: list[TableMessage] = []
        self.closed = False

    def start(self, now: float = 0.0) -> None:
        """Deal the first game unless the table already has one (a resumed game, a second start)."""
        if self.table.state is None:
            self.table.start_game(now)

    def poll(self, now: float) -> list[TableMessage]:
        if not self.closed:
            self.table.update(now)
        out = self.table.drain(self.seat) + self._extra
        self._extra = []
        return out

    def _refused(self, exc: TableError) -> None:
        self._extra.append(Error(code=exc.code, message=str(exc)))

    def send_move(self, move: Move) -> None:
        words = self.refuse(move) if self.refuse is not None else None
        if words is not None:
            self._extra.append(Error(code=GUIDED, message=words))
            return
        try:
            self.table.submit(self.seat, move, self.table.game_id)
        except TableError as exc:
            self._refused(exc)

    def next_game(self) -> None:
        try:
            self.table.next_game()
        except TableError as exc:
            self._refused(exc)

    def deal_shown(self, game_id: int) -> None:
        self.table.deal_shown(self.seat, game_id)

    def request_hint(self) -> None:
        d = self.table.hint(self.seat)
        if d is not None:
            self._extra.append(Hint(move=d.move, reason=d.reason, game_id=self.table.game_id))

    def leave(self) -> None:
        self.table.leave(self.seat)

    def still_here(self) -> None:
        """The player answered "still there?": their seat is dealt in again, and the next game starts."""
        self.table.still_here(self.seat)
        self.next_game()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.table.close()
