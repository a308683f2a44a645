"""Felt colours: the table's cloth in the colour the player chose (green, blue, red), applied live.

The table art draws green felt; ``recolour_felt`` moves its colour channels
(green <-> blue for a blue cloth, green into red for a red one) everywhere
except the wooden rim, so the light, the vignette and the grain stay the
same. Each frame of the table carries ``settings.table_colour`` in its view
and the table painter draws the cloth in it.
"""

from __future__ import annotations

import pygame

from .table_art import table_oval
from .theme import CLEAR, MASK_FULL

TABLE_COLOURS = ("green", "blue", "red")
# colour -> (source channel for R, G, B) of the green felt
_CHANNELS: dict[str, tuple[int, int, int]] = {"green": (0, 1, 2), "blue": (0, 2, 1), "red": (1, 0, 0)}


def _ring(size: tuple[int, int]) -> pygame.Surface:
    """An opaque mask of the wooden rim (between the oval and its outer edge); elsewhere transparent."""
    w, h = size
    oval = table_oval(size)
    rim_w = max(6, round(min(w, h) * 0.028))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill(CLEAR)
    pygame.draw.ellipse(mask, MASK_FULL, oval.inflate(2 * rim_w + 4, 2 * rim_w + 4))
    pygame.draw.ellipse(mask, CLEAR, oval.inflate(-2, -2))   # the gold line around the cloth stays gold
    return mask


def recolour_felt(image: pygame.Surface, colour: str) -> pygame.Surface:
    """A copy of the green table ``image`` with the cloth and backdrop in ``colour``, the rim unchanged."""
    order = _CHANNELS.get(colour, _CHANNELS["green"])
    if order == (0, 1, 2):
        return image.copy()
    w, h = image.get_size()
    data = pygame.image.tobytes(image, "RGB")
    channels = [data[i::3] for i in range(3)]
    out = bytearray(len(data))
    for target, source in enumerate(order):
        out[target::3] = channels[source]
    moved = pygame.image.frombytes(bytes(out), (w, h), "RGB")
    rim = pygame.Surface((w, h), pygame.SRCALPHA)
    rim.blit(image, (0, 0))
    rim.blit(_ring((w, h)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    moved.blit(rim, (0, 0))
    return moved
