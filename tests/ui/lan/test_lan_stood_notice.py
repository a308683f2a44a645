"""The table's chat says who was stood up because the clock played their turns, and tells the player stood up what
to do to play again, once each, in the language shown.

LanChannels over real LanSessions on the server core (tests/ui/lan/core_lan.py); nobody plays, so the clock plays
every turn of both players."""

from __future__ import annotations

import pytest

from tala_desktop.table import ABSENT_AFTER
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.channel import LanChannel


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_chat_says_who_was_stood_up_and_tells_the_player_how_to_sit_again(lan, fonts, lang):
    set_language(lang)
    host = lan.session("Lan")
    host.client.create_table(seats=3, turn_seconds=5)
    host.pump(0.0)
    assert host.lobby is not None
    guest = lan.session("Minh")
    guest.client.join(host.lobby.id)
    guest.pump(0.0)
    guest.client.ready()
    host.pump(0.0)
    host.client.start()
    channel = LanChannel(guest)
    for s in (host, guest):
        s.pump(0.0)
    assert [x.text for x in channel.poll_chat(0.0) if x.notice] == []
    hosted = lan.core.rooms[host.lobby.id].table
    assert hosted is not None
    for _ in range(4000):                                   # nobody at either keyboard: the clock plays on
        lan.tick(0.25)
        if hosted.state is not None and hosted.state.is_over:
            break
    lan.tick()
    for s in (host, guest):
        s.pump(0.0)
    said = [x.text for x in channel.poll_chat(0.0) if x.notice]
    assert said == [tr("social.stood", name="Lan"), tr("social.stood_you", turns=ABSENT_AFTER)]
    assert guest.watching and "Minh" in (guest.lobby.watchers if guest.lobby else [])
    assert [x.text for x in channel.poll_chat(0.0) if x.notice] == []                # once each
