"""Your own order of your hand, kept with the autosave: written as soon as you make it, read back by "Chơi tiếp",
forgotten with its game; a malformed one makes the save unreadable like any other bad field."""

from __future__ import annotations

import json

import pytest

from tala_desktop.store import OfflineSession, Store
from tala_desktop.store.autosave import parse_autosave

from .helpers import drive
from .test_autosave import start


def test_an_order_is_saved_at_once_and_kept_by_the_moves_after_it(tmp_path, clock):
    with Store(tmp_path, clock) as store:
        session = start(store)
        drive(session.table, until_moves=3)
        hand = list(session.table.snapshot(0).hand)
        mine = list(reversed(hand))
        session.keep_hand_order(mine)
        assert store.load_autosave().hand_order == mine                # written at once, no move needed
        drive(session.table, until_moves=6)
        assert store.load_autosave().hand_order == mine                # the moves' saves keep it
    with Store(tmp_path, clock) as store:                               # the next start: "Chơi tiếp"
        save = store.recover()
        assert save is not None and save.hand_order == mine
        resumed = OfflineSession.resume(store, save)
        assert resumed.hand_order(resumed.table.game_id) == mine       # and saved again from there


def test_the_order_goes_with_its_game(store):
    session = start(store)
    session.keep_hand_order(list(session.table.snapshot(0).hand))
    drive(session.table)                                                # the game ends, is paid, its save gone
    session.table.next_game(1.0)
    drive(session.table, until_moves=2)
    assert store.load_autosave().hand_order is None
    assert session.hand_order(session.table.game_id) is None


def test_an_order_after_the_game_is_over_writes_nothing(store):
    session = start(store)
    drive(session.table)
    assert not store.has_autosave()
    session.keep_hand_order([1, 2, 3])
    assert not store.has_autosave()


@pytest.mark.parametrize("bad", ["1 2 3", [1, 1, 2], [1, 52], [-1], [True], [1.0], {"0": 1}])
def test_a_malformed_order_makes_the_save_unreadable(store, bad):
    session = start(store)
    drive(session.table, until_moves=2)
    obj = json.loads(store.autosave_path.read_text(encoding="utf-8"))
    assert parse_autosave(obj).hand_order is None                      # an old save has none: fine
    obj["hand_order"] = bad
    with pytest.raises(Exception, match="hand_order"):
        parse_autosave(obj)
