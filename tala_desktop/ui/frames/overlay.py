"""Overlay: the base of every dialog over another scene — a dimmed screen, a panel, buttons, Esc to close.

Subclasses build ``self.buttons`` and draw their text; the base routes the
mouse to the buttons, closes on Esc (or runs ``on_escape``), keeps the
buttons' glow going and asks for a frame only after input, until drawn.
"""

from __future__ import annotations

import pygame

from ..art import gfx
from ..art.theme import DIALOG_EDGE, DIALOG_FILL, GOLD, SHADE, TEXT
from ..core.assets import Fonts
from ..core.scene import Scene
from ..widgets.controls import Button

_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Overlay(Scene):
    """A modal dialog: the scene below shows through a shade and gets no input."""

    is_overlay = True
    escape_keys: tuple[int, ...] = (pygame.K_ESCAPE,)

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[Button] = []
        self._dirty = True
        self._backdrop: tuple[tuple[int, int, int, int], pygame.Surface, pygame.Surface] | None = None

    @property
    def needs_redraw(self) -> bool:
        """After input (hover and press change the buttons' look) until drawn, and while a button glows."""
        return self._dirty or any(b.glow and b.active for b in self.buttons)

    def mark_drawn(self) -> None:
        self._dirty = False

    def close(self) -> None:
        """Take this overlay off the stack (if it is on top)."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def on_escape(self) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in self.escape_keys:
            self.on_escape()
            return
        if event.type in _MOUSE_EVENTS:
            self._dirty = True
            for b in self.buttons:
                if b.handle_event(event):
                    return

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.buttons:
            b.update(dt)

    def draw_backdrop(self, surface: pygame.Surface, panel: pygame.Rect, radius: int = 18) -> None:
        """The shade over the whole screen and the dialog's panel with its gold edge (both made once per size)."""
        whole = surface.get_parent() or surface          # the shade covers the canvas around the design box
        key = (*whole.get_size(), *panel.size)
        if self._backdrop is None or self._backdrop[0] != key:
            shade = pygame.Surface(whole.get_size(), pygame.SRCALPHA)
            shade.fill(SHADE)
            self._backdrop = (key, shade, gfx.rounded_rect(panel.size, DIALOG_FILL, radius, 1, DIALOG_EDGE))
        whole.blit(self._backdrop[1], (0, 0))
        surface.blit(self._backdrop[2], panel.topleft)

    @staticmethod
    def draw_heading(surface: pygame.Surface, panel: pygame.Rect, fonts: Fonts, title: str, lines: list[str],
                     size: int, top: int) -> int:
        """A dialog's gold title and its message's ``lines`` (font ``size``, from ``top`` under the panel's top),
        centred in ``panel``; returns the y under the last line."""
        image = gfx.render_line(fonts.font(28, bold=True), title, GOLD)
        surface.blit(image, image.get_rect(midtop=(panel.centerx, panel.y + 22)))
        body = fonts.font(size)
        y = panel.y + top
        for line in lines:
            image = gfx.render_line(body, line, TEXT)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += body.get_linesize()
        return y

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)
