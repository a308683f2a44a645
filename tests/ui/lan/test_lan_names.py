"""Names on the LAN in the player's language: the LAN page asks for a name when the profile has none (and says
what others will see otherwise), and a bot is one name everywhere ("Máy 2" / "Bot 2"), the lobby and the table."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.table import SeatKind
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.names import seat_name
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.browser import LanBrowserScene
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.roster import seat_marks
from tala_desktop.ui.table.scene import TableScene
from tests.ui.lan.test_lan_scenes import click, step_until
from tests.ui.table_helpers import make_services


@pytest.fixture
def app(pg, fonts):
    stack = SceneStack()
    stack.push(Scene())  # stands for the menu
    yield stack, make_services(fonts)
    stack.clear()


def type_into(scene, field, text: str) -> None:
    click(scene, field.rect)
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_lan_page_says_a_default_name_is_shown_as_player_and_takes_one_typed(app, language):
    i18n.set_language(language)
    stack, services = app
    services.settings.player_name = "Bạn"                    # the name nobody chose
    browser = LanBrowserScene(services, lambda: None, host_port=0, announce_target=("127.0.0.1", 9))
    stack.push(browser)
    step_until(stack, lambda: True)
    assert browser.name_field.text == ""                     # nothing to correct: an empty field to type in
    note = " ".join(browser.name_note_lines())
    assert tr("lan.default_name") in note                    # what the others will see
    type_into(browser, browser.name_field, "Tuấn")
    click(browser, browser.host_button.rect)
    lobby = stack.top
    assert isinstance(lobby, LanLobbyScene)
    step_until(stack, lambda: lobby.session.lobby is not None)
    assert lobby.session.lobby.seats[0].name == "Tuấn"
    assert services.settings.player_name == "Tuấn"           # kept for the next visit
    lobby.back()
    assert browser.name_field.text == "Tuấn" and browser.name_note_lines() == []


def test_a_chosen_name_is_shown_in_the_field_and_used_as_it_is(app):
    stack, services = app
    services.settings.player_name = "Hùng"
    browser = LanBrowserScene(services, lambda: None)
    stack.push(browser)
    assert browser.name_field.text == "Hùng" and browser.name_note_lines() == []
    type_into(browser, browser.name_field, "(")               # a name the LAN refuses: said, nothing joined
    browser.host()
    assert stack.top is browser and browser.error == tr("lan.name_rules", max=20)
    assert services.settings.player_name == "Hùng"           # a refused name is not kept


@pytest.mark.parametrize("language,bot", [("vi", "Máy 2"), ("en", "Bot 2")])
def test_a_bot_has_one_name_in_the_lobby_and_at_the_table(pg, fonts, language, bot):
    i18n.set_language(language)
    assert seat_name("Bot 2") == bot and seat_name("Bot 2 ") == "Bot 2 " and seat_name("Lan") == "Lan"
    from tala_desktop.ui.lan.session import LanSession

    stack = SceneStack()
    stack.push(Scene())
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    try:
        lobby = LanLobbyScene(make_services(fonts), host)
        stack.push(lobby)
        step_until(stack, lambda: host.lobby is not None)
        assert host.lobby.seats[1].kind == SeatKind.EMPTY         # a bot takes it at the start
        assert lobby.roster.label_of(host.lobby.seats[1]) == bot
        assert tr("setup.level.normal") in [text for text, _ in seat_marks(host.lobby.seats[1])]
        step_until(stack, lambda: lobby.action.enabled)
        lobby.action.click()
        step_until(stack, lambda: isinstance(stack.top, TableScene) and stack.top.model is not None)
        table = stack.top
        assert table.model.names[1] == bot                        # the table says the lobby's name
        i18n.set_language("en" if language == "vi" else "vi")     # and follows a change of language
        assert table.model.names[1] == seat_name("Bot 2") != bot
    finally:
        host.close()
        stack.clear()
