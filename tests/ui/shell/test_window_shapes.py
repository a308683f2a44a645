"""Window shapes: the table lays itself out for a canvas of the window's shape (4:3 to 21:9) and follows a resize;
pages stay in their design box. Clicks are posted at window pixels."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.shared.new_game import GameChoices
from tala_desktop.ui.shell.app_loop import App
from tests.ui.app_helpers import inline_desktop
from tests.ui.table_helpers import moving


def _my_turn(app: App, table, frames: int = 4000) -> None:
    for _ in range(frames):
        app.frame()
        if table.model is not None and table.model.to_move == table.model.me and not moving(table.view()):
            break
    for _ in range(30):
        app.frame()


def _inside(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return pygame.Rect(0, 0, *size).contains(rect)


@pytest.mark.parametrize(("window", "canvas"), [((2520, 1080), (1680, 720)), ((1024, 768), (1280, 960)),
                                                ((1024, 600), (1280, 750))], ids=["21:9", "4:3", "1024x600"])
def test_the_table_fills_a_window_of_any_shape(pg, window, canvas):
    desktop = inline_desktop(window, menu=True)
    app = desktop.app
    try:
        table = desktop.games.start_game(GameChoices(turn_seconds=0))
        _my_turn(app, table)
        assert app.display.viewport.size == window                     # no bars
        assert table.layout.size == canvas
        rects = table.hand.rest_rects()
        assert rects and all(_inside(r, canvas) for r in rects.values())
        assert max(r.bottom for r in rects.values()) > canvas[1] - 60  # the hand sits at the bottom edge
        assert table.view().controls[0].rect.right > canvas[0] - 30    # the menu button at the right edge
        for seat in range(table.model.n):
            geo = table.layout.seat(seat)
            assert _inside(geo.plate, canvas)
        card = next(iter(rects))
        pos = tuple(round(v) for v in app.display.to_window(rects[card].center))
        for etype, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                             (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
            pygame.event.post(pygame.event.Event(etype, pos=pos, **extra))
        app.frame()
        assert table.hand.hover == card or card in table.hand.selected
    finally:
        app.shutdown()


def test_the_table_follows_the_window_when_it_changes_shape(pg):
    desktop = inline_desktop((1280, 720), menu=True)
    app = desktop.app
    try:
        table = desktop.games.start_game(GameChoices(turn_seconds=0))
        _my_turn(app, table)
        assert table.layout.size == (1280, 720)
        app.display.set_window_size((1024, 768))
        for _ in range(3):
            app.frame()
        assert table.layout.size == (1280, 960)
        for _ in range(60):                                            # the cards glide to their new places
            app.frame()
        assert all(r.bottom > 900 for r in table.hand.rest_rects().values())
        assert all(table.hand.rect_of(c) == r for c, r in table.hand.rest_rects().items())
    finally:
        app.shutdown()


def test_the_pause_menu_sits_in_the_middle_of_a_wide_table_and_takes_its_clicks(pg):
    from tala_desktop.ui.table.pause import PauseOverlay

    desktop = inline_desktop((2520, 1080), menu=True)
    app = desktop.app
    try:
        table = desktop.games.start_game(GameChoices(turn_seconds=0))
        _my_turn(app, table)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        for _ in range(5):
            app.frame()
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay) and table.paused
        assert pause.panel.center == (840, 360)                        # the middle of the 1680x720 canvas
        app.draw()
        resume = pause.buttons[0]
        pos = tuple(round(v) for v in app.display.to_window(resume.rect.center))
        for etype, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                             (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
            pygame.event.post(pygame.event.Event(etype, pos=pos, **extra))
        for _ in range(5):
            app.frame()
        assert app.stack.top is table and not table.paused
    finally:
        app.shutdown()


def test_a_table_under_a_dialog_follows_the_window_too(pg):
    from tala_desktop.ui.frames.confirm import ConfirmOverlay

    desktop = inline_desktop((1280, 720), menu=True)
    app = desktop.app
    try:
        table = desktop.games.start_game(GameChoices(turn_seconds=0))
        _my_turn(app, table)
        pause = table.pause_overlay()
        app.stack.push(pause)
        pause.leave()                                   # mid-game: asks first, and the dialog holds the stack
        app.frame()
        assert isinstance(app.stack.top, ConfirmOverlay)
        app.display.set_window_size((1024, 768))
        for _ in range(3):
            app.frame()
        assert table.layout.size == (1280, 960)
        assert all(r.bottom > 900 for r in table.hand.rest_rects().values())
    finally:
        app.shutdown()
