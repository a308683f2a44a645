"""Avatars: the one drawing of a player's face, wherever one is shown (profile, menu, new-game page, table, results).

A player with a chosen look (the profile's avatar id, ``look``) is drawn
in it: the first ``COLOUR_LOOKS`` looks are a disc in one of the profile's
colours with the name's initials, the next ones the picture avatars of
assets/images/avatars/ (animal faces drawn by tools/make_avatars.py) on a
ring. A player without a look (a computer player, someone at a LAN table)
gets the disc in the colour their name picks. Every page draws through
``Faces.face``, so a look is the same on every screen; ``disc`` and
``framed`` are the two drawings (initials on a lit disc, a picture in a
ring) and nothing else draws a face. A picture that cannot be read is drawn
as the look's colour disc instead, and logged.
"""

from __future__ import annotations

import logging
import zlib
from pathlib import Path

import pygame

from ..core.assets import Fonts, asset_path
from ..core.surface_cache import SurfaceCache
from . import gfx
from .theme import AVATAR_COLOURS, AVATAR_RING, WHITE

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]
COLOUR_LOOKS = len(AVATAR_COLOURS)   # looks 0..9: the colours; from 10: the pictures
PICTURES_DIR = ("images", "avatars")
SUPERSAMPLE = 3                      # a face is drawn this many times larger and smoothscaled down


def initials(name: str) -> str:
    """Initials: 'Nguyễn Văn An' -> 'NA', 'Lan' -> 'L', '' -> '?'; a word without a letter ("(2)" of a LAN name
    made unique) counts only when there is no other."""
    words = [w for w in name.split() if any(ch.isalpha() for ch in w)] or name.split()
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][0].upper()
    return (words[0][0] + words[-1][0]).upper()


def avatar_colour(name: str) -> Colour:
    """The colour a name picks when its player chose no look (crc32: the same on every run and machine)."""
    return AVATAR_COLOURS[zlib.crc32(name.encode("utf-8")) % len(AVATAR_COLOURS)]


def _ring(d: int, ring: Colour) -> pygame.Surface:
    """A ``d``-pixel face's supersampled canvas: a full disc of ``ring`` on transparent."""
    big = pygame.Surface((d * SUPERSAMPLE, d * SUPERSAMPLE), pygame.SRCALPHA)
    big.fill((*ring, 0))
    c = d * SUPERSAMPLE / 2
    pygame.draw.circle(big, ring, (c, c), c)
    return big


def _border(d: int) -> int:
    """The ring's width on a ``d``-pixel face."""
    return max(2, round(d * 0.05))


def disc(name: str, colour: Colour, diameter: int, fonts: Fonts, ring: Colour = AVATAR_RING) -> pygame.Surface:
    """The name's initials on a disc of ``colour`` lit from the top left, inside a ring of ``ring``."""
    d = max(8, int(diameter))
    big = _ring(d, ring)
    c = d * SUPERSAMPLE / 2
    border = _border(d) * SUPERSAMPLE
    dark, light = gfx.shade(colour, 0.75), gfx.shade(colour, 1.25)
    for i in range(16):
        t = i / 15
        r = (c - border) * (1 - 0.6 * t)
        off = (c - border) * 0.35 * t
        pygame.draw.circle(big, gfx.lerp_colour(dark, light, t), (c - off, c - off), r)
    out = pygame.transform.smoothscale(big, (d, d))
    text = initials(name)
    size = round(d * (0.46 if len(text) == 1 else 0.36))
    img = gfx.outlined_text(fonts.font(size, bold=True), text, WHITE, gfx.shade(colour, 0.5), max(1, round(d * 0.02)))
    box = img.get_bounding_rect()
    out.blit(img, (d / 2 - box.centerx, d / 2 - box.centery))
    return out


def framed(picture: pygame.Surface, diameter: int, ring: Colour = AVATAR_RING) -> pygame.Surface:
    """The round ``picture`` inside a ring of ``ring``, as wide as the initials' discs."""
    d = max(8, int(diameter))
    out = pygame.transform.smoothscale(_ring(d, ring), (d, d))
    border = _border(d)
    inner = d - 2 * border
    out.blit(pygame.transform.smoothscale(picture.convert_alpha() if pygame.display.get_surface() else picture,
                                          (inner, inner)), (border, border))
    return out


def picture_files() -> list[Path]:
    """The picture avatars shipped, in their order (01-cat.png, 02-dog.png, ...)."""
    try:
        folder = asset_path(*PICTURES_DIR)
    except FileNotFoundError:
        return []
    return sorted(folder.glob("*.png")) if folder.is_dir() else []


class Faces:
    """Draws faces: the colour looks, the pictures (loaded on first use) and the names' colours; caches them."""

    def __init__(self, fonts: Fonts, files: list[Path] | None = None) -> None:
        self.fonts = fonts
        self.files = picture_files() if files is None else files
        self._pictures: dict[int, pygame.Surface | None] = {}
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(200)

    @property
    def looks(self) -> int:
        """How many looks a player may choose from: the colours, then the pictures."""
        return COLOUR_LOOKS + len(self.files)

    def is_picture(self, look: int) -> bool:
        return look % self.looks >= COLOUR_LOOKS

    def face(self, name: str, look: int | None, diameter: int, ring: Colour = AVATAR_RING) -> pygame.Surface:
        """``name``'s face ``diameter`` pixels wide: in the chosen ``look``, or in the name's colour without one.

        Any stored id draws: larger ids wrap onto the looks there are."""
        d = max(8, int(diameter))
        key = (name, None if look is None else look % self.looks, d, ring)
        return self._cache.get(key, lambda: gfx.optimise(self._draw(name or "?", key[1], d, ring)))

    def _draw(self, name: str, look: int | None, d: int, ring: Colour) -> pygame.Surface:
        if look is None:
            return disc(name, avatar_colour(name), d, self.fonts, ring)
        if look >= COLOUR_LOOKS:
            picture = self._picture(look - COLOUR_LOOKS)
            if picture is not None:
                return framed(picture, d, ring)
        return disc(name, AVATAR_COLOURS[look % COLOUR_LOOKS], d, self.fonts, ring)

    def _picture(self, index: int) -> pygame.Surface | None:
        if index not in self._pictures:
            try:
                self._pictures[index] = pygame.image.load(str(self.files[index]))
            except (pygame.error, OSError, IndexError) as exc:
                log.warning("avatar picture %d not readable: %s", index, exc)
                self._pictures[index] = None
        return self._pictures[index]

