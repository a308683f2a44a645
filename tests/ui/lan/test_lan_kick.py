"""The host's "Mời ra" in the LAN lobby: asked first, the guest removed and told why, not let back in; someone
removed while the table shows is taken back to the lobby, which says why."""

from __future__ import annotations

import pytest

from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.table.scene import TableScene
from tests.ui.lan.test_lan_lobby_people import frames, screen, table_with
from tests.ui.lan.test_lan_scenes import click, step_until
from tests.ui.table_helpers import make_services


@pytest.fixture
def lobby_with_guest(pg, fonts):
    srv = start_in_thread(host="127.0.0.1", port=0, bot_delay=0.0)
    host_session = LanSession.join("127.0.0.1", srv.port, "Lan")
    stack = SceneStack()
    stack.push(Scene())
    lobby = LanLobbyScene(make_services(fonts), host_session)
    stack.push(lobby)
    guest = LanSession.join("127.0.0.1", srv.port, "Minh")
    try:
        step_until(stack, lambda: host_session.welcome is not None)
        host_session.client.create_table(seats=3)
        step_until(stack, lambda: host_session.is_host)
        step_until(stack, lambda: guest.pump(0) or guest.tables)
        guest.client.join(guest.tables[0].id)
        step_until(stack, lambda: len(lobby.roster.kick_buttons) == 1)
        yield stack, lobby, guest
    finally:
        stack.clear()
        guest.close()
        srv.stop()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_host_removes_a_guest_after_confirming(lobby_with_guest, lang):
    stack, lobby, guest = lobby_with_guest
    set_language(lang)
    try:
        minh = lobby.session.lobby.seats[1].member
        assert list(lobby.roster.kick_buttons) == [minh]     # on the guest's row only (by id), never on one's own
        click(lobby, lobby.roster.kick_buttons[minh].rect)
        overlay = stack.top
        assert isinstance(overlay, ConfirmOverlay) and "Minh" in overlay.message
        click(overlay, overlay.cancel_button.rect)           # "Để lại" / "Keep": nothing happens
        step_until(stack, lambda: stack.top is lobby)
        assert lobby.session.lobby.seats[1].name == "Minh"
        click(lobby, lobby.roster.kick_buttons[minh].rect)
        click(stack.top, stack.top.confirm_button.rect)
        step_until(stack, lambda: guest.pump(0) or guest.lobby is None and guest.notices)
        assert guest.notices[-1] == tr("net.left.kicked")
        step_until(stack, lambda: lobby.session.lobby.seats[1].kind == "empty" and not lobby.roster.kick_buttons)
        guest.client.join(lobby.session.lobby.id)          # not let back in, and told in words
        step_until(stack, lambda: guest.pump(0) or tr("net.error.kicked") in guest.notices)
    finally:
        set_language("vi")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_kick_notice_is_shown_whole_and_gone_at_the_next_table(lobby_with_guest, fonts, lang):
    stack, lobby, guest = lobby_with_guest
    set_language(lang)
    guest_stack = SceneStack()
    guest_stack.push(Scene())
    guest_lobby = LanLobbyScene(make_services(fonts), guest)
    guest_stack.push(guest_lobby)
    def step_both(cond) -> None:
        def both() -> bool:
            step_until(guest_stack, lambda: True)         # one frame of the guest's app
            return bool(cond())
        step_until(stack, both)

    try:
        lobby.session.client.kick(lobby.session.lobby.seats[1].member)
        step_both(lambda: guest.lobby is None)
        table = lobby.session.lobby.id
        guest.client.join(table)                              # refused: told in words, whole
        step_both(lambda: guest_lobby.drawn_status == tr("net.error.kicked"))
        font = fonts.font(guest_lobby.status_size)
        for line in guest_lobby.status_lines():
            assert font.size(line)[0] <= guest_lobby.status_width(), line
        assert " ".join(guest_lobby.status_lines()) == tr("net.error.kicked")
        guest.client.create_table(seats=2)                    # another table: the old notice is gone
        step_both(lambda: guest.lobby is not None and guest.lobby.id != table)
        step_both(lambda: True)
        assert guest_lobby.drawn_status == "" and guest_lobby.status_line() is None
    finally:
        guest_stack.clear()
        set_language("vi")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_watcher_removed_during_a_game_is_taken_off_the_table_and_told_why(lan, fonts, lang):
    set_language(lang)
    host, guest, (fan,) = table_with(lan, ["Quân"])
    host_app, fan_app = screen(fonts, host), screen(fonts, fan)
    guest.client.ready()
    frames(host_app, fan_app, sessions=(guest,))
    host.client.start()
    frames(host_app, fan_app, sessions=(guest,), n=5)
    assert isinstance(fan_app[0].top, TableScene)                 # watching the game
    host.client.kick(host.lobby.watcher_ids[0])
    frames(host_app, fan_app, sessions=(guest,), n=5)
    stack, lobby = fan_app
    assert stack.top is lobby and lobby.table_scene is None       # not left at a table that is gone for them
    assert lobby.drawn_status == tr("net.left.kicked")            # why, and what to do, whole
    assert " ".join(lobby.status_lines()) == tr("net.left.kicked")


def test_a_player_removed_between_games_leaves_the_results_for_the_lobby_and_is_told_why(lan, fonts):
    host, guest, _ = table_with(lan, [])
    host_app, guest_app = screen(fonts, host), screen(fonts, guest)
    guest.client.ready()
    frames(host_app, guest_app)
    host.client.start()
    frames(host_app, guest_app, n=5)
    assert host.lobby is not None and isinstance(guest_app[0].top, TableScene)
    hosted = lan.core.rooms[host.lobby.id].table
    assert hosted is not None
    hosted.play_out()
    lan.tick()                                                     # the game's end is sent
    frames(host_app, guest_app, n=5)
    host.client.kick(guest.member)                                 # between games: allowed
    frames(host_app, guest_app, n=5)
    stack, lobby = guest_app
    assert stack.top is lobby and guest.lobby is None
    assert lobby.drawn_status == tr("net.left.kicked")
