"""Between games a seat offered to someone watching asks them: the host's "Mời Quân vào ghế 3" and a seated guest's
"Nhường ghế 2 cho Quân" show Quân "Nhận ghế" / "Từ chối" with who offers it and the seconds left; the host reads
who said no. A LanChannel over real LanSessions on the server core (tests/ui/lan/core_lan.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.channel import LanChannel, short_name
from tests.ui.lan.core_lan import CoreLan
from tests.ui.lan.test_lan_lobby_people import table_with


def between_games(lan: CoreLan, watchers: list[str]) -> Any:
    host, guest, fans = table_with(lan, watchers)
    guest.client.ready()
    host.pump(0.0)
    host.client.start()
    assert host.lobby is not None
    room: Any = lan.core.rooms[host.lobby.id]
    room.table.play_out()
    lan.tick()
    for s in (host, guest, *fans):
        s.pump(0.0)
    assert room.table.state.is_over
    return host, guest, fans


def labels(channel: LanChannel) -> list[str]:
    return [c.label for c in channel.seat_choices(True)]


def pick(channel: LanChannel, label: str) -> None:
    next(c for c in channel.seat_choices(True) if c.label == label).act()


def pump(*sessions) -> None:
    for s in sessions:
        s.pump(0.0)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_hosts_invitation_asks_the_watcher_who_accepts_or_declines(lan, lang):
    set_language(lang)
    host, guest, (fan,) = between_games(lan, ["Quân"])
    hosting, watching = LanChannel(host), LanChannel(fan)
    assert labels(watching) == []                                   # no free seat: nothing to take
    invite = tr("people.invite", name="Quân", seat=3)               # the bot's seat
    pick(hosting, invite)
    pump(host, guest, fan)
    assert fan.lobby.seats[2].kind == "bot"                         # asked, not seated
    assert labels(watching) == [tr("social.accept_seat", seat=3), tr("social.decline_seat")]
    note = watching.between_note(True, 0.0)
    assert note == tr("social.offered", name="Lan", seat=3, seconds=20)
    assert hosting.between_note(True, 0.0) == tr("social.invited", name="Quân", seat=3, seconds=20)
    assert invite not in labels(hosting)                            # asked once
    pick(watching, tr("social.decline_seat"))
    pump(fan, host)
    assert labels(watching) == []
    said = [x.text for x in hosting.poll_chat(1.0) if x.notice]
    assert tr("social.declined", name="Quân", seat=3) in said       # the host reads who said no
    pick(hosting, invite)
    pump(host, fan)
    pick(watching, tr("social.accept_seat", seat=3))
    pump(fan, host, guest)
    assert not fan.watching and fan.you == 2 and host.lobby.seats[2].name == "Quân"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_seated_guest_offers_their_seat_to_a_watcher(lan, lang):
    set_language(lang)
    host, guest, (fan,) = between_games(lan, ["Nguyễn Thị Ngọc Anh"])
    playing, watching = LanChannel(guest), LanChannel(fan)
    give = tr("social.give_seat", seat=2, name=short_name("Nguyễn Thị Ngọc Anh"))
    assert give in labels(playing)                                  # offered to a seated guest too
    pick(playing, give)
    pump(guest, fan, host)
    assert watching.between_note(True, 0.0) == tr("social.offered", name="Minh", seat=2, seconds=20)
    pick(watching, tr("social.accept_seat", seat=2))
    pump(fan, guest, host)
    assert fan.you == 1 and not fan.watching
    assert guest.watching and "Minh" in host.lobby.watchers
