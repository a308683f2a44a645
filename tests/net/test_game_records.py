"""The end-of-game record each seated player gets: that game as their seat saw it, never a card more; a rogue
server's record is bounded and checked on decode."""

from __future__ import annotations

import msgspec
import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.game_record import GameRecord
from tala_desktop.net.host import start_in_thread
from tala_desktop.table.messages import EVENT_TYPES, Drew

from .conftest import FAST, close_all, game_over, kind_of, pump_until, seat_table
from .test_leak import drop


def test_each_seat_gets_the_game_as_it_saw_it_and_no_more():
    srv = start_in_thread(**FAST)
    players = seat_table(srv, ["An", "Bình"], seats=3, bet=100, turn_seconds=0)
    try:
        pump_until(players, game_over(players), timeout=20)
        pump_until(players, lambda: all(pl.last("game_record") is not None for pl in players), act=False)
        for pl in players:
            records = [m for m in pl.messages if kind_of(m) == "game_record"]
            assert len(records) == 1
            record = records[0]
            assert isinstance(record, GameRecord) and record.game_id == 1
            assert record.table == pl.last("lobby").table.id
            told = [m for m in pl.messages if isinstance(m, EVENT_TYPES) and m.game_id == 1]
            assert record.events == told                   # exactly the events this seat was shown
            assert pl.snap is not None and record.final == pl.snap
            assert record.final.seat == pl.snap.seat and record.final.outcome is not None
            others = [e for e in record.events if isinstance(e, Drew) and e.seat != record.final.seat]
            assert others and all(e.card is None for e in others)   # another seat's draw: never its card
    finally:
        close_all(players)
        srv.stop()


def test_a_player_who_comes_back_after_the_game_gets_its_record_again():
    """A player away when the game ended still gets its record (the client keeps a record once)."""
    srv = start_in_thread(**FAST)
    players = seat_table(srv, ["An", "Bình"], seats=2, bet=100, turn_seconds=0)
    try:
        pump_until(players, game_over(players), timeout=20)
        pump_until(players, lambda: all(pl.last("game_record") is not None for pl in players), act=False)
        first = players[1].last("game_record")
        drop(srv, "Bình")
        pump_until(players, lambda: len([m for m in players[1].messages if kind_of(m) == "game_record"]) == 2,
                   act=False)
        assert players[1].last("game_record") == first
        assert len([m for m in players[0].messages if kind_of(m) == "game_record"]) == 1
    finally:
        close_all(players)
        srv.stop()


def _record(**change) -> dict:
    """A valid record as a rogue server could send it, from a real game's (changed by ``change``)."""
    return {**_RECORD[0], **change}


_RECORD: list[dict] = []


@pytest.fixture(scope="module", autouse=True)
def real_record():
    srv = start_in_thread(**FAST)
    players = seat_table(srv, ["An"], seats=2, bet=100, turn_seconds=0)
    try:
        pump_until(players, game_over(players), timeout=20)
        pump_until(players, lambda: players[0].last("game_record") is not None, act=False)
        _RECORD.append(msgspec.to_builtins(players[0].last("game_record")))
        yield
    finally:
        close_all(players)
        srv.stop()
        _RECORD.clear()


def test_a_good_record_decodes_and_its_names_are_cleaned():
    final = {**_record()["final"], "names": ["An\x00\u2028", "Bot 2"]}
    msg = p.decode_server_frame(msgspec.json.encode(_record(final=final)))
    assert isinstance(msg, GameRecord) and msg.final.names == ["An", "Bot 2"]


@pytest.mark.parametrize("bad", [
    "watcher", "not_over", "other_game_event", "no_events", "too_many_events", "names_short", "table_zero",
    "unknown_field"])
def test_a_rogue_servers_record_is_refused(bad):
    rec = _record()
    final = dict(rec["final"])
    events = list(rec["events"])
    if bad == "watcher":
        final["seat"] = None
    elif bad == "not_over":
        final["outcome"] = None
    elif bad == "other_game_event":
        events[0] = {**events[0], "game_id": 7}
    elif bad == "no_events":
        events = []
    elif bad == "too_many_events":
        events = events * (4096 // len(events) + 1)
    elif bad == "names_short":
        final["names"] = final["names"][:1]
    elif bad == "table_zero":
        rec["table"] = 0
    elif bad == "unknown_field":
        rec["extra"] = 1
    with pytest.raises(msgspec.DecodeError):
        p.decode_server_frame(msgspec.json.encode({**rec, "final": final, "events": events}))
