"""Turn start: when a turn's clock (or a bot's think delay) runs from — at once, or for a new game's first turn once
its deal has been shown.

A deal flies for a few seconds on every screen. The first turn waits for the
screen of the seat to move to say the deal is shown (its cards landed, its
buttons show; for a bot's turn any player's screen), and at the latest
``bound`` seconds after the deal: no screen can make a clock run longer by
saying it late, or by not saying it. Every later turn starts at once.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TurnStart:
    """When the current turn runs from (``at``), and whether it still waits for the deal to be shown."""

    bound: float                 # the longest a first turn waits (TableConfig.deal_wait; 0: no wait)
    at: float = 0.0              # table time the turn's clock runs from
    waiting: bool = False        # a deal's first turn, not started yet: a report may start it before ``at``
    dealt: bool = False          # the turn is a deal's first: a bot's think delay runs from ``at`` too

    def new_turn(self, now: float, dealing: bool) -> float:
        """A turn begins at ``now`` (``dealing``: the first of a new deal); the time its clock runs from."""
        wait = self.bound if dealing else 0.0
        self.waiting = self.dealt = wait > 0
        self.at = now + wait
        return self.at

    def shown(self, now: float, by_mover: bool) -> bool:
        """A screen said the deal is shown (``by_mover``: the seat to move's, or any when a bot moves): True when
        the turn starts now (it waited, the bound has not passed)."""
        if not self.waiting or now >= self.at:
            self.waiting = False
            return False
        if not by_mover:
            return False
        self.waiting, self.at = False, now
        return True

    def lapse(self, now: float) -> None:
        """Nobody said the deal was shown in time: the turn runs from the bound."""
        if self.waiting and now >= self.at:
            self.waiting = False

    def bot_due(self, asked: float, think_delay: float) -> float:
        """When a bot asked at ``asked`` plays: its think delay after it was asked, and after the deal was shown."""
        return max(asked, self.at if self.dealt else asked) + think_delay
