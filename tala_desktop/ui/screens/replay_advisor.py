"""Replay advisor: the Hard bot's choice at each of your decisions in a stored game, computed in a background thread.

``ReplayAdvisor(positions, moves, seats, seed)`` starts a daemon thread that
walks the moves of the chosen seats in order and asks
``make_bot("hard", seed, max_samples=...)`` what it would have played from
that seat's view of the position before the move. The UI thread reads
``advice`` (move index -> ``Advice``) and ``done``/``total`` for progress;
nothing else is shared, and the thread never touches pygame or the UI.
``cancel()`` stops it at the next decision (the page does that when closed).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from tala_desktop.bots import Reason, make_bot
from tala_desktop.engine import GameState, Move, MoveKind

log = logging.getLogger(__name__)

MAX_SAMPLES = 16          # enough to separate clear mistakes; about 0.05-0.1 s a decision
SKIPPED = ("leave", "timeout")


@dataclass(frozen=True)
class Advice:
    """What the Hard bot would have played instead of ``played`` (``differs`` False: it agrees)."""

    index: int             # the move's index in the game (position ``index`` is the state before it)
    played: Move
    advised: Move
    differs: bool
    reason: Reason         # why the computer would play ``advised``


def same_move(a: Move, b: Move) -> bool:
    """Equal as plays: lays compare their phỏm as a set, sends ignore which equal phỏm was meant."""
    if a.kind != b.kind or a.seat != b.seat:
        return False
    if a.kind is MoveKind.LAY:
        return sorted(a.melds) == sorted(b.melds)
    if a.kind is MoveKind.SEND:
        return (a.card, a.target) == (b.card, b.target)
    return a == b


def decisions(positions: list[GameState], moves: list[Move], seats: set[int] | None) -> list[int]:
    """Indexes of the moves worth a second opinion: the chosen seats' moves that had an alternative."""
    out = []
    for i, move in enumerate(moves):
        if move.kind in SKIPPED or (seats is not None and move.seat not in seats):
            continue
        before = positions[i]
        if before.is_over or len(before.legal_moves()) < 2:
            continue
        out.append(i)
    return out


class ReplayAdvisor:
    """Runs the Hard bot over a stored game's decisions, one at a time, off the UI thread."""

    def __init__(self, positions: list[GameState], moves: list[Move], seats: set[int] | None, seed: int = 0,
                 max_samples: int = MAX_SAMPLES, start: bool = True) -> None:
        self.positions = positions
        self.moves = moves
        self.todo = decisions(positions, moves, seats)
        self.total = len(self.todo)
        self.done = 0
        self.advice: dict[int, Advice] = {}
        self.error: str | None = None
        self.seed = seed
        self.max_samples = max_samples
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="replay-advisor", daemon=True)
        if start:
            self._thread.start()

    @property
    def finished(self) -> bool:
        return self.done >= self.total or self.error is not None or self._stop.is_set()

    def _run(self) -> None:
        try:
            for i in self.todo:
                if self._stop.is_set():
                    return
                self.advice[i] = self.advise(i)
                self.done += 1
        except Exception as exc:  # noqa: BLE001 - a bug here must not take the page down; it is shown
            log.exception("replay advice failed")
            self.error = str(exc)

    def advise(self, i: int) -> Advice:
        move = self.moves[i]
        before = self.positions[i]
        bot = make_bot("hard", self.seed * 1009 + i, max_samples=self.max_samples)
        decision = bot.decide(before.view(move.seat))
        return Advice(i, move, decision.move, not same_move(decision.move, move), decision.reason)

    def cancel(self) -> None:
        self._stop.set()

    def join(self, timeout: float | None = None) -> None:
        if self._thread.is_alive():
            self._thread.join(timeout)
