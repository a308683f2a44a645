"""SettingsScene: the Cài đặt page — every setting, applied at once and saved by the store.

Left column (Chung): language, sound and music volume, animation speed,
fullscreen, window size. Right column (Bàn chơi): 4-colour deck, card back,
table colour, default rule preset, bet and turn seconds. A preview of the
cards and the felt sits at the right edge. Every change goes into
``services.settings``, ``apply_settings`` pushes it into the live objects
(language, sounds, music, card art, the window) and ``save_ui_settings``
stores it; a value the store refuses is shown and not kept.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..art import gfx, theme
from ..art.felt_colours import TABLE_COLOURS, recolour_felt
from ..art.table_art import felt
from ..art.theme import BACK_COLOURS, ERROR, LABEL
from ..core.choice_words import preset_name
from ..core.i18n import LANGUAGES, N_, money, tr
from ..frames.page import PANEL, PageScene
from ..shared.app_settings import SPEEDS, WINDOW_SIZES, apply_settings, speed_option
from ..shared.new_game import BET_CHOICES, PRESET_CHOICES, TURN_SECONDS_CHOICES
from ..shared.services import Services
from ..shared.store_bridge import save_ui_settings
from ..widgets.form import Segmented, Slider, Toggle
from ..widgets.text_fit import TextFitter

__all__ = ["SettingsScene", "apply_settings", "speed_option"]

COLUMNS = (PANEL.x + 36, PANEL.x + 500)
COLUMN_W = 430
ROW_Y = PANEL.y + 22
ROW_STEP = 90
LABEL_H = 30
CONTROL_H = 46
PREVIEW_X = PANEL.right - 88
PREVIEW_CARDS = (0, 12 + 13, 11 + 26, 9 + 39)  # A♠ K♣ Q♦ 10♥: one card of every suit
LANGUAGE_NAMES = {"vi": N_("settings.language.native_vi"), "en": N_("settings.language.native_en")}  # each in itself
SPEED_NAMES = {"slow": N_("settings.speed.slow"), "normal": N_("settings.speed.normal"),
               "fast": N_("settings.speed.fast"), "instant": N_("settings.speed.instant")}
BACK_NAMES = {"red": N_("settings.back.red"), "blue": N_("settings.back.blue"), "green": N_("settings.back.green")}
TABLE_COLOUR_NAMES = {"green": N_("settings.table.green"), "blue": N_("settings.table.blue"),
                      "red": N_("settings.table.red")}


class SettingsScene(PageScene):
    """Two columns of settings and a live preview."""

    title_key = N_("settings.title")

    def __init__(self, services: Services) -> None:
        self.controls: dict[str, Segmented | Slider | Toggle] = {}
        self.error = ""
        super().__init__(services)
        self.fit = TextFitter(self.art, services.fonts)

    def row(self, column: int, i: int, w: int = COLUMN_W, h: int = CONTROL_H) -> tuple[int, int, int, int]:
        return (COLUMNS[column], ROW_Y + i * ROW_STEP + LABEL_H + (CONTROL_H - h) // 2, w, h)

    def build(self) -> None:
        fonts, s = self.services.fonts, self.services.settings
        sizes = [(size, f"{size[0]}×{size[1]}") for size in WINDOW_SIZES]
        self._shown_window = self.real_window()
        window = self._shown_window or (int(s.window_size[0]), int(s.window_size[1]))
        if window not in WINDOW_SIZES:
            sizes.append((window, f"{window[0]}×{window[1]}"))
        self.controls = {
            "language": Segmented(self.row(0, 0),
                                  [(lang, tr(LANGUAGE_NAMES[lang])) for lang in LANGUAGES], s.language,
                                  fonts, self._set("language"), size=19),
            "volume": Slider(self.row(0, 1, COLUMN_W - 80, 28), s.sound_volume, self._set("sound_volume")),
            "music_volume": Slider(self.row(0, 2, COLUMN_W - 80, 28), s.music_volume, self._set("music_volume")),
            "speed": Segmented(self.row(0, 3), [(v, tr(SPEED_NAMES[k])) for v, k in SPEEDS],
                                         speed_option(s.animation_speed), fonts, self._set("animation_speed"), size=18),
            "fullscreen": Toggle(self.row(0, 4, 76, 38), s.fullscreen, self._set("fullscreen")),
            "window_size": Segmented(self.row(0, 5), sizes, window, fonts, self._set("window_size"), size=17),
            "four_colour": Toggle(self.row(1, 0, 76, 38), s.four_colour, self._set("four_colour")),
            "card_back": Segmented(self.row(1, 1), [(c, tr(BACK_NAMES[c])) for c in BACK_COLOURS], s.card_back,
                                   fonts, self._set("card_back"), size=18),
            "table_colour": Segmented(self.row(1, 2), [(c, tr(TABLE_COLOUR_NAMES[c])) for c in TABLE_COLOURS],
                                      s.table_colour, fonts, self._set("table_colour"), size=18),
            "default_preset": Segmented(self.row(1, 3), [(p, preset_name(p)) for p in PRESET_CHOICES],
                                        s.default_preset, fonts, self._set("default_preset"), size=18),
            "default_bet": Segmented(self.row(1, 4), [(b, money(b)) for b in BET_CHOICES], s.default_bet, fonts,
                                     self._set("default_bet"), size=17),
            "turn_seconds": Segmented(self.row(1, 5), [(t, tr("setup.no_clock") if t == 0 else str(t))
                                                       for t in TURN_SECONDS_CHOICES],
                                      s.turn_seconds, fonts, self._set("turn_seconds"), size=17),
        }
        self.widgets.extend(self.controls.values())

    def real_window(self) -> tuple[int, int] | None:
        """The window's real size (the screen or the player's dragging may differ from the setting); None when
        fullscreen or without a window."""
        display = self.services.display
        if display is None or display.fullscreen:
            return None
        w, h = display.window_size
        return int(w), int(h)

    # -- changes (each applied at once, then saved) --------------------------------------------
    def _set(self, name: str) -> Any:
        def change(value: Any) -> None:
            self.change(name, value)
        return change

    def change(self, name: str, value: Any) -> None:
        """Set one setting: applied live, then saved; a value the store refuses is put back."""
        s = self.services.settings
        old = getattr(s, name)
        setattr(s, name, value)
        problem = save_ui_settings(self.services)
        if problem is not None:
            setattr(s, name, old)
            self.error = tr("settings.not_saved", reason=problem)
        else:
            self.error = ""
        apply_settings(self.services)
        if name == "language" and problem is None:
            return  # update() sees the new language and rebuilds every label
        self.invalidate()

    def handle_event(self, event: pygame.event.Event) -> None:
        slider = self.controls["volume"]
        was_dragging = isinstance(slider, Slider) and slider.dragging
        super().handle_event(event)
        if was_dragging and isinstance(slider, Slider) and not slider.dragging:
            self.services.sounds.play("draw")  # let the player hear the new volume

    def update(self, dt: float) -> None:
        super().update(dt)
        toggle = self.controls["fullscreen"]  # F11 may have changed it behind the page
        if isinstance(toggle, Toggle) and toggle.value != self.services.settings.fullscreen:
            toggle.value = self.services.settings.fullscreen
            self.invalidate()
        if self.real_window() != self._shown_window:       # resized or fullscreen toggled: show the real size
            self.rebuild()

    # -- drawing -----------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        self.fit.clear()
        s = self.services.settings
        labels = ((N_("settings.language"), N_("settings.sound"), N_("settings.music"), N_("settings.speed"),
                   N_("settings.fullscreen"), N_("settings.window_size")),
                  (N_("settings.four_colour"), N_("settings.card_back"), N_("settings.table_colour"),
                   N_("settings.default_preset"), N_("settings.default_bet"), N_("settings.turn_seconds")))
        for c, keys in enumerate(labels):
            for i, key in enumerate(keys):
                label = self.fit(tr(key), 21, LABEL, COLUMN_W, bold=True)
                surface.blit(label, (COLUMNS[c] + 2, ROW_Y + i * ROW_STEP))
        for i, value in ((1, s.sound_volume), (2, s.music_volume)):
            pct = self.fit(f"{round(value * 100)}%", 20, theme.TEXT, 64, bold=True)
            y = ROW_Y + i * ROW_STEP + LABEL_H + CONTROL_H // 2
            surface.blit(pct, pct.get_rect(midright=(COLUMNS[0] + COLUMN_W, y)))
        for c, i, key in ((0, 4, "fullscreen"), (1, 0, "four_colour")):
            on = bool(getattr(s, key))
            state = self.fit(tr(N_("settings.on") if on else N_("settings.off")), 19, theme.DESCRIPTION, 200)
            y = ROW_Y + i * ROW_STEP + LABEL_H + CONTROL_H // 2
            surface.blit(state, state.get_rect(midleft=(COLUMNS[c] + 92, y)))
        if self.error:
            err = self.fit(self.error, 17, ERROR, PANEL.w - 80)
            surface.blit(err, err.get_rect(bottomleft=(PANEL.x + 36, PANEL.bottom - 6)))
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        cards, s = self.services.cards, self.services.settings
        head = self.fit(tr("settings.preview"), 19, LABEL, 150, bold=True)
        surface.blit(head, head.get_rect(midtop=(PREVIEW_X, ROW_Y + 4)))
        width, step = 56, 30
        x0 = PREVIEW_X - (width + step * (len(PREVIEW_CARDS) - 1)) // 2
        for i, card in enumerate(PREVIEW_CARDS):
            cards.blit_card(surface, cards.face(card, width), (x0 + i * step, ROW_Y + 40))
        back_w = 70
        for i in range(2):
            cards.blit_card(surface, cards.back(back_w), (PREVIEW_X - back_w // 2 - 12 + i * 24, ROW_Y + 150 + i * 8))
        swatch = self.art.cached(("felt_swatch", s.table_colour), lambda: self._swatch(s.table_colour))
        surface.blit(swatch, swatch.get_rect(midtop=(PREVIEW_X, ROW_Y + 290)))

    def _swatch(self, colour: str) -> pygame.Surface:
        image = recolour_felt(felt((320, 180)), colour)
        small = pygame.transform.smoothscale(image, (150, 84))
        return gfx.mask_with(small, gfx.rounded_rect((150, 84), theme.MASK, 12))
