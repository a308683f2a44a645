"""MenuScene: the main menu — the "Tá Lả" logo with its card fan and the five entries of the lobby.

"Chơi với máy" (the big primary button, also Enter) opens the new-game setup;
the LAN entry is shown disabled with a "sắp có" badge until LAN play exists;
"Cài đặt" and "Luật chơi" open their pages; "Thoát" quits.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytweening

from tala_desktop import __version__

from . import gfx
from .i18n import tr
from .new_game import GameChoices
from .page_scene import PageScene, fit_font_size
from .rules_scene import RulesScene
from .services import Services
from .settings_scene import SettingsScene
from .setup_scene import SetupScene
from .widgets import Button

LOGO_X = 410
FAN_PIVOT = (LOGO_X, 470)
FAN_CARD_WIDTH = 128
TITLE_Y = 398
RIBBON_Y = 506
COLUMN = pygame.Rect(770, 150, 400, 440)
INTRO_SECONDS = 0.9
SLIDE_PX = 90


def quit_app() -> None:
    """Ask the app loop to end (the same path as closing the window)."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))


class MenuScene(PageScene):
    """The lobby: logo on the left, menu column on the right."""

    show_panel = False
    show_back = False

    def __init__(self, services: Services, start_game: Callable[[GameChoices], None],
                 quit: Callable[[], None] = quit_app) -> None:
        self.start_game = start_game
        self.quit = quit
        self.intro = 0.0
        self.buttons: dict[str, Button] = {}
        super().__init__(services)

    def on_enter(self) -> None:
        self.intro = 0.0
        self.tweens.animate(self, INTRO_SECONDS, "linear", intro=1.0)

    # -- building ---------------------------------------------------------------------
    def build(self) -> None:
        fonts = self.services.fonts
        x, w = COLUMN.x + 20, COLUMN.w - 40
        y = COLUMN.y + 28
        size = fit_font_size(fonts, tr("menu.play_bots"), w - 48, 31)
        play = Button((x, y, w, 88), tr("menu.play_bots"), fonts, self.open_setup, style="primary", font_size=size)
        y += 88 + 22
        specs = (("lan", "menu.play_lan", None, "dark"), ("settings", "menu.settings", self.open_settings, "green"),
                 ("rules", "menu.rules", self.open_rules, "green"), ("quit", "menu.quit", self.quit, "red"))
        self.buttons = {"play": play}
        for name, key, action, style in specs:
            size = fit_font_size(fonts, tr(key), w - 48, 24)
            self.buttons[name] = Button((x, y, w, 60), tr(key), fonts, action, style=style, font_size=size,
                                        enabled=action is not None)
            y += 60 + 16
        self.widgets.extend(self.buttons.values())
        self._base_x = {name: b.rect.x for name, b in self.buttons.items()}
        self._place_buttons()

    def _place_buttons(self) -> None:
        for i, (name, button) in enumerate(self.buttons.items()):
            t = min(1.0, max(0.0, (self.intro * INTRO_SECONDS - 0.06 * i) / (INTRO_SECONDS * 0.6)))
            button.rect.x = self._base_x[name] + round(SLIDE_PX * (1 - pytweening.easeOutCubic(t)))

    def fan_openness(self) -> float:
        return pytweening.easeOutBack(min(1.0, self.intro / 0.8))

    # -- actions ------------------------------------------------------------------------
    def open_setup(self) -> None:
        if self.stack is not None:
            self.stack.push(SetupScene(self.services, self._start))

    def _start(self, choices: GameChoices) -> None:
        if self.stack is not None and self.stack.top is not self:
            self.stack.pop()  # the setup page: leaving the table comes back here
        self.start_game(choices)

    def open_settings(self) -> None:
        if self.stack is not None:
            self.stack.push(SettingsScene(self.services))

    def open_rules(self) -> None:
        if self.stack is not None:
            self.stack.push(RulesScene(self.services))

    def on_key(self, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons["play"].click()

    # -- frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._place_buttons()

    def draw_page(self, surface: pygame.Surface) -> None:
        art = self.art
        rays = art.rays(360)
        surface.blit(rays, rays.get_rect(center=(LOGO_X, 300)))
        art.draw_fan(surface, FAN_PIVOT, FAN_CARD_WIDTH, self.fan_openness())
        title = art.gold_text(tr("menu.logo"), 124)
        surface.blit(title, title.get_rect(center=(LOGO_X, TITLE_Y)))
        subtitle = tr("menu.subtitle")
        ribbon = art.ribbon(subtitle, max(440, self.services.fonts.font(27, bold=True).size(subtitle)[0] + 150), 64)
        surface.blit(ribbon, ribbon.get_rect(center=(LOGO_X, RIBBON_Y)))
        column = art.panel(COLUMN.size)
        surface.blit(column, (COLUMN.x - 20, COLUMN.y - 20))
        version = art.text(tr("menu.version", version=__version__), 16, (170, 196, 176))
        surface.blit(version, version.get_rect(bottomleft=(24, 704)))
        keys = art.text(tr("menu.hint_keys"), 16, (170, 196, 176))
        surface.blit(keys, keys.get_rect(bottomright=(1256, 704)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lan = self.buttons["lan"]
        badge = self._badge(tr("menu.coming_soon"))
        surface.blit(badge, badge.get_rect(center=(lan.rect.right - 14, lan.rect.top + 2)))

    def _badge(self, text: str) -> pygame.Surface:
        return self.art.cached(("badge", text), lambda: self._make_badge(text))

    def _make_badge(self, text: str) -> pygame.Surface:
        font = self.services.fonts.font(15, bold=True)
        label = font.render(text, True, (70, 34, 0))
        size = (label.get_width() + 22, label.get_height() + 8)
        pill = gfx.mask_with(gfx.vertical_gradient(size, (255, 226, 120), (236, 160, 36)),
                             gfx.rounded_rect(size, (255, 255, 255), size[1] // 2))
        pill.blit(label, label.get_rect(center=(size[0] / 2, size[1] / 2)))
        return pill
