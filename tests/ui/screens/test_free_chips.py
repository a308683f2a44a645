"""Free chips where an empty wallet stops the player: the menu and the new-game page offer the daily top-up, and
once it was had, say when the next one comes; the offer comes back by itself at midnight.

Before, the top-up was only in Hồ sơ (and a small button on the menu's card
while it could be had): a player who had had it and lost again read nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tala_desktop.store import DAILY_FLOOR, Store
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.setup import SetupScene
from tala_desktop.ui.shell.app_loop import App
from tests.store.helpers import FakeClock
from tests.ui.app_helpers import inline_desktop
from tests.ui.page_fit import WINDOWS, click_design


@pytest.fixture
def broke(pg, tmp_path) -> Iterator[tuple[Store, FakeClock]]:
    clock = FakeClock()                          # 09:00, 1 March
    store = Store(tmp_path, clock)
    store.conn.execute("UPDATE profile SET balance = 300")
    yield store, clock
    store.close()


def open_menu(store: Store, size: tuple[int, int] = (1280, 720), language: str = "vi") -> tuple[App, MenuScene]:
    app = inline_desktop(size, store=store, menu=True).app
    app.services.settings.language = language
    i18n.set_language(language)
    for _ in range(60):
        app.frame()
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return app, menu


def offer_button(scene) -> pygame.Rect | None:
    hits = [w for w in scene.widgets if getattr(w, "text", "") == tr("free.claim") and w.visible]
    return pygame.Rect(hits[0].rect) if hits else None


def test_the_menu_offers_the_free_chips_then_says_when_the_next_come(broke):
    store, clock = broke
    app, menu = open_menu(store)
    try:
        button = offer_button(menu)
        assert button is not None
        assert tr("setup.error.broke", min="500") in menu.shown_texts()
        assert tr("free.offer", amount="1.700") in menu.shown_texts()
        click_design(app, button.center)
        assert store.profile().balance == DAILY_FLOOR
        assert offer_button(menu) is None and tr("menu.topup_done", amount="1.700") in menu.shown_texts()

        store.conn.execute("UPDATE profile SET balance = 100")      # lost it all again the same day
        for _ in range(70):
            app.frame()
        assert offer_button(menu) is None
        assert "Chip miễn phí lần tới: 00:00 ngày mai, còn 15 giờ 0 phút." in menu.shown_texts()

        clock.advance(hours=15)                                    # midnight
        for _ in range(70):
            app.frame()
        assert offer_button(menu) is not None
    finally:
        app.shutdown()


def test_the_new_game_page_offers_them_beside_bat_dau(broke):
    store, clock = broke
    app, menu = open_menu(store)
    try:
        click_design(app, menu.buttons["play"].rect.center)
        page = app.stack.top
        assert isinstance(page, SetupScene) and not page.start_button.enabled
        button = offer_button(page)
        assert button is not None and button.right < page.start_button.rect.x
        click_design(app, button.center)
        assert store.profile().balance == DAILY_FLOOR and page.start_button.enabled and offer_button(page) is None

        store.conn.execute("UPDATE profile SET balance = 100")
        app.stack.pop()
        click_design(app, menu.buttons["play"].rect.center)
        page = app.stack.top
        assert isinstance(page, SetupScene) and not page.start_button.enabled and offer_button(page) is None
        assert any("00:00" in t and "ngày mai" in t for t in page.offer.lines())
    finally:
        app.shutdown()


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize("size", WINDOWS)
def test_the_offer_has_its_own_place_on_both_pages(broke, size, language):
    store, _ = broke
    app, menu = open_menu(store, size, language)
    try:
        for scene in (menu, SetupScene(app.services, menu.run, lambda choices: None)):
            if scene is not menu:
                app.stack.push(scene)
                app.frame()
            button = offer_button(scene)
            assert button is not None
            others = [pygame.Rect(w.rect) for w in scene.widgets
                      if getattr(w, "visible", True) and hasattr(w, "rect") and pygame.Rect(w.rect) != button]
            assert not any(button.colliderect(o) for o in others), (button, others)
            words = scene.offer_rects()
            assert words and all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in words)
            assert not any(r.colliderect(o) for r in words for o in others + [button])
    finally:
        app.shutdown()


def test_the_offer_holds_with_a_clock_that_moves_between_two_looks(pg, tmp_path):
    """The wall clock moves between the store's reads: a top-up that can be had is still offered."""
    start = FakeClock()

    def ticking():
        start.advance(microseconds=1)
        return start.now

    with Store(tmp_path, ticking) as store:
        store.conn.execute("UPDATE profile SET balance = 300")
        app, menu = open_menu(store)
        try:
            assert offer_button(menu) is not None
        finally:
            app.shutdown()
