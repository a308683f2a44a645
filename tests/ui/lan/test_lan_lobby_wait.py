"""A ready guest reads whom the table still waits for: it said "Chờ chủ bàn bắt đầu" as soon as they were ready
themselves, while another player was not ready yet and the host could not start.

The real lobby scene over the server core (tests/ui/lan/core_lan.py), drawn headless at 1280x720.
"""

from __future__ import annotations

import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tests.ui.lan.test_lan_lobby_people import frames, screen, table_with


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_ready_guest_reads_who_is_not_ready_then_that_the_host_starts(lan, fonts, lang):
    set_language(lang)
    host, guest, _ = table_with(lan, [])
    third = lan.session("Tú")
    third.client.join(host.lobby.id)
    s = screen(fonts, guest)
    frames(s, sessions=(host, third))
    assert s[1].drawn_wait == tr("lobby.wait_ready")           # not ready yourself: the button says what to do
    guest.client.ready(True)
    frames(s, sessions=(host, third))
    assert s[1].drawn_wait == tr("lobby.wait_for", names="Tú")
    third.client.ready(True)
    frames(s, sessions=(host, third))
    assert host.can_start()
    assert s[1].drawn_wait == tr("lobby.wait_host")
