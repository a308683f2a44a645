"""At a LAN table every player is drawn with the avatar they chose in their profile: it goes in their hello, the
lobby shows it beside their seat, and the table draws it at their seat for everyone."""

from __future__ import annotations

import msgspec
import pygame
import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.lan.roster import SEAT_FACE, LobbyRoster
from tala_desktop.ui.lan.session import LanSession
from tests.ui.lan.test_lan_lobby_stand import lobby_of, open_table
from tests.ui.lan.test_lan_scenes import step_until

HOST_LOOK, GUEST_LOOK = 14, 3          # the owl, and a colour


def test_each_player_is_seen_in_the_avatar_they_chose(pg, fonts):
    srv = start_in_thread(host="127.0.0.1", port=0, bot_delay=0.0)
    host = LanSession.join("127.0.0.1", srv.port, "Lan", avatar=HOST_LOOK)
    guest = LanSession.join("127.0.0.1", srv.port, "Minh", avatar=GUEST_LOOK)
    stack, lobby = lobby_of(fonts, guest)
    try:
        open_table(stack, host)
        step_until(stack, lambda: guest.tables)
        guest.client.join(guest.tables[0].id)
        step_until(stack, lambda: guest.lobby is not None and guest.my_seat() is not None)
        seats = {s.name: s for s in guest.lobby.seats}
        assert seats["Lan"].avatar == HOST_LOOK and seats["Minh"].avatar == GUEST_LOOK
        assert lobby.look_of(seats["Lan"].seat) == HOST_LOOK and lobby.look_of(2) is None   # a bot's seat
        canvas = pygame.Surface((1280, 720))
        lobby.draw(canvas)
        faces = lobby.services.faces
        owl = faces.face("Lan", HOST_LOOK, SEAT_FACE)
        row = seats["Lan"].seat
        x, y = LobbyRoster.face_spot(LobbyRoster.seat_rect(host.lobby, row), SEAT_FACE)
        spot = (SEAT_FACE // 2, SEAT_FACE // 4)
        assert all(abs(a - b) <= 4 for a, b in zip(canvas.get_at((x + spot[0], y + spot[1]))[:3],
                                                    owl.get_at(spot)[:3]))
    finally:
        stack.clear()
        host.close()
        srv.stop()


def test_an_avatar_out_of_range_is_refused_in_the_hello():
    def hello(avatar: str) -> str:
        return f'{{"type":"hello","name":"An","version":{p.PROTOCOL_VERSION},"avatar":{avatar}}}'

    assert p.decode_command(hello("5")).avatar == 5
    for bad in ("64", "-1", '"owl"'):
        with pytest.raises((msgspec.ValidationError, p.ProtocolError, ValueError)):
            p.decode_command(hello(bad))
