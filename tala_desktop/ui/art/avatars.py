"""Avatars: one way to draw a player wherever a face is shown (profile, menu, new-game page, table, results).

A player with a chosen look (the profile's avatar id, ``look``) is drawn
in it: a disc in one of the profile's colours with the name's initials.
A player without one (a computer player, someone at a LAN table) gets the
disc in the colour their name picks. Every page draws through ``face``, so
a look is the same colour on every screen.
"""

from __future__ import annotations

import pygame

from ..core.assets import Fonts
from .profile_art import profile_avatar
from .table_art import avatar

Colour = tuple[int, int, int]
RING: Colour = (245, 245, 245)       # the edge of a face at the table


def face(name: str, look: int | None, diameter: int, fonts: Fonts, ring: Colour = RING) -> pygame.Surface:
    """``name``'s face ``diameter`` pixels wide: in the chosen ``look``, or in the name's colour without one."""
    if look is None:
        return avatar(name or "?", diameter, fonts, ring)
    return profile_avatar(name or "?", look, diameter, fonts, ring)
