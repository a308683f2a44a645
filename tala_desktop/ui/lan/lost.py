"""LanLostOverlay: the LAN connection is gone for good — why, in words, and a button back to the menu.

Its title says what happened: "Bàn đã đóng" when the server closed (its host
quit or left), "Mất kết nối" when the connection itself was lost.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx
from ..art.theme import LABEL, TEXT
from ..core.display import LOGICAL_SIZE
from ..core.i18n import tr
from ..frames.overlay import Overlay
from ..frames.page import wrap_text
from ..shared.services import Services
from ..widgets.controls import Button

LOST_W = 760


class LanLostOverlay(Overlay):
    """Over whatever LAN scene is showing: the server is gone; the button (or Enter, Esc) goes back to the menu."""

    escape_keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)

    def __init__(self, services: Services, text: str, to_menu: Callable[[], None], title: str | None = None) -> None:
        super().__init__()
        self.services = services
        self.text = text
        self.title = title or tr("lan.lost_title")
        self.button = Button((0, 0, 260, 64), tr("lan.to_menu"), services.fonts, to_menu, style="primary",
                             font_size=24)
        self.buttons = [self.button]
        self.box(LOGICAL_SIZE)  # places the button before the first frame

    def on_escape(self) -> None:
        self.button.click()

    def box(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[str]]:
        """The message box centred on a canvas of ``size`` and the message's lines."""
        lines = wrap_text(self.services.fonts.font(21), self.text, LOST_W - 64)
        box = pygame.Rect(0, 0, LOST_W, 96 + 30 * len(lines) + 100)
        box.center = (size[0] // 2, size[1] // 2)
        self.button.rect.midbottom = (box.centerx, box.bottom - 24)
        self.panel = box
        return box, lines

    def draw(self, surface: pygame.Surface) -> None:
        box, lines = self.box(surface.get_size())
        self.draw_backdrop(surface, box)
        title = gfx.render_line(self.services.fonts.font(26, True), self.title, LABEL)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 28)))
        font = self.services.fonts.font(21)
        for i, line in enumerate(lines):
            img = gfx.render_line(font, line, TEXT)
            surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 84 + 30 * i)))
        self.draw_buttons(surface)
