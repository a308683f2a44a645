"""The badge under a seat's avatar belongs to whoever played the game: none for a seat taken after it ended."""

from __future__ import annotations

import msgspec
import pytest

from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.table.model import TableModel
from tala_desktop.ui.table.words import seat_badge
from tests.table.test_table import run_until_over
from tests.table.test_watchers import bots_table


@pytest.fixture(scope="module")
def finished():
    table = bots_table(4, seed=3)
    table.start_game(0.0)
    run_until_over(table, None)
    snap = table.snapshot(0)
    table.close()
    return snap


@pytest.mark.parametrize("flag", ["mom", "left"])
def test_a_seat_taken_after_the_end_shows_no_badge_of_the_previous_player(finished, flag):
    n = finished.n
    marked = [s == 1 for s in range(n)]
    played = msgspec.structs.replace(finished, lay_order=[0] * n, **{flag: marked})
    old = TableModel(played)
    assert seat_badge(old, 1) is not None and seat_badge(old, 1)[2]     # the standing, large
    names = list(played.names)
    names[1] = "Quân"                                                   # someone sat down at seat 2
    new = TableModel(msgspec.structs.replace(played, names=names))
    new.carry_from(old)
    assert new.label_of(1) is None and seat_badge(new, 1) is None       # not Quân's Móm, not Quân who left
    assert seat_badge(new, 0) == seat_badge(old, 0)                     # the others keep theirs


def test_mid_game_a_mom_seat_shows_the_small_mom_badge(finished):
    n = finished.n
    live = msgspec.structs.replace(finished, outcome=None, mom=[s == 2 for s in range(n)], lay_order=[0] * n)
    m = TableModel(live)
    assert seat_badge(m, 2) == (tr("rank.mom"), (196, 46, 46), False)
    assert seat_badge(m, 1) is None
