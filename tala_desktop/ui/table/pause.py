"""Pause overlay: the Esc menu over the table — Tiếp tục, Rời bàn (Móm for a running game), Thoát game.

The table keeps running below (``updates_below``): the clock is the
table's, so pausing an offline game does not stop the bots or your turn
clock; it only covers the table with the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..art.theme import GOLD
from ..core.i18n import tr
from ..frames.overlay import Overlay
from ..widgets.controls import Button

if TYPE_CHECKING:
    from .scene import TableScene


class PauseOverlay(Overlay):
    """Three buttons in a panel; Esc closes it again."""

    updates_below = True

    def __init__(self, table: TableScene) -> None:
        super().__init__()
        self.table = table
        L = table.layout
        p = L.px
        w, h = p(420), p(330)
        self.panel = pygame.Rect((L.size[0] - w) // 2, (L.size[1] - h) // 2, w, h)
        fonts = table.services.fonts
        bw, bh = p(300), p(54)
        x = self.panel.centerx - bw // 2
        y0 = self.panel.y + p(78)
        self.buttons = [
            Button((x, y0, bw, bh), tr("pause.continue"), fonts, self.resume, style="green"),
            Button((x, y0 + p(72), bw, bh), tr("pause.leave"), fonts, self.leave, style="primary"),
            Button((x, y0 + p(144), bw, bh), tr("pause.quit"), fonts, self.quit, style="red"),
        ]

    @property
    def needs_redraw(self) -> bool:
        return self._dirty or self.table.needs_redraw

    def resume(self) -> None:
        self.close()

    def leave(self) -> None:
        """Leave the table: Móm for the game in progress (RULES.md §10)."""
        self.table.leave_table()

    def quit(self) -> None:
        """Quit the application: the app loop handles QUIT (and closes the table)."""
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    def draw(self, surface: pygame.Surface) -> None:
        painter = self.table.painter
        p = self.table.layout.px
        self.draw_backdrop(surface, self.panel, p(18))
        title = painter.text(tr("pause.title"), p(28), GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + p(20))))
        self.draw_buttons(surface)
        m = self.table.model
        if m is not None and not m.is_over and not self.table.spectator:
            note = painter.text(tr("pause.leave_note"), p(14), (230, 200, 170), max_width=self.panel.w - p(30))
            surface.blit(note, note.get_rect(midtop=(self.panel.centerx, self.buttons[-1].rect.bottom + p(12))))
