"""Results clock: when the results show, how they reveal, when they count down to the next game, what the line
over their buttons says.

The results show once a game's last cards have landed and its winner has
been celebrated (``results_due``); each hand then turns face up in turn,
the losers' chips fly to the winner and the amounts fade in (``reveal``).
The countdown (``AUTO_START`` seconds) starts once every hand has been
revealed, so the whole of it is left to read the numbers. It stands still
while the pointer is over the results, while one of their buttons is held
down, and while a menu drawn over them is open; after any click on the
results ("Xem tiếp" is one) it stops for good and the next game waits for
"Ván mới". The results take no click in their first ``INPUT_GUARD``
seconds: a click meant for the table, landing as they appear, does nothing
there. At a LAN table holding the results only stops your own countdown
(your vote for the next game is not sent); the table's between-games rules
(docs/protocol.md) still deal the next game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.i18n import N_, tr
from ..core.tween import Tweener
from .input import INPUT_GUARD
from .model import TableModel

AUTO_START = 12.0      # seconds before the next game starts by itself, counted once the results are revealed


@dataclass
class ResultsClock:
    """The results' countdown and holds; ``left`` is ``math.inf`` when nothing starts the next game by itself."""

    left: float = AUTO_START
    age: float = 0.0
    revealed: bool = False       # every hand is face up and the amounts are shown: the countdown may run
    held: bool = False           # a click on the results: no countdown, "Ván mới" waits
    pointer_over: bool = False   # the pointer rests on the results

    @classmethod
    def start(cls, auto_start: bool) -> ResultsClock:
        return cls(AUTO_START if auto_start else math.inf)

    @property
    def counts(self) -> bool:
        """A countdown is shown (the tutorial's lessons have none; a click stopped it)."""
        return math.isfinite(self.left) and not self.held

    @property
    def guarded(self) -> bool:
        """Too soon after the results appeared for a click to be meant for them."""
        return self.age < INPUT_GUARD

    def hold(self) -> None:
        """Stop the countdown for good ("Xem tiếp", or any click on the results); nothing to stop without one."""
        self.held = math.isfinite(self.left)

    def update(self, dt: float, revealing: bool, waiting: bool) -> bool:
        """Advance ``dt`` seconds (``revealing``: hands still turn over or amounts fade in; ``waiting``: a button is
        held down or a menu is open over the results). True when the countdown ran out just now."""
        self.age += dt
        if not revealing:
            self.revealed = True
        if not self.counts or not self.revealed or self.pointer_over or waiting:
            return False
        self.left -= dt
        return self.left <= 0

    def seconds(self) -> int:
        """The whole seconds left, as the note shows them."""
        return max(0, math.ceil(self.left)) if math.isfinite(self.left) else 0

    def note(self, watching: bool, lan: bool) -> str:
        """The line over the buttons: the seconds left, that they stand still while you read, or what to press."""
        if self.held:
            if watching:
                return tr("results.held_watching")
            return tr(N_("results.held_lan") if lan else N_("results.held"))
        if not self.counts:
            return ""
        if self.pointer_over and self.revealed:
            return tr("results.paused", seconds=self.seconds())
        return tr("table.auto_start", seconds=self.seconds())


# ---------------------------------------------------------------------- before the countdown
RESULTS_DELAY = 1.1    # seconds between the last flight of a game (and its celebration) and the results
ROW_REVEAL = 0.22      # seconds between two rows turning face up
CHIP_TIME = 0.55


def results_due(m: TableModel, over_at: float | None, shown_for: int | None, now: float, busy: bool) -> bool:
    """Whether the results of ``m``'s game show at ``now``: it is over (since ``over_at``), they were not shown
    (``shown_for``: the game they were last shown for), nothing moves that they wait for (``busy``: cards fly, the
    winner is celebrated, messages wait) and ``RESULTS_DELAY`` has passed."""
    return (m.is_over and shown_for != m.game_id and over_at is not None and not busy
            and now - over_at >= RESULTS_DELAY)


class Progress:
    """A tweened 0..1 value (one row's flip, one chip's flight, the money fade-in)."""

    def __init__(self) -> None:
        self.t = 0.0


def reveal(tweens: Tweener, rows: list[int], winner: int, net: list[int]
           ) -> tuple[list[Progress], Progress, list[tuple[int, Progress]]]:
    """Start the reveal on ``tweens``: each row's hand turns face up in turn, the losers' chips fly to the winner,
    then the amounts fade in; returns each row's flip, the amounts' fade and each chip (its seat, its flight).
    The countdown waits until these tweens are done."""
    flips = [Progress() for _ in rows]
    for i, f in enumerate(flips):
        tweens.animate(f, 0.3, "easeOutCubic", delay=0.15 + ROW_REVEAL * i, t=1.0)
    start = 0.2 + ROW_REVEAL * len(rows)
    chips: list[tuple[int, Progress]] = []
    k = 0
    for seat in rows:
        if seat == winner or (net[seat] or 0) >= 0:
            continue
        for j in range(5):
            pr = Progress()
            chips.append((seat, pr))
            tweens.animate(pr, CHIP_TIME, "easeInOutCubic", delay=start + 0.12 * k + 0.06 * j, t=1.0)
        k += 1
    fade = Progress()
    tweens.animate(fade, 0.35, "easeOutCubic", delay=start + 0.12 * k + 0.3, t=1.0)
    return flips, fade, chips
