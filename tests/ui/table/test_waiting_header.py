"""The header of a table still waiting for its first snapshot shows the table's real bet, never "Cược 0"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tala_desktop.ui.core.i18n import money, tr
from tala_desktop.ui.core.scene import SceneStack
from tala_desktop.ui.table.scene import TableScene
from tests.ui.table.test_leave_asks import SilentClient
from tests.ui.table_helpers import make_services


def header_texts(scene: TableScene) -> list[str]:
    """The texts the painter draws in one frame of ``scene``."""
    seen: list[str] = []
    draw: Callable[..., Any] = scene.painter.text

    def spy(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return draw(text, *args, **kwargs)

    scene.painter.text = spy  # type: ignore[method-assign]
    scene.draw(pygame.Surface((1280, 720)))
    return seen


def waiting_scene(fonts: Any, **kwargs: Any) -> TableScene:
    scene = TableScene(SilentClient(), make_services(fonts), **kwargs)
    stack = SceneStack()
    stack.push(scene)
    stack.update(1 / 60)
    assert scene.model is None                          # "Đang chờ bàn chơi…"
    return scene


def test_the_waiting_table_shows_its_bet(pg, fonts):
    texts = header_texts(waiting_scene(fonts, table_number=3, bet=500))
    line = tr("table.number", number=3) + " · " + tr("table.bet", bet=money(500))
    assert line in texts, texts


def test_a_waiting_table_whose_bet_is_not_known_yet_shows_no_bet(pg, fonts):
    texts = header_texts(waiting_scene(fonts, table_number=2))
    assert tr("table.number", number=2) in texts, texts
    assert not any(tr("table.bet", bet=money(0)) in t for t in texts), texts
