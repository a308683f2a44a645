"""The game log's box in the table's corner: folded, its last five lines; opened (a click), as many as most of the
window's height holds, in a box as tall as they are."""

from __future__ import annotations

import pygame

from .layout import TableLayout

LOG_SHOWN = 5              # lines of the folded log
LINE = 24                  # design pixels a line takes
PAD = 12


def log_fit(layout: TableLayout, opened: bool) -> int:
    """Lines the box shows: five folded; opened, as many as fit in two thirds of the window's height."""
    if not opened:
        return LOG_SHOWN
    return max(LOG_SHOWN, (layout.size[1] * 2 // 3 - layout.px(PAD)) // layout.px(LINE))


def log_rect(layout: TableLayout, opened: bool, lines: int) -> pygame.Rect:
    """Where the log with ``lines`` lines is drawn (and takes its clicks): the corner box, or opened, taller."""
    log = layout.log
    high = layout.px(PAD) + layout.px(LINE) * min(lines, log_fit(layout, opened))
    return pygame.Rect(log.x, log.y, log.w, high) if opened else pygame.Rect(log)
