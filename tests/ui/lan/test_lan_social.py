"""The LAN table's social side over loopback: chat and reactions through LanChannel (order, names, your own
lines, refusals in words), the chat log after coming back, and the players told who closed the hosting app."""

from __future__ import annotations

import time

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.channel import LanChannel
from tala_desktop.ui.lan.errors import disconnect_text
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession, unseen
from tala_desktop.ui.social.social_channel import ChatMessage
from tests.loops import poll_until
from tests.ui.table_helpers import make_services

FAST = dict(host="127.0.0.1", port=0, announce=False, bot_delay=0.0, tick=0.02, address_rate=10_000.0,
            address_burst=10_000.0)


def pump_until(sessions: list[LanSession], cond, timeout: float = 10.0) -> None:
    def pump() -> None:
        for s in sessions:
            s.pump(time.monotonic())

    poll_until(cond, pump, timeout, what="the sessions")


def seated_pair(port: int) -> tuple[LanSession, LanSession]:
    host, guest = LanSession.join("127.0.0.1", port, "Hà"), LanSession.join("127.0.0.1", port, "Minh")
    host.client.create_table(seats=2)
    pump_until([host, guest], lambda: host.lobby is not None)
    assert host.lobby is not None
    guest.client.join(host.lobby.id)
    pump_until([host, guest], lambda: guest.you is not None)
    return host, guest


def collect(channel: LanChannel, out: list[ChatMessage], want: int) -> None:
    poll_until(lambda: len(out) >= want, lambda: out.extend(channel.poll_chat(time.monotonic())), what="the lines")


def test_chat_and_reactions_reach_every_seat_in_the_servers_order_with_names_and_your_own_marked():
    srv = start_in_thread(**FAST)
    host, guest = seated_pair(srv.port)
    try:
        mine, theirs = LanChannel(host), LanChannel(guest)
        assert mine.can_chat and mine.watchers == []
        theirs.send_chat("  chào cả bàn  ")
        theirs.send_reaction("nice")
        seen_by_host: list[ChatMessage] = []
        seen_by_guest: list[ChatMessage] = []
        collect(mine, seen_by_host, 2)
        mine.send_reaction("laugh")                              # an answer: after what it answers, for everyone
        collect(mine, seen_by_host, 3)
        collect(theirs, seen_by_guest, 3)
        assert seen_by_host == [ChatMessage(name="Minh", seat=1, text="chào cả bàn"),
                                ChatMessage(name="Minh", seat=1, reaction="nice"),
                                ChatMessage(name="Hà", seat=0, reaction="laugh", mine=True)]
        assert [s.mine for s in seen_by_guest] == [True, True, False]
        assert [(s.text, s.reaction) for s in seen_by_guest] == [(s.text, s.reaction) for s in seen_by_host]
        assert mine.poll_chat(time.monotonic()) == []            # each line handed out once
    finally:
        host.close()
        guest.close()
        srv.stop()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_line_sent_too_fast_comes_back_as_a_notice_in_words(language):
    i18n.set_language(language)
    srv = start_in_thread(**{**FAST, "chat_rate": 0.01, "chat_burst": 2.0})
    host, guest = seated_pair(srv.port)
    try:
        channel = LanChannel(guest)
        for key in ("nice", "gg", "wow"):
            channel.send_reaction(key)
        said: list[ChatMessage] = []
        collect(channel, said, 3)
        assert [s.reaction for s in said if not s.notice] == ["nice", "gg"]
        notice = next(s for s in said if s.notice)
        assert notice.text == i18n.tr("social.too_fast") and not notice.text.startswith("social.")
    finally:
        host.close()
        guest.close()
        srv.stop()


def test_the_chat_log_after_a_reconnect_adds_only_the_lines_not_seen():
    a = p.ChatEvent(seat=0, name="Hà", text="một")
    b = p.ReactionEvent(seat=1, name="Minh", key="gg")
    c = p.ChatEvent(seat=1, name="Minh", text="ba")
    assert unseen([a, b], [a, b, c]) == [c]
    assert unseen([a, b], [b, c]) == [c]                          # the log's start was cut
    assert unseen([], [a, b]) == [a, b]
    assert unseen([a, b, c], [a, b, c]) == []
    assert unseen([c], [a, b]) == [a, b]                          # nothing in common


@pytest.fixture
def said_before_a_watcher():
    """A seated pair whose host said "bắt đầu thôi", and Quân connected but not yet watching their table."""
    srv = start_in_thread(**FAST)
    host, guest = seated_pair(srv.port)
    fan = LanSession.join("127.0.0.1", srv.port, "Quân")
    try:
        LanChannel(host).send_chat("bắt đầu thôi")
        pump_until([host, guest], lambda: len(guest.chat_events) == 1)
        yield host, guest, fan
    finally:
        for s in (host, guest, fan):
            s.close()
        srv.stop()


def test_a_watcher_sees_the_table_chat_from_before_and_is_marked_as_watching(said_before_a_watcher):
    host, guest, fan = said_before_a_watcher
    fan.client.watch(host.lobby.id)
    pump_until([host, guest, fan], lambda: fan.watching and host.lobby is not None and host.lobby.watchers)
    channel = LanChannel(fan)
    channel.send_chat("xem với")
    said: list[ChatMessage] = []
    collect(channel, said, 2)
    assert said[0] == ChatMessage(name="Hà", seat=0, text="bắt đầu thôi", earlier=True)   # the table's log, at once
    assert said[1] == ChatMessage(name="Quân", seat=None, text="xem với", watching=True, mine=True)
    assert LanChannel(host).watchers == ["Quân"]


def test_the_tables_log_is_earlier_even_when_it_arrives_after_the_table_shows(said_before_a_watcher):
    """A watcher's table can show before the frame with the table's chat log arrives (the watch is answered
    first): the log's lines are still from before (no bubbles), whatever the order of the two frames."""
    host, _, fan = said_before_a_watcher
    channel = LanChannel(fan)                       # the table shows before the log has arrived
    fan.client.watch(host.lobby.id)
    said: list[ChatMessage] = []
    collect(channel, said, 1)
    assert said[0] == ChatMessage(name="Hà", seat=0, text="bắt đầu thôi", earlier=True)


@pytest.mark.parametrize("how,reason", [("quit", "host_quit"), ("back", "host_left")])
def test_the_players_are_told_who_closed_the_hosting_app_and_why(pg, fonts, how, reason):
    i18n.set_language("en")
    stack = SceneStack()
    stack.push(Scene())
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2)
    guest = None
    try:
        lobby = LanLobbyScene(make_services(fonts), host)
        stack.push(lobby)
        pump_until([host], lambda: host.lobby is not None and host.welcome is not None)
        assert host.server is not None
        guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
        guest.client.join(host.lobby.id)
        pump_until([host, guest], lambda: guest.you is not None)
        if how == "quit":
            stack.clear()                      # the app closes: every scene is popped
        else:
            lobby.close_table()                # the host leaves the LAN lobby (its question answered)
        pump_until([guest], lambda: guest.lost is not None)
        assert guest.lost_reason == reason
        assert guest.lost == disconnect_text(reason, who="Hà") and "Hà" in guest.lost
        assert guest.closing == p.Closing(reason=reason, who="Hà")
    finally:
        host.close()
        if guest is not None:
            guest.close()
        stack.clear()


def test_an_invisible_line_is_not_sent_and_comes_back_as_a_notice_in_words():
    srv = start_in_thread(**FAST)
    host, guest = seated_pair(srv.port)
    try:
        channel = LanChannel(guest)
        channel.send_chat("\ufe0f")
        channel.send_chat("chào 🏳️‍🌈")
        said: list[ChatMessage] = []
        collect(channel, said, 2)
        assert [s.text for s in said if s.notice] == [i18n.tr("social.bad_chat")]
        assert [s.text for s in said if not s.notice] == ["chào 🏳️‍🌈"]
    finally:
        host.close()
        guest.close()
        srv.stop()
