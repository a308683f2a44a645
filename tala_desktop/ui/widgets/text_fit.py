"""Text that fits its box: the largest font size (down to a floor) at which a label fits, a record of every fit,
and ``ellipsize`` for a line that must be cut.

The store screens draw their labels through ``TextFitter``: each call
renders ``text`` at ``size`` or smaller so it is at most ``width`` pixels
wide, never below ``READABLE`` (the smallest type a player reads), and
records (text, rendered width, box width); ``line`` cuts a text that does
not fit even then with "…". ``overflowing()`` lists the labels that did not
fit (the tests check it is empty for every screen, in both languages).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..art import gfx
from ..art.menu_art import MenuArt
from ..art.theme import Colour
from ..core.assets import Fonts

READABLE = 15   # the smallest type a player reads (canvas px): 12 px on screen at 1024x600, 11 at the smallest window
SMALLEST = READABLE
ELLIPSIS = "…"


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """``text``, or its longest start that fits ``width`` pixels with "…" after it."""
    if gfx.text_size(font, text)[0] <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:                      # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if gfx.text_size(font, text[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


NAME_SHRINK = 0.8          # a name may be drawn this much smaller than its size to fit, never smaller


@dataclass(frozen=True)
class FittedName:
    """A name as drawn in its room: the words shown, at which size, and whether they were cut (the full name then
    shows on hover)."""

    text: str
    size: int
    cut: bool


def fit_name(fonts: Fonts, name: str, size: int, width: int, bold: bool = True) -> FittedName:
    """``name`` in ``width`` pixels, readable: the largest size from ``size`` down to 80 % of it (never under 12) at
    which it fits whole; else at that smallest size, cut with "…". Never squeezed."""
    floor = max(SMALLEST, round(size * NAME_SHRINK))
    for s in range(max(1, size), floor - 1, -1):
        if gfx.text_size(fonts.font(s, bold), name)[0] <= width:
            return FittedName(name, s, False)
    shown = ellipsize(fonts.font(floor, bold), name, max(1, width))
    return FittedName(shown, floor, shown != name)


@dataclass(frozen=True)
class FittedText:
    text: str
    width: int          # rendered width in pixels
    box: int            # the room it had


class TextFitter:
    """Renders labels (shadowed, cached by MenuArt) no wider than their box, and remembers each one."""

    def __init__(self, art: MenuArt, fonts: Fonts) -> None:
        self.art = art
        self.fonts = fonts
        self.records: list[FittedText] = []

    def clear(self) -> None:
        self.records = []

    def size_for(self, text: str, size: int, width: int, bold: bool = False) -> int:
        while size > SMALLEST and gfx.text_size(self.fonts.font(size, bold), text)[0] > width:
            size -= 1
        return size

    def __call__(self, text: str, size: int, colour: Colour, width: int, bold: bool = False) -> pygame.Surface:
        fitted = self.size_for(text, size, width, bold)
        img = self.art.text(text, fitted, colour, bold)
        self.records.append(FittedText(text, gfx.text_size(self.fonts.font(fitted, bold), text)[0], width))
        return img

    def line(self, text: str, size: int, colour: Colour, width: int, bold: bool = False) -> pygame.Surface:
        """``text`` at ``size`` or smaller, never below ``SMALLEST``: cut short with "…" if even that is too wide
        (the cut text is recorded, so it never overflows)."""
        fitted = self.size_for(text, size, width, bold)
        font = self.fonts.font(fitted, bold)
        shown = ellipsize(font, text, width)
        self.records.append(FittedText(shown, gfx.text_size(font, shown)[0], width))
        return self.art.text(shown, fitted, colour, bold)

    def overflowing(self) -> list[FittedText]:
        return [r for r in self.records if r.width > r.box]
