"""The new-game page remembers each bot's level across runs of the app, as it remembers the seconds per turn."""

from __future__ import annotations

import pygame

from tala_desktop.ui.screens.setup import SetupScene
from tala_desktop.ui.shared.run_state import RunState
from tests.ui.store_app_helpers import open_app, run


def click(app, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.frame()


def test_bot_levels_and_seconds_survive_a_restart(pg, tmp_path):
    app = open_app(tmp_path).app
    try:
        page = SetupScene(app.services, RunState(), lambda choices: None)
        app.stack.push(page)
        run(app, 3)
        click(app, page.level_pickers[0].rect_of("easy").center)
        click(app, page.level_pickers[2].rect_of("hard").center)
        click(app, page.seconds.rect_of(45).center)
        click(app, page.start_button.rect.center)
    finally:
        app.shutdown()
    app = open_app(tmp_path).app
    try:
        page = SetupScene(app.services, RunState(), lambda choices: None)
        app.stack.push(page)
        run(app, 3)
        assert [b.level for b in page.choices.bots] == ["easy", "normal", "hard"]
        assert [p.value for p in page.level_pickers] == ["easy", "normal", "hard"]
        assert page.choices.turn_seconds == 45
    finally:
        app.shutdown()
