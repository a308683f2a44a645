"""LanEveningScene: an evening at a LAN table from the history — the scoreboard as it ended, your row marked.

Each person who played there: the name they had at the table, the games
charged to them and the chips they won or lost (the table's chips, never the
wallet's). The line over it says when the evening ended and where.
"""

from __future__ import annotations

import pygame

from tala_desktop.store.lan_evenings import LanEvening

from ..art.theme import MUTED
from ..core.i18n import N_, tr
from ..core.names import shown_name
from ..frames.page import PANEL, PageScene
from ..lan.scoreboard_view import BoardRow, draw_board, row_words
from ..shared.services import Services
from ..widgets.text_fit import ellipsize
from .results_text import when_text

BOARD = pygame.Rect(PANEL.x + 120, PANEL.y + 84, PANEL.w - 240, PANEL.h - 130)


class LanEveningScene(PageScene):
    """One kept evening: its scoreboard."""

    title_key = N_("board.title")

    def __init__(self, services: Services, evening: LanEvening) -> None:
        self.evening = evening
        self.rows = [BoardRow(shown_name(r.name), r.games, r.net, r.you) for r in evening.rows]   # names cleaned
        super().__init__(services)

    def heading(self) -> str:
        parts = (when_text(self.evening.ended_at), shown_name(self.evening.table_name), tr("history.evening"))
        return " · ".join(parts)

    def shown_texts(self) -> list[str]:
        return [self.heading(), *(" | ".join(row_words(r)) for r in self.rows)]

    def draw_page(self, surface: pygame.Surface) -> None:
        font = self.services.fonts.font(18)
        line = self.label(ellipsize(font, self.heading(), BOARD.w), 18, MUTED)
        surface.blit(line, (BOARD.x, PANEL.y + 36))
        draw_board(surface, self.services.fonts, BOARD, self.rows, size=21)
