"""The window's size: a size the player drags the window to is the next start's size; a --windowed size is not."""

from __future__ import annotations

import pygame

from tala_desktop.store import Store
from tala_desktop.ui.shared.services import UiSettings
from tala_desktop.ui.shared.store_bridge import load_ui_settings
from tala_desktop.ui.shell.desktop import Desktop
from tests.ui.app_helpers import inline_desktop


def _desktop(store: Store, settings: UiSettings, windowed: tuple[int, int] | None = None) -> Desktop:
    """The game on ``store`` with the settings it keeps, the menu shown (the store stays the test's to close)."""
    return inline_desktop(windowed, settings=settings, store=store, menu=True)


def _drag_to(size: tuple[int, int]) -> None:
    """What a window manager does when the player drags the window's corner: a new size, then the event."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def test_the_size_the_player_drags_the_window_to_is_kept_for_the_next_start(pg, tmp_path):
    store = Store(data_dir=tmp_path)
    try:
        app = _desktop(store, load_ui_settings(store)).app
        app.frame()
        assert store.load_settings().window_size == (1280, 720)
        _drag_to((1100, 700))
        app.frame()
        assert app.display.window_size == (1100, 700)
        app.shutdown()
        assert store.load_settings().window_size == (1100, 700)
        again = _desktop(store, load_ui_settings(store)).app
        try:
            assert again.display.requested_size == (1100, 700)     # opened for it (then fitted to the screen)
        finally:
            again.shutdown()
    finally:
        store.close()


def test_a_windowed_size_from_the_command_line_is_not_kept(pg, tmp_path):
    store = Store(data_dir=tmp_path)
    try:
        app = _desktop(store, load_ui_settings(store), (1024, 600)).app
        for _ in range(3):
            app.frame()
        assert app.display.window_size == (1024, 600)
        app.shutdown()
        assert store.load_settings().window_size == (1280, 720)
    finally:
        store.close()
