"""SettingsScene: the settings page (language, volume, animation speed, 4-colour deck, card back, fullscreen).

Every change is written to ``services.settings`` and applied at once by
``apply_settings`` (language, sound volume, card art, the window), so the
rest of the session follows it; saving them is the store's job.
"""

from __future__ import annotations

import pygame

from .card_art import BACK_COLOURS
from .form_widgets import Segmented, Slider, Toggle
from .i18n import LANGUAGES, set_language, tr
from .page_scene import PANEL, PageScene
from .services import Services

DISPLAY = "display"  # services.extras key of the app's Display, when there is a window
SPEEDS: tuple[tuple[float, str], ...] = ((0.6, "slow"), (1.0, "normal"), (2.0, "fast"), (0.0, "instant"))
LABEL_X = PANEL.x + 56
CONTROL_X = PANEL.x + 380
CONTROL_W = 440
ROW_Y = PANEL.y + 46
ROW_STEP = 84
PREVIEW_X = PANEL.right - 170
PREVIEW_CARDS = (0, 12 + 13, 11 + 26, 9 + 39)  # A♠ K♣ Q♦ 10♥: one card of every suit
LABEL_COLOUR = (255, 222, 140)


def apply_settings(services: Services) -> None:
    """Push ``services.settings`` into the live objects: i18n, sounds, card art and the window."""
    s = services.settings
    if s.language in LANGUAGES:
        set_language(s.language)
    services.sounds.set_volume(s.sound_volume)
    services.cards.four_colour = s.four_colour
    if s.card_back in BACK_COLOURS:
        services.cards.back_colour = s.card_back
    display = services.extras.get(DISPLAY)
    if display is not None:
        if pygame.display.get_init():
            pygame.display.set_caption(tr("app.title"))
        if getattr(display, "fullscreen", s.fullscreen) != s.fullscreen:
            display.set_fullscreen(s.fullscreen)


def speed_option(speed: float) -> float:
    """The speed choice nearest to ``speed`` (so any stored value shows a selected option)."""
    if speed <= 0:
        return 0.0
    return min((v for v, _ in SPEEDS if v > 0), key=lambda v: abs(v - speed))


class SettingsScene(PageScene):
    """One row per setting, a live preview of the cards on the right."""

    title_key = "settings.title"

    def __init__(self, services: Services) -> None:
        self.controls: dict[str, Segmented | Slider | Toggle] = {}
        super().__init__(services)

    def build(self) -> None:
        fonts, s = self.services.fonts, self.services.settings

        def row(i: int, h: int = 50, w: int = CONTROL_W) -> tuple[int, int, int, int]:
            return (CONTROL_X, ROW_Y + i * ROW_STEP + (50 - h) // 2, w, h)

        self.controls = {
            "language": Segmented(row(0), [(lang, tr(f"settings.language.native_{lang}")) for lang in LANGUAGES],
                                  s.language, fonts, self._set_language, size=20),
            "volume": Slider(row(1, 30, CONTROL_W - 90), s.sound_volume, self._set_volume),
            "speed": Segmented(row(2), [(v, tr(f"settings.speed.{k}")) for v, k in SPEEDS],
                               speed_option(s.animation_speed), fonts, self._set_speed, size=19),
            "four_colour": Toggle(row(3, 38, 76), s.four_colour, self._set_four_colour),
            "card_back": Segmented(row(4), [(c, tr(f"settings.back.{c}")) for c in BACK_COLOURS], s.card_back,
                                   fonts, self._set_back, size=19),
            "fullscreen": Toggle(row(5, 38, 76), s.fullscreen, self._set_fullscreen),
        }
        self.widgets.extend(self.controls.values())

    # -- changes (each applied at once) ------------------------------------------------------
    def _changed(self) -> None:
        apply_settings(self.services)
        self.invalidate()

    def _set_language(self, language: str) -> None:
        self.services.settings.language = language
        self._changed()  # update() sees the new language and rebuilds every label

    def _set_volume(self, volume: float) -> None:
        self.services.settings.sound_volume = volume
        self._changed()

    def _set_speed(self, speed: float) -> None:
        self.services.settings.animation_speed = speed
        self._changed()

    def _set_four_colour(self, on: bool) -> None:
        self.services.settings.four_colour = on
        self._changed()

    def _set_back(self, colour: str) -> None:
        self.services.settings.card_back = colour
        self._changed()

    def _set_fullscreen(self, on: bool) -> None:
        self.services.settings.fullscreen = on
        self._changed()

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

    # -- drawing -----------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        art, s = self.art, self.services.settings
        keys = ("settings.language", "settings.volume", "settings.speed", "settings.four_colour",
                "settings.card_back", "settings.fullscreen")
        for i, key in enumerate(keys):
            label = art.text(tr(key), 23, LABEL_COLOUR, bold=True)
            surface.blit(label, label.get_rect(midleft=(LABEL_X, ROW_Y + i * ROW_STEP + 25)))
            if i < len(keys) - 1:
                line = art.divider(CONTROL_X + CONTROL_W - LABEL_X)
                surface.blit(line, (LABEL_X, ROW_Y + i * ROW_STEP + 66))
        pct = art.text(f"{round(s.sound_volume * 100)}%", 21, (236, 244, 236), bold=True)
        surface.blit(pct, pct.get_rect(midright=(CONTROL_X + CONTROL_W, ROW_Y + ROW_STEP + 25)))
        for i, key in ((3, "four_colour"), (5, "fullscreen")):
            on = bool(getattr(s, key))
            state = art.text(tr("settings.on" if on else "settings.off"), 20, (206, 222, 210))
            surface.blit(state, state.get_rect(midleft=(CONTROL_X + 92, ROW_Y + i * ROW_STEP + 25)))
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        art, cards = self.art, self.services.cards
        head = art.text(tr("settings.preview"), 21, LABEL_COLOUR, bold=True)
        surface.blit(head, head.get_rect(midtop=(PREVIEW_X, ROW_Y + 6)))
        width, step = 74, 50
        x0 = PREVIEW_X - (width + step * (len(PREVIEW_CARDS) - 1)) // 2
        for i, card in enumerate(PREVIEW_CARDS):
            cards.blit_card(surface, cards.face(card, width), (x0 + i * step, ROW_Y + 50))
        back_w = 92
        for i in range(2):
            cards.blit_card(surface, cards.back(back_w), (PREVIEW_X - back_w // 2 - 14 + i * 28, ROW_Y + 228 + i * 10))
