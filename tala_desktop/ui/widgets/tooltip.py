"""Tooltip: a small dark box with words by the pointer — the full name where a name had to be cut with "…"."""

from __future__ import annotations

import functools

import pygame

from ..art import gfx
from ..art.theme import DIALOG_EDGE, DIALOG_FILL, WHITE
from ..core.assets import Fonts

PAD = 8
OFFSET = 18              # below and right of the pointer's tip


@functools.lru_cache(maxsize=32)
def _box(fonts: Fonts, text: str, size: int) -> pygame.Surface:
    words = gfx.render_line(fonts.font(size, True), text, WHITE)
    box = gfx.rounded_rect((words.get_width() + 2 * PAD, words.get_height() + PAD), DIALOG_FILL, 8, 1, DIALOG_EDGE)
    box.blit(words, (PAD, PAD // 2))
    return box


def tooltip_rect(size: tuple[int, int], pointer: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: under and right of the pointer, moved to stay inside ``bounds``."""
    rect = pygame.Rect(pointer[0] + OFFSET // 2, pointer[1] + OFFSET, *size)
    if rect.right > bounds.right:
        rect.right = max(bounds.x, pointer[0] - OFFSET // 2)
    if rect.bottom > bounds.bottom:
        rect.bottom = pointer[1] - OFFSET // 2
    return rect.clamp(bounds)


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, text: str, pointer: tuple[int, int], size: int = 16
                 ) -> pygame.Rect:
    """``text`` in a tooltip by ``pointer`` on ``surface``; where it went."""
    box = _box(fonts, text, size)
    rect = tooltip_rect(box.get_size(), pointer, surface.get_rect())
    surface.blit(box, rect)
    return rect
