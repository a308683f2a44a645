"""The lobby's table rows say what their numbers count ("2/3 người") and stay left of their button: "Bàn 1 · 2/3 ·
cược 100 · đang chơi" left a bare fraction to guess, and a longer row would have run under "Xem".

The real lobby scene over the server core (tests/ui/lan/core_lan.py), drawn headless at 1280x720.
"""

from __future__ import annotations

import pytest

from tala_desktop.ui.core.i18n import set_language
from tests.ui.lan.test_lan_lobby_people import frames, screen, table_with


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_running_tables_row_names_its_players_and_fits_left_of_its_button(lan, fonts, lang):
    set_language(lang)
    host, guest, _ = table_with(lan, [])
    host.client.configure(seats=3, bet=1000, turn_seconds=15, preset="zingplay", bots=list(host.lobby.bots))
    guest.client.ready(True)
    host.pump(0.0)
    host.client.start()
    alone = lan.session("Tú")
    s = screen(fonts, alone)
    frames(s, sessions=(host, guest))
    lobby = s[1]
    assert alone.tables and alone.tables[0].state == "playing"
    (text, right), = lobby.drawn_rows
    after = text.split(" 2/3 ", 1)[1]
    assert not after.startswith("·")                  # a word says what 2/3 counts
    assert right <= lobby.row_buttons[0].rect.x - 8
    assert lobby.drawn_row_cut == []                  # smaller type, not cut words
