"""The lobby's row of a player who dropped says how long their seat is still kept, as the table's name plate does
("vắng · 45s"), counting down each second; it said only "vắng"."""

from __future__ import annotations

import msgspec
import pygame

from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tests.ui.social.lan_fakes import FakeSession, table_info
from tests.ui.table_helpers import make_services


def drawn_words(stack: SceneStack, lobby: LanLobbyScene) -> list[str]:
    """The words the lobby draws in its next frame."""
    seen: list[str] = []
    label = lobby.label

    def spy(text: str, *args, **kwargs):
        seen.append(text)
        return label(text, *args, **kwargs)
    lobby.label = spy  # type: ignore[method-assign]
    try:
        stack.draw(pygame.Surface((1280, 720)))
    finally:
        lobby.label = label  # type: ignore[method-assign]
    return seen


def test_a_dropped_players_row_counts_down_the_seconds_their_seat_is_kept(pg, fonts):
    info = table_info()
    dropped = [msgspec.structs.replace(x, connected=False, away=45.0) if x.seat == 1 else x for x in info.seats]
    session = FakeSession(msgspec.structs.replace(info, seats=dropped), you=None, watching=True)   # Quân watching
    session.playing = False                               # between games: the lobby shows
    session.client.host, session.client.port = "127.0.0.1", 7000
    session.client.close = lambda: None                   # no connection to close
    stack = SceneStack()
    stack.push(Scene())
    lobby = LanLobbyScene(make_services(fonts), session)
    stack.push(lobby)
    stack.update(0.1)
    assert tr("people.away", seconds=45) in drawn_words(stack, lobby)
    for _ in range(52):                                   # 5.2 s later
        stack.update(0.1)
    words = drawn_words(stack, lobby)
    assert tr("people.away", seconds=40) in words and tr("people.away", seconds=45) not in words
    stack.clear()
