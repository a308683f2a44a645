"""Fullscreen: F11 or the setting, then back: the window has the size and the place it had before, every time.

Played on a window system without a window manager (tests/ui/window_system.py:
the X server alone keeps the fullscreen's size and corner when fullscreen
ends), where the player saw a 2560x1440 window pushed off the screen.
"""

from __future__ import annotations

import pygame

from tala_desktop.ui.core.i18n import tr
from tests.ui.window_system import display_window, without_window_manager

from .driver import Journey

WINDOW = (1100, 700)
PLACE = (120, 80)


def windowed_as_before(j: Journey) -> bool:
    """The window is back: its size, its place, and the canvas drawn for that size."""
    window, display, surface = display_window(), j.running_app.display, pygame.display.get_surface()
    return (not display.fullscreen and tuple(window.size) == WINDOW and tuple(window.position) == PLACE
            and surface is not None and surface.get_size() == WINDOW and display.window_size == WINDOW)


def test_fullscreen_by_f11_and_by_the_setting_ends_in_the_window_it_came_from(journey, monkeypatch):
    with without_window_manager(monkeypatch):
        j = journey(size=WINDOW)
        j.start()
        display_window().position = PLACE                 # the player moved the window there
        j.key(pygame.K_F11)
        assert j.running_app.display.fullscreen
        surface = pygame.display.get_surface()
        assert surface is not None and surface.get_size() == pygame.display.get_desktop_sizes()[0]
        j.key(pygame.K_F11)
        j.step(0.2)
        assert windowed_as_before(j)
        assert "Chơi với máy" in j.labels()              # the menu is drawn in the window again

        j.click("Cài đặt")
        j.click(tr("settings.fullscreen"))
        assert j.running_app.display.fullscreen and j.running_app.services.settings.fullscreen
        j.click(tr("settings.fullscreen"))               # the switch is where it was on the fullscreen canvas too
        j.step(0.2)
        assert windowed_as_before(j)
        assert not j.store.load_settings().fullscreen
        j.stop()
