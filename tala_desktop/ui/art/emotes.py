"""Emote faces for the table's quick reactions, drawn from shapes (the bundled font has no emoji).

``emote(key, diameter)`` returns a round face (laugh, wow, sad, angry) or a
heart (love) on a transparent surface, drawn four times larger and scaled
down smoothly so the edges stay soft at any size.
"""

from __future__ import annotations

import functools
import math

import pygame

from . import theme
from .theme import Colour

SUPER = 4
EMOTE_KEYS = ("laugh", "wow", "sad", "angry", "love")


def _face(surface: pygame.Surface, d: int, top: Colour, bottom: Colour) -> None:
    r = d // 2
    for y in range(d):
        t = y / max(1, d - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom))
        half = math.sqrt(max(0.0, r * r - (y - r + 0.5) ** 2))
        if half > 0:
            pygame.draw.line(surface, colour, (r - half, y), (r + half, y))
    layer = pygame.Surface((d, d), pygame.SRCALPHA)   # translucent rim and shine, blended over the face
    pygame.draw.circle(layer, (*theme.EMOTE_FEATURE, 90), (r, r), r, max(2, d // 40))
    pygame.draw.ellipse(layer, theme.EMOTE_SHINE, (d * 0.3, d * 0.07, d * 0.4, d * 0.14))
    surface.blit(layer, (0, 0))


def _laugh(s: pygame.Surface, d: int) -> None:
    _face(s, d, theme.EMOTE_FACE_TOP, theme.EMOTE_FACE_BOTTOM)
    w = max(3, d // 22)
    for cx in (0.34, 0.66):   # eyes shut tight: ^ ^
        pts = [(d * (cx - 0.1), d * 0.42), (d * cx, d * 0.33), (d * (cx + 0.1), d * 0.42)]
        pygame.draw.lines(s, theme.EMOTE_FEATURE, False, pts, w)
    layer = pygame.Surface((d, d), pygame.SRCALPHA)
    mouth = pygame.Rect(d * 0.24, d * 0.36, d * 0.52, d * 0.42)
    pygame.draw.ellipse(layer, theme.EMOTE_MOUTH, mouth)
    pygame.draw.ellipse(layer, theme.EMOTE_TONGUE, (d * 0.38, d * 0.64, d * 0.24, d * 0.12))
    pygame.draw.rect(layer, theme.CLEAR, (mouth.x, mouth.y, mouth.w, mouth.h // 2))   # the top half cut flat: a D
    s.blit(layer, (0, 0))
    pygame.draw.line(s, theme.EMOTE_FEATURE, (mouth.x, mouth.centery), (mouth.right, mouth.centery), w)


def _wow(s: pygame.Surface, d: int) -> None:
    _face(s, d, theme.EMOTE_FACE_TOP, theme.EMOTE_FACE_BOTTOM)
    for cx in (0.35, 0.65):
        pygame.draw.ellipse(s, theme.EMOTE_EYE, (d * (cx - 0.08), d * 0.28, d * 0.16, d * 0.2))
        pygame.draw.circle(s, theme.EMOTE_FEATURE, (d * cx, d * 0.39), d * 0.05)
        pygame.draw.arc(s, theme.EMOTE_FEATURE, (d * (cx - 0.1), d * 0.16, d * 0.2, d * 0.12), 0.4, math.pi - 0.4,
                        max(3, d // 28))
    pygame.draw.ellipse(s, theme.EMOTE_MOUTH, (d * 0.41, d * 0.58, d * 0.18, d * 0.22))


def _sad(s: pygame.Surface, d: int) -> None:
    _face(s, d, theme.EMOTE_FACE_TOP, theme.EMOTE_FACE_BOTTOM)
    w = max(3, d // 22)
    for cx in (0.35, 0.65):
        pygame.draw.circle(s, theme.EMOTE_FEATURE, (d * cx, d * 0.42), d * 0.055)
    pygame.draw.line(s, theme.EMOTE_FEATURE, (d * 0.25, d * 0.3), (d * 0.4, d * 0.26), w)
    pygame.draw.line(s, theme.EMOTE_FEATURE, (d * 0.6, d * 0.26), (d * 0.75, d * 0.3), w)
    pygame.draw.arc(s, theme.EMOTE_FEATURE, (d * 0.3, d * 0.62, d * 0.4, d * 0.3), 0.35, math.pi - 0.35, w)
    tear = [(d * 0.68, d * 0.5), (d * 0.63, d * 0.62), (d * 0.68, d * 0.66), (d * 0.73, d * 0.62)]
    pygame.draw.polygon(s, theme.EMOTE_TEAR, tear)
    pygame.draw.circle(s, theme.EMOTE_TEAR, (d * 0.68, d * 0.625), d * 0.05)


def _angry(s: pygame.Surface, d: int) -> None:
    _face(s, d, theme.EMOTE_ANGRY_TOP, theme.EMOTE_ANGRY_BOTTOM)
    w = max(4, d // 16)
    for cx in (0.35, 0.65):
        pygame.draw.circle(s, theme.EMOTE_FEATURE, (d * cx, d * 0.46), d * 0.05)
    pygame.draw.line(s, theme.EMOTE_FEATURE, (d * 0.22, d * 0.3), (d * 0.43, d * 0.38), w)
    pygame.draw.line(s, theme.EMOTE_FEATURE, (d * 0.57, d * 0.38), (d * 0.78, d * 0.3), w)
    pygame.draw.arc(s, theme.EMOTE_FEATURE, (d * 0.3, d * 0.64, d * 0.4, d * 0.26), 0.3, math.pi - 0.3, max(3, d // 22))


def _love(s: pygame.Surface, d: int) -> None:
    r = d * 0.25
    pts: list[tuple[float, float]] = []
    for i in range(64):   # the heart curve, filling the square
        t = math.tau * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((d / 2 + x * d / 36, d * 0.46 - y * d / 36))
    pygame.draw.polygon(s, theme.EMOTE_HEART, pts)
    pygame.draw.polygon(s, theme.EMOTE_HEART_EDGE, pts, max(2, d // 40))
    pygame.draw.ellipse(s, theme.EMOTE_HEART_SHINE, (d * 0.24, d * 0.22, r, r * 0.7))


_DRAW = {"laugh": _laugh, "wow": _wow, "sad": _sad, "angry": _angry, "love": _love}


@functools.lru_cache(maxsize=64)
def emote(key: str, diameter: int) -> pygame.Surface:
    """The emote ``key`` (one of EMOTE_KEYS) as a ``diameter``-pixel image with transparency."""
    if key not in _DRAW:
        raise ValueError(f"unknown emote {key!r}: one of {', '.join(EMOTE_KEYS)}")
    big = diameter * SUPER
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    _DRAW[key](surface, big)
    return pygame.transform.smoothscale(surface, (diameter, diameter))
