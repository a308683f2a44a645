"""Table art: the felt with its oval table, chips and the turn-clock ring (faces: avatars.py).

Everything is drawn with pygame for a given pixel size; callers cache what
they reuse (``felt`` is meant to be rendered once per window size).
"""

from __future__ import annotations

import math

import pygame

from . import gfx
from .theme import (
    BLACK,
    CHIP_COLOURS,
    CHIP_STRIPE,
    CLEAR,
    CLOCK_HURRY,
    CLOCK_LATE,
    CLOCK_PLENTY,
    CLOCK_TRACK,
    MASK_EMPTY,
    MASK_FULL,
    TABLE_BACKDROP,
    TABLE_FELT_CENTRE,
    TABLE_FELT_EDGE,
    TABLE_RIM_DARK,
    TABLE_RIM_LIGHT,
    TABLE_RIM_LINE,
    TABLE_SHADOW,
    Colour,
)


def _radial(size: tuple[int, int], inner: Colour, outer: Colour, steps: int = 48) -> pygame.Surface:
    """An elliptical radial gradient, drawn small and smoothscaled up (no banding)."""
    w, h = size
    sw, sh = max(8, w // 8), max(8, h // 8)
    small = pygame.Surface((sw, sh))
    small.fill(outer)
    for i in range(steps):
        t = i / (steps - 1)
        rect = pygame.Rect(0, 0, round(sw * 1.42 * (1 - t)), round(sh * 1.42 * (1 - t)))
        rect.center = (sw // 2, sh // 2)
        pygame.draw.ellipse(small, gfx.lerp_colour(outer, inner, t ** 0.8), rect)
    return pygame.transform.smoothscale(small, (w, h))


def _ellipse_mask(size: tuple[int, int], rect: pygame.Rect, supersample: int = 2) -> pygame.Surface:
    """White ellipse with antialiased edge on transparent, ``size`` pixels."""
    w, h = size
    k = supersample
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    big.fill(MASK_EMPTY)
    pygame.draw.ellipse(big, MASK_FULL, pygame.Rect(rect.x * k, rect.y * k, rect.w * k, rect.h * k))
    return pygame.transform.smoothscale(big, (w, h))


TABLE_SHAPE = (16, 9)       # the widest the table gets: a wider window has spare width on either side


def table_box(size: tuple[int, int]) -> pygame.Rect:
    """The table's part of a window of ``size``: all of it, or its middle at 16:9 when it is wider."""
    w, h = size
    tw = min(w, round(h * TABLE_SHAPE[0] / TABLE_SHAPE[1]))
    return pygame.Rect((w - tw) // 2, 0, tw, h)


def table_oval(size: tuple[int, int]) -> pygame.Rect:
    """The felt oval inside a window of ``size``: in the table's box, where the table scene lays out seats."""
    box = table_box(size)
    rect = pygame.Rect(0, 0, round(box.w * 0.9), round(box.h * 0.8))
    rect.center = (box.centerx, round(box.h * 0.47))
    return rect


def felt(size: tuple[int, int]) -> pygame.Surface:
    """Dark backdrop, a wooden-rimmed oval table of green felt, and a soft vignette."""
    w, h = max(16, int(size[0])), max(16, int(size[1]))
    out = _radial((w, h), gfx.shade(TABLE_BACKDROP, 1.2), gfx.shade(TABLE_BACKDROP, 0.6))
    oval = table_oval((w, h))
    rim_w = max(6, round(min(w, h) * 0.028))
    rim = oval.inflate(2 * rim_w, 2 * rim_w)
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow.fill(CLEAR)
    pygame.draw.ellipse(shadow, TABLE_SHADOW, rim.move(0, rim_w))
    out.blit(pygame.transform.box_blur(shadow, max(2, rim_w)), (0, 0))
    wood = gfx.vertical_gradient((w, h), TABLE_RIM_LIGHT, TABLE_RIM_DARK)
    out.blit(gfx.mask_with(wood, _ellipse_mask((w, h), rim)), (0, 0))
    line = _ellipse_mask((w, h), oval.inflate(max(2, rim_w // 3), max(2, rim_w // 3)))
    line.fill((*TABLE_RIM_LINE, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(line, (0, 0))
    cloth = _radial((w, h), TABLE_FELT_CENTRE, TABLE_FELT_EDGE)
    out.blit(gfx.mask_with(cloth, _ellipse_mask((w, h), oval)), (0, 0))
    inner = oval.inflate(-2 * rim_w, -2 * rim_w)
    pygame.draw.ellipse(out, gfx.shade(TABLE_FELT_CENTRE, 1.12), inner, 1)
    vignette = pygame.Surface((max(8, w // 8), max(8, h // 8)), pygame.SRCALPHA)
    vw, vh = vignette.get_size()
    vignette.fill(TABLE_SHADOW)
    for i in range(32):
        t = i / 31
        rect = pygame.Rect(0, 0, round(vw * 1.5 * (1 - t * 0.55)), round(vh * 1.5 * (1 - t * 0.55)))
        rect.center = (vw // 2, vh // 2)
        pygame.draw.ellipse(vignette, (*BLACK, round(150 * (1 - t) ** 2)), rect)
    out.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return out


def chip(diameter: int, colour: Colour = CHIP_COLOURS["red"]) -> pygame.Surface:
    """A casino chip: coloured disc, six white edge stripes, an inner ring."""
    d = max(6, int(diameter))
    k = 4
    big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
    big.fill((*colour, 0))
    c = d * k / 2
    pygame.draw.circle(big, gfx.shade(colour, 0.6), (c, c), c)
    pygame.draw.circle(big, colour, (c, c), c * 0.93)
    stripe = CHIP_STRIPE
    for i in range(6):
        a0 = math.tau * i / 6 - 0.17
        a1 = a0 + 0.34
        pts = [(c + c * 0.93 * math.cos(a), c + c * 0.93 * math.sin(a)) for a in (a0, (a0 + a1) / 2, a1)]
        pts += [(c + c * 0.68 * math.cos(a), c + c * 0.68 * math.sin(a)) for a in (a1, (a0 + a1) / 2, a0)]
        pygame.draw.polygon(big, stripe, pts)
    pygame.draw.circle(big, gfx.shade(colour, 0.8), (c, c), c * 0.62)
    pygame.draw.circle(big, stripe, (c, c), c * 0.62, max(1, round(c * 0.05)))
    pygame.draw.circle(big, gfx.shade(colour, 1.15), (c, c), c * 0.5)
    return pygame.transform.smoothscale(big, (d, d))


def ring_colour(remaining: float, amber_at: float = 10.0, red_at: float = 5.0) -> Colour:
    """Green, then amber at ``amber_at`` seconds left, red at ``red_at``."""
    if remaining <= red_at:
        return CLOCK_LATE
    if remaining <= amber_at:
        return CLOCK_HURRY
    return CLOCK_PLENTY


def _arc_points(centre: tuple[float, float], radius: float, a0: float, a1: float) -> list[tuple[float, float]]:
    """Points on a circle from angle a0 to a1 (radians, clockwise from 12 o'clock)."""
    n = max(2, int(abs(a1 - a0) * radius / 3) + 2)
    cx, cy = centre
    return [(cx + radius * math.sin(a0 + (a1 - a0) * i / (n - 1)), cy - radius * math.cos(a0 + (a1 - a0) * i / (n - 1)))
            for i in range(n)]


def draw_countdown_ring(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    remaining: float,
    total: float,
    thickness: int = 6,
) -> pygame.Rect:
    """Draw the turn clock around an avatar: a full track and an arc that empties clockwise.

    At ``remaining == total`` the arc is a full circle; the empty part grows
    clockwise from 12 o'clock until nothing is left at 0. Colour by ring_colour().
    """
    cx, cy = centre
    bounds = pygame.Rect(0, 0, 2 * (radius + thickness) + 2, 2 * (radius + thickness) + 2)
    bounds.center = (round(cx), round(cy))
    track = pygame.Surface(bounds.size, pygame.SRCALPHA)
    local = (cx - bounds.x, cy - bounds.y)
    pygame.draw.circle(track, CLOCK_TRACK, local, radius + thickness / 2, thickness)
    surface.blit(track, bounds)
    frac = 0.0 if total <= 0 else max(0.0, min(1.0, remaining / total))
    if frac <= 0:
        return bounds
    colour = ring_colour(remaining)
    start = math.tau * (1 - frac)
    outer = _arc_points(centre, radius + thickness, start, math.tau)
    inner = _arc_points(centre, radius, math.tau, start)
    if len(outer) + len(inner) >= 3:
        pygame.draw.polygon(surface, colour, outer + inner)
        pygame.draw.aalines(surface, colour, False, outer)
        pygame.draw.aalines(surface, colour, False, inner)
    cap_r = thickness / 2
    for a in (start, 0.0):  # rounded ends
        px = cx + (radius + cap_r) * math.sin(a)
        py = cy - (radius + cap_r) * math.cos(a)
        pygame.draw.aacircle(surface, colour, (px, py), cap_r)
    return bounds
