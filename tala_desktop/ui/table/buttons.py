"""Table buttons: the action and tool buttons (Ăn, Bốc, Đánh, Hạ, Gửi, Ù, Xếp bài, Gợi ý) as widgets.

The ``Highlights`` say which buttons apply, in which layout slot and
whether they glow; ``place`` moves the widgets there (when a new value is
stored, never while drawing) and ``shown`` picks the ones shown now:
every one that applies while your input is taken, the tools also while
cards fly. The widgets keep where a button is, its words and its glow's
pulse; which one the pointer is over or holds is the scene's
``ButtonPointer``, and a click on one is the table input's
``ButtonPressed``.
"""

from __future__ import annotations

import pygame

from ..core.assets import Fonts
from ..core.i18n import tr
from ..widgets.button_look import ButtonLook
from ..widgets.controls import Button
from .highlights import ButtonPointer, Highlights
from .input import pointed
from .layout import TableLayout
from .modes import BUTTON_LOOKS, TableButton


class TableButtons:
    """The widgets of every table button."""

    def __init__(self, fonts: Fonts, layout: TableLayout) -> None:
        self.widgets: dict[TableButton, Button] = {
            name: Button(layout.buttons[0], tr(key), fonts, style=style, glow=glow)
            for name, (key, style, glow) in BUTTON_LOOKS.items()}

    def __getitem__(self, name: TableButton) -> Button:
        return self.widgets[name]

    def place(self, hl: Highlights, layout: TableLayout) -> None:
        for shown in hl.buttons:
            b = self.widgets[shown.name]
            b.rect = pygame.Rect(layout.buttons[shown.slot])
            b.glow = shown.glow

    def shown(self, hl: Highlights, accepting: bool) -> list[tuple[TableButton, Button]]:
        """The buttons shown now, with their names."""
        return [(b.name, self.widgets[b.name]) for b in hl.buttons if accepting or not b.needs_input]

    def looks(self, hl: Highlights, accepting: bool,
              pointer: ButtonPointer) -> tuple[tuple[TableButton, ButtonLook], ...]:
        """The buttons shown now, by name, lit and pressed as ``pointer`` says."""
        return pointed(self.shown(hl, accepting), pointer)

    def retitle(self) -> None:
        """Follow a language change."""
        for name, look in BUTTON_LOOKS.items():
            self.widgets[name].text = tr(look.key)
