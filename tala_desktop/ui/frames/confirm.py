"""ConfirmOverlay: a yes/no question over the current screen, for actions that cost the player something."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..core.display import LOGICAL_SIZE
from ..shared.services import Services
from ..widgets.controls import Button
from .overlay import Overlay
from .page import wrap_text

PANEL_W, PANEL_H = 560, 280      # the smallest panel; a longer message makes it taller
BODY_SIZE, BODY_TOP = 19, 80     # the message's font size and where it starts under the panel's top
BUTTONS_H = 54 + 24 + 24         # the buttons, their margin and the gap above them


class ConfirmOverlay(Overlay):
    """A dimmed screen, a panel with a title and a message, and confirm / cancel buttons.

    Esc or the cancel button closes it; the confirm button closes it and then runs ``on_confirm``. The panel
    grows with the message (lines break at the message's newlines too), so the words never reach the buttons.
    """

    def __init__(self, services: Services, title: str, message: str, confirm: str, cancel: str,
                 on_confirm: Callable[[], None]) -> None:
        super().__init__()
        self.services = services
        self.title, self.message = title, message
        self.on_confirm = on_confirm
        fonts = services.fonts
        body = fonts.font(BODY_SIZE)
        self.lines = wrap_text(body, message, PANEL_W - 60)
        w, h = LOGICAL_SIZE
        ph = min(h - 20, max(PANEL_H, BODY_TOP + len(self.lines) * body.get_linesize() + BUTTONS_H))
        self.panel = pygame.Rect((w - PANEL_W) // 2, (h - ph) // 2, PANEL_W, ph)
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
        self.draw_heading(surface, self.panel, self.services.fonts, self.title, self.lines, BODY_SIZE, BODY_TOP)
        self.draw_buttons(surface)
