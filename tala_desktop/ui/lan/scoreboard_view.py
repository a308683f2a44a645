"""The evening's scoreboard drawn: a row per person (name, games, chips won or lost), your own row marked.

Drawn where an evening at a LAN table is shown: the notice that the table
closed (lost.py) and the history's page of an evening (screens/lan_evening.py).
Names come from a server and are drawn cleaned and cut to their column.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tala_desktop.net.scoreboard import Scoreboard
from tala_desktop.store.lan_evenings import EveningRow

from ..art import gfx, theme
from ..art.theme import GAIN, LABEL, LOSS, TEXT
from ..core.assets import Fonts
from ..core.i18n import money, tr, tr_count
from ..core.names import shown_name
from ..widgets.text_fit import ellipsize

BoardRow = EveningRow          # a person's evening as the store keeps it: name, games, net, whether it is you


def board_rows(board: Scoreboard) -> list[BoardRow]:
    """A scoreboard from the server as rows to draw (names cleaned; yours marked by your id there)."""
    return [BoardRow(shown_name(r.name), r.games, r.net, board.you is not None and r.member == board.you)
            for r in board.rows]


def row_words(row: BoardRow) -> tuple[str, str, str]:
    """A row's cells as they read: the name (yours says so), the games, the chips with their sign."""
    name = tr("board.you", name=row.name) if row.you else row.name
    return name, tr_count("board.games", row.games, count=row.games), f"{'+' if row.net > 0 else ''}{money(row.net)}"


def draw_board(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, rows: Sequence[BoardRow],
               size: int = 19) -> int:
    """Draw the head and as many rows as fit ``rect``; returns how many rows were drawn."""
    line = size + 12
    head = fonts.font(size - 2, True)
    games_x, net_right = rect.x + round(rect.w * 0.58), rect.right - 8
    for text, x, right in ((tr("board.col.name"), rect.x + 8, False), (tr("board.col.games"), games_x, False),
                           (tr("board.col.net"), net_right, True)):
        img = gfx.render_line(head, text, LABEL)
        surface.blit(img, img.get_rect(topright=(x, rect.y)) if right else (x, rect.y))
    shown = 0
    for i, row in enumerate(rows):
        y = rect.y + line * (i + 1)
        if y + line > rect.bottom:
            break
        if row.you:
            pygame.draw.rect(surface, theme.LAN_ROW_MINE, (rect.x, y - 3, rect.w, line - 2), border_radius=8)
        name, games, net = row_words(row)
        font = fonts.font(size, row.you)
        img = gfx.render_line(font, ellipsize(font, name, games_x - rect.x - 20), TEXT)
        surface.blit(img, (rect.x + 8, y))
        surface.blit(gfx.render_line(fonts.font(size), games, TEXT), (games_x, y))
        colour = GAIN if row.net > 0 else LOSS if row.net < 0 else TEXT
        img = gfx.render_line(fonts.font(size, True), net, colour)
        surface.blit(img, img.get_rect(topright=(net_right, y)))
        shown += 1
    return shown


def board_height(rows: int, size: int = 19) -> int:
    """The height ``draw_board`` needs for its head and ``rows`` rows."""
    return (size + 12) * (rows + 1)
