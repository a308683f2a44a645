"""NameTips: the full name under the pointer where the LAN lobby had to cut one with "…" (seats, watchers, chat).

The lobby draws a name that does not fit its room at a readable size, cut
with "…" (widgets/text_fit.py ``fit_name``, as the table's name plates and
results do); each part that draws names answers which full name is at a
point (None: none cut there), and the first answer shows in a tooltip by
the pointer (widgets/tooltip.py), as over a cut name plate at the table.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..core.assets import Fonts
from ..widgets.tooltip import draw_tooltip

Point = tuple[int, int]
Source = Callable[[Point], str | None]     # the full name cut at a point, or None


class NameTips:
    """The cut name the pointer is on, from the lobby's parts that draw names, and its tooltip."""

    def __init__(self, fonts: Fonts, sources: list[Source]) -> None:
        self.fonts = fonts
        self.sources = sources
        self.name: str | None = None
        self.pointer: Point = (-1, -1)

    def update(self, pointer: Point) -> bool:
        """The pointer is at ``pointer``: True when the tooltip to show changed (the page draws again)."""
        name = next((n for source in self.sources if (n := source(pointer)) is not None), None)
        changed = name != self.name or (name is not None and pointer != self.pointer)
        self.name, self.pointer = name, pointer
        return changed

    def draw(self, surface: pygame.Surface) -> None:
        if self.name is not None:
            draw_tooltip(surface, self.fonts, self.name, self.pointer)
