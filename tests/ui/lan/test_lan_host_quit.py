"""The host quits a LAN table mid-game: asked first, in words that say the table closes for everyone and name who
sits there, with a way to stay; the guests are told who closed it, why, and what becomes of that game's money."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.lan.lobby import LanLobbyScene, LanLostOverlay
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.table.pause import PauseOverlay
from tala_desktop.ui.table.scene import TableScene
from tests.loops import poll_until
from tests.ui.table_helpers import make_services


def two_apps_at_a_running_game(fonts, language: str) -> tuple[list[SceneStack], LanSession, LanSession]:
    """A host and a guest, each with a lobby on its own scene stack, a game of two running."""
    i18n.set_language(language)
    stacks = [SceneStack(), SceneStack()]
    for stack in stacks:
        stack.push(Scene())
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    stacks[0].push(LanLobbyScene(make_services(fonts), host))
    step(stacks, lambda: host.lobby is not None and host.server is not None)
    assert host.server is not None and host.lobby is not None
    guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
    stacks[1].push(LanLobbyScene(make_services(fonts), guest))
    guest.client.join(host.lobby.id)
    step(stacks, lambda: guest.you is not None)
    guest.client.ready()
    lobby = stacks[0].top
    assert isinstance(lobby, LanLobbyScene)
    step(stacks, lambda: host.can_start() and lobby.action.enabled)
    lobby.action.click()
    step(stacks, lambda: all(isinstance(s.top, TableScene) and s.top.model is not None for s in stacks))
    return stacks, host, guest


def step(stacks: list[SceneStack], cond, timeout: float = 10.0) -> None:
    canvas = pygame.Surface((1280, 720))

    def frame() -> None:
        for stack in stacks:
            stack.update(1 / 30)
            stack.draw(canvas)

    poll_until(cond, frame, timeout, what="the apps")


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_hosts_quit_says_the_table_closes_for_everyone_names_them_and_offers_to_stay(pg, fonts, language):
    stacks, host, guest = two_apps_at_a_running_game(fonts, language)
    try:
        table = stacks[0].top
        assert isinstance(table, TableScene)
        table.open_pause()
        pause = stacks[0].top
        assert isinstance(pause, PauseOverlay)
        pause.quit()
        ask = stacks[0].top
        assert isinstance(ask, ConfirmOverlay)
        words = " ".join(ask.lines)
        assert "Minh" in words                                        # who sits at the table
        assert tr("confirm.quit_host", names="Minh").split("Minh")[0].strip() in words   # it closes for them
        assert tr("net.game_money") in words                           # what becomes of this game's money
        assert "Móm" not in words                                      # nobody pays a Móm: the game just stops
        assert [b.text for b in ask.buttons] == [tr("confirm.quit_yes"), tr("confirm.stay")]
        ask.buttons[1].click()                                         # stay: the table goes on
        assert stacks[0].top is pause and host.server is not None
    finally:
        host.close()
        guest.close()
        for stack in stacks:
            stack.clear()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_guests_are_told_who_closed_the_table_why_and_what_becomes_of_the_games_money(pg, fonts, language):
    stacks, host, guest = two_apps_at_a_running_game(fonts, language)
    try:
        stacks[0].clear()                                              # the host's app closes: every scene popped
        step(stacks[1:], lambda: isinstance(stacks[1].top, LanLostOverlay))
        lost = stacks[1].top
        assert isinstance(lost, LanLostOverlay)
        assert "Hà" in lost.text                                       # who
        assert lost.text.startswith(tr("net.host_quit", who="Hà"))     # why, and what to do
        assert tr("net.game_money") in lost.text                       # the game in progress: its money
        assert lost.title == tr("lan.closed_title")                    # "Bàn đã đóng", not "Mất kết nối"
    finally:
        host.close()
        guest.close()
        for stack in stacks:
            stack.clear()
