"""Leaving a table always asks first while a game may be on: also before the table has shown its game."""

from __future__ import annotations

import pygame

from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.table.pause import PauseOverlay
from tala_desktop.ui.table.scene import TableScene
from tests.ui.table_helpers import make_services


class SilentClient:
    """A table whose first snapshot has not come (a LAN server still sending it): the scene waits."""

    seat = 0
    can_pause = False
    watching = False

    def away(self, seat: int) -> bool:
        return False

    def __init__(self) -> None:
        self.left = False

    def start(self, now: float) -> None: ...
    def poll(self, now: float) -> list:
        return []
    def send_move(self, move) -> None: ...
    def next_game(self) -> None: ...
    def deal_shown(self, game_id: int) -> None: ...
    def request_hint(self) -> None: ...
    def leave(self) -> None:
        self.left = True
    def still_here(self) -> None: ...
    def close(self) -> None: ...


def test_leaving_the_waiting_table_asks_first(pg, fonts):
    client = SilentClient()
    gone: list[bool] = []
    scene = TableScene(client, make_services(fonts), on_leave=lambda: gone.append(True))
    stack = SceneStack()
    stack.push(scene)
    stack.update(1 / 60)
    assert scene.model is None                         # "Đang chờ bàn chơi…"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    pause = stack.top
    assert isinstance(pause, PauseOverlay)
    pause.leave()
    ask = stack.top
    assert isinstance(ask, ConfirmOverlay), "the waiting table was left without asking"
    assert "không mất quá số tiền Móm" in ask.message    # a leave never costs more than the Móm
    assert gone == []
    ask.cancel()
    assert stack.top is pause and gone == []
    pause.leave()
    stack.top.confirm()
    assert gone == [True]
