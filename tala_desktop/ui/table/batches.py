"""Table batches: the table's messages queued as they arrive and handed out to play one batch at a time.

A batch is the events the table sent up to a snapshot, with that snapshot:
the scene shows the snapshot and animates the events from the state
before it. A ``Thinking`` cue (a bot started on its move) at the head of
the queue comes out alone, at once. The scene takes the next one only when
the last batch's card flights have landed; ``behind`` says how many
snapshots wait (it skips the animations when it falls too far behind).
``thinking_after`` says whose "thinking" cue shows once a batch is played.
"""

from __future__ import annotations

from dataclasses import dataclass

from tala_desktop.table.messages import Snapshot, TableMessage, Thinking

from .model import TableModel


@dataclass(frozen=True)
class Batch:
    """The events up to a snapshot, the snapshot, and the scene's clock when the snapshot arrived."""

    events: tuple[TableMessage, ...]
    snapshot: Snapshot
    received: float

    @property
    def played(self) -> list[TableMessage]:
        """The events to animate (the thinking cues among them only move the cue)."""
        return [e for e in self.events if not isinstance(e, Thinking)]


class MessageQueue:
    """The messages waiting to be played, each with the scene's clock when it arrived."""

    def __init__(self) -> None:
        self._items: list[tuple[TableMessage, float]] = []

    def __bool__(self) -> bool:
        return bool(self._items)

    def add(self, msg: TableMessage, now: float) -> None:
        self._items.append((msg, now))

    def take(self) -> Thinking | Batch | None:
        """The next thing to play: a thinking cue at the head, else the events up to the first snapshot with it;
        None while that snapshot has not come."""
        if not self._items:
            return None
        head = self._items[0][0]
        if isinstance(head, Thinking):
            self._items.pop(0)
            return head
        end = next((i for i, (m, _) in enumerate(self._items) if isinstance(m, Snapshot)), None)
        if end is None:
            return None
        batch, self._items = self._items[:end + 1], self._items[end + 1:]
        snap, received = batch[-1]
        assert isinstance(snap, Snapshot)
        return Batch(tuple(m for m, _ in batch[:-1]), snap, received)

    @property
    def behind(self) -> int:
        """Snapshots waiting."""
        return sum(1 for m, _ in self._items if isinstance(m, Snapshot))


def thinking_after(batch: Batch, model: TableModel, watching: bool, seat: int | None) -> int | None:
    """The seat whose "thinking" cue shows once ``batch`` (its snapshot ``model``) is played; ``seat``: the one
    shown before. Your own seat only thinks when a bot plays it (``watching``)."""
    for e in batch.events:
        if isinstance(e, Thinking):
            seat = e.seat
    if model.thinking is not None and (model.thinking != model.me or watching):
        seat = model.thinking
    return seat if model.to_move == seat else None
