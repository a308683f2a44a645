"""Turn clock: the seconds left on the table's clock as the scene shows them, and the cues of your last seconds.

The table sends the clock in each snapshot (seat, turn seconds, seconds
left when it was sent); ``TurnClock`` counts down from the moment the scene
received it, on the scene's own clock. ``cues`` says, once per frame, what
your clock asks for now: a tick each second of your last five seconds (the
last ten at the lay-down turn, where the time running out is Móm), the
lay-down warning once when ten seconds are left, and a key that changes as
often as the ring must be redrawn (a few times a second, more while it
pulses).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tala_desktop.engine import MoveKind, TurnKind

from .model import TableModel

TICK_AT = 5.0          # seconds left when your clock starts ticking
LAY_WARN_AT = 10.0     # at the lay-down turn: the warning and the ticks start here
RING_FPS = 8           # ring redraws per second
PULSE_AT = 5.0         # the ring pulses from here (see TablePainter.ring_width)
PULSE_FPS = 15         # ring redraws per second while it pulses


@dataclass(frozen=True)
class SeatClock:
    """The turn clock running now: whose, the seconds left, the turn's seconds."""

    seat: int
    remaining: float
    total: float


@dataclass(frozen=True)
class ClockCues:
    """What the clock asks for this frame."""

    tick: bool = False
    warn: bool = False          # show the lay-down warning now
    ring: tuple[int, int] = (-1, -1)


def lay_down_turn(m: TableModel | None) -> bool:
    """Your lay-down turn with a running clock and a phỏm to lay (the time running out lays nothing: Móm).

    Without a phỏm you are Móm whatever you do, so there is nothing to warn of.
    """
    return (m is not None and m.clock is not None and not m.is_over and m.turn_kind is TurnKind.LAY
            and m.to_move == m.me and any(mv.kind is MoveKind.U or (mv.kind is MoveKind.LAY and mv.melds)
                                          for mv in m.legal))


class TurnClock:
    """Counts the table's clock down between snapshots and says when to tick and warn."""

    def __init__(self) -> None:
        self.received = 0.0                      # scene time when the last snapshot arrived
        self._tick_second = -1
        self._warned: tuple[int, int | None] | None = None

    def remaining(self, m: TableModel | None, seat: int, now: float) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock at ``now``, or (0, 0) without a clock."""
        if m is None or m.clock is None or m.clock.seat != seat:
            return 0.0, 0.0
        total = float(m.clock.seconds)
        left = m.clock.remaining - (now - self.received)
        return max(0.0, min(total, left)), total

    def running(self, m: TableModel | None, now: float) -> SeatClock | None:
        """The clock that runs at ``now`` (None: the table has no clock, or no game is shown)."""
        if m is None or m.clock is None:
            return None
        return SeatClock(m.clock.seat, *self.remaining(m, m.clock.seat, now))

    def warning_due(self, m: TableModel | None, now: float) -> bool:
        """At your lay-down turn with ten seconds or less left."""
        return lay_down_turn(m) and m is not None and 0 < self.remaining(m, m.me, now)[0] <= LAY_WARN_AT

    def cues(self, m: TableModel | None, now: float, spectator: bool) -> ClockCues:
        if m is None or m.clock is None or m.is_over:
            return ClockCues()
        seat = m.clock.seat
        left, total = self.remaining(m, seat, now)
        fps = PULSE_FPS if 0 < left <= PULSE_AT else RING_FPS
        ring = (seat, int(left * fps))
        if seat != m.me or spectator:
            return ClockCues(ring=ring)
        lay_turn = lay_down_turn(m)
        tick = False
        if 0 < left <= (LAY_WARN_AT if lay_turn else TICK_AT):
            second = math.ceil(left)
            if second != self._tick_second:
                self._tick_second = second
                tick = True
        warn = False
        key = (m.game_id, m.to_move)
        if lay_turn and 0 < left <= LAY_WARN_AT and self._warned != key:
            self._warned = key
            warn = True
        return ClockCues(tick, warn, ring)
