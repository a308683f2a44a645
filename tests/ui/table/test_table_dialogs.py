"""The dialogs over the table take values, not the scene: the pause menu and the results read TableBelow from a
function and ask the table only through the callbacks they are handed."""

from __future__ import annotations

import pygame

from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.table.layout import TableLayout
from tala_desktop.ui.table.painter import TablePainter
from tala_desktop.ui.table.pause import PauseOverlay, leave_cost, quit_note
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.view import TableBelow
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results


def test_the_pause_menu_is_made_from_the_table_below_and_callbacks(pg, fonts):
    services = make_services(fonts)
    below = TableBelow(TableLayout((1680, 720), 4, 0), None, spectator=False, can_pause=True, saved=True,
                       changed=False)
    held: list[bool] = []
    left: list[bool] = []
    stack = SceneStack()
    pause = PauseOverlay(services, TablePainter(services), lambda: below, held.append, lambda: left.append(True))
    stack.push(pause)
    assert held == [True] and pause.panel.center == (840, 360)       # it holds the table, centred on its canvas
    assert leave_cost(below) is None and quit_note(below)             # no game shown: nothing to lose yet
    pause.leave()                                                     # the table may be playing: it asks first
    assert isinstance(stack.top, ConfirmOverlay) and left == []
    stack.top.confirm()
    assert left == [True]
    pause.close()
    assert held == [True, False]


def test_the_results_take_the_game_the_avatars_and_the_ways_on(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=3.0))
    sc = drv.scene
    overlay = play_to_results(drv)
    model = sc.model
    assert model is not None and overlay.model is model and overlay.looks == sc.seat_looks()
    wanted: list[str] = []
    other = ResultsOverlay(drv.services, sc.painter, model, overlay.looks, sc.table_below,
                           lambda: wanted.append("next"), lambda: wanted.append("leave"), auto_start=False)
    surface = pygame.Surface(sc.layout.size)
    other.draw(surface)
    other.start_next()
    assert wanted == ["next"]
    sc.close()
