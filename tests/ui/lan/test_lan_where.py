"""The lobby says where friends find the table: the host's every network address with the port, the guest's own
way in, and the server's code, the same as the LAN list shows for that server."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.net.identity import short_code
from tala_desktop.ui.core import i18n
from tala_desktop.ui.lan import session as lan_session
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.lan.where import HEAD

from .test_lan_texts import app, step_until  # noqa: F401 - the fixture and the stepping of the LAN text tests


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_host_reads_every_address_to_give_and_the_guest_the_same_code(app, monkeypatch, language):  # noqa: F811
    i18n.set_language(language)
    stack, services = app
    monkeypatch.setattr(lan_session, "local_addresses", lambda: ["10.0.0.3", "192.168.1.5"])
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    lobby = LanLobbyScene(services, host)
    stack.push(lobby)
    guest = None
    try:
        step_until(stack, lambda: host.lobby is not None and bool(host.code))
        assert host.server is not None
        port = host.server.port
        code = short_code(host.server.server.core.identity)
        surface = pygame.Surface((1280, 720))
        stack.draw(surface)
        *rows, last = lobby.where.drawn
        assert rows[0].startswith(i18n.tr("lobby.friends_type", addresses=f"10.0.0.3:{port}"))
        assert f"192.168.1.5:{port}" in rows[-1].split(" · ") or rows[-1].endswith(f" · 192.168.1.5:{port}")
        assert last == i18n.tr("lobby.code", code=code)
        guest = LanSession.join("127.0.0.1", port, "Minh")
        seen = LanLobbyScene(services, guest)
        stack.push(seen)
        step_until(stack, lambda: bool(guest.code))
        stack.draw(surface)
        assert seen.where.drawn == [i18n.tr("lobby.address", address=f"127.0.0.1:{port}"),
                                    i18n.tr("lobby.code", code=code)]
        monkeypatch.setattr(lan_session, "local_addresses", lambda: [])
        assert " ".join(text for text, *_ in lobby.where.lines()[:-1]) == i18n.tr("lobby.no_network")
        font = services.fonts.font(17)
        many = [f"10.0.{i}.{i}" for i in range(20)]
        monkeypatch.setattr(lan_session, "local_addresses", lambda: many)
        rows = lobby.where.lines()
        assert len(rows) == 3 and all(font.size(text)[0] <= HEAD.w for text, *_ in rows[:2])
    finally:
        if guest is not None:
            guest.close()
        host.close()
