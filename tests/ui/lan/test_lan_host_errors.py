"""When the LAN page cannot open a table on this computer it says so in the player's words, never the system's."""

from __future__ import annotations

import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.lan import session as lan_session
from tala_desktop.ui.lan.browser import LanBrowserScene
from tests.ui.lan.test_lan_names import app  # noqa: F401 - the fixture
from tests.ui.lan.test_lan_scenes import click


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_server_that_cannot_start_is_told_as_what_to_do_without_the_systems_error(app, language,  # noqa: F811
                                                                                    monkeypatch, caplog):
    i18n.set_language(language)
    stack, services = app
    services.settings.player_name = "Tuấn"

    def no_network(**kwargs: object) -> object:
        raise OSError(99, "Cannot assign requested address")

    monkeypatch.setattr(lan_session, "start_in_thread", no_network)
    browser = LanBrowserScene(services, lambda: None, host_port=0, announce_target=("127.0.0.1", 9))
    stack.push(browser)
    click(browser, browser.host_button.rect)
    assert stack.top is browser
    assert browser.error == tr("lan.host_failed")
    assert "Errno" not in browser.error and "Cannot assign" not in browser.error
    assert "Cannot assign requested address" in caplog.text        # the reason is in the log, for a bug report
