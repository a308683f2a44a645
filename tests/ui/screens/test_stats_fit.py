"""Thống kê at every window size, in both languages: nothing drawn outside its panel, every opponent reachable.

A player who has met ten opponents (three of them Khó) saw the last row on
the panel's frame, "và 3 đối thủ khác" below it and the Khó opponents never:
the opponents now come a panel's worth at a time, turned with ◀ / ▶ (and
the wheel over the table).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from tala_desktop.store import Store
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.screens.stats import StatsScene
from tala_desktop.ui.shell.app_loop import App
from tests.ui.app_helpers import inline_desktop
from tests.ui.page_fit import WINDOWS, click_design, outside_panel
from tests.ui.store_app_helpers import settle_games_met


@pytest.fixture(scope="module")
def met_folder(tmp_path_factory) -> tuple[Path, list[tuple[str, str]]]:
    folder = tmp_path_factory.mktemp("met")
    with Store(folder) as store:
        met = settle_games_met(store)
    return folder, met


Opener = Callable[[tuple[int, int], str], tuple[App, StatsScene]]


@pytest.fixture
def stats_app(pg, met_folder, tmp_path) -> Iterator[tuple[Opener, list[tuple[str, str]]]]:
    """(open the app at a size in a language with Thống kê shown, the opponents met); the app ends with the test."""
    folder, met = met_folder
    shutil.copytree(folder, tmp_path / "data")
    store = Store(tmp_path / "data")
    apps: list[App] = []

    def opened(size: tuple[int, int], language: str) -> tuple[App, StatsScene]:
        app = inline_desktop(size, store=store, menu=True).app
        apps.append(app)
        app.services.settings.language = language
        i18n.set_language(language)
        page = StatsScene(app.services)
        app.stack.push(page)
        for _ in range(5):
            app.frame()
        return app, page

    try:
        yield opened, met
    finally:
        for app in apps:
            app.shutdown()
        store.close()


def shown_opponents(page: StatsScene) -> list[str]:
    return [cells[0] for cells in page.opponent_cells()]


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize("size", WINDOWS)
def test_the_statistics_fit_their_panel_and_every_opponent_is_reachable(stats_app, size, language):
    opened, met = stats_app
    app, page = opened(size, language)
    seen: list[str] = []
    for _ in range(len(met)):
        assert not outside_panel(page), outside_panel(page)
        assert not page.fit.overflowing(), page.fit.overflowing()
        seen += shown_opponents(page)
        if not page.next_button.visible or not page.next_button.enabled:
            break
        click_design(app, page.next_button.rect.center)
    wanted = sorted(f"{name} · {tr(f'setup.level.{level}')}" for name, level in met)
    assert sorted(seen) == wanted                          # each once, the Khó ones among them
    assert sum(tr("setup.level.hard") in row for row in seen) == 4
    click_design(app, page.prev_button.rect.center)
    assert page.page == page.pages - 2


def test_the_wheel_over_the_opponents_turns_their_pages(stats_app):
    opened, _ = stats_app
    app, page = opened((1280, 720), "vi")
    first = shown_opponents(page)
    box = app.stack.design_box()
    at = tuple(round(v) for v in app.display.to_window((box.x + 640, box.y + 560)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.frame()
    assert page.page == 1 and shown_opponents(page) != first
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.frame()
    assert page.page == 0 and shown_opponents(page) == first
