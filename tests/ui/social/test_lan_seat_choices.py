"""The host's seat changes between games: each of the first people watching invited to a seat of their own (the free
ones first, then the bots'), in one row; every one of them in their menu, to each open seat."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.net import protocol as p
from tala_desktop.table import SeatKind
from tala_desktop.ui.core import i18n
from tala_desktop.ui.lan.channel import INVITES_SHOWN, LanChannel
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.social_channel import SeatChoice
from tests.ui.social.lan_fakes import Client
from tests.ui.social.test_social_layer import Channel, started, table_now


def host_between_games(watchers: list[str]) -> SimpleNamespace:
    seats = [p.SeatInfo(seat=0, kind=SeatKind.PLAYER, name="Hà", host=True),
             p.SeatInfo(seat=1, kind=SeatKind.BOT, name="Máy 2", level=BotLevel.NORMAL),
             p.SeatInfo(seat=2, kind=SeatKind.BOT, name="Máy 3", level=BotLevel.HARD),
             p.SeatInfo(seat=3, kind=SeatKind.EMPTY)]
    info = p.TableInfo(id=1, name="Bàn của Hà", state="playing", seats=seats, bet=100, turn_seconds=0,
                       preset="zingplay", bots=[BotLevel.NORMAL, BotLevel.HARD], password=False, host=0, players=1,
                       watchers=watchers, watcher_ids=[40 + i for i in range(len(watchers))])
    return SimpleNamespace(lobby=info, playing=True, watching=False, is_host=True, you=0, member=7, client=Client(),
                           chat_events_total=0)


@pytest.mark.parametrize("watchers", [["Quân"], ["Quân", "Mai"], ["Quân", "Mai", "Tú"]])
def test_the_host_invites_each_of_the_first_people_watching_to_a_seat_of_their_own(watchers):
    i18n.set_language("en")
    try:
        session = host_between_games(watchers)
        choices = LanChannel(session).seat_choices(True)
        invited = watchers[:INVITES_SHOWN]
        seats = [4, 2, 3][:len(invited)]                  # the free seat first (a bot would take it), then the bots'
        assert [c.label for c in choices] == (["Hold the table"] + [f"Invite {n} to seat {s}" for n, s in
                                                                    zip(invited, seats)]
                                              + ["A bot takes seat 4", "Stand up and watch"])
        choices[len(invited)].act()                        # the last one invited
        last = ("set_seat", seats[-1] - 1, "player", 40 + len(invited) - 1)
        assert session.client.sent == [last]                 # by id, never by name
    finally:
        i18n.set_language("vi")


def test_every_one_watching_is_offered_each_open_seat_in_their_menu():
    i18n.set_language("en")
    try:
        session = host_between_games(["Quân", "Mai", "Tú"])
        people = LanChannel(session).people(True)
        tu = next(p for p in people if p.name == "Tú")
        assert tu.seat is None
        assert [c.label for c in tu.actions][:3] == ["Invite to seat 4", "Invite to seat 2", "Invite to seat 3"]
        tu.actions[1].act()
        assert session.client.sent == [("set_seat", 1, "player", 42)]
        during = next(p for p in LanChannel(session).people(False) if p.name == "Tú")
        assert not any(c.label.startswith("Invite") for c in during.actions)     # seats change between games only
    finally:
        i18n.set_language("vi")


def test_no_seat_to_give_when_nobody_watches():
    choices = LanChannel(host_between_games([])).seat_choices(True)
    assert len(choices) == 3                                           # hold, a bot in the free seat, stand up


def test_four_seat_choices_fit_in_one_row_over_the_table(fonts):
    drv = started(fonts)
    sc, ch = drv.scene, Channel()
    labels = ["Stand up and watch", "Give seat 2 to Quân", "Give seat 2 to Mai", "A bot takes seat 4"]
    ch.seat_choices = lambda between: [SeatChoice(t, lambda: None) for t in labels]
    layer = SocialLayer(ch, fonts)
    layer.update(0.01, table_now(sc))
    rects = [b.rect for b in layer.seat_buttons]
    w, _ = sc.layout.size
    assert len(rects) == 4 and rects[0].x >= 0 and rects[-1].right <= w
    assert all(a.right < b.x for a, b in zip(rects, rects[1:]))


def test_a_watcher_renamed_by_the_table_knows_their_own_line_by_their_id():
    from types import SimpleNamespace as NS

    from tests.ui.social.lan_fakes import FakeSession, table_info

    session = FakeSession(table_info(watchers={"Lan (2)": 51, "Lan": 52}), you=None, watching=True)
    session.welcome = NS(name="Lan")                    # hello's name; the table made it "Lan (2)"
    session.member = 51
    channel = LanChannel(session)
    own = p.ChatEvent(seat=None, name="Lan (2)", text="chào", watching=True)
    other = p.ChatEvent(seat=None, name="Lan", text="chào", watching=True)
    assert channel.message_of(own).mine and not channel.message_of(other).mine
