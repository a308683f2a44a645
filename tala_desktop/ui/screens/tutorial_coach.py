"""Tutorial coach panel: where the lesson text sits (clear of the log, the seats and the status line) and its lines.

At the two-seat lesson table the right side of the felt is free: the panel
takes a column there, from under the table header down to just above the
status line, and leaves room under itself for the "Lan plays faster" switch.
While the results show, the text moves to the band between the top bar and
the results window (or, where that band is too low for it, the one under the
window), so it covers neither. Sizes follow the layout's scale;
a long text steps its font down until it fits its place.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..art.theme import CYAN, GOLD, TEXT
from ..core.assets import Fonts
from ..frames.page import wrap_text
from ..table.layout import TableLayout

Colour = tuple[int, int, int]
COACH_W = 400          # design px
PAD = 16
GAP = 10
SWITCH_H = 40          # the faster switch under the panel
SIZES = ((19, 17, 18), (17, 15, 16), (15, 14, 15), (14, 13, 14))   # (title, note, to do) from large to small


@dataclass(frozen=True)
class CoachLine:
    text: str
    size: int
    colour: Colour
    bold: bool
    gap_after: int      # extra px after the line (between the title and the text)


def table_area(L: TableLayout) -> pygame.Rect:
    """The panel's column at the table: the right side between the header and the status line."""
    p = L.px
    w = p(COACH_W)
    top = L.info.bottom + p(GAP)
    bottom = L.status.y - p(GAP) - p(SWITCH_H) - p(GAP)
    return pygame.Rect(L.size[0] - p(10) - w, top, w, bottom - top)


def switch_rect(L: TableLayout, panel: pygame.Rect) -> pygame.Rect:
    """The faster switch: under the panel, right-aligned with it."""
    p = L.px
    w = p(230)
    return pygame.Rect(panel.right - w, panel.bottom + p(GAP), w, p(SWITCH_H))


def top_bar_bottom(L: TableLayout) -> int:
    """The lowest edge of the table's top bar (the menu, the header buttons and the table's name and bet)."""
    return max(r.bottom for r in (L.menu_button, L.info, *L.header_buttons.values()))


def results_areas(L: TableLayout, results_panel: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """While the results show: the band between the top bar and their window, and the one under the window;
    both as wide as the window."""
    p = L.px
    top = top_bar_bottom(L) + p(GAP)
    above = pygame.Rect(results_panel.x, top, results_panel.w, max(0, results_panel.y - p(GAP) - top))
    below_top = results_panel.bottom + p(GAP)
    below = pygame.Rect(results_panel.x, below_top, results_panel.w, max(0, L.size[1] - p(GAP) - below_top))
    return above, below


def fits(lines: list[CoachLine], L: TableLayout, area: pygame.Rect) -> bool:
    """The lines fit ``area`` at the sizes ``coach_lines`` chose."""
    return _height(lines, L) <= area.h


def coach_lines(fonts: Fonts, L: TableLayout, area: pygame.Rect, title: str, note: str,
                todo: str) -> tuple[pygame.Rect, list[CoachLine]]:
    """The panel rect (at the top of ``area``, as tall as its text) and its lines, at the largest sizes that fit."""
    p = L.px
    width = area.w - 2 * p(PAD)
    lines: list[CoachLine] = []
    for sizes in SIZES:
        ts, ns, ds = (p(s) for s in sizes)
        lines = []
        for text, size, colour, bold in ((title, ts, GOLD, True), (note, ns, TEXT, False), (todo, ds, CYAN, True)):
            if not text:
                continue
            for row in wrap_text(fonts.font(size, bold), text, width):
                lines.append(CoachLine(row, size, colour, bold, 0))
            lines[-1] = CoachLine(lines[-1].text, size, colour, bold, p(6))
        if _height(lines, L) <= area.h:
            break
    return pygame.Rect(area.x, area.y, area.w, min(area.h, _height(lines, L))), lines


def line_step(line: CoachLine, L: TableLayout) -> int:
    return line.size + L.px(8) + line.gap_after


def _height(lines: list[CoachLine], L: TableLayout) -> int:
    return 2 * L.px(PAD) + sum(line_step(x, L) for x in lines)
