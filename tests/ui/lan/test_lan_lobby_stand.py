"""A guest in the LAN lobby may stand up and watch before the first game, and sit down again."""

from __future__ import annotations

import pytest

from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.lobby import LEFT, LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tests.ui.lan.test_lan_scenes import click, step_until
from tests.ui.table_helpers import make_services


def lobby_of(fonts, session: LanSession) -> tuple[SceneStack, LanLobbyScene]:
    """``session``'s lobby scene on a stack of its own (popping it closes the session)."""
    stack = SceneStack()
    stack.push(Scene())
    lobby = LanLobbyScene(make_services(fonts), session)
    stack.push(lobby)
    return stack, lobby


def pumped(session: LanSession) -> bool:
    session.pump(0)
    return True


def open_table(stack: SceneStack, host: LanSession) -> None:
    """``host`` opens a three-seat table and is its host."""
    step_until(stack, lambda: pumped(host) and host.welcome is not None)
    host.client.create_table(seats=3)
    step_until(stack, lambda: pumped(host) and host.is_host)


@pytest.fixture
def guest_lobby(pg, fonts):
    srv = start_in_thread(host="127.0.0.1", port=0, bot_delay=0.0)
    host = LanSession.join("127.0.0.1", srv.port, "Lan")
    guest = LanSession.join("127.0.0.1", srv.port, "Minh")
    stack, lobby = lobby_of(fonts, guest)
    try:
        open_table(stack, host)
        step_until(stack, lambda: guest.tables)
        guest.client.join(guest.tables[0].id)
        step_until(stack, lambda: lobby.stand_button is not None)
        yield stack, lobby, host, guest
    finally:
        stack.clear()
        host.close()
        srv.stop()


def test_a_guest_stands_up_to_watch_and_sits_down_again(guest_lobby):
    stack, lobby, host, guest = guest_lobby
    assert guest.my_seat() is not None and not guest.watching
    click(lobby, lobby.stand_button.rect)
    step_until(stack, lambda: host.pump(0) or guest.watching and host.lobby.seats[1].kind == "empty")
    assert "Minh" in host.lobby.watchers
    step_until(stack, lambda: lobby.stand_button is None)      # watching: "Ngồi vào" takes its place
    assert lobby.action.enabled
    click(lobby, lobby.action.rect)
    step_until(stack, lambda: host.pump(0) or not guest.watching and host.lobby.seats[1].name == "Minh")
    step_until(stack, lambda: lobby.stand_button is not None)


def test_the_host_has_no_stand_up_in_the_lobby(pg, fonts):
    srv = start_in_thread(host="127.0.0.1", port=0, bot_delay=0.0)
    stack, lobby = lobby_of(fonts, LanSession.join("127.0.0.1", srv.port, "Lan"))
    try:
        open_table(stack, lobby.session)
        step_until(stack, lambda: lobby.action is not None)
        assert lobby.stand_button is None
    finally:
        stack.clear()
        srv.stop()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_guests_three_buttons_fit_side_by_side_with_their_words(guest_lobby, language):
    stack, lobby, _host, _guest = guest_lobby
    set_language(language)
    try:
        lobby.build()
        buttons = [lobby.action, lobby.stand_button, lobby.leave_button]
        rects = [b.rect for b in buttons]
        assert all(LEFT.x <= r.x and r.right <= LEFT.right for r in rects)
        assert all(a.right < b.x for a, b in zip(rects, rects[1:]))
        labels = [(b, b.text) for b in buttons] + [(lobby.action, tr("lobby.not_ready"))]   # once ready, too
        for b, text in labels:
            width = lobby.services.fonts.font(b.font_size, bold=True).size(text)[0]
            assert width <= b.rect.w - 8, (text, width, b.rect.w)
    finally:
        set_language("vi")


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_ready_guests_button_says_what_it_does_not_their_state(guest_lobby, language):
    """Once ready the button takes the readiness back: it read "Chưa sẵn sàng", the very words of the seat mark
    of someone not ready, beside the guest's own "sẵn sàng" mark."""
    stack, lobby, _host, guest = guest_lobby
    set_language(language)
    try:
        click(lobby, lobby.action.rect)
        step_until(stack, lambda: (mine := guest.my_seat()) is not None and mine.ready and lobby.action.text
                   != tr("lobby.ready"))
        said = lobby.action.text.casefold()
        assert said not in (tr("lobby.waiting_mark").casefold(), tr("lobby.ready_mark").casefold())
        click(lobby, lobby.action.rect)
        step_until(stack, lambda: (mine := guest.my_seat()) is not None and not mine.ready)
    finally:
        set_language("vi")
