"""Before joining a table the lobby's chat says to join one: it offered a field and "Gửi", and what was sent came
back as the server's "Bàn này không còn nữa" in red (a chat goes to the people at your table, and there is none).

The real lobby scene over the server core (tests/ui/lan/core_lan.py), drawn headless at 1280x720.
"""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tests.ui.lan.test_lan_lobby_people import frames, screen
from tests.ui.lan.test_lan_scenes import click


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_lobby_chat_before_a_table_says_to_join_one(lan, fonts, lang):
    set_language(lang)
    host = lan.session("Lan")
    host.client.create_table(seats=3)
    host.pump(0.0)
    alone = lan.session("Tú")
    stack, lobby = screen(fonts, alone)
    frames((stack, lobby), sessions=(host,))
    assert alone.lobby is None and alone.tables
    assert not lobby.chat_field.visible and not lobby.send_button.visible
    assert lobby.drawn_chat_hint == tr("lobby.chat_no_table")
    click(lobby, lobby.chat_field.rect)                 # where the field was: nothing to type into
    for key in (pygame.K_h, pygame.K_i, pygame.K_RETURN):
        lobby.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=chr(key) if key != pygame.K_RETURN
                                              else "\r", mod=0))
    click(lobby, lobby.send_button.rect)
    frames((stack, lobby), sessions=(host,))
    assert alone.notices == [] and lobby.drawn_status == ""
    alone.client.join(alone.tables[0].id)              # at a table the chat is there again
    frames((stack, lobby), sessions=(host,))
    assert alone.lobby is not None and lobby.chat_field.visible and lobby.send_button.visible
    assert lobby.drawn_chat_hint == tr("lobby.chat_empty")
