"""A LAN player the clock played for twice in a row is stood up when the game ends: they watch with their chips,
everyone is told, the table deals on without them (a bot in the seat), and they may sit again. Nobody at a LAN
table is played to ruin either; a player whose connection dropped keeps the seat for the reconnect time."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit
from .core_table import CoreTable

OFFER = 8.0       # ServerConfig.seat_offer_seconds
BALANCE = 10_000


def lobbies(table: CoreTable, conn: int) -> list[dict[str, Any]]:
    return [m for m in table.messages[conn] if m["type"] == "lobby"]


def test_a_player_the_clock_played_for_twice_in_a_row_is_stood_up_between_games():
    with CoreKit() as kit:
        table = CoreTable(kit, ["Lan", "Minh"], seats=3, turn_seconds=5)
        lan, minh = table.conns
        table.idle.add(minh)                                      # Minh is not at the keyboard any more
        table.play_until(table.game_over(1), seconds=900)
        hosted = kit.core.rooms[table.id].table
        assert hosted is not None
        table.read()
        last = lobbies(table, minh)[-1]
        assert last["watching"] is True and last.get("you") is None          # Minh watches now
        info = lobbies(table, lan)[-1]["table"]
        assert info["stood"] == ["Minh"] and "Minh" in info["watchers"]      # and everyone is told who
        assert info["seats"][1]["kind"] == "empty"
        kit.say(lan, type="next_game")
        table.play_until(lambda: hosted.game_id == 2, act=False, seconds=OFFER + 2)
        assert hosted.names[1] != "Minh" and hosted.bots[1] is not None      # a bot plays the seat: the table goes on
        assert lobbies(table, lan)[-1]["table"]["stood"] == []


def test_a_player_stood_up_may_sit_again_with_the_chips_he_had():
    with CoreKit() as kit:
        table = CoreTable(kit, ["Lan", "Minh"], seats=3, turn_seconds=5)
        lan, minh = table.conns
        table.idle.add(minh)
        table.play_until(table.game_over(1), seconds=900)
        hosted = kit.core.rooms[table.id].table
        assert hosted is not None
        chips = hosted.balances[1]
        table.idle.discard(minh)                                  # back at the keyboard: he takes his seat again
        kit.say(minh, type="sit", seat=1)
        kit.say(minh, type="next_game")
        kit.say(lan, type="next_game")
        table.play_until(lambda: hosted.game_id == 2, act=False, seconds=OFFER + 2)
        table.read()
        assert lobbies(table, minh)[-1].get("you") == 1 and hosted.names[1] == "Minh"
        assert hosted.balances[1] == chips and hosted.absent_seats() == []


def test_a_player_who_plays_their_own_turns_keeps_the_seat():
    with CoreKit() as kit:
        table = CoreTable(kit, ["Lan", "Minh"], seats=3, turn_seconds=5)
        lan, minh = table.conns
        table.play_until(table.game_over(1), seconds=900)
        table.read()
        info = lobbies(table, lan)[-1]["table"]
        assert info["stood"] == [] and info["seats"][1]["name"] == "Minh" and info["seats"][1]["kind"] == "player"


def test_a_dropped_player_keeps_the_seat_for_the_reconnect_time():
    """The away timer plays a dropped player's turns; the seat waits for them (reconnect_seconds bounds it), so
    they are not stood up for those turns."""
    with CoreKit(reconnect_seconds=3600.0) as kit:
        table = CoreTable(kit, ["Lan", "Minh"], seats=3, turn_seconds=5)
        lan, _ = table.conns
        table.drop(1)
        table.play_until(table.game_over(1, [lan]), seconds=900)
        table.read()
        info = lobbies(table, lan)[-1]["table"]
        assert info["stood"] == [] and info["seats"][1]["name"] == "Minh" and info["seats"][1]["kind"] == "player"
