"""The table's chat says when a player is gone from it (left, or removed by the host): the seat just turned to a
bot between games ("Máy 3") and nobody at the table was told where the player went.

A LanChannel over a real LanSession on the server core (tests/ui/lan/core_lan.py).
"""

from __future__ import annotations

import pytest

from tala_desktop.table import SeatKind
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.channel import LanChannel
from tests.ui.lan.test_lan_lobby_people import table_with


def notices(channel: LanChannel) -> list[str]:
    return [x.text for x in channel.poll_chat(0.0) if x.notice]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_chat_says_a_removed_player_and_one_who_left_are_gone(lan, fonts, lang):
    set_language(lang)
    host, guest, _ = table_with(lan, [], seats=4)
    third, fourth = lan.session("Tú"), lan.session("Bình")
    third.client.join(host.lobby.id)
    fourth.client.join(host.lobby.id)
    for s in (host, guest, third, fourth):
        s.pump(0.0)
    channel = LanChannel(guest)
    assert notices(channel) == []                      # everyone already there: nothing to say
    member = next(x.member for x in host.lobby.seats if x.name == "Tú")
    host.client.kick(member)
    host.pump(0.0)
    assert notices(channel) == [tr("social.removed", name="Tú")]   # removed by the host, said so (not "left")
    fourth.client.leave()
    assert notices(channel) == [tr("social.gone", name="Bình")]
    assert all(x.kind != SeatKind.PLAYER or x.name in ("Lan", "Minh") for x in guest.lobby.seats)
    assert notices(channel) == []                      # once each


def test_standing_up_to_watch_is_not_leaving(lan, fonts):
    host, guest, _ = table_with(lan, [])
    third = lan.session("Tú")
    third.client.join(host.lobby.id)
    for s in (host, guest, third):
        s.pump(0.0)
    channel = LanChannel(guest)
    assert notices(channel) == []
    third.client.stand_up()
    third.pump(0.0)
    assert notices(channel) == []
    assert "Tú" in guest.lobby.watchers
