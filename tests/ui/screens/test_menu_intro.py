"""The menu's buttons slide in from under the right edge of their panel: nothing of them is drawn past it while
they slide (they showed 90 px beyond the panel for half a second)."""

from __future__ import annotations

import pygame

from tala_desktop.app.composition import start_desktop
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.shell.app_loop import AppOptions, StepClock
from tests.ui.store_app_helpers import run


def test_the_menu_buttons_never_show_past_their_panel_while_they_slide_in(pg, tmp_path):
    desktop = start_desktop(AppOptions(windowed=(1280, 720), data_dir=str(tmp_path), seed=5), clock=StepClock(),
                            runner=InlineRunner())
    app = desktop.app
    try:
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        assert app.display.canvas.get_size() == (1280, 720)            # the design box is the canvas
        run(app, 8)                                                     # a little into the intro
        assert any(b.rect.right > menu.column.right for b in menu.buttons.values())   # sliding now
        sliding = app.display.canvas.copy()
        run(app, 90)
        assert all(b.rect.right <= menu.column.right for b in menu.buttons.values())  # settled
        settled = app.display.canvas
        beyond = pygame.Rect(menu.column.right, menu.column.y, 1280 - menu.column.right, menu.column.h)
        changed = [(x, y) for x in range(beyond.left, beyond.right, 2) for y in range(beyond.top, beyond.bottom, 2)
                   if sliding.get_at((x, y)) != settled.get_at((x, y))]
        assert changed == []
    finally:
        app.shutdown()
