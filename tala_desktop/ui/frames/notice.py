"""NoticeBox: a dismissible message on a page (a corrupt file moved aside, a game paid at start-up, ...).

It shows the first of its messages, wrapped to its width, with "(1/3)" when
more wait, and an "Đã hiểu" button in its header that dismisses it (Enter
too while it shows). ``on_dismiss(index)`` tells the owner which one went.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx, theme
from ..art.theme import CREAM, LABEL
from ..core.assets import Fonts
from ..core.i18n import tr
from ..core.surface_cache import SurfaceCache
from ..widgets.controls import Button
from .page import wrap_text

TEXT_SIZE = 18
LINE_H = 24
PAD = 16
BUTTON_W, BUTTON_H = 140, 36
MAX_LINES = 4


def wrap_long(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``wrap_text``, with a word wider than ``width`` (a file path) broken between characters."""
    out: list[str] = []
    for line in wrap_text(font, text, width):
        while gfx.text_size(font, line)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and gfx.text_size(font, line[:cut])[0] > width:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


class NoticeBox:
    """A panel of ``width`` anchored at its bottom-left ``anchor``; height follows the text."""

    def __init__(self, anchor: tuple[int, int], width: int, fonts: Fonts,
                 messages: Callable[[], list[str]], on_dismiss: Callable[[int], None]) -> None:
        self.anchor = anchor
        self.width = width
        self.fonts = fonts
        self.messages = messages
        self.on_dismiss = on_dismiss
        self.button = Button((0, 0, BUTTON_W, BUTTON_H), tr("notice.ok"), fonts, self.dismiss, style="primary",
                             font_size=18)
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(8)     # the box at the heights it had

    @property
    def visible(self) -> bool:
        return bool(self.messages())

    def lines(self) -> list[str]:
        """The first message wrapped to the box (at most MAX_LINES lines, the last one ending in "…")."""
        items = self.messages()
        if not items:
            return []
        text = items[0] + (f" ({1}/{len(items)})" if len(items) > 1 else "")
        lines = wrap_long(self.fonts.font(TEXT_SIZE), text, self.text_width)
        if len(lines) > MAX_LINES:
            lines = lines[:MAX_LINES]
            lines[-1] = lines[-1].rstrip() + "…"
        return lines

    @property
    def text_width(self) -> int:
        return self.width - 2 * PAD

    def rect(self) -> pygame.Rect:
        h = PAD + BUTTON_H + 6 + LINE_H * max(1, len(self.lines())) + PAD - 4
        r = pygame.Rect(0, 0, self.width, h)
        r.bottomleft = self.anchor
        return r

    def dismiss(self) -> None:
        if self.messages():
            self.on_dismiss(0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._place()
        self.button.text = tr("notice.ok")
        if self.button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.dismiss()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect().collidepoint(event.pos)

    def button_rect(self) -> pygame.Rect:
        """Where the "Đã hiểu" button is drawn: the box's header, on the right."""
        r = self.rect()
        return pygame.Rect(r.right - PAD - BUTTON_W, r.y + PAD - 4, BUTTON_W, BUTTON_H)

    def _place(self) -> None:
        self.button.rect = self.button_rect()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect()
        box = self._cache.get(("box", r.size), lambda: gfx.rounded_rect(r.size, theme.NOTICE_FILL, 16, 2,
                                                                        theme.NOTICE_EDGE))
        surface.blit(box, r)
        head = gfx.render_line(self.fonts.font(TEXT_SIZE + 2, bold=True), tr("notice.title"), LABEL)
        surface.blit(head, head.get_rect(midleft=(r.x + PAD, r.y + PAD - 4 + BUTTON_H // 2)))
        font = self.fonts.font(TEXT_SIZE)
        y = r.y + PAD + BUTTON_H + 6
        for line in self.lines():
            surface.blit(gfx.render_line(font, line, CREAM), (r.x + PAD, y))
            y += LINE_H
        self._place()
        self.button.draw(surface)
