"""Button looks: a button as one frame shows it (a frozen value), and the images that draw it, cached.

A ``ButtonLook`` says everything a button's picture depends on: where it
is, its label and style, its font size, whether the pointer is over it,
whether it is held down, whether it can be pressed, and how bright its
pulsing glow is now (0: none). ``ButtonImages.draw(surface, look)`` paints
a look, rendering each state's face and the glow's halo once per size and
label; a ``Button`` widget draws itself through the same images, so a
button drawn from its look and one drawn by the widget are the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..art import gfx, theme
from ..art.theme import WHITE
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache

CACHE_LIMIT = 16         # images one widget keeps: its states, its glow, at the sizes and labels it had


@dataclass(frozen=True)
class ButtonLook:
    """One button as a frame shows it."""

    box: tuple[int, int, int, int]      # x, y, width, height
    label: str
    style: str = "primary"
    font_size: int | None = None
    hover: bool = False                 # the pointer is over it
    pressed: bool = False               # held down (drawn pressed while the pointer stays over it)
    enabled: bool = True
    glow: float = 0.0                   # the pulsing halo's brightness now, 0..1 (0: no halo)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.box)

    @property
    def state(self) -> str:
        """The face drawn: disabled, pressed (held with the pointer over it), hover or normal."""
        if not self.enabled:
            return "disabled"
        if self.pressed and self.hover:
            return "pressed"
        return "hover" if self.hover else "normal"


class ButtonImages:
    """Draws button looks; holds only the rendered faces and halos (at most ``limit``)."""

    def __init__(self, fonts: Fonts, limit: int = CACHE_LIMIT) -> None:
        self.fonts = fonts
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(limit)

    def face(self, look: ButtonLook) -> pygame.Surface:
        state = look.state
        key = (state, look.box[2:], look.label, look.style, look.font_size)
        return self._cache.get(key, lambda: render_face(self.fonts, look, state))

    def halo(self, size: tuple[int, int]) -> pygame.Surface:
        h = size[1]
        return self._cache.get(("halo", size), lambda: gfx.glow_outline(
            size, min(h // 2, max(6, h // 3)), theme.BUTTON_GLOW, max(2, h // 16), max(6, h // 4)))

    def draw(self, surface: pygame.Surface, look: ButtonLook) -> None:
        rect = look.rect
        if look.glow > 0:
            halo = self.halo(rect.size)
            halo.set_alpha(round(255 * look.glow))
            surface.blit(halo, halo.get_rect(center=rect.center))
        surface.blit(self.face(look), rect.move(0, 2 if look.state == "pressed" else 0))


def render_face(fonts: Fonts, look: ButtonLook, state: str) -> pygame.Surface:
    """A button's rounded, shaded face in ``state`` with its outlined label, squeezed to fit."""
    w, h = look.box[2:]
    top, bottom, border = theme.BUTTON_DISABLED if state == "disabled" else theme.BUTTON_FACES[look.style]
    if state == "hover":
        top, bottom = gfx.shade(top, 1.12), gfx.shade(bottom, 1.12)
    elif state == "pressed":
        top, bottom = gfx.shade(bottom, 0.92), gfx.shade(top, 0.92)
    radius = min(h // 2, max(6, h // 3))
    shape = gfx.rounded_rect((w, h), theme.MASK, radius)
    body = gfx.mask_with(gfx.vertical_gradient((w, h), top, bottom), shape)
    edge = gfx.rounded_rect((w, h), theme.CLEAR, radius, border=max(2, h // 20), border_colour=(*border, 255))
    body.blit(edge, (0, 0))
    shine = gfx.rounded_rect((w - 2 * max(3, h // 10), h // 2 - 2), theme.BUTTON_SHINE, max(2, radius - 3))
    body.blit(shine, (max(3, h // 10), max(2, h // 16)))
    size = look.font_size or max(10, round(h * 0.42))
    text_colour = theme.BUTTON_TEXT_DISABLED if state == "disabled" else WHITE
    label = gfx.outlined_text(fonts.font(size, bold=True), look.label, text_colour,
                              gfx.shade(border, 0.8), max(1, size // 12))
    if label.get_width() > w - 8:
        label = pygame.transform.smoothscale(label, (w - 8, label.get_height()))
    body.blit(label, label.get_rect(center=(w / 2, h / 2)))
    return gfx.optimise(body)
