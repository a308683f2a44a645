"""Applying settings live: ``services.settings`` pushed into i18n, sounds, music, card art and the window.

Used by the Cài đặt page after every change and by the app at start-up.
Settings hold plain values; this module knows which live object each one
drives. The choices some settings offer (speeds, window sizes) live here too.
"""

from __future__ import annotations

import pygame

from ..art.theme import BACK_COLOURS
from ..core.i18n import LANGUAGES, set_language, tr
from .services import Services

SPEEDS: tuple[tuple[float, str], ...] = ((0.6, "slow"), (1.0, "normal"), (2.0, "fast"), (0.0, "instant"))
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080))


def speed_option(speed: float) -> float:
    """The speed choice nearest to ``speed`` (so any stored value shows a selected option)."""
    if speed <= 0:
        return 0.0
    return min((v for v, _ in SPEEDS if v > 0), key=lambda v: abs(v - speed))


def apply_settings(services: Services) -> None:
    """Push ``services.settings`` into the live objects: i18n, sounds, music, card art and the window."""
    s = services.settings
    if s.language in LANGUAGES:
        set_language(s.language)
    services.sounds.set_volume(s.sound_volume)
    music = services.music
    if music is not None:
        music.set_volume(s.music_volume)
    services.sounds.reserve(music.level if music is not None else 0.0)    # the effects leave the music its room
    services.cards.four_colour = s.four_colour
    if s.card_back in BACK_COLOURS:
        services.cards.back_colour = s.card_back
    display = services.display
    if display is None:
        return
    if pygame.display.get_init():
        pygame.display.set_caption(tr("app.title"))
    if getattr(display, "fullscreen", s.fullscreen) != s.fullscreen:
        display.set_fullscreen(s.fullscreen)
    wanted = (int(s.window_size[0]), int(s.window_size[1]))
    if getattr(display, "requested_size", wanted) != wanted:
        display.requested_size = wanted
        display.set_window_size(fit_window(wanted))


def fit_window(size: tuple[int, int], screen: tuple[int, int] | None = None) -> tuple[int, int]:
    """``size``, shrunk (keeping its shape) to 90 % of the screen so a small laptop sees the whole window."""
    if screen is None:
        sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
        screen = sizes[0] if sizes else size
    k = min(1.0, 0.9 * screen[0] / size[0], 0.9 * screen[1] / size[1])
    return max(320, round(size[0] * k)), max(240, round(size[1] * k))
