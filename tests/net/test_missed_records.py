"""A player away when its games end gets their records when it comes back: each game it missed (the last eight),
as its seat saw it, once; nobody else gets them.

Run on the server core (tests/net/core_kit.py: no sockets, a stepped clock)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tala_desktop.net.game_record import KEPT

from .core_kit import CoreKit
from .core_table import CoreTable

Msg = dict[str, Any]
AWAY: dict[str, Any] = dict(reconnect_seconds=3600.0, away_delay=0.2)   # the seat waits; its turns come fast


def records(msgs: list[Msg]) -> list[Msg]:
    return [m for m in msgs if m["type"] == "game_record"]


def dealt(table: CoreTable, game_id: int) -> Callable[[], bool]:
    return lambda: table.view(table.conns[0])["game_id"] == game_id


def play_games_away(table: CoreTable, games: int) -> None:
    """Bình (seat 1) drops in game 1; An plays on and asks for each next game until game ``games + 1`` is dealt."""
    table.play_until(lambda: sum(m["type"] == "discarded" for m in table.messages[table.conns[0]]) >= 2)
    table.drop(1)
    for game in range(1, games + 1):
        table.play_until(table.game_over(game))
        table.kit.say(table.conns[0], type="next_game")
        table.play_until(dealt(table, game + 1), act=False)


def test_a_player_away_across_a_games_end_and_the_next_deal_gets_its_record_on_coming_back() -> None:
    with CoreKit(**AWAY) as kit:
        table = CoreTable(kit, ["An", "Bình"], seats=3, turn_seconds=0)
        play_games_away(table, 1)
        an_records = records(table.messages[table.conns[0]])
        assert [r["game_id"] for r in an_records] == [1]
        back = table.resume(1)
        table.read()
        got = records(table.messages[back])
        assert [r["game_id"] for r in got] == [1]                  # the game it missed, once
        record = got[0]
        assert record["final"]["seat"] == 1 and record["final"]["outcome"] is not None
        assert record["events"][0]["type"] == "dealt"
        hands = record["events"][0]["hands"]
        assert hands[1] is not None and hands[0] is None and hands[2] is None   # as its own seat saw the game
        assert record["final"]["names"] == an_records[0]["final"]["names"]
        assert table.view(back)["game_id"] == 2                     # and the game being played now
        assert records(table.messages[table.conns[0]]) == an_records   # An got nothing more


def test_the_last_games_missed_are_kept_and_each_sent_once() -> None:
    with CoreKit(**AWAY) as kit:
        table = CoreTable(kit, ["An", "Bình"], seats=3, turn_seconds=0)
        play_games_away(table, KEPT + 1)
        back = table.resume(1)
        table.read()
        assert [r["game_id"] for r in records(table.messages[back])] == list(range(2, KEPT + 2))
        table.drop(1)                                               # away again, nothing ended meanwhile
        again = table.resume(1)
        table.read()
        assert records(table.messages[again]) == []


def test_a_player_back_before_the_next_deal_gets_the_ended_games_record_once() -> None:
    with CoreKit(**AWAY) as kit:
        table = CoreTable(kit, ["An", "Bình"], seats=3, turn_seconds=0)
        table.play_until(lambda: sum(m["type"] == "discarded" for m in table.messages[table.conns[0]]) >= 2)
        table.drop(1)
        table.play_until(table.game_over(1))
        back = table.resume(1)
        table.read()
        assert [r["game_id"] for r in records(table.messages[back])] == [1]
