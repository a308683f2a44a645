"""A player's moves at the table, made only by clicks where things are drawn (the journeys' shared steps)."""

from __future__ import annotations

from tala_desktop.engine.cards import card_str
from tala_desktop.ui.table.scene import TableScene

from .driver import Journey


def start_new_game(j: Journey, players: int | None = None, seconds: str | None = None,
                   levels: tuple[str, ...] = ()) -> None:
    """Menu → Chơi với máy → (the choices) → Bắt đầu: the table of a new game is on screen."""
    j.until(lambda: "Chơi với máy" in j.labels(), 2.0, "the menu")
    j.click("Chơi với máy")
    if players is not None:
        j.click(str(players))
    for seat, level in enumerate(levels):
        j.click(level, nth=seat)
    if seconds is not None:
        j.click(seconds)
    j.click("Bắt đầu")
    j.until(lambda: isinstance(j.top, TableScene) and j.top.model is not None, 2.0, "the new table")


def my_turn_shown(j: Journey) -> bool:
    """The table is on top with my turn on it, and it takes my clicks."""
    scene = j.top
    return (isinstance(scene, TableScene) and scene.model is not None and scene.model.my_turn
            and not scene.model.is_over and scene.accepting_input)


def discard_any(j: Journey) -> None:
    """Pick a card I may discard (the rightmost of my hand) and press Đánh."""
    scene = j.top
    assert isinstance(scene, TableScene) and scene.model is not None
    allowed = scene.model.discardable()
    card = next(c for c in reversed(scene.hand.order) if c in allowed)
    j.click(f"card {card_str(card)}")
    j.until(lambda: "Đánh" in j.labels(), 1.0, "the Đánh button")
    j.click("Đánh")
