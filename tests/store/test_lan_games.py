"""LAN games kept in the history: as the seat saw them, once, apart from the wallet, the ledger and the stats,
still there after a restart; a damaged or hostile record is refused and changes nothing."""

from __future__ import annotations

import msgspec
import pytest

from tala_desktop.engine import Rules
from tala_desktop.net.game_record import game_record
from tala_desktop.store import SeatInfo, Store, StoreError
from tala_desktop.table import SeatKind
from tala_desktop.table.messages import Snapshot
from tests.store.helpers import play_bot_game
from tests.table.test_watchers import _finished


@pytest.fixture(scope="module")
def seen():
    """A finished 4-seat game as seat 1 saw it (the events and final view a LAN server sends that seat)."""
    table = _finished(2)
    record = game_record(table, 3, 1)
    table.close()
    assert record is not None
    return record


def test_a_lan_game_is_kept_once_without_touching_the_wallet_and_stays_after_a_restart(tmp_path, clock, seen):
    with Store(tmp_path, clock) as store:
        before = (store.profile().balance, store.chips_over_time(), store.stats())
        assert store.keep_lan_game("lan-x-3-1", "Bàn của Tuấn", seen.events, seen.final)
        assert not store.keep_lan_game("lan-x-3-1", "Bàn của Tuấn", seen.events, seen.final)   # once
        assert (store.profile().balance, store.chips_over_time(), store.stats()) == before
        assert store.count_games() == 0 and store.list_games() == []   # the wallet's games: none
    with Store(tmp_path, clock) as store:                                # the app restarted on the same folder
        [row] = store.history()
        assert store.count_history() == 1
        out = seen.final.outcome
        assert (row.uid, row.table, row.human_seat, row.bet) == ("lan-x-3-1", "lan", 1, 100)
        assert row.nets == out.net and row.labels == out.labels
        assert [s.name for s in row.seats] == seen.final.names
        game = store.get_lan_game("lan-x-3-1")
        assert game is not None and list(game.events) == seen.events and game.final == seen.final
        assert store.profile().balance == before[0]


def test_the_history_lists_offline_and_lan_games_newest_first(tmp_path, clock, seen):
    with Store(tmp_path, clock) as store:
        store.keep_lan_game("lan-a", "T", seen.events, seen.final)
        clock.advance(minutes=1)
        st = play_bot_game(Rules(players=2), 5, ["easy", "easy"])
        store.settle(st, "offline-1", _seats(st))
        clock.advance(minutes=1)
        store.keep_lan_game("lan-b", "T", seen.events, seen.final)
        assert [g.uid for g in store.history()] == ["lan-b", "offline-1", "lan-a"]
        assert [g.uid for g in store.history(limit=1, offset=1)] == ["offline-1"]
        assert [g.table for g in store.history()] == ["lan", None, "lan"]


def _seats(st):
    return [SeatInfo("Bạn", SeatKind.HUMAN)] + [SeatInfo(f"Bot {i + 1}", SeatKind.BOT, "easy") for i in range(1, st.n)]


def _final(seen, **change) -> Snapshot:
    return msgspec.structs.replace(seen.final, **change)


@pytest.mark.parametrize("bad", ["watcher", "not_over", "other_game", "no_events", "label", "name", "uid"])
def test_a_bad_record_is_refused_and_nothing_is_kept(store, seen, bad):
    events, final, uid = list(seen.events), seen.final, "lan-x"
    out = final.outcome
    if bad == "watcher":
        final = _final(seen, seat=None)
    elif bad == "not_over":
        final = _final(seen, outcome=None)
    elif bad == "other_game":
        events[0] = msgspec.structs.replace(events[0], game_id=9)
    elif bad == "no_events":
        events = []
    elif bad == "label":
        final = _final(seen, outcome=out._replace(labels=("nhat", "<b>", "ba", "bet")))
    elif bad == "name":
        final = _final(seen, names=["An", "B\x00", "C", "D"])
    elif bad == "uid":
        uid = ""
    with pytest.raises(StoreError):
        store.keep_lan_game(uid, "T", events, final)
    assert store.history() == [] and store.count_history() == 0


def test_a_damaged_lan_row_is_left_out_and_counted(store, seen):
    store.keep_lan_game("lan-x", "T", seen.events, seen.final)
    store.conn.execute("UPDATE lan_games SET record = '{\"events\": 5}', labels = '[\"?\"]'")
    assert store.history() == [] and store.get_lan_game("lan-x") is None
    assert store.unreadable_games == 1
