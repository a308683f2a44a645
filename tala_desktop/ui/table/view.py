"""Table view: the one frozen value a frame of the table is drawn from.

Each frame the table scene builds a ``TableView``: the layout and the model,
your side's ``Highlights``, where your hand's cards and the animations are
this frame (``HandFrame``, ``AnimFrame``), the running clock, the glows'
pulse, the thinking seat, the status line and the game log, each seat's
avatar, the buttons shown and the extras' layers drawn over the table.
``TablePainter.draw(surface, view)`` reads only that. A layer
(``TableLayer``: the chat, the reactions) draws from the same view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from ..widgets.controls import Button
from .anim import AnimFrame
from .hand_view import HandFrame
from .highlights import Colour, Highlights
from .layout import TableLayout
from .model import TableModel


@dataclass(frozen=True)
class SeatClock:
    """The turn clock running now: whose, the seconds left this frame, the turn's seconds."""

    seat: int
    remaining: float
    total: float


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
    looks: tuple[int | None, ...]         # each seat's avatar (None: the colour of the name)
    buttons: tuple[Button, ...]           # the table's buttons shown now
    controls: tuple[Button, ...]          # the menu button and the header's
    layers: tuple[TableLayer, ...] = ()   # drawn over the table, last

    def remaining(self, seat: int) -> tuple[float, float]:
        """(seconds left, turn seconds) of ``seat``'s clock this frame, or (0, 0) when it has none running."""
        c = self.clock
        if c is None or c.seat != seat:
            return 0.0, 0.0
        return c.remaining, c.total

    def look_of(self, seat: int) -> int | None:
        return self.looks[seat] if 0 <= seat < len(self.looks) else None
