"""A guest and a watcher in the LAN lobby read the table's terms (players, bet, turn clock, rules) that only the
host can change: before, they saw "Chờ chủ bàn bắt đầu" and nothing of what they were about to play for.

The real lobby scene over the server core (tests/ui/lan/core_lan.py), drawn headless at 1280x720.
"""

from __future__ import annotations

import pytest

from tala_desktop.ui.core.i18n import money, set_language, tr
from tala_desktop.ui.lan.lobby import RIGHT
from tests.ui.lan.test_lan_lobby_people import frames, screen, table_with


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_guest_and_a_watcher_read_the_tables_terms(lan, fonts, lang):
    set_language(lang)
    host, guest, (fan,) = table_with(lan, ["Tú"])
    host.client.configure(seats=3, bet=500, turn_seconds=15, preset="co_ban", bots=list(host.lobby.bots))
    screens = [screen(fonts, guest), screen(fonts, fan), screen(fonts, host)]
    frames(*screens, sessions=(host,))
    for _stack, lobby in screens[:2]:
        words = " ".join(f"{k} {v}" for k, v in lobby.drawn_terms)
        for part in (tr("lobby.seats"), "3", money(500), tr("lobby.clock_value", seconds=15),
                     tr("setup.preset.co_ban")):
            assert part in words
        font = fonts.font(17)
        for key, value in lobby.drawn_terms:      # each row fits the right column
            assert font.size(f"{key}: {value}")[0] <= RIGHT.w
    assert screens[2][1].drawn_terms == []      # the host has the controls instead


def test_no_turn_clock_reads_as_none(lan, fonts):
    host, guest, _ = table_with(lan, [])
    host.client.configure(seats=3, bet=100, turn_seconds=0, preset="zingplay", bots=list(host.lobby.bots))
    s = screen(fonts, guest)
    frames(s, sessions=(host,))
    assert (tr("lobby.clock"), tr("setup.no_clock")) in s[1].drawn_terms
