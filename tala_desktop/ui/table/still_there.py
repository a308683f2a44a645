"""Still there? — the question an offline table asks before the next game when the clock played your last turns.

The table deals nobody in whom the clock played ``ABSENT_AFTER`` turns in a
row (``Table.absent_seats``): asked for the next game, it answers with the
refusal ``absent`` and the table scene shows this dialog over the finished
game. Nothing is dealt and no chips go while it waits. "Chơi tiếp" (or Esc:
someone pressed a key, so someone is there) tells the table you are there
and deals the next game; "Rời bàn" leaves the table, which between games
costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from tala_desktop.table import ABSENT_AFTER

from ..core.i18n import tr
from ..frames.confirm import ConfirmOverlay
from ..shared.services import Services

ABSENT = "absent"      # the table's refusal of the next game while a person's seat waits for its player


class StillThereOverlay(ConfirmOverlay):
    """"Bạn còn đó không?": Rời bàn (red) or Chơi tiếp (green, and Esc)."""

    def __init__(self, services: Services, play_on: Callable[[], None], leave: Callable[[], None]) -> None:
        super().__init__(services, tr("still.title"), tr("still.text", turns=ABSENT_AFTER), tr("still.leave"),
                         tr("still.play"), leave)
        self.play_on = play_on
        self.cancel_button.glow = True

    def cancel(self) -> None:
        """Chơi tiếp: you are there; the next game is dealt."""
        self.close()
        self.play_on()

    def on_escape(self) -> None:
        """Esc: a key was pressed, so someone is there (closing without an answer would leave the table stuck)."""
        self.cancel()
