"""The saved game between starts: quitting from the menu keeps it; one that no longer fits is told, never stuck."""

from __future__ import annotations

import json

import pytest

from tala_desktop.ui.core.i18n import tr

from .driver import Journey
from .play import discard_any, game_state, my_turn_shown, start_new_game, table_shown, wait_my_turn


def leave_a_saved_game(j: Journey) -> int:
    """A new game, one discard, my next turn, then the window closed: the moves played."""
    j.start()
    start_new_game(j, players=2)
    wait_my_turn(j)
    discard_any(j)
    wait_my_turn(j)
    moves = len(game_state(j).history)
    j.close_window()
    return moves


def test_quitting_from_the_menu_keeps_the_saved_game_for_the_next_start(journey):
    j = journey()
    moves = leave_a_saved_game(j)
    j.start()
    j.until(lambda: "Chơi tiếp" in j.labels(), 2.0, "the menu's Chơi tiếp")
    j.click("Thoát")                                  # the menu's own Thoát: the app ends, the game stays saved
    j.until(lambda: not j.running_app.running, 1.0, "the app to end")
    j.ended()
    j.start()
    j.until(lambda: "Chơi tiếp" in j.labels(), 2.0, "Chơi tiếp at the next start")
    j.click("Chơi tiếp")
    j.until(lambda: my_turn_shown(j), 1.0, "the restored table with my turn")
    assert len(game_state(j).history) == moves


MISFITS = {   # the pacing's and the seats' other misfits: tests/store/test_unfit_autosave.py
    "rules": lambda o: o["record"]["rules"].update(double_or_nothing=True),   # a rule this version does not have
    "bet": lambda o: o["record"].update(bet=0),                             # a bet no table can have
    "players": lambda o: o["seats"][1].update(level="grandmaster"),         # a computer level it does not have
}


@pytest.mark.parametrize("what", list(MISFITS))
def test_a_saved_game_that_no_longer_fits_is_told_and_a_new_game_starts(journey, what):
    j = journey()
    j.start()
    start_new_game(j, players=2)
    wait_my_turn(j)                                   # the game is dealt and saved: I lead
    j.close_window()
    path = j.folder / "autosave.json"
    obj = json.loads(path.read_text(encoding="utf-8"))
    MISFITS[what](obj)
    path.write_text(json.dumps(obj), encoding="utf-8")

    j.start()
    j.step(1.0)
    assert "Chơi tiếp" not in j.labels()              # no entry that cannot work
    told = tr("notice.autosave_unfit")
    assert any(text.startswith(told[:40]) for text in j.texts()), j.texts()
    j.click("Đã hiểu")
    assert not any(text.startswith(told[:40]) for text in j.texts())
    start_new_game(j)
    assert table_shown(j)
    j.close_window()
    j.start()                                         # told once: the next start has no notice about it
    j.step(0.5)
    assert not any(text.startswith(told[:40]) for text in j.texts())
