"""The host closes the table while a guest waits in the lobby: the guest reads who closed it and what becomes of the
chips, never "the server could not do that" (the server's last refusal, ``server_shutdown``, is the end of the
connection, not a command refused)."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.errors import error_text
from tala_desktop.ui.lan.lobby import LanLobbyScene, LanLostOverlay
from tala_desktop.ui.lan.session import LanSession
from tests.loops import poll_until
from tests.ui.table_helpers import make_services


def step(stacks: list[SceneStack], cond, timeout: float = 10.0) -> None:
    canvas = pygame.Surface((1280, 720))

    def frame() -> None:
        for stack in stacks:
            stack.update(1 / 30)
            stack.draw(canvas)

    poll_until(cond, frame, timeout, what="the apps")


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_guest_in_the_lobby_reads_who_closed_the_table_and_what_becomes_of_the_chips(pg, fonts, language):
    i18n.set_language(language)
    stacks = [SceneStack(), SceneStack()]
    for stack in stacks:
        stack.push(Scene())
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    guest: LanSession | None = None
    try:
        stacks[0].push(LanLobbyScene(make_services(fonts), host))
        step(stacks, lambda: host.lobby is not None and host.server is not None)
        assert host.server is not None and host.lobby is not None
        guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
        lobby = LanLobbyScene(make_services(fonts), guest)
        stacks[1].push(lobby)
        guest.client.join(host.lobby.id)
        step(stacks, lambda: guest is not None and guest.you is not None)
        host.close("host_left")                                        # the host leaves: the table closes
        step(stacks[1:], lambda: isinstance(stacks[1].top, LanLostOverlay))
        lost = stacks[1].top
        assert isinstance(lost, LanLostOverlay)
        assert lost.text.startswith(tr("net.host_left", who="Hà"))     # who closed it, and what to do
        assert tr("net.table_money") in lost.text                      # the chips: the table's, the wallet untouched
        assert error_text("other") not in guest.notices                # no "the server could not do that"
        assert tr("net.error.other") not in lobby.drawn_status
        assert error_text("server_shutdown") == tr("net.server_shutdown")   # the code has its own words too
    finally:
        host.close()
        if guest is not None:
            guest.close()
        for stack in stacks:
            stack.clear()
