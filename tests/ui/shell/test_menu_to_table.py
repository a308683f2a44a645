"""Menu to table and back: real clicks from the menu through setup to the table scene, Esc pause, leave; closing the
window mid-game ends the game's own bot threads and processes."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator

import pygame
import pytest

from tala_desktop.app.composition import build_desktop
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.shell.app_loop import AppOptions, StepClock
from tala_desktop.ui.shell.desktop import Desktop
from tala_desktop.ui.table.pause import PauseOverlay
from tala_desktop.ui.table.scene import TableScene
from tests.ui.app_helpers import inline_desktop
from tests.ui.screens.test_menu_pages import click, key, settle


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def desktop(pg, request) -> Iterator[Desktop]:
    made = inline_desktop(request.param, seed=11, menu=True)
    settle(made.app)
    yield made
    made.app.shutdown()


@pytest.fixture
def threaded(pg) -> Iterator[Desktop]:
    """The game as it runs: no runner handed in, so each table starts its bot threads (Hard in a process)."""
    made = build_desktop(AppOptions(windowed=(1280, 720), seed=11), StepClock())
    pygame.event.clear()
    made.show_menu()
    settle(made.app)
    yield made
    made.app.shutdown()


def test_menu_setup_table_pause_leave_and_back_at_the_menu(desktop):
    app = desktop.app
    menu = app.stack.top
    click(app, menu.buttons["play"].rect.center)
    setup = app.stack.top
    click(app, setup.players.rect_of(2).center)
    click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and not table.spectator
    assert [type(s) for s in app.stack.scenes] == [MenuScene, TableScene]   # the setup page is gone
    client = desktop.games.clients[0]
    settle(app, 20)
    assert table.model is not None and table.model.names == [app.services.settings.player_name, "Lan"]
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    click(app, pause.buttons[1].rect.center)                                 # Rời bàn
    click(app, app.stack.top.confirm_button.rect.center)                     # mid-game: yes, it costs Móm
    assert app.stack.top is menu and len(app.stack) == 1
    assert client.closed and desktop.games.clients == []


def test_closing_the_window_during_a_game_ends_every_worker(threaded):
    from tala_desktop.ui.shared.new_game import BotChoice, GameChoices

    app, games = threaded.app, threaded.games
    before = {t.ident for t in threading.enumerate()}
    choices = GameChoices(bots=[BotChoice("Lan", "hard"), BotChoice("Minh", "normal"), BotChoice("Hùng", "easy")])
    games.start_game(choices)
    client = games.clients[0]
    client.table.think_delay = 0.0
    hard_thought = False
    for _ in range(300):                       # play your turns so the bots (Hard in its process) think
        app.frame()
        st = client.table.state
        hard_thought = hard_thought or st.to_move == 1 and client.table.runner.busy > 0
        if st.to_move == 0 and not st.is_over:
            client.send_move(st.legal_moves()[0])
    assert hard_thought
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.frame() is False
    app.shutdown()
    assert client.closed and len(app.stack) == 0
    left = [t.name for t in threading.enumerate() if t.ident not in before and not t.daemon and t.is_alive()]
    assert left == [] and multiprocessing.active_children() == []
