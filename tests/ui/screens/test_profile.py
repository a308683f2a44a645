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
