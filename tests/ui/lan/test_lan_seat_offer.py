"""A started LAN table with a seat left free offers it: the table list says "Ngồi vào", not only "Xem"; everyone at
the table is told who takes the seat next game, in their language."""

from __future__ import annotations

import pytest

from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.roster import seat_marks
from tala_desktop.ui.lan.session import LanSession
from tests.ui.lan.test_lan_lobby_stand import lobby_of, pumped
from tests.ui.lan.test_lan_scenes import click, step_until


def guest_ready(host: LanSession) -> bool:
    seat = host.lobby.seats[1] if host.lobby is not None else None
    return seat is not None and seat.kind == "player" and seat.ready


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_newcomer_sits_at_a_running_table_from_the_list_and_the_table_is_told(pg, fonts, language):
    set_language(language)
    srv = start_in_thread(host="127.0.0.1", port=0, bot_delay=0.0, seed=11, hard_budget_ms=20.0)
    host = LanSession.join("127.0.0.1", srv.port, "Lan")
    guest = LanSession.join("127.0.0.1", srv.port, "Minh")
    late = LanSession.join("127.0.0.1", srv.port, "Chi")
    stack, lobby = lobby_of(fonts, late)
    people = (host, guest)
    try:
        step_until(stack, lambda: all(pumped(s) and s.welcome is not None for s in people))
        host.client.create_table(seats=3)
        step_until(stack, lambda: pumped(host) and host.is_host)
        guest.client.join(host.lobby.id)
        guest.client.ready()
        step_until(stack, lambda: pumped(guest) and pumped(host) and guest_ready(host) and host.can_start())
        host.client.start()
        step_until(stack, lambda: pumped(host) and pumped(guest) and guest.playing, timeout=20.0)
        guest.client.leave()                              # Móm: the engine plays seat 2 to the end of this game
        step_until(stack, lambda: pumped(host) and host.lobby.seats[1].left)
        step_until(stack, lambda: late.tables and late.tables[0].state == "playing")
        assert lobby.row_buttons[0].text == tr("social.watch")       # during the game: watch only
        room = srv.call(lambda: srv.server.core.rooms[host.lobby.id])
        srv.call(lambda: room.table.play_out())
        step_until(stack, lambda: pumped(host) and host.lobby.seats[1].kind == "empty")
        step_until(stack, lambda: lobby.row_buttons and lobby.row_buttons[0].text == tr("social.sit"))
        click(lobby, lobby.row_buttons[0].rect)
        step_until(stack, lambda: late.you == 1 and not late.watching)
        told = tr("social.joins_next", name="Chi", seat=2)
        step_until(stack, lambda: pumped(host) and told in host.chat_notices)
        assert host.chat_notices.count(told) == 1                    # once, however many lobbies follow
        joining = host.lobby.seats[1]
        assert joining.joining and seat_marks(joining)[-1][0] == tr("lobby.joining_mark")   # the lobby row says so
    finally:
        stack.clear()
        for s in (host, guest):
            s.close()
        srv.stop()
        set_language("vi")
