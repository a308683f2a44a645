"""ConfirmOverlay: a yes/no question over the current screen, for actions that cost the player something."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx
from ..core.display import LOGICAL_SIZE
from ..core.scene import Scene
from ..services import Services
from ..widgets.controls import Button
from .page import wrap_text

GOLD = (255, 214, 90)
PANEL_W, PANEL_H = 560, 280


class ConfirmOverlay(Scene):
    """A dimmed screen, a panel with a title and a message, and confirm / cancel buttons.

    Esc or the cancel button closes it; the confirm button closes it and then runs ``on_confirm``.
    """

    is_overlay = True

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
        self._dirty = True

    @property
    def needs_redraw(self) -> bool:
        return self._dirty

    def cancel(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def confirm(self) -> None:
        self.cancel()
        self.on_confirm()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._dirty = True
            for b in self.buttons:
                if b.handle_event(event):
                    return

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.buttons:
            b.update(dt)
        self._dirty = False

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        surface.blit(gfx.rounded_rect(self.panel.size, (14, 40, 28, 245), 18, 1, (255, 214, 90, 180)),
                     self.panel.topleft)
        fonts = self.services.fonts
        title = fonts.font(28, bold=True).render(self.title, True, GOLD)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 22)))
        body = fonts.font(19)
        y = self.panel.y + 80
        for line in wrap_text(body, self.message, self.panel.w - 60):
            img = body.render(line, True, (235, 235, 225))
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += body.get_linesize()
        for b in self.buttons:
            b.draw(surface)
