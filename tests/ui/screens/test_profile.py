"""Hồ sơ: the profile card opens it; a good name is saved (and used at the table), a bad one is refused and
changes nothing; an avatar click is kept by the store."""

from __future__ import annotations

import pygame

from tala_desktop.ui.screens.menu import CARD
from tala_desktop.ui.screens.profile import ProfileScene
from tests.ui.store_app_helpers import click, open_app, run


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.frame()


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame()


def test_name_and_avatar_from_the_profile_page(pg, tmp_path):
    app = open_app(tmp_path).app
    store = app.services.store
    try:
        click(app, (CARD.x + 40, CARD.centery))
        page = app.stack.top
        assert isinstance(page, ProfileScene)
        click(app, page.field.rect.center)
        for _ in range(5):
            key(app, pygame.K_BACKSPACE)
        type_text(app, "Hoa Trần")
        key(app, pygame.K_RETURN)
        assert store.profile().name == "Hoa Trần" and app.services.settings.player_name == "Hoa Trần"
        click(app, page.field.rect.center)
        for _ in range(10):
            key(app, pygame.K_BACKSPACE)
        type_text(app, "   ")
        click(app, page.save_button.rect.center)
        assert store.profile().name == "Hoa Trần"
        assert page.message and not page.message_ok
        click(app, page.avatar_rects()[7].center)
        assert store.profile().avatar == 7
        key(app, pygame.K_ESCAPE)
        run(app, 3)
        assert app.stack.top.buttons["play"].text == "Chơi với máy"
    finally:
        app.shutdown()


def test_a_name_chosen_on_the_lan_page_is_shown_whole_and_saving_keeps_it(pg, tmp_path):
    """The LAN page takes a name of up to 20 characters and keeps it in the profile; Hồ sơ showed it cut to 14
    ("Nguyễn Thị Ngọ") and Lưu saved the cut one."""
    app = open_app(tmp_path).app
    store = app.services.store
    try:
        store.set_name("Nguyễn Thị Ngọc Anh")
        click(app, (CARD.x + 40, CARD.centery))
        page = app.stack.top
        assert isinstance(page, ProfileScene)
        assert page.field.text == "Nguyễn Thị Ngọc Anh"
        click(app, page.save_button.rect.center)
        assert store.profile().name == "Nguyễn Thị Ngọc Anh" and page.message_ok
        click(app, page.field.rect.center)
        type_text(app, "xyz")                                   # 22 characters: as many as the LAN page takes
        assert page.field.text == "Nguyễn Thị Ngọc Anhx"
        shown = page.field.rect
        assert page.services.fonts.font(24).size(page.field.text)[0] < shown.w - 16      # seen whole in its box
    finally:
        app.shutdown()
