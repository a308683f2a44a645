"""The game log's box in the table's corner: folded, its last five lines; opened (a click), as many as most of the
window's height holds, in a box as tall as they are.

A line too wide for the box to be read squeezed (below ``SQUEEZE_FLOOR`` of
its width) takes two rows, broken between words (``log_rows``); the box
keeps its size, and the oldest lines make room.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .layout import TableLayout

LOG_SHOWN = 5              # lines of the folded log
LINE = 24                  # design pixels a line takes
PAD = 12
SQUEEZE_FLOOR = 0.85       # a line squeezed narrower than this share of its width is broken into two rows


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


def log_rows(lines: Sequence[str], rows: int, width: Callable[[str], int], room: int) -> list[tuple[str, bool]]:
    """The rows the box's ``rows`` show of ``lines`` (oldest first), each with whether it belongs to the newest line:
    a line that would be squeezed below ``SQUEEZE_FLOOR`` to fit ``room`` pixels (``width``: a text's drawn width)
    is broken between words into two rows; the newest lines are kept, the oldest dropped for want of rows."""
    out: list[tuple[str, bool]] = []
    for i in range(len(lines) - 1, -1, -1):
        if len(out) >= rows:
            break
        fresh = i == len(lines) - 1
        parts = _broken(lines[i], width, room) if len(out) + 2 <= rows else [lines[i]]
        out[:0] = [(part, fresh) for part in parts]
    return out[-rows:] if rows > 0 else []


def _broken(line: str, width: Callable[[str], int], room: int) -> list[str]:
    """``line`` as one row if it can be read squeezed into ``room``, else two rows broken at the space that fills
    the first best (each row then squeezed only if it must)."""
    if width(line) * SQUEEZE_FLOOR <= room:
        return [line]
    words = line.split(" ")
    best = 0
    for k in range(1, len(words)):
        if width(" ".join(words[:k])) <= room:
            best = k
        else:
            break
    if best == 0:
        return [line]               # no space early enough to break at: one row, squeezed
    return [" ".join(words[:best]), " ".join(words[best:])]
