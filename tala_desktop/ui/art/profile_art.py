"""Profile art: the player's avatar (initials on a disc in the colour they chose) and the profile card's chip.

Avatar ids are the store's 0..63; the UI has ``len(AVATAR_COLOURS)`` looks
and wraps larger ids onto them, so any stored id draws.
"""

from __future__ import annotations

import pygame

from ..core.assets import Fonts
from . import gfx
from .table_art import AVATAR_COLOURS, initials

AVATAR_LOOKS = len(AVATAR_COLOURS)


def avatar_look(avatar_id: int) -> tuple[int, int, int]:
    return AVATAR_COLOURS[avatar_id % AVATAR_LOOKS]


def profile_avatar(name: str, avatar_id: int, diameter: int, fonts: Fonts,
                   ring: tuple[int, int, int] = (255, 214, 110)) -> pygame.Surface:
    """A round avatar: a disc in the avatar's colour, lit from the top left, with the name's initials."""
    d = max(8, int(diameter))
    k = 3
    base = avatar_look(avatar_id)
    big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
    big.fill((*ring, 0))
    c = d * k / 2
    pygame.draw.circle(big, ring, (c, c), c)
    border = max(2, round(d * 0.05)) * k
    for i in range(16):
        t = i / 15
        r = (c - border) * (1 - 0.6 * t)
        off = (c - border) * 0.35 * t
        pygame.draw.circle(big, gfx.lerp_colour(gfx.shade(base, 0.75), gfx.shade(base, 1.25), t), (c - off, c - off), r)
    out = pygame.transform.smoothscale(big, (d, d))
    text_ = initials(name)
    size = round(d * (0.46 if len(text_) == 1 else 0.36))
    img = gfx.outlined_text(fonts.font(size, bold=True), text_, (255, 255, 255), gfx.shade(base, 0.5),
                            max(1, round(d * 0.02)))
    box = img.get_bounding_rect()
    out.blit(img, (d / 2 - box.centerx, d / 2 - box.centery))
    return out
