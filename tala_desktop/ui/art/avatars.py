"""Avatars: one way to draw a player wherever a face is shown (profile, menu, new-game page, table, results).

A player with a chosen look (the profile's avatar id, ``look``) is drawn
in it: the first ``COLOUR_LOOKS`` looks are a disc in one of the profile's
colours with the name's initials, the next ones the picture avatars of
assets/images/avatars/ (animal faces drawn by tools/make_avatars.py) on a
ring. A player without a look (a computer player, someone at a LAN table)
gets the disc in the colour their name picks. Every page draws through
``Faces.face``, so a look is the same on every screen. A picture that
cannot be read is drawn as the look's colour disc instead, and logged.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from ..core.assets import Fonts, asset_path
from ..core.surface_cache import SurfaceCache
from . import gfx
from .profile_art import profile_avatar
from .table_art import AVATAR_COLOURS, avatar

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]
RING: Colour = (245, 245, 245)       # the edge of a face at the table
COLOUR_LOOKS = len(AVATAR_COLOURS)   # looks 0..9: the colours; from 10: the pictures
PICTURES_DIR = ("images", "avatars")


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

    def face(self, name: str, look: int | None, diameter: int, ring: Colour = RING) -> pygame.Surface:
        """``name``'s face ``diameter`` pixels wide: in the chosen ``look``, or in the name's colour without one.

        Any stored id draws: larger ids wrap onto the looks there are."""
        d = max(8, int(diameter))
        key = (name, None if look is None else look % self.looks, d, ring)
        return self._cache.get(key, lambda: gfx.optimise(self._draw(name or "?", key[1], d, ring)))

    def _draw(self, name: str, look: int | None, d: int, ring: Colour) -> pygame.Surface:
        if look is None:
            return avatar(name, d, self.fonts, ring)
        if look >= COLOUR_LOOKS:
            picture = self._picture(look - COLOUR_LOOKS)
            if picture is not None:
                return _framed(picture, d, ring)
        return profile_avatar(name, look % COLOUR_LOOKS, d, self.fonts, ring)

    def _picture(self, index: int) -> pygame.Surface | None:
        if index not in self._pictures:
            try:
                self._pictures[index] = pygame.image.load(str(self.files[index]))
            except (pygame.error, OSError, IndexError) as exc:
                log.warning("avatar picture %d not readable: %s", index, exc)
                self._pictures[index] = None
        return self._pictures[index]


def _framed(picture: pygame.Surface, d: int, ring: Colour) -> pygame.Surface:
    """The round ``picture`` inside a ring of ``ring``, like the initials' discs."""
    k = 3
    big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
    big.fill((*ring, 0))
    pygame.draw.circle(big, ring, (d * k / 2, d * k / 2), d * k / 2)
    out = pygame.transform.smoothscale(big, (d, d))
    border = max(2, round(d * 0.05))
    inner = d - 2 * border
    out.blit(pygame.transform.smoothscale(picture.convert_alpha() if pygame.display.get_surface() else picture,
                                          (inner, inner)), (border, border))
    return out
