"""Menu pages: navigation by real mouse events, the disabled LAN entry, live settings, Esc goes back, idle menu."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import DESIGN_SIZE
from tala_desktop.ui.frames.page import PANEL, TITLE_CENTRE, PageScene
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.rules import RulesScene
from tala_desktop.ui.screens.settings import SettingsScene
from tala_desktop.ui.screens.setup import SetupScene
from tala_desktop.ui.shared.run_state import RunState
from tala_desktop.ui.shell.app_loop import App
from tests.ui.app_helpers import inline_desktop
from tests.ui.reference_frames import differing


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def app(pg, request) -> Iterator[App]:
    made = inline_desktop(request.param, menu=True).app
    pygame.event.clear()
    settle(made)
    yield made
    made.shutdown()


def settle(app: App, frames: int = 90) -> None:
    for _ in range(frames):
        app.frame()


def click(app: App, logical: tuple[int, int]) -> None:
    """A real left click at a point of the top scene, posted at the window pixel it is drawn at (a page is drawn
    in the design box in the middle of the canvas)."""
    top = app.stack.top
    box = app.stack.design_box() if top is not None and not top.fills_canvas else pygame.Rect(0, 0, 0, 0)
    pos = tuple(round(v) for v in app.display.to_window((logical[0] + box.x, logical[1] + box.y)))
    for etype, extra in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                         (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
        pygame.event.post(pygame.event.Event(etype, pos=pos, **extra))
    app.frame()


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame()


def test_menu_has_the_five_entries_with_play_as_the_big_primary(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    b = menu.buttons
    assert [b[k].text for k in ("play", "lan", "settings", "rules", "quit")] == [
        "Chơi với máy", "Chơi qua mạng LAN", "Cài đặt", "Luật chơi", "Thoát"]
    assert b["play"].style == "primary" and b["play"].rect.h > b["settings"].rect.h
    assert b["lan"].enabled


def test_the_lan_entry_opens_the_lan_page_and_back(app, monkeypatch):
    from tala_desktop.net.discovery import Browser
    from tala_desktop.ui.lan import browser as lan_browser_scene

    monkeypatch.setattr(lan_browser_scene, "_default_browser", lambda: Browser(bind=("127.0.0.1", 0)))
    menu = app.stack.top
    click(app, menu.buttons["lan"].rect.center)
    assert isinstance(app.stack.top, lan_browser_scene.LanBrowserScene)
    click(app, app.stack.top.back_button.rect.center)
    assert app.stack.top is menu and len(app.stack) == 1


def test_menu_to_setup_and_back_with_the_button_and_with_esc(app):
    menu = app.stack.top
    click(app, menu.buttons["play"].rect.center)
    assert isinstance(app.stack.top, SetupScene)
    click(app, app.stack.top.back_button.rect.center)
    assert app.stack.top is menu
    click(app, menu.buttons["rules"].rect.center)
    assert isinstance(app.stack.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    key(app, pygame.K_ESCAPE)                 # Esc on the main menu does not quit
    assert app.running and app.stack.top is menu


def test_quit_from_the_menu_ends_the_loop(app):
    click(app, app.stack.top.buttons["quit"].rect.center)
    assert not app.running


def test_switching_the_language_relabels_the_menu(app):
    menu = app.stack.top
    click(app, menu.buttons["settings"].rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    click(app, settings.controls["language"].rect_of("en").center)
    assert i18n.get_language() == "en" and app.services.settings.language == "en"
    assert pygame.display.get_caption()[0] == "Tá Lả (Phỏm)"
    settle(app, 2)
    assert settings.back_button.text == "Back"
    click(app, settings.back_button.rect.center)
    assert app.stack.top is menu
    assert menu.buttons["play"].text == "Play against the computer"
    assert menu.buttons["quit"].text == "Quit"


def test_settings_apply_live_to_the_card_art_sounds_and_window(app):
    click(app, app.stack.top.buttons["settings"].rect.center)
    page, services = app.stack.top, app.services
    before = pygame.image.tobytes(services.cards.face(13 + 4, 80), "RGBA")  # 5♣ is black in the 2-colour deck
    click(app, page.controls["four_colour"].rect.center)
    assert services.settings.four_colour and services.cards.four_colour
    assert pygame.image.tobytes(services.cards.face(13 + 4, 80), "RGBA") != before
    click(app, page.controls["card_back"].rect_of("blue").center)
    assert services.settings.card_back == "blue" and services.cards.back_colour == "blue"
    click(app, page.controls["speed"].rect_of(2.0).center)
    assert services.settings.animation_speed == 2.0
    slider = page.controls["volume"]
    click(app, (slider.rect.x + slider.rect.w // 4, slider.rect.centery))
    assert services.settings.sound_volume == pytest.approx(0.25, abs=0.05)
    assert services.sounds.volume == services.settings.sound_volume
    click(app, page.controls["fullscreen"].rect.center)
    assert app.display.fullscreen and services.settings.fullscreen
    click(app, page.controls["fullscreen"].rect.center)
    assert not app.display.fullscreen


def test_an_idle_menu_stops_redrawing(app):
    menu = app.stack.top
    drawn = app.frames_drawn
    settle(app, 30)
    assert not menu.needs_redraw and app.frames_drawn == drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    app.frame()
    assert app.frames_drawn == drawn + 1  # input may change a hover: one redraw, then quiet again
    settle(app, 10)
    assert app.frames_drawn == drawn + 1


def _drawn(page: PageScene, bare: bool) -> pygame.Surface:
    """The page drawn on its own design-size canvas; ``bare``: without its title and widgets."""
    surface = pygame.Surface(DESIGN_SIZE)
    widgets, title = page.widgets, page.title_key
    if bare:
        page.widgets, page.title_key = [], ""
    try:
        page.draw(surface)
    finally:
        page.widgets, page.title_key = widgets, title
    return surface


def test_every_page_draws_its_title_and_each_control_where_they_stand_in_both_languages(app):
    for language in ("vi", "en"):
        i18n.set_language(language)
        run = RunState()
        for page in (SetupScene(app.services, run, lambda c: None), SettingsScene(app.services),
                     RulesScene(app.services, run)):
            app.stack.push(page)
            settle(app, 3)
            where = f"{type(page).__name__} in {language}"
            shot = app.display.canvas.subsurface(app.stack.design_box())
            full = _drawn(page, bare=False)
            assert differing(shot, full).count() == 0, where        # the window shows the page as drawn
            changed = differing(full, _drawn(page, bare=True))      # what the title and the controls add
            band = pygame.Rect(210, TITLE_CENTRE[1] - 40, 810, 80)        # clear of the buttons at the corners
            title = changed.overlap_mask(pygame.mask.Mask(band.size, fill=True), band.topleft).get_bounding_rects()
            assert title, f"{where}: no title"
            box = title[0].unionall(title[1:])
            width = page.art.gold_text(i18n.tr(page.title_key), 46).get_width()
            assert abs(box.centerx - TITLE_CENTRE[0]) <= 3 and width - 40 < box.w <= width, (where, box, width)
            for widget in page.widgets:
                rect = getattr(widget, "rect", None)
                if rect is None or not getattr(widget, "visible", True):
                    continue
                inside = changed.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
                assert inside > 0.05 * rect.w * rect.h, (where, type(widget).__name__, rect, inside)
            glass = full.get_at((PANEL.x + 12, PANEL.bottom - 12))[:3]
            assert max(glass) < 60, (where, glass)                  # the page's dark panel (PAGE_PANEL_FILL)
            app.stack.pop()



def test_the_window_size_setting_shows_the_real_size_of_the_window(pg):
    made = inline_desktop((1100, 650)).app
    try:
        page = SettingsScene(made.services)
        made.stack.push(page)
        control = page.controls["window_size"]
        assert control.value == (1100, 650) and ((1100, 650), "1100×650") in control.options
        made.display.set_window_size((1600, 900))          # the player picks a size elsewhere, or drags the window
        settle(made, 2)
        control = page.controls["window_size"]
        assert control.value == (1600, 900) and len(control.options) == 3
    finally:
        made.shutdown()


@pytest.mark.parametrize("window", [(1024, 768), (2520, 1080)], ids=["4:3", "21:9"])
def test_pages_fill_a_window_of_another_shape_and_take_clicks_in_their_box(pg, window):
    made = inline_desktop(window, menu=True).app
    try:
        settle(made)
        canvas = made.display.canvas
        assert canvas.get_size() == {(1024, 768): (1280, 960), (2520, 1080): (1680, 720)}[window]
        assert made.display.viewport.size == window                    # no black bars
        corner = canvas.get_at((2, 2))[:3]
        assert corner != (0, 0, 0)                                     # the felt reaches the edge
        assert made.stack.design_box().size == (1280, 720)
        click(made, made.stack.top.buttons["settings"].rect.center)
        assert isinstance(made.stack.top, SettingsScene)
    finally:
        made.shutdown()


def test_the_menu_puts_its_version_and_keys_in_the_corners_of_a_wide_window(pg):
    made = inline_desktop((2520, 1080), menu=True).app
    try:
        settle(made)
        canvas = made.display.canvas
        w, h = canvas.get_size()

        def has_caption(x0: int, x1: int) -> bool:
            return any(max(abs(a - b) for a, b in zip(canvas.get_at((x, y))[:3], (170, 196, 176))) < 12
                       for x in range(x0, x1) for y in range(h - 34, h - 14))

        assert w == 1680
        assert has_caption(24, 120) and has_caption(w - 120, w - 24)   # outside the 1280 box (200..1480)
    finally:
        made.shutdown()
