"""ConfirmOverlay: a yes/no question over the current screen, for actions that cost the player something."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx
from ..art.theme import GOLD, TEXT
from ..core.display import LOGICAL_SIZE
from ..services import Services
from ..widgets.controls import Button
from .overlay import Overlay
from .page import wrap_text

PANEL_W, PANEL_H = 560, 280


class ConfirmOverlay(Overlay):
    """A dimmed screen, a panel with a title and a message, and confirm / cancel buttons.

    Esc or the cancel button closes it; the confirm button closes it and then runs ``on_confirm``.
    """

    def __init__(self, services: Services, title: str, message: str, confirm: str, cancel: str,
                 on_confirm: Callable[[], None]) -> None:
        super().__init__()
        self.services = services
        self.title, self.message = title, message
        self.on_confirm = on_confirm
        w, h = LOGICAL_SIZE
        self.panel = pygame.Rect((w - PANEL_W) // 2, (h - PANEL_H) // 2, PANEL_W, PANEL_H)
        fonts = services.fonts
        bw, bh, gap = 220, 54, 24
        y = self.panel.bottom - bh - 24
        x0 = self.panel.centerx - bw - gap // 2
        self.confirm_button = Button((x0, y, bw, bh), confirm, fonts, self.confirm, style="red")
        self.cancel_button = Button((x0 + bw + gap, y, bw, bh), cancel, fonts, self.cancel, style="green")
        self.buttons = [self.confirm_button, self.cancel_button]

    def cancel(self) -> None:
        self.close()

    def confirm(self) -> None:
        self.close()
        self.on_confirm()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface, self.panel)
        fonts = self.services.fonts
        title = gfx.render_line(fonts.font(28, bold=True), self.title, GOLD)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 22)))
        body = fonts.font(19)
        y = self.panel.y + 80
        for line in wrap_text(body, self.message, self.panel.w - 60):
            img = gfx.render_line(body, line, TEXT)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += body.get_linesize()
        self.draw_buttons(surface)
