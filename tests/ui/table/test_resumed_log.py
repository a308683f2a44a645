"""A resumed table's log starts with the game's earlier lines (its story), not empty, and says them in the language
shown; the story is told, not played: no card flies for it."""

from __future__ import annotations

from tala_desktop.engine.record import dumps, loads
from tala_desktop.table import LocalTableClient
from tala_desktop.ui.core import i18n
from tests.ui.table_helpers import Driver, in_the_air, make_services, make_table, play_my_turn


def test_a_resumed_table_tells_the_game_so_far_in_its_log(pg, fonts):
    first = Driver(make_table(seed=5), make_services(fonts))
    stats: dict[str, int] = {}
    for _ in range(3):                                   # three of my turns, the bots' moves between them
        first.until(lambda: first.scene.model is not None and first.scene.model.my_turn
                    and first.scene.accepting_input)
        play_my_turn(first, stats)
    first.until(lambda: first.scene.model is not None and first.scene.model.my_turn and first.scene.accepting_input)
    log = list(first.scene.log_lines)
    assert len(log) >= 6
    old = first.table
    table = make_table(seed=5)
    table.resume(loads(dumps(old.state)), old.game_id, old.balances[:], now=0.0)
    again = Driver(table, make_services(fonts), client=LocalTableClient(table, 0))
    again.step()
    scene = again.scene
    assert scene.model is not None and scene.model.my_turn
    assert scene.log_lines == log                        # the same lines, as the game had them
    assert not in_the_air(scene.view())                  # nothing flew for the story
    i18n.set_language("en")
    try:
        english = scene.log_lines
        assert len(english) == len(log) and any(line.startswith("You discard ") for line in english), english
        assert not any(line.startswith("Bạn ") for line in english), english
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
