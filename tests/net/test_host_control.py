"""Host control and names at a table: the host removes a seat before the start; no two players share a name.

The table's rules run on the server core (tests/net/core_kit.py): no sockets, a stepped clock."""

from __future__ import annotations

import pytest

from tala_desktop.net.names import name_key, unique_name

from .core_kit import CoreKit


def test_the_host_removes_a_guest_who_never_readies_and_can_start():
    with CoreKit() as kit:
        host, idle, other = (kit.connect(a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3"))
        kit.welcome(host, "Lan")
        table = kit.create_table(host, seats=3)
        kit.welcome(idle, "Minh")
        kit.say(idle, type="join", table=table)
        lobby = kit.hear(idle, "lobby")
        assert lobby["you"] == 1
        idle_id, host_id = lobby["table"]["seats"][1]["member"], lobby["table"]["seats"][0]["member"]
        kit.welcome(other, "Chi")
        kit.say(other, type="join", table=table, seat=2)
        other_id = kit.hear(other, "lobby")["table"]["seats"][2]["member"]
        kit.say(other, type="kick", member=idle_id)                 # only the host may
        assert kit.hear(other, "error")["code"] == "not_host"
        kit.say(host, type="start")
        assert kit.hear(host, "error")["code"] == "not_ready"
        kit.say(host, type="kick", member=host_id)
        assert kit.hear(host, "error")["code"] == "not_yourself"
        kit.say(host, type="kick", member=idle_id)
        assert kit.hear(idle, "left_table") == {"type": "left_table", "table": table, "reason": "kicked"}
        seats = kit.hear(host, "lobby")["table"]["seats"]
        assert [s["kind"] for s in seats] == ["player", "empty", "player"]
        kit.say(idle, type="join", table=table)              # that address may not come back to this table
        assert kit.hear(idle, "error")["code"] == "kicked"
        kit.say(other, type="ready")
        kit.hear(host, "lobby")
        kit.say(host, type="start")
        assert kit.hear(host, "snapshot")["names"][1] == "Bot 2"
        kit.say(host, type="kick", member=other_id)                  # not once the game has started
        assert kit.hear(host, "error")["code"] == "in_progress"


@pytest.mark.parametrize("look_alike", ["Lan", "LAN", "lan", "Lân", "L.an", "L an", "1an", "Ian", "Lan_"])
def test_a_name_that_looks_like_a_seated_players_gets_a_number(look_alike):
    assert unique_name(look_alike, ["Lan"]) == f"{look_alike} (2)"
    assert name_key(unique_name(look_alike, ["Lan", "Lan (2)"])) not in {name_key("Lan"), name_key("Lan (2)")}


def test_bot_names_are_taken_and_different_names_are_left_alone():
    assert unique_name("Bot 2", []) == "Bot 2 (2)"
    assert unique_name("bót3", []) == "bót3 (2)"
    assert unique_name("Lan", ["Lân Anh", "Minh"]) == "Lan"
    assert unique_name("Nguyễn Văn A", ["Nguyễn Văn B"]) == "Nguyễn Văn A"


def test_nobody_can_sit_or_chat_under_a_seated_players_name():
    with CoreKit() as kit:
        lan, fake, fake2 = (kit.connect(a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3"))
        kit.welcome(lan, "Lan")
        table = kit.create_table(lan, seats=4)
        for conn, name in ((fake, "LÂN"), (fake2, "Lan")):
            kit.welcome(conn, name)
            kit.say(conn, type="join", table=table)
            kit.hear(conn, "lobby")
        kit.say(fake2, type="chat", text="đưa tiền đây")
        chat = kit.hear(lan, "chat")
        assert chat["name"] == "Lan (3)" and chat["seat"] == 2
        kit.say(lan, type="list_tables")
        info = next(t for t in kit.hear(lan, "tables")["tables"] if t["id"] == table)
        seats = [s["name"] for s in info["seats"]]
        assert seats == ["Lan", "LÂN (2)", "Lan (3)", None]
        kit.say(fake, type="leave")
        kit.hear(fake, "left_table")
        kit.say(lan, type="ready")                    # the host's ready: anything that sends the lobby again
        kit.say(fake, type="join", table=table)       # back at a free seat: the name is checked again
        assert kit.hear(fake, "lobby")["table"]["seats"][1]["name"] == "LÂN (2)"


@pytest.mark.parametrize("look_alike,name", [("Ðức", "Đức"), ("ðức", "Đức"), ("Łan", "Lan"), ("Lınh", "Linh"),
                                             ("Ƀot 2", "Bot 2"), ("Bøt 3", "Bot 3"), ("Lɨnh", "Linh")])
def test_letters_with_a_stroke_or_without_a_dot_look_like_their_plain_letter(look_alike, name):
    assert name_key(look_alike) == name_key(name)
    assert unique_name(look_alike, [name]) == f"{look_alike} (2)"


def test_a_player_who_joins_under_a_watchers_name_gets_a_number_and_the_watcher_sits_under_their_own():
    with CoreKit() as kit:
        host, fan, late = (kit.connect(a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3"))
        kit.welcome(host, "Tuấn")
        table = kit.create_table(host, seats=3)
        kit.welcome(fan, "Lan")
        kit.say(fan, type="watch", table=table)
        assert kit.hear(fan, "lobby")["watching"] is True
        kit.welcome(late, "Lan")
        kit.say(late, type="join", table=table)
        assert kit.hear(late, "lobby")["table"]["seats"][1]["name"] == "Lan (2)"
        kit.say(fan, type="sit", seat=2)
        for _ in range(5):                          # the lobby of the join may come first
            seats = kit.hear(fan, "lobby")["table"]["seats"]
            if seats[2].get("name"):
                break
        assert [s.get("name") for s in seats] == ["Tuấn", "Lan (2)", "Lan"]
