"""The LAN screens' texts: errors in words (never the server's or an exception's text), one leave per table,
the lobby's status after connecting, rows that fit beside their button, tables named in the player's language."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.discovery import Browser, LanServer
from tala_desktop.net.host import start_in_thread
from tala_desktop.table.messages import Error
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.browser import JOIN_X, LanBrowserScene
from tala_desktop.ui.lan.errors import DISCONNECT_KEYS, ERROR_KEYS, disconnect_text, error_text
from tala_desktop.ui.lan.lobby import LanLobbyScene, LanLostOverlay
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.table.scene import TableScene
from tests.loops import poll_until
from tests.ui.table_helpers import make_services

# the codes of docs/protocol.md a player can meet
PROTOCOL_REASONS = ("unreachable", "lost", "seat_expired", "server_restarted", "bad_frame", "closed", "server_shutdown",
                    "bad_password", "version", "replaced", "too_many_connections", "hello_timeout", "retry_later")
LOBBY_CODES = ("no_table", "at_table", "table_full", "seat_taken", "in_progress", "not_host", "not_ready",
               "too_many_tables", "no_game", "rate_limited", "invalid")
RAW = re.compile(r"Errno|\[|\]|Exception|Error|join a table first|cannot reach")


class NoBrowser:
    """Discovery switched off (the tests join by address)."""

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def servers(self) -> list[LanServer]:
        return []


def step_until(stack: SceneStack, cond, timeout: float = 10.0, on_draw=None) -> None:
    surface = pygame.Surface((1280, 720))

    def frame() -> None:
        stack.update(1 / 30)
        top = stack.top
        if getattr(top, "needs_redraw", True):
            stack.draw(surface)
            if top is not None and hasattr(top, "mark_drawn"):
                top.mark_drawn()

    poll_until(cond, frame, timeout, what="the scenes")


@pytest.fixture
def app(pg, fonts):
    stack = SceneStack()
    stack.push(Scene())  # stands for the menu
    yield stack, make_services(fonts)
    stack.clear()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_every_disconnect_reason_and_lobby_refusal_has_words_in_both_languages(language):
    i18n.set_language(language)
    for reason in PROTOCOL_REASONS:
        assert reason in DISCONNECT_KEYS
        text = disconnect_text(reason, "192.168.1.5:8765")
        assert text and not text.startswith("net.") and not RAW.search(text), (reason, text)
    for code in LOBBY_CODES:
        assert code in ERROR_KEYS
        assert not error_text(code).startswith("net."), code
    assert error_text("some_new_code") == i18n.tr("net.error.other")


def test_could_not_connect_is_not_lost_connection(pg):
    i18n.set_language("en")
    unreachable = disconnect_text("unreachable", "127.0.0.1:9")
    assert "127.0.0.1:9" in unreachable and "Could not connect" in unreachable and "lost" not in unreachable
    assert "lost" in disconnect_text("lost")


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_server_that_is_not_there_is_told_in_words(app, language):
    i18n.set_language(language)
    stack, services = app
    browser = LanBrowserScene(services, NoBrowser)
    stack.push(browser)
    browser.address_text = "127.0.0.1:9"
    browser.join_address()
    step_until(stack, lambda: stack.top is browser and browser.error)
    assert browser.error == disconnect_text("unreachable", "127.0.0.1:9")
    assert not RAW.search(browser.error)


def test_leaving_a_lan_table_mid_game_sends_one_leave_and_says_nothing_raw(app):
    stack, services = app
    session = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                              preset="zingplay")
    lobby = LanLobbyScene(services, session)
    stack.push(lobby)
    try:
        step_until(stack, lambda: session.can_start() and lobby.action.enabled)
        lobby.action.click()
        step_until(stack, lambda: isinstance(stack.top, TableScene) and stack.top.model is not None)
        table = stack.top
        assert table.model is not None and not table.model.is_over
        sent = []
        real_leave = session.client.leave
        session.client.leave = lambda: (sent.append(1), real_leave())
        table.leave_table()                       # Rời bàn in the middle of the game
        assert stack.top is lobby and sent == [1]
        step_until(stack, lambda: session.lobby is None and not session.leaving)
        for _ in range(20):                      # nothing more comes from the server: watched for a while, as
            step_until(stack, lambda: True)      # it answers on a socket and an absence sends no event
            time.sleep(0.01)
        assert session.notices == [] and sent == [1]
        assert lobby.status_line() is None
    finally:
        session.close()


def test_the_lobby_stops_saying_connecting_once_welcomed(app):
    """Joining a server with no tables: the welcome changes nothing else, yet the frame must lose "Đang kết nối…"."""
    stack, services = app
    srv = start_in_thread(host="127.0.0.1", port=0, announce=False)
    try:
        session = LanSession.join("127.0.0.1", srv.port, "Minh")
        lobby = LanLobbyScene(services, session)
        stack.push(lobby)
        step_until(stack, lambda: lobby.drawn_status == i18n.tr("lan.connecting") or session.welcome is not None)
        step_until(stack, lambda: session.welcome is not None)
        step_until(stack, lambda: lobby.drawn_status != i18n.tr("lan.connecting"), timeout=2.0)
        assert lobby.drawn_status == ""
        assert lobby.drawn_chat_hint == i18n.tr("lobby.chat_no_table")   # the empty chat says what it is for
        session._file(p.ChatEvent(seat=0, name="Lan", text="chào cả nhà"))     # as if the server sent it
        step_until(stack, lambda: lobby.drawn_chat_hint == "", timeout=2.0)
        lobby.back()
    finally:
        srv.stop()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_server_rows_fit_beside_their_join_button(app, language):
    i18n.set_language(language)
    stack, services = app
    browser = LanBrowserScene(services, NoBrowser)
    stack.push(browser)
    browser.servers = [LanServer(host="192.168.100.200", port=8765, name="Bàn của Nguyễn Thị Hương Giang", players=3,
                                 tables=1, open=1, bet=None, password=True, seen=0.0),
                       LanServer(host="fe80::1234:5678:9abc:def0", port=65000, name="Hùng", players=1, tables=1,
                                 open=1, bet=1_000_000, password=False, seen=0.0)]
    browser.rebuild()
    surface = pygame.Surface((1280, 720))
    stack.draw(surface)
    assert len(browser.row_text_rects) == 4
    assert all(r.right <= JOIN_X - 8 for r in browser.row_text_rects), browser.row_text_rects
    assert all(b.rect.x == JOIN_X for b in browser.server_buttons)


def test_lan_tables_are_named_in_the_players_language(app):
    i18n.set_language("en")
    stack, services = app
    session = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                              preset="zingplay")
    lobby = LanLobbyScene(services, session)
    stack.push(lobby)
    try:
        step_until(stack, lambda: session.lobby is not None)
        assert session.lobby.name.startswith("Bàn")   # what the server calls it
        surface = pygame.Surface((1280, 720))
        stack.draw(surface)
        from tala_desktop.ui.lan.lobby import table_name
        assert table_name(session.lobby) == f"Table {session.lobby.id}"
        step_until(stack, lambda: session.can_start() and lobby.action.enabled)
        lobby.action.click()
        step_until(stack, lambda: isinstance(stack.top, TableScene) and stack.top.model is not None)
        assert stack.top.table_number == session.lobby.id
    finally:
        session.close()


def test_the_lost_overlay_wraps_its_words_inside_its_box(pg, fonts):
    i18n.set_language("vi")
    overlay = LanLostOverlay(make_services(fonts), disconnect_text("too_many_connections"), lambda: None)
    box, lines = overlay.box((1280, 720))
    assert len(lines) >= 2
    assert all(fonts.font(21).size(line)[0] <= box.w - 40 for line in lines)
    assert box.contains(overlay.button.rect)


class FakeClient:
    host, port = "127.0.0.1", 8765

    def list_tables(self) -> None: ...


@pytest.mark.parametrize("reason,key", [("kicked", "net.left.kicked"), ("idle", "net.left.idle"), ("left", None)])
def test_being_taken_off_a_table_is_told_and_leaving_yourself_is_not(reason, key):
    session = LanSession(FakeClient())
    session.lobby = p.TableInfo(id=1, name="Bàn 1", state="lobby", seats=[], bet=100, turn_seconds=30,
                                preset="zingplay", bots=[], password=False, host=0, players=1)
    session._file(p.Left(table=1, reason=reason))
    assert session.lobby is None
    assert session.notices == ([i18n.tr(key)] if key else [])
    session._file(Error(code="kicked", message="you were kicked from Bàn 1"))
    assert session.notices[-1] == i18n.tr("net.error.kicked")


def test_the_hosts_table_settings_leave_room_between_each_label_and_the_control_above(app):
    stack, services = app
    session = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=4, bet=100, turn_seconds=30,
                              preset="zingplay")
    lobby = LanLobbyScene(services, session)
    stack.push(lobby)
    try:
        step_until(stack, lambda: session.lobby is not None and len(lobby.controls) == 4)
        label_h = services.fonts.font(17).get_linesize()
        rects = [c.rect for c in lobby.controls]
        for above, below in zip(rects, rects[1:]):
            assert below.y - above.bottom >= label_h + 6, (above, below)   # the label of `below` fits with air
    finally:
        session.close()


@pytest.mark.parametrize(("language", "title"), [("vi", "Bàn của Tuấn"), ("en", "Tuấn's table")])
def test_a_servers_row_names_the_host_in_the_viewers_language(app, language, title):
    i18n.set_language(language)
    stack, services = app
    browser = LanBrowserScene(services, NoBrowser)
    stack.push(browser)
    font = services.fonts.font(21, True)
    new = LanServer(host="10.0.0.1", port=8765, name="Phỏm Tuấn's table", host_name="Tuấn", players=2, tables=1,
                    open=1, bet=100, password=False, seen=0.0)
    old = LanServer(host="10.0.0.2", port=8765, name="Nhà Minh", players=1, tables=1, open=1, bet=None,
                    password=False, seen=0.0)
    assert browser.row_text(new, font, 2000).startswith(title + " · 2 ")
    quoted = i18n.tr("lan.server_named", name="Nhà Minh")      # its own name, quoted: never an app's "Bàn của"
    assert browser.row_text(old, font, 2000).startswith(quoted + " · 1 ")


def test_hosting_announces_the_hosts_name(app):
    i18n.set_language("en")
    browser = Browser(bind=("127.0.0.1", 0), expiry=5).start()
    session = LanSession.host("Hà", "Hà's table", 0, ("127.0.0.1", browser.port), seats=2, bet=100,
                              turn_seconds=0, preset="zingplay")
    try:
        poll_until(lambda: browser.servers(), lambda: session.pump(time.monotonic()), what="the beacon")
        assert [(s.name, s.host_name) for s in browser.servers()] == [("Hà's table", "Hà")]
    finally:
        session.client.close()           # the connection first: a client that outlives its server reconnects
        session.close()
        browser.stop()


@pytest.mark.parametrize(("language", "playing"), [("vi", "đang chơi"), ("en", "playing")])
def test_a_server_whose_tables_all_play_says_so_in_its_row(app, language, playing):
    """A host's table that started has no seat to join: its row says it plays (Vào then lists it to watch)."""
    i18n.set_language(language)
    stack, services = app
    browser = LanBrowserScene(services, NoBrowser)
    stack.push(browser)
    font = services.fonts.font(21, True)
    busy = LanServer(host="10.0.0.1", port=8765, name="x", host_name="Hùng", players=2, tables=1, open=0, bet=100,
                     password=False, seen=0.0)
    waiting = LanServer(host="10.0.0.2", port=8765, name="x", host_name="Hùng", players=1, tables=1, open=1,
                        bet=100, password=False, seen=0.0)
    assert browser.row_text(busy, font, 2000).endswith(playing)
    assert playing not in browser.row_text(waiting, font, 2000)
