"""Bubble art: a speech bubble's image, rendered once per what it says (``BubbleContent``) and side, cached.

A bubble holds an emote, a quick phrase in the language shown, or a typed
line already wrapped into rows, with the name of someone watching over it
(they have no avatar to say who). ``BubbleArt.image(content, side)`` renders
the whole bubble, its tail toward ``side`` ("above": the tail points down at
the sender under it, "below", "left", "right"), once per content and side:
the layer measures a bubble with it to place it, and the painter draws the
same image.
"""

from __future__ import annotations

import pygame

from ..art import gfx, theme
from ..art.emotes import emote
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from .social_look import BubbleContent

TEXT_SIZE = 16
TAIL = 10
EMOTE_PX = 50


class BubbleArt:
    """The bubbles' images by content and side (at most ``limit``)."""

    def __init__(self, fonts: Fonts, limit: int = 64) -> None:
        self.fonts = fonts
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(limit)

    def image(self, content: BubbleContent, side: str) -> pygame.Surface:
        """The full-size bubble showing ``content`` with its tail toward ``side``."""
        return self._cache.get((content, side), lambda: self._render(content, side))

    def _rows(self, rows: tuple[str, ...]) -> pygame.Surface:
        font = self.fonts.font(TEXT_SIZE)
        images = [gfx.render_line(font, row, theme.BUBBLE_INK) for row in rows]
        step = font.get_linesize()
        out = pygame.Surface((max(1, max(img.get_width() for img in images)), step * len(images)), pygame.SRCALPHA)
        for i, img in enumerate(images):
            out.blit(img, (0, i * step))
        return out

    def _content(self, c: BubbleContent) -> pygame.Surface:
        if c.rows:
            content = self._rows(c.rows)
        elif c.emote:
            content = emote(c.emote, EMOTE_PX)
        else:
            content = gfx.render_text(self.fonts.font(17, True), c.words, theme.BUBBLE_INK)
        if not c.label:
            return content
        name = gfx.render_text(self.fonts.font(13, True), c.label, theme.BUBBLE_NAME)
        out = pygame.Surface((max(name.get_width(), content.get_width()), name.get_height() + content.get_height()),
                             pygame.SRCALPHA)
        out.blit(name, ((out.get_width() - name.get_width()) // 2, 0))
        out.blit(content, ((out.get_width() - content.get_width()) // 2, name.get_height()))
        return out

    def _render(self, c: BubbleContent, side: str) -> pygame.Surface:
        content = self._content(c)
        pad_x, pad_y = (8, 6) if c.emote and not c.rows else (14, 8)
        w, h = content.get_width() + 2 * pad_x, content.get_height() + 2 * pad_y
        wide = side in ("left", "right")
        img = pygame.Surface((w + TAIL, h) if wide else (w, h + TAIL), pygame.SRCALPHA)
        top = TAIL if side == "below" else 0
        left = TAIL if side == "right" else 0
        body = gfx.rounded_rect((w, h), (*theme.BUBBLE_FILL, 255), min(h // 2, 18), 2, (*theme.BUBBLE_EDGE, 255))
        tail_x, mid = tail_at(w), h // 2
        if side == "left":      # (outer edge points, inner fill points)
            edge = [(w - 2, mid - 7), (w + TAIL, mid), (w - 2, mid + 7)]
            fill = [(w - 4, mid - 5), (w + TAIL - 3, mid), (w - 4, mid + 5)]
        elif side == "right":
            edge = [(TAIL + 2, mid - 7), (0, mid), (TAIL + 2, mid + 7)]
            fill = [(TAIL + 4, mid - 5), (3, mid), (TAIL + 4, mid + 5)]
        elif side == "below":
            edge = [(tail_x - 7, TAIL + 2), (tail_x, 0), (tail_x + 7, TAIL + 2)]
            fill = [(tail_x - 5, TAIL + 4), (tail_x, 3), (tail_x + 5, TAIL + 4)]
        else:
            edge = [(tail_x - 7, h - 2), (tail_x, h + TAIL), (tail_x + 7, h - 2)]
            fill = [(tail_x - 5, h - 4), (tail_x, h + TAIL - 3), (tail_x + 5, h - 4)]
        pygame.draw.polygon(img, theme.BUBBLE_EDGE, edge)
        img.blit(body, (left, top))
        pygame.draw.polygon(img, theme.BUBBLE_FILL, fill)
        img.blit(content, (left + pad_x, top + pad_y))
        return img


def tail_at(width: int) -> int:
    """Where along a bubble's bottom (or top) edge its tail sits."""
    return min(width - 18, max(18, width // 4))
