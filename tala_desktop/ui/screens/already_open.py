"""AlreadyOpenScene: the one screen of a second copy of the game, saying the game is already open and what to do.

A copy started on a data folder that a running copy holds opens nothing in
that folder, so it cannot read the player's language: the screen says it in
Vietnamese and in English, one under the other, with the folder it found in
use, and a "Đóng · Close" button (Enter and Esc close it too).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx
from ..art.theme import GOLD, MUTED, TEXT
from ..core.display import LOGICAL_SIZE
from ..core.i18n import LANGUAGES, Translator
from ..core.scene import Scene
from ..frames.notice import wrap_long
from ..frames.page import wrap_text
from ..shared.services import Services
from ..widgets.controls import Button

PANEL_W, PAD = 1000, 40          # the panel's height follows its text (a long folder path wraps)
TITLE_SIZE, TEXT_SIZE, PATH_SIZE = 30, 21, 17
BUTTON_W, BUTTON_H = 260, 56


class AlreadyOpenScene(Scene):
    """Both languages' "already open" message; ``on_close`` runs when the player closes it."""

    def __init__(self, services: Services, folder: str, on_close: Callable[[], None]) -> None:
        super().__init__()
        self.services = services
        self.folder = folder
        self.on_close = on_close
        self.art = services.menu_art
        self.translators = [Translator(lang) for lang in LANGUAGES]
        self.panel = pygame.Rect(0, 0, PANEL_W, 0)
        text_h = sum(services.fonts.font(size, bold=bold).get_linesize() for _, size, _, bold in self.lines())
        self.panel.h = min(LOGICAL_SIZE[1] - 40, PAD + text_h + PAD // 2 + BUTTON_H + PAD)
        self.panel.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        label = " · ".join(t.tr("already_open.close") for t in self.translators)
        self.close_button = Button((self.panel.centerx - BUTTON_W // 2, self.panel.bottom - PAD - BUTTON_H, BUTTON_W,
                                    BUTTON_H), label, services.fonts, self.close, style="primary", font_size=22)
        self._dirty = True

    @property
    def needs_redraw(self) -> bool:
        return self._dirty

    def mark_drawn(self) -> None:
        self._dirty = False

    def close(self) -> None:
        self.on_close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.close()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._dirty = True
            self.close_button.handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.close_button.update(dt)

    def lines(self) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """What the panel shows, top to bottom: (text, size, colour, bold), wrapped to the panel."""
        fonts, width = self.services.fonts, PANEL_W - 2 * PAD
        out: list[tuple[str, int, tuple[int, int, int], bool]] = []
        for i, t in enumerate(self.translators):
            if i:
                out.append(("", TEXT_SIZE // 2, TEXT, False))
            out.extend((line, TITLE_SIZE, GOLD, True)
                       for line in wrap_text(fonts.font(TITLE_SIZE, bold=True), t.tr("already_open.title"), width))
            out.append(("", TEXT_SIZE // 3, TEXT, False))
            out.extend((line, TEXT_SIZE, TEXT, False)
                       for line in wrap_text(fonts.font(TEXT_SIZE), t.tr("already_open.text"), width))
        out.append(("", TEXT_SIZE // 2, TEXT, False))
        folder = " · ".join(t.tr("already_open.folder", path=self.folder) for t in self.translators)
        out.extend((line, PATH_SIZE, MUTED, False) for line in wrap_long(fonts.font(PATH_SIZE), folder, width))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.art.background(surface.get_size()), (0, 0))
        surface.blit(self.art.panel(self.panel.size), (self.panel.x - 20, self.panel.y - 20))
        y = self.panel.y + PAD
        for text, size, colour, bold in self.lines():
            font = self.services.fonts.font(size, bold=bold)
            if text:
                img = gfx.render_line(font, text, colour)
                surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += font.get_linesize()
        self.close_button.draw(surface)

