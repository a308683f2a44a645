"""Glyph fallback: a text font that draws what it lacks (emoji) from a second font, cluster by cluster.

DejaVu Sans, the game's text font, covers Vietnamese and the card suits but
few emoji (😄 yes, 👍 and 👨‍👩‍👧 no: it would draw boxes). ``FallbackFont``
is a ``pygame.font.Font`` whose ``render`` and ``size`` split a line into runs:
the runs the text font has, drawn by it, and the clusters it lacks (an emoji
with its variation selector, skin tone, keycap mark, tag letters, or a whole
zero-width-joiner sequence), drawn by the emoji font when that has them. The
emoji font shapes a ZWJ sequence into its one glyph where it has one (the
family), else draws its parts. A cluster neither font has stays with the text
font. Runs sit on the text font's baseline, in a line of its height; a line
the text font covers alone (nearly every one) goes straight to pygame.

``GlyphCover`` answers "does this font file have a glyph for this character",
read from the file's character map through pygame.freetype (SDL_ttf answers
with its missing-glyph box), once per character.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pygame
import pygame.freetype

ColorLike = pygame.typing.ColorLike
ZWJ = "\u200d"
SIZES_KEPT = 2048      # text sizes a font keeps (its style never changes: a bold font is a file of its own)


def joins(ch: str) -> bool:
    """A character that belongs to the cluster before it: a joiner, a variation selector, a skin tone, a keycap or
    tag mark, a combining mark."""
    code = ord(ch)
    return (ch == ZWJ or 0xFE00 <= code <= 0xFE0F or 0x1F3FB <= code <= 0x1F3FF or code == 0x20E3
            or 0xE0020 <= code <= 0xE007F or unicodedata.category(ch).startswith("M"))


def ignorable(ch: str) -> bool:
    """A joiner or a variation selector: drawn as nothing by any font, so it never decides which font draws."""
    return ch == ZWJ or 0xFE00 <= ord(ch) <= 0xFE0F


def clusters(text: str) -> list[str]:
    """``text`` cut where a new character starts: each piece a character and what joins it (after a ZWJ, the
    next character joins too)."""
    out: list[str] = []
    for ch in text:
        if out and (joins(ch) or out[-1].endswith(ZWJ)):
            out[-1] += ch
        else:
            out.append(ch)
    return out


class GlyphCover:
    """Which characters one font file has a glyph for (remembered per character)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._face: pygame.freetype.Font | None = None
        self._known: dict[str, bool] = {}

    def has(self, ch: str) -> bool:
        known = self._known.get(ch)
        if known is None:
            if self._face is None:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                self._face = pygame.freetype.Font(str(self.path), 12)
            try:
                known = self._face.get_metrics(ch)[0] is not None
            except (pygame.error, ValueError, UnicodeError, IndexError):
                known = True          # unreadable here: left to the text font, which never raises through gfx
            self._known[ch] = known
        return known


class FallbackFont(pygame.font.Font):
    """A text font at one size with an emoji font beside it (see the module's docstring)."""

    def __init__(self, path: Path, size: int, cover: GlyphCover, fallback: pygame.font.Font,
                 fallback_cover: GlyphCover) -> None:
        super().__init__(str(path), size)
        self.cover = cover
        self.fallback = fallback
        self.fallback_cover = fallback_cover
        self._sizes: dict[str, tuple[int, int]] = {}    # size() by text: measured once (the same plates every frame)

    def _covered(self, text: str) -> bool:
        return text.isascii() or all(self.cover.has(ch) for ch in text if not ignorable(ch))

    def runs(self, text: str) -> list[tuple[str, bool]]:
        """``text`` as runs, each with True when the emoji font draws it."""
        out: list[tuple[str, bool]] = []
        for piece in clusters(text):
            shown = [ch for ch in piece if not ignorable(ch)]
            other = bool(shown) and not all(self.cover.has(ch) for ch in shown) \
                and self.fallback_cover.has(shown[0])
            if out and out[-1][1] == other:
                out[-1] = (out[-1][0] + piece, other)
            else:
                out.append((piece, other))
        return out

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        if isinstance(text, bytes):
            return super().size(text)
        found = self._sizes.get(text)
        if found is not None:
            return found
        if self._covered(text):
            found = super().size(text)
        else:
            found = (sum(self.fallback.size(run)[0] if other else super(FallbackFont, self).size(run)[0]
                         for run, other in self.runs(text)), self.get_height())
        if len(self._sizes) >= SIZES_KEPT:
            self._sizes.clear()
        self._sizes[text] = found
        return found

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike,
               bgcolor: ColorLike | None = None, wraplength: int = 0) -> pygame.Surface:
        if text is None or isinstance(text, bytes) or self._covered(text):
            return super().render(text, antialias, color, bgcolor, wraplength)
        images = [(self.fallback.render(run, antialias, color) if other
                   else super(FallbackFont, self).render(run, antialias, color), other)
                  for run, other in self.runs(text)]
        out = pygame.Surface((sum(img.get_width() for img, _ in images), self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x, baseline = 0, self.get_ascent()
        for img, other in images:
            top = baseline - self.fallback.get_ascent() if other else 0
            out.blit(img, (x, top))
            x += img.get_width()
        return out
