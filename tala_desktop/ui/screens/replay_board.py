"""Replay board: one position of a stored game drawn with every hand face up, a band per seat.

Each band shows the seat's name and result, its hand (eaten cards glow
gold), its discard pile and its laid phỏm, drawn with the shared CardArt.
The seat that moved last is lit; the card it played is outlined.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tala_desktop.engine import GameState, Move, MoveKind
from tala_desktop.engine.cards import cards_of

from ..art import gfx, theme
from ..art.menu_art import MenuArt
from ..art.theme import CYAN, EATEN_GOLD, GOLD, MUTED, TEXT
from ..table.lay_assist import sort_by_phom
from ..widgets.text_fit import TextFitter

CARD_W = 52
HAND_STEP = 34
PILE_STEP = 24
PHOM_STEP = 22
NAME_W = 168
HAND_X = NAME_W + 16
PILE_X = HAND_X + CARD_W + 9 * HAND_STEP + 26
LAID_X = PILE_X + CARD_W + 3 * PILE_STEP + 26


class ReplayBoard:
    """Draws a ``GameState`` into a rect, seat bands stacked top to bottom."""

    def __init__(self, art: MenuArt, fit: TextFitter) -> None:
        self.art = art
        self.cards = art.cards
        self.fit = fit
        self._order: dict[tuple[int, int, int], list[int]] = {}

    def hand_order(self, st: GameState, seat: int) -> list[int]:
        key = (st.hands[seat], st.eaten[seat], int(st.rules.ace_high_run))
        order = self._order.get(key)
        if order is None:
            if len(self._order) > 600:
                self._order.clear()
            order = self._order[key] = sort_by_phom(cards_of(st.hands[seat]), st.eaten[seat],
                                                    st.rules.ace_high_run, st.rules.face_value_10)
        return order

    def draw_headings(self, surface: pygame.Surface, rect: pygame.Rect, headings: Sequence[str]) -> None:
        """Column headings (hand, thrown cards, laid phỏm) in the strip just above ``rect``."""
        widths = (PILE_X - HAND_X - 16, LAID_X - PILE_X - 16, rect.w - LAID_X - 16)
        for x, text, width in zip((HAND_X, PILE_X, LAID_X), headings, widths):
            img = self.fit(text, 15, MUTED, width, bold=True)
            surface.blit(img, (rect.x + x + 2, rect.y - img.get_height() - 1))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, st: GameState, names: Sequence[str],
             results: Sequence[str], last: Move | None) -> None:
        n = st.n
        band_h = rect.h // n
        for seat in range(n):
            band = pygame.Rect(rect.x, rect.y + seat * band_h, rect.w, band_h - 8)
            self._band(surface, band, st, seat, names[seat], results[seat], last)

    def _band(self, surface: pygame.Surface, band: pygame.Rect, st: GameState, seat: int, name: str,
              result: str, last: Move | None) -> None:
        active = last is not None and last.seat == seat
        fill = theme.REPLAY_SEAT_TURN if active else theme.REPLAY_SEAT
        border = theme.REPLAY_SEAT_TURN_EDGE if active else theme.REPLAY_SEAT_EDGE
        img = self.art.cached(("replay_band", band.size, active), lambda: gfx.rounded_rect(band.size, fill, 12, 1,
                                                                                             border))
        surface.blit(img, band)
        title = self.fit.line(name, 21, GOLD if active else TEXT, NAME_W - 16, bold=True)
        surface.blit(title, (band.x + 12, band.y + 10))
        if result:
            res = self.fit(result, 17, MUTED, NAME_W - 16)
            surface.blit(res, (band.x + 12, band.y + 38))
        if st.to_move == seat and not st.is_over:
            turn = self.fit("▶", 18, GOLD, 30)
            surface.blit(turn, (band.x + 12, band.bottom - 28))
        card_h = round(CARD_W * 1.4)
        y = band.centery - card_h // 2 + 4
        played = last.card if last is not None and last.kind in (MoveKind.DISCARD, MoveKind.SEND) else -1
        for i, c in enumerate(self.hand_order(st, seat)):
            glow = EATEN_GOLD if st.eaten[seat] >> c & 1 else None
            self.cards.blit_card(surface, self.cards.face(c, CARD_W), (band.x + HAND_X + i * HAND_STEP, y), glow=glow)
        for i, c in enumerate(st.piles[seat][-4:]):
            glow = CYAN if c == played and last is not None and last.kind is MoveKind.DISCARD and last.seat == seat \
                else None
            self.cards.blit_card(surface, self.cards.face(c, CARD_W), (band.x + PILE_X + i * PILE_STEP, y), glow=glow)
        x = band.x + LAID_X
        for phom in st.laid[seat]:
            for c in phom.cards():
                glow = CYAN if c == played and last is not None and last.kind is MoveKind.SEND else None
                self.cards.blit_card(surface, self.cards.face(c, CARD_W), (x, y), glow=glow)
                x += PHOM_STEP
            x += CARD_W - PHOM_STEP + 14
