"""Table extras: the hook for layers drawn over the table scene (the chat, the reaction bubbles), as a Protocol.

An extra is offered each input event first (``handle_event`` returns True
when it took it: typing in the chat, a click in its panel), is updated
after the table (``update`` returns True when its look changed) and draws
after the painter. It reads the scene (layout, model) and writes nothing
into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from .scene import TableScene


class TableExtras(Protocol):
    def handle_event(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float, scene: TableScene) -> bool: ...
    def draw(self, surface: pygame.Surface, scene: TableScene) -> None: ...
