"""Continue: quit in the middle of a game, start the app again, press "Chơi tiếp" and play on at once."""

from __future__ import annotations

import pytest

from .driver import Journey
from .play import discard_any, my_turn_shown, start_new_game


def quit_by_menu(j: Journey) -> None:
    """≡ → Thoát game → Thoát: the app ends."""
    j.click("≡")
    j.click("Thoát game")
    j.click("Thoát")
    j.until(lambda: not j.running_app.running, 1.0, "the app to end")
    j.ended()


@pytest.mark.parametrize("clock", ["30", "Không"])
def test_continue_after_quitting_on_my_turn_shows_the_table_at_once(journey, clock):
    j = journey()
    j.start()
    start_new_game(j, seconds=clock)
    j.until(lambda: my_turn_shown(j), 30.0, "my first turn")
    discard_any(j)
    j.until(lambda: my_turn_shown(j), 60.0, "my second turn")
    moves = len(j.table().client.table.state.history)
    quit_by_menu(j)

    j.start()
    j.until(lambda: "Chơi tiếp" in j.labels(), 2.0, "the menu's Chơi tiếp")
    j.click("Chơi tiếp")
    clicked = j.now
    taken = j.until(lambda: my_turn_shown(j), 1.0, "the restored table with my turn")
    scene = j.table()
    assert len(scene.client.table.state.history) == moves, "a move was made for me before the table showed"
    left, total = scene.clock_remaining(scene.model.me)
    if clock == "Không":
        assert (left, total) == (0.0, 0.0) and scene.model.clock is None
    else:
        assert total == 30
        assert left >= 30 - (j.now - clicked) - 1e-6, f"the clock had run {30 - left:.2f} s before the table showed"
    assert taken <= 1.0
