"""Between two games the free seats are offered to the people watching: the deal waits a moment for them; a seat
whose player left during a game is played by a bot to its end, then goes free; the host names people by id."""

from __future__ import annotations

from typing import Any

from .core_kit import CoreKit

OFFER = 8.0       # ServerConfig.seat_offer_seconds


def lobby(kit: CoreKit, conn: int) -> dict[str, Any]:
    """The last lobby frame ``conn`` was sent (the others are read too)."""
    frames = [m for m in kit.heard(conn) if m["type"] == "lobby"]
    assert frames, f"connection {conn} was sent no lobby"
    return frames[-1]["table"]


def game_of(kit: CoreKit, table: int) -> int:
    hosted = kit.core.rooms[table].table
    assert hosted is not None
    return hosted.game_id


def finish(kit: CoreKit, table: int) -> None:
    """Play the current game of ``table`` to its end at once (bots for every seat)."""
    hosted = kit.core.rooms[table].table
    assert hosted is not None
    hosted.play_out()
    kit.tick()                  # the core sees the game's end and sends what changed


def started_with_a_fan(kit: CoreKit) -> tuple[int, int, int, int]:
    """Lan hosts three seats, Minh sits at seat 1 (a bot at 2), they start; Quân watches. The connections, the table."""
    lan, minh, fan = kit.connect(), kit.connect("127.0.0.2"), kit.connect("127.0.0.3")
    kit.hello(lan, "Lan")
    table = kit.create_table(lan, seats=3)
    kit.hello(minh, "Minh")
    kit.say(minh, type="join", table=table)
    kit.say(minh, type="ready")
    kit.say(lan, type="start")
    kit.hello(fan, "Quân")
    kit.say(fan, type="watch", table=table)
    return lan, minh, fan, table


def test_a_seat_left_during_a_game_goes_free_at_its_end_and_the_deal_waits_for_the_watcher_who_takes_it():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(minh, type="leave")                              # Móm: the engine plays the seat to the end
        gone = lobby(kit, lan)["seats"][1]
        assert gone["left"] and gone["name"] == "Minh"           # ... under his name
        finish(kit, table)
        seat = lobby(kit, fan)["seats"][1]
        assert seat["kind"] == "empty" and seat["name"] is None  # free, offered to the people watching
        kit.say(lan, type="next_game")
        kit.run(1.0)
        assert game_of(kit, table) == 1                          # the deal waits for someone to sit
        kit.say(fan, type="sit", seat=1)
        seen = lobby(kit, lan)["seats"][1]                       # everyone sees who takes the seat next game
        assert (seen["kind"], seen["name"], seen["joining"]) == ("player", "Quân", True)
        kit.run(1.0)
        assert game_of(kit, table) == 1                          # and waits for the newcomer's vote
        kit.say(fan, type="next_game")
        assert game_of(kit, table) == 2
        snap = [m for m in kit.heard(fan) if m["type"] == "snapshot"][-1]
        assert snap["seat"] == 1 and snap["game_id"] == 2 and len(snap["hand"]) >= 9
        assert lobby(kit, lan)["seats"][1]["joining"] is False


def test_the_offer_and_a_silent_newcomer_never_stall_the_table():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(lan, type="next_game")
        kit.run(OFFER - 1.0)
        assert game_of(kit, table) == 1
        kit.run(1.5)                                             # nobody sat in time: a bot takes the seat
        assert game_of(kit, table) == 2
        assert kit.core.rooms[table].table.names[1] == "Bot 2"
        finish(kit, table)
        kit.say(lan, type="set_seat", seat=2, kind="empty")      # the host opens a bot's seat for Quân
        kit.say(fan, type="sit", seat=2)
        kit.say(lan, type="next_game")
        kit.run(OFFER - 1.0)
        assert game_of(kit, table) == 2                          # Quân has not voted yet
        kit.run(1.5)
        assert game_of(kit, table) == 3                          # ...and is dealt in anyway
        assert kit.core.rooms[table].seats[2] is not None


def test_without_watchers_nobody_waits_and_a_player_leaving_between_games_frees_the_seat_at_once():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(fan, type="leave")
        finish(kit, table)
        kit.say(minh, type="leave")
        assert lobby(kit, lan)["seats"][1]["kind"] == "empty"
        kit.say(lan, type="next_game")
        assert game_of(kit, table) == 2                          # nobody watches: dealt at once, a bot at seat 1


def test_someone_joins_a_running_table_between_games_on_a_free_seat_and_never_during_a_game():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        late = kit.connect("127.0.0.4")
        kit.hello(late, "Chi")
        kit.say(late, type="join", table=table)
        assert kit.hear(late, "error")["code"] == "in_progress"
        kit.say(minh, type="leave")
        finish(kit, table)
        kit.say(late, type="join", table=table)
        got = kit.heard(late)
        mine = [m for m in got if m["type"] == "lobby"][-1]
        assert mine["you"] == 1 and mine["table"]["seats"][1]["name"] == "Chi"
        assert [m for m in got if m["type"] == "snapshot"][-1]["seat"] == 1


def test_the_host_names_people_by_id_so_look_alike_names_are_never_confused():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        twin = kit.connect("127.0.0.4")
        kit.hello(twin, "QUÂN")                                  # made unique: "QUÂN (2)"
        kit.say(twin, type="watch", table=table)
        info = lobby(kit, lan)
        ids = dict(zip(info["watchers"], info["watcher_ids"]))
        assert list(ids) == ["Quân", "QUÂN (2)"]
        seat_ids = [s["member"] for s in info["seats"]]
        assert seat_ids[2] is None and len({*seat_ids[:2], *ids.values()}) == 4   # every person has their own
        kit.say(lan, type="mute", member=ids["QUÂN (2)"])
        assert lobby(kit, lan)["muted"] == ["QUÂN (2)"]
        kit.say(fan, type="chat", text="chào")                   # the other one still speaks
        assert kit.hear(lan, "chat")["name"] == "Quân"
        unknown = max(*ids.values(), *seat_ids[:2]) + 1
        for cmd in ({"type": "kick", "member": unknown}, {"type": "mute", "member": unknown}):
            kit.say(lan, **cmd)
            assert kit.hear(lan, "error")["code"] == "no_member"
        finish(kit, table)
        kit.say(lan, type="set_seat", seat=2, kind="player", member=seat_ids[1])   # Minh sits: not watching
        assert kit.hear(lan, "error")["code"] == "no_watcher"
        kit.say(lan, type="kick", member=ids["QUÂN (2)"])
        assert kit.hear(twin, "left_table")["reason"] == "kicked"
        assert lobby(kit, lan)["watchers"] == ["Quân"]
        kit.say(lan, type="kick", member=seat_ids[1])            # a seated guest, between games
        assert kit.hear(minh, "left_table")["reason"] == "kicked"
        assert lobby(kit, fan)["seats"][1]["kind"] == "empty"    # free for Quân
        kit.say(lan, type="kick", member=seat_ids[0])
        assert kit.hear(lan, "error")["code"] == "not_yourself"
        kit.say(lan, type="kick", name="Quân")                   # names are not how people are named
        assert kit.hear(lan, "error")["code"] == "invalid"


def test_everyone_is_told_how_long_the_deal_waits_for_someone_watching_to_sit():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        assert lobby(kit, lan)["deal_wait"] == 0                 # a game runs: nothing waits
        kit.say(minh, type="leave")
        finish(kit, table)
        for conn in (lan, fan):                                  # the seat is offered: the deal waits for it
            assert abs(lobby(kit, conn)["deal_wait"] - OFFER) <= 0.1
        kit.say(lan, type="next_game")
        kit.run(3.0)
        kit.say(fan, type="sit", seat=1)                         # the newcomer's vote is waited for, afresh
        assert abs(lobby(kit, lan)["deal_wait"] - OFFER) <= 0.1
        kit.say(fan, type="next_game")
        assert game_of(kit, table) == 2 and lobby(kit, lan)["deal_wait"] == 0


def test_nobody_watching_means_the_deal_waits_for_nobody():
    with CoreKit() as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(fan, type="leave")
        kit.say(minh, type="leave")
        finish(kit, table)
        assert lobby(kit, lan)["deal_wait"] == 0


def test_a_player_who_never_asks_for_the_next_game_holds_the_others_up_for_a_while_only():
    """Once one player asked for the next game the others have ``vote_seconds`` to ask too (their app may be on a
    page where its results do not count down); then it is dealt. Nobody asking deals nothing."""
    with CoreKit(vote_seconds=30.0) as kit:
        lan, minh, fan, table = started_with_a_fan(kit)
        kit.say(fan, type="leave")                               # nobody watches: no seat offer to wait for
        finish(kit, table)
        kit.run(60.0, step=1.0)
        assert game_of(kit, table) == 1                          # nobody asked: the table rests
        kit.say(lan, type="next_game")
        kit.run(29.0, step=1.0)
        assert game_of(kit, table) == 1                          # Minh still has a moment
        kit.run(2.0, step=1.0)
        assert game_of(kit, table) == 2                          # then the game is dealt, Minh in it
        assert lobby(kit, minh)["seats"][1]["name"] == "Minh"
