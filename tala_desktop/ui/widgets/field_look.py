"""Field looks: a one-line text field as one frame shows it (a frozen value), and the images that draw it, cached.

A ``FieldLook`` says everything a text field's picture depends on: where
it is, its text, where the caret is and whether it shows now, the text an
input method is composing, its type size, whether it has the focus and
whether it shows an error. ``FieldImages.draw(surface, look)`` paints a
look; a ``TextField`` draws itself through the same images, so a field
drawn from its look and one drawn by the widget are the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..art import gfx, theme
from ..art.theme import TEXT
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache

CACHE_LIMIT = 32         # images a field keeps (its frames at its sizes)


@dataclass(frozen=True)
class FieldLook:
    """One text field as a frame shows it."""

    box: tuple[int, int, int, int]      # x, y, width, height
    text: str
    caret: int                          # the caret's place in ``text``
    size: int                           # the type's size
    focused: bool = False
    caret_shown: bool = False           # the blinking caret is on in this frame
    composing: str = ""                 # text an input method is composing at the caret, not yet typed
    error: bool = False


class FieldImages:
    """Draws field looks; holds only the rendered frames (at most ``limit``)."""

    def __init__(self, fonts: Fonts, limit: int = CACHE_LIMIT) -> None:
        self.fonts = fonts
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(limit)

    def draw(self, surface: pygame.Surface, look: FieldLook) -> None:
        r = pygame.Rect(look.box)
        border = (theme.FIELD_ERROR_EDGE if look.error
                  else (theme.FIELD_FOCUS_EDGE if look.focused else theme.FIELD_EDGE))
        surface.blit(self._cache.get((r.size, border),
                                     lambda: gfx.rounded_rect(r.size, theme.FIELD_FILL, r.h // 4, 2, border)), r)
        font = self.fonts.font(look.size)
        pad = max(8, r.h // 4)
        text, caret, composing = look.text, look.caret, look.composing
        shown = text[:caret] + composing + text[caret:]
        img = gfx.render_line(font, shown, TEXT)
        caret_x = gfx.text_size(font, text[:caret] + composing)[0]
        inner_w = r.w - 2 * pad
        shift = max(0, caret_x - inner_w + 2)
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-pad, -4))
        y = r.centery - img.get_height() // 2
        surface.blit(img, (r.x + pad - shift, y))
        if composing:
            x0 = r.x + pad - shift + gfx.text_size(font, text[:caret])[0]
            w = gfx.text_size(font, composing)[0]
            base = y + img.get_height() - 2
            pygame.draw.line(surface, theme.FIELD_FOCUS_EDGE[:3], (x0, base), (x0 + w, base))
        if look.caret_shown:
            x = r.x + pad - shift + caret_x
            pygame.draw.line(surface, theme.FIELD_FOCUS_EDGE[:3], (x, r.y + r.h * 0.22), (x, r.bottom - r.h * 0.22), 2)
        surface.set_clip(clip)
