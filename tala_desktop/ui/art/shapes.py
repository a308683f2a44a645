"""Shapes: suit symbols and court emblems drawn as polygons in a unit box.

Every function draws into a pygame ``Rect`` on a (usually supersampled)
surface, so the same outline scales crisply to any size. ``render_suit``
returns an antialiased pip by drawing at 4x and smoothscaling down.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import pygame

from .theme import CROWN_JEWEL, SWORD_BLADE, Colour

Point = tuple[float, float]

SUPERSAMPLE = 4


@functools.cache
def _heart_unit() -> tuple[Point, ...]:
    """The classic parametric heart, normalised to the unit box (tip at the bottom)."""
    raw = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return tuple(((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in raw)


def _quad(p0: Point, c: Point, p1: Point, steps: int = 8) -> list[Point]:
    out = []
    for i in range(steps):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


@functools.cache
def _diamond_unit() -> tuple[Point, ...]:
    top, right, bottom, left = (0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)
    pts: list[Point] = []
    pts += _quad(top, (0.66, 0.27), right)
    pts += _quad(right, (0.66, 0.73), bottom)
    pts += _quad(bottom, (0.34, 0.73), left)
    pts += _quad(left, (0.34, 0.27), top)
    return tuple(pts)


_STEM: tuple[Point, ...] = (
    (0.47, 0.55), (0.45, 0.78), (0.38, 0.93), (0.26, 1.0),
    (0.74, 1.0), (0.62, 0.93), (0.55, 0.78), (0.53, 0.55),
)


def _map(
    points: Sequence[Point], rect: pygame.Rect, box: tuple[float, float, float, float] = (0, 0, 1, 1)
) -> list[Point]:
    """Map unit points into ``box`` (unit sub-box x, y, w, h) of ``rect``."""
    bx, by, bw, bh = box
    return [(rect.x + (bx + px * bw) * rect.w, rect.y + (by + py * bh) * rect.h) for px, py in points]


def draw_suit(surface: pygame.Surface, suit: int, rect: pygame.Rect, colour: Colour) -> None:
    """Draw suit 0=♠ 1=♣ 2=♦ 3=♥ filling ``rect`` (no antialiasing; supersample for that)."""
    if suit == 3:
        pygame.draw.polygon(surface, colour, _map(_heart_unit(), rect, (0.02, 0.04, 0.96, 0.9)))
    elif suit == 2:
        pygame.draw.polygon(surface, colour, _map(_diamond_unit(), rect))
    elif suit == 0:
        body = [(x, 1 - y) for x, y in _heart_unit()]
        pygame.draw.polygon(surface, colour, _map(body, rect, (0.02, 0.0, 0.96, 0.8)))
        pygame.draw.polygon(surface, colour, _map(_STEM, rect))
    else:
        r = 0.235 * rect.w
        for cx, cy in ((0.5, 0.26), (0.26, 0.58), (0.74, 0.58)):
            pygame.draw.circle(surface, colour, (rect.x + cx * rect.w, rect.y + cy * rect.h), r)
        pygame.draw.polygon(surface, colour, _map(((0.5, 0.3), (0.3, 0.58), (0.7, 0.58)), rect))
        pygame.draw.polygon(surface, colour, _map(_STEM, rect))


def render_suit(suit: int, size: int, colour: Colour) -> pygame.Surface:
    """An antialiased pip ``size`` x ``size`` pixels with a transparent background."""
    size = max(2, int(size))
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    big.fill((*colour, 0))  # same colour at zero alpha: no dark fringe after smoothscale
    draw_suit(big, suit, big.get_rect(), colour)
    return pygame.transform.smoothscale(big, (size, size))


def _outlined(surface: pygame.Surface, fill: Colour, line: Colour, pts: list[Point], width: int) -> None:
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, line, pts, width)


def draw_emblem(surface: pygame.Surface, rank: int, rect: pygame.Rect, colour: Colour, gold: Colour) -> None:
    """Court emblem in ``rect``: K a spiked crown, Q a rounded tiara, J a sword."""
    lw = max(1, round(rect.w * 0.05))
    jewel_r = rect.w * 0.065
    if rank == 12:  # King: spiked crown with a jewelled band
        spikes = [(0.08, 0.74), (0.06, 0.3), (0.3, 0.52), (0.5, 0.12), (0.7, 0.52), (0.94, 0.3), (0.92, 0.74)]
        _outlined(surface, gold, colour, _map(spikes, rect), lw)
        band = _map([(0.06, 0.7), (0.94, 0.7), (0.94, 0.92), (0.06, 0.92)], rect)
        _outlined(surface, gold, colour, band, lw)
        for cx, cy in ((0.06, 0.3), (0.5, 0.12), (0.94, 0.3)):
            pygame.draw.circle(surface, colour, (rect.x + cx * rect.w, rect.y + cy * rect.h), jewel_r * 1.1)
        for cx in (0.28, 0.5, 0.72):
            pygame.draw.circle(surface, colour, (rect.x + cx * rect.w, rect.y + 0.81 * rect.h), jewel_r)
    elif rank == 11:  # Queen: tiara of three rounded arches topped with pearls
        def arch_y(t: float) -> float:
            return 0.66 - 0.3 * abs(math.sin(3 * math.pi * t)) - 0.14 * math.sin(math.pi * t)

        arches = [(0.08, 0.78)] + [(0.08 + 0.84 * i / 36, arch_y(i / 36)) for i in range(37)] + [(0.92, 0.78)]
        _outlined(surface, gold, colour, _map(arches, rect), lw)
        band = _map([(0.1, 0.74), (0.9, 0.74), (0.84, 0.92), (0.16, 0.92)], rect)
        _outlined(surface, gold, colour, band, lw)
        for t in (1 / 6, 1 / 2, 5 / 6):
            centre = (rect.x + (0.08 + 0.84 * t) * rect.w, rect.y + (arch_y(t) - 0.07) * rect.h)
            pygame.draw.circle(surface, CROWN_JEWEL, centre, jewel_r * 1.1)
            pygame.draw.circle(surface, colour, centre, jewel_r * 1.1, max(1, lw // 2))
        hs = rect.h * 0.22
        hx, hy = rect.x + 0.5 * rect.w - hs / 2, rect.y + 0.46 * rect.h
        pygame.draw.polygon(surface, colour, [(hx + px * hs, hy + py * hs) for px, py in _heart_unit()])
    else:  # Jack: an upright sword
        blade = [(0.4, 0.64), (0.4, 0.18), (0.5, 0.0), (0.6, 0.18), (0.6, 0.64)]
        _outlined(surface, SWORD_BLADE, colour, _map(blade, rect), lw)
        pygame.draw.line(surface, colour, _map([(0.5, 0.16)], rect)[0], _map([(0.5, 0.62)], rect)[0], max(1, lw // 2))
        guard = [(0.1, 0.62), (0.9, 0.62), (0.84, 0.75), (0.16, 0.75)]
        _outlined(surface, gold, colour, _map(guard, rect), lw)
        grip = [(0.43, 0.75), (0.57, 0.75), (0.57, 0.88), (0.43, 0.88)]
        _outlined(surface, colour, colour, _map(grip, rect), lw)
        pommel = (rect.x + 0.5 * rect.w, rect.y + 0.91 * rect.h)
        pygame.draw.circle(surface, gold, pommel, jewel_r * 1.3)
        pygame.draw.circle(surface, colour, pommel, jewel_r * 1.3, lw)


@functools.cache
def render_padlock(size: int, colour: Colour) -> pygame.Surface:
    """A closed padlock (a shackle over a body with a keyhole), antialiased, ``size`` pixels high: the mark of a
    table that asks for a PIN or a password."""
    size = max(8, int(size))
    k = SUPERSAMPLE
    w, h = round(size * 0.8) * k, size * k
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    big.fill((*colour, 0))
    thick = max(k, round(w * 0.14))
    shackle = pygame.Rect(round(w * 0.2), 0, round(w * 0.6), round(h * 0.7))
    pygame.draw.arc(big, colour, shackle, 0, math.pi, thick)
    for x in (shackle.left, shackle.right - thick):
        pygame.draw.rect(big, colour, (x, shackle.centery - k, thick, round(h * 0.2)))
    body = pygame.Rect(0, round(h * 0.44), w, h - round(h * 0.44))
    pygame.draw.rect(big, colour, body, border_radius=max(k, round(w * 0.14)))
    hole = (body.centerx, body.y + round(body.h * 0.42))
    pygame.draw.circle(big, (*colour, 0), hole, max(k, round(w * 0.1)))
    pygame.draw.rect(big, (*colour, 0), (hole[0] - max(1, round(w * 0.04)), hole[1], max(2, round(w * 0.08)),
                                         round(body.h * 0.32)))
    return pygame.transform.smoothscale(big, (w // k, size))
