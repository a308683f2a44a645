"""A ``tala-server --password`` from the app: Vào on its row (the padlock says it asks) or on its typed address asks
the password, a wrong one is asked again saying so, and the right one lets you in."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.net.discovery import LanServer
from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.core import i18n
from tala_desktop.ui.lan.browser import LanBrowserScene
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.pin import PinDialog
from tests.ui.lan.test_lan_scenes import app, click, step_until  # noqa: F401 - the fixture and the helpers


def type_text(dialog: PinDialog, text: str) -> None:
    for ch in text:
        dialog.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


class Heard:
    """Discovery that heard one server asking a password (its beacon's ``password``)."""

    def __init__(self, port: int) -> None:
        self.port = port

    def start(self) -> None: ...
    def stop(self) -> None: ...

    def servers(self) -> list[LanServer]:
        return [LanServer(host="127.0.0.1", port=self.port, name="Tá Lả", players=0, tables=0, open=0, bet=None,
                          password=True, seen=0.0, id="5f0c" * 8)]


@pytest.mark.parametrize(("language", "by_address"), [("vi", True), ("en", False)])
def test_a_server_password_is_asked_again_when_wrong_and_lets_you_in_when_right(app, language, by_address):  # noqa: F811
    i18n.set_language(language)
    stack, services = app
    services.settings.player_name = "Minh"
    srv = start_in_thread(host="127.0.0.1", port=0, announce=False, password="tala-vui")
    browser = LanBrowserScene(services, lambda: Heard(srv.port))
    stack.push(browser)
    try:
        if by_address:                          # typed: the server says it wants one, and it is asked
            browser.address_text = f"127.0.0.1:{srv.port}"
            browser.join_address()
        else:                                   # its row: asked before anything is sent
            step_until(stack, lambda: browser.server_buttons)
            assert browser.drawn_notes[0].endswith(i18n.tr("lan.locked"))
            click(browser, browser.server_buttons[0].rect)
            dialog = stack.top
            assert isinstance(dialog, PinDialog) and dialog.refusal == ""
            type_text(dialog, "sai rồi")
            dialog.confirm_button.click()
        step_until(stack, lambda: isinstance(stack.top, PinDialog) and stack.top.refusal != "")
        dialog = stack.top
        assert isinstance(dialog, PinDialog) and dialog.title == i18n.tr("pin.server_title")
        assert dialog.refusal == i18n.tr("pin.wrong_password") and not dialog.digits
        assert browser.error == ""                               # no "wrong password" left under the list
        type_text(dialog, "tala-vui")
        dialog.confirm_button.click()
        step_until(stack, lambda: isinstance(stack.top, LanLobbyScene) and stack.top.session.welcome is not None)
        lobby = stack.top
        assert isinstance(lobby, LanLobbyScene)
        lobby.back()
        assert stack.top is browser
    finally:
        srv.stop()
