"""Table extras: the hook for layers drawn over the table scene (the chat, the reaction bubbles), as a Protocol.

An extra is offered each input event first (``handle_event`` returns True
when it took it: typing in the chat, a click in its panel), is updated
after the table with a ``TableSight`` (the layout and the game shown;
``update`` returns True when its look changed) and draws after the painter
from the frame's ``TableView``. It reads those values and writes nothing
into the table. ``dock`` says how wide a strip at the right edge it takes
now (the open chat), which the table's layout leaves free.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from .layout import TableLayout
from .model import TableModel
from .view import TableView


@dataclass(frozen=True)
class TableSight:
    """What an extra reads of the table when it updates: the layout and the game shown (None: none yet)."""

    layout: TableLayout
    model: TableModel | None


class TableExtras(Protocol):
    def handle_event(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float, table: TableSight) -> bool: ...
    def draw(self, surface: pygame.Surface, view: TableView) -> None: ...
    def dock(self, canvas: tuple[int, int]) -> int: ...
