"""LanLostOverlay: the LAN connection is gone for good — why, in words, and a button back to the menu.

Its title says what happened: "Bàn đã đóng" when the server closed (its host
quit or left), "Mất kết nối" when the connection itself was lost. When games
were played at the table, the evening's scoreboard follows (kept in the
history too).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx
from ..art.theme import LABEL, TEXT
from ..core.display import LOGICAL_SIZE
from ..core.i18n import tr
from ..frames.overlay import Overlay
from ..frames.page import wrap_text
from ..shared.services import Services
from ..widgets.controls import Button
from .scoreboard_view import BoardRow, board_height, draw_board, row_words

LOST_W = 760
BOARD_ROWS = 8           # the scoreboard's rows shown (the rest are in the history)
BOARD_GAP = 44           # its title above it


class LanLostOverlay(Overlay):
    """Over whatever LAN scene is showing: the server is gone; the button (or Enter, Esc) goes back to the menu."""

    escape_keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)

    def __init__(self, services: Services, text: str, to_menu: Callable[[], None], title: str | None = None,
                 board: list[BoardRow] | None = None) -> None:
        super().__init__()
        self.services = services
        self.text = text
        self.board = (board or [])[:BOARD_ROWS]      # the evening's scoreboard, when the table had one
        self.title = title or tr("lan.lost_title")
        self.button = Button((0, 0, 260, 64), tr("lan.to_menu"), services.fonts, to_menu, style="primary",
                             font_size=24)
        self.buttons = [self.button]
        self.box(LOGICAL_SIZE)  # places the button before the first frame

    def on_escape(self) -> None:
        self.button.click()

    def box(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[str]]:
        """The message box centred on a canvas of ``size`` and the message's lines."""
        lines = wrap_text(self.services.fonts.font(21), self.text, LOST_W - 64)
        extra = BOARD_GAP + board_height(len(self.board)) if self.board else 0
        box = pygame.Rect(0, 0, LOST_W, 96 + 30 * len(lines) + extra + 100)
        box.center = (size[0] // 2, size[1] // 2)
        self.button.rect.midbottom = (box.centerx, box.bottom - 24)
        self.panel = box
        return box, lines

    def draw(self, surface: pygame.Surface) -> None:
        box, lines = self.box(surface.get_size())
        self.draw_backdrop(surface, box)
        title = gfx.render_line(self.services.fonts.font(26, True), self.title, LABEL)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 28)))
        font = self.services.fonts.font(21)
        for i, line in enumerate(lines):
            img = gfx.render_line(font, line, TEXT)
            surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + 84 + 30 * i)))
        if self.board:
            top = box.y + 84 + 30 * len(lines) + 16
            head = gfx.render_line(self.services.fonts.font(19, True), tr("board.title"), LABEL)
            surface.blit(head, head.get_rect(midtop=(box.centerx, top)))
            area = pygame.Rect(box.x + 48, top + BOARD_GAP - 10, box.w - 96, board_height(len(self.board)))
            draw_board(surface, self.services.fonts, area, self.board)
        self.draw_buttons(surface)

    def shown_texts(self) -> list[str]:
        """The scoreboard's rows as they read (the message and the title are the overlay's own)."""
        return [tr("board.title"), *(" | ".join(row_words(r)) for r in self.board)] if self.board else []
