"""LanReplayScene: a LAN game from the history, told as your seat saw it — its moves in words, the result, the hands.

A LAN game is kept as your seat saw it (store/lan_games.py), not as the
deal and the stock, which only the server knew: the page tells its moves
line by line as the table's game log did ("Lan đánh 7♥", "Bạn ăn 7♥ của
Lan"), a page of lines at a time (◀ / ▶, PageUp / PageDown), beside each
seat's result in the table's chips and the cards each held at the end, as
the end of the game showed everyone. The heading says the chips were the
table's, never the wallet's.
"""

from __future__ import annotations

import pygame

from tala_desktop.engine import card_label
from tala_desktop.store.lan_games import LanGame

from ..art.theme import GAIN, LABEL, LOSS, MUTED, TEXT
from ..core.i18n import N_, money, tr
from ..core.names import shown_name
from ..frames.page import PANEL, PagedScene
from ..shared.services import Services
from ..table.log_lines import story_lines
from ..table.model import TableModel
from ..widgets.controls import Button
from ..widgets.text_fit import TextFitter
from .results_text import result_label, when_text

LINES = pygame.Rect(PANEL.x + 36, PANEL.y + 70, 560, PANEL.h - 160)
SEATS = pygame.Rect(PANEL.x + 640, PANEL.y + 70, PANEL.w - 676, PANEL.h - 160)
LINE_H = 30
PER_PAGE = max(1, LINES.h // LINE_H)


class LanReplayScene(PagedScene):
    """One kept LAN game: its lines page by page, and every seat's result and last cards."""

    title_key = N_("replay.title")

    def __init__(self, services: Services, game: LanGame) -> None:
        self.services = services
        self.game = game
        self.page = 0
        super().__init__(services)
        self.fit = TextFitter(self.art, services.fonts)

    @property
    def lines(self) -> list[tuple[str, bool]]:
        """The game's lines in the language shown, each with whether it is about you."""
        model = TableModel(self.game.final)
        return [(words.text(), mine) for words, mine in story_lines(self.game.events, model)]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.lines) // PER_PAGE))

    def build(self) -> None:
        fonts = self.services.fonts
        y = PANEL.bottom - 64
        self.prev_button = Button((LINES.x, y, 64, 48), "◀", fonts, self.prev_page, style="dark", font_size=22,
                                  enabled=self.page > 0)
        self.next_button = Button((LINES.x + 220, y, 64, 48), "▶", fonts, self.next_page, style="dark",
                                  font_size=22, enabled=self.page < self.pages - 1)
        self.widgets.extend([self.prev_button, self.next_button])

    # -- words ------------------------------------------------------------------------------------
    def heading(self) -> str:
        return when_text(self.game.summary.finished_at) + " · " + tr("history.lan")

    def seat_rows(self) -> list[tuple[str, str, int]]:
        """Each seat: "name · result · chips", the cards it held at the end, and the chips (for the colour)."""
        g, final = self.game.summary, self.game.final
        rows = []
        for i, seat in enumerate(g.seats):
            name = shown_name(seat.name) if i == g.human_seat else seat.name
            net = g.nets[i]
            sign = "+" if net > 0 else ""
            cards = final.reveal[i] if final.reveal is not None and i < len(final.reveal) else []
            rows.append((f"{name} · {result_label(g.labels[i])} · {sign}{money(net)}",
                         " ".join(card_label(c) for c in cards) or tr("lan_replay.no_cards"), net))
        return rows

    def page_lines(self) -> list[tuple[str, bool]]:
        return self.lines[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]

    def shown_texts(self) -> list[str]:
        """The page's words: the heading, the seats, this page's lines and the page counter."""
        return [self.heading(), *(f"{a} | {b}" for a, b, _ in self.seat_rows()),
                *(text for text, _ in self.page_lines()), self.counter()]

    def counter(self) -> str:
        return tr("lan_replay.page", page=self.page + 1, pages=self.pages)

    # -- drawing ----------------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        self.fit.clear()
        surface.blit(self.fit(self.heading(), 22, LABEL, PANEL.w - 72, bold=True), (LINES.x, PANEL.y + 24))
        for i, (text, mine) in enumerate(self.page_lines()):
            surface.blit(self.fit(text, 19, LABEL if mine else TEXT, LINES.w), (LINES.x, LINES.y + i * LINE_H))
        for i, (head, cards, net) in enumerate(self.seat_rows()):
            y = SEATS.y + i * 76
            colour = GAIN if net > 0 else LOSS if net < 0 else TEXT
            surface.blit(self.fit(head, 20, colour, SEATS.w, bold=True), (SEATS.x, y))
            surface.blit(self.fit(cards, 18, MUTED, SEATS.w), (SEATS.x, y + 30))
        counter = self.fit(self.counter(), 19, TEXT, 140)
        surface.blit(counter, counter.get_rect(center=(LINES.x + 152, self.prev_button.rect.centery)))
