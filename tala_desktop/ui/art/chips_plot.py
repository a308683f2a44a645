"""Chips plot: a line plot of your balance over time, drawn with pygame (grid, money labels, filled area).

``plot_chips(size, points, fonts)`` returns a transparent image of the plot
for ``points`` = [(ISO time, balance), ...] oldest first; one point draws a
flat line, none draws only the frame. Y labels are money in the current
language; the x axis names the first and the last day.
"""

from __future__ import annotations

import pygame

from ..core.assets import Fonts
from ..core.i18n import money
from . import gfx
from .theme import CAPTION, CLEAR, PLOT_AXIS, PLOT_DOT, PLOT_FILL, PLOT_GRID, PLOT_LINE

LEFT_PAD = 78       # room for the money labels
BOTTOM_PAD = 30     # room for the dates
TOP_PAD = 12


def nice_step(span: float, ticks: int = 4) -> int:
    """A round grid step (1, 2 or 5 times a power of ten) giving about ``ticks`` lines over ``span``."""
    raw = max(1.0, span / max(1, ticks))
    power = 10 ** (len(str(int(raw))) - 1)
    for k in (1, 2, 5, 10):
        if k * power >= raw:
            return int(k * power)
    return int(10 * power)


def y_range(values: list[int]) -> tuple[int, int, int]:
    """(low, high, step) of the y axis: round numbers around the values, never a zero span."""
    lo, hi = (min(values), max(values)) if values else (0, 1)
    if hi == lo:
        lo, hi = lo - max(500, lo // 10), hi + max(500, hi // 10)
    step = nice_step(hi - lo)
    low = (lo // step) * step
    high = -(-hi // step) * step
    return max(0, low) if lo >= 0 else low, high, step


def _day(iso: str) -> str:
    """'2026-03-01T09:00:00+07:00' -> '01/03'."""
    date = iso[:10]
    return f"{date[8:10]}/{date[5:7]}" if len(date) == 10 else iso


def plot_chips(size: tuple[int, int], points: list[tuple[str, int]], fonts: Fonts) -> pygame.Surface:
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill(CLEAR)
    font = fonts.font(15)
    values = [v for _, v in points]
    low, high, step = y_range(values)
    area = pygame.Rect(LEFT_PAD, TOP_PAD, w - LEFT_PAD - 10, h - TOP_PAD - BOTTOM_PAD)

    def y_of(v: float) -> float:
        return area.bottom - (v - low) / max(1, high - low) * area.h

    grid = pygame.Surface(size, pygame.SRCALPHA)
    grid.fill(CLEAR)
    v = low
    while v <= high:
        y = round(y_of(v))
        pygame.draw.line(grid, PLOT_GRID, (area.x, y), (area.right, y))
        label = gfx.render_line(font, money(v), CAPTION)
        out.blit(label, label.get_rect(midright=(area.x - 8, y)))
        v += step
    pygame.draw.line(grid, PLOT_AXIS, area.bottomleft, area.bottomright)
    pygame.draw.line(grid, PLOT_AXIS, area.topleft, area.bottomleft)
    out.blit(grid, (0, 0))
    if not points:
        return out
    n = len(points)
    xs = [area.x + (area.w * i / (n - 1) if n > 1 else 0) for i in range(n)]
    line = [(x, y_of(v)) for x, v in zip(xs, values)]
    if n == 1:
        line = [(area.x, line[0][1]), (area.right, line[0][1])]
    fill = pygame.Surface(size, pygame.SRCALPHA)
    fill.fill(CLEAR)
    pygame.draw.polygon(fill, PLOT_FILL, [(line[0][0], area.bottom), *line, (line[-1][0], area.bottom)])
    out.blit(fill, (0, 0))
    pygame.draw.lines(out, PLOT_LINE, False, line, 3)
    pygame.draw.circle(out, PLOT_DOT, (round(line[-1][0]), round(line[-1][1])), 5)
    first = gfx.render_line(font, _day(points[0][0]), CAPTION)
    out.blit(first, first.get_rect(topleft=(area.x, area.bottom + 6)))
    if n > 1:
        last = gfx.render_line(font, _day(points[-1][0]), CAPTION)
        out.blit(last, last.get_rect(topright=(area.right, area.bottom + 6)))
    return out
