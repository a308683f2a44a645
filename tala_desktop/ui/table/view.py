"""Table view: the frozen values the table shows itself through — each frame's TableView, and TableBelow for dialogs.

Each frame the table scene builds a ``TableView``: the layout and the model,
your side's ``Highlights``, where your hand's cards and the animations are
this frame (``HandFrame``, ``AnimFrame``), the running clock, the glows'
pulse, the thinking seat, the status line and the game log, each seat's
avatar, the buttons shown and the extras' layers drawn over the table.
``TablePainter.draw(surface, view)`` reads only that. A layer
(``TableLayer``: the chat, the reactions) draws from the same view.

A dialog over the table (the pause menu, the results) reads ``TableBelow``
instead, from a function the scene hands it: the layout it centres on, the
game shown, whether you only watch, whether the table pauses and keeps an
autosave, whether the table below changed since its last frame, and who
else sits at a LAN table this app hosts (quitting closes it for them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..widgets.controls import Button
from .anim import AnimFrame
from .clock import SeatClock
from .hand_view import HandFrame
from .highlights import Colour, Highlights
from .layout import TableLayout
from .model import TableModel


@dataclass(frozen=True)
class SeatAvatars:
    """The avatar drawn at each seat: yours as your profile chose it, another player's as they chose theirs (a LAN
    table, ``others`` by seat), None (the colour of the name) for a bot."""

    mine: int | None = None
    others: Callable[[int], int | None] | None = None

    def at(self, m: TableModel | None, seat: int, watching: bool) -> int | None:
        if m is not None and seat == m.me and not watching:
            return self.mine
        return self.others(seat) if self.others is not None else None

    def of(self, m: TableModel | None, watching: bool) -> tuple[int | None, ...]:
        """Each seat's avatar at the table of ``m`` (none without a game shown)."""
        return tuple(self.at(m, seat, watching) for seat in range(m.n)) if m is not None else ()


class TableLayer(Protocol):
    """Something drawn over the table from the frame's view (the chat panel, the reaction bubbles)."""

    def draw(self, surface: pygame.Surface, view: TableView) -> None: ...


@dataclass(frozen=True)
class TableView:
    """Everything one frame of the table shows (see the module docstring)."""

    layout: TableLayout
    model: TableModel | None
    highlights: Highlights
    hand: HandFrame
    anim: AnimFrame
    clock: SeatClock | None               # the running clock (None: no clock, or the game is over)
    now: float                            # the scene's clock: the ring's pulse, the thinking dots
    pulse: float                          # the glows' brightness, 0..1
    thinking_seat: int | None
    status: tuple[str, Colour]
    log: tuple[str, ...]                  # the game log's last lines, said in the language shown
    table_number: int
    bet: int | None                       # the table's bet before its first snapshot (None: not known yet)
    looks: tuple[int | None, ...]         # each seat's avatar (None: the colour of the name)
    buttons: tuple[Button, ...]           # the table's buttons shown now
    controls: tuple[Button, ...]          # the menu button and the header's
    layers: tuple[TableLayer, ...] = ()   # drawn over the table, last
    log_open: bool = False                # the log is opened (a click on it): it shows ``log`` in a taller box

    def remaining(self, seat: int) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock this frame, or (0, 0) when it has none running."""
        c = self.clock
        if c is None or c.seat != seat:
            return 0.0, 0.0
        return c.remaining, c.total

    def look_of(self, seat: int) -> int | None:
        return self.looks[seat] if 0 <= seat < len(self.looks) else None


@dataclass(frozen=True)
class TableBelow:
    """What a dialog over the table reads of it now (see the module docstring)."""

    layout: TableLayout
    model: TableModel | None
    spectator: bool           # only watching: no seat, or a bots-only table
    can_pause: bool           # offline: the pause menu holds the table; at a LAN table the game goes on
    saved: bool               # an unfinished game here is autosaved (Chơi tiếp)
    changed: bool             # the table's next frame differs from its last (it plays on under the dialog)
    closes_for: tuple[str, ...] = ()   # the others at a LAN table this app hosts: quitting closes it for them
    practice: bool = False    # the tutorial's lessons: no chips at stake, leaving costs nothing
