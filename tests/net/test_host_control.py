"""Host control and names at a table: the host removes a seat before the start; no two players share a name."""

from __future__ import annotations

import pytest

from tala_desktop.net.names import name_key, unique_name
from tala_desktop.net.protocol import PROTOCOL_VERSION

from .conftest import hear, raw, say


def hello(ws, name: str) -> None:
    say(ws, type="hello", name=name, version=PROTOCOL_VERSION)
    assert hear(ws)["type"] == "welcome"


def test_the_host_removes_a_guest_who_never_readies_and_can_start(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as idle, \
            raw(server.port, source="127.0.0.3") as other:
        hello(host, "Lan")
        say(host, type="create_table", seats=3)
        table = hear(host, "lobby")["table"]["id"]
        hello(idle, "Minh")
        say(idle, type="join", table=table)
        lobby = hear(idle, "lobby")
        assert lobby["you"] == 1
        idle_id, host_id = lobby["table"]["seats"][1]["member"], lobby["table"]["seats"][0]["member"]
        hello(other, "Chi")
        say(other, type="join", table=table, seat=2)
        other_id = hear(other, "lobby")["table"]["seats"][2]["member"]
        say(other, type="kick", member=idle_id)                 # only the host may
        assert hear(other, "error")["code"] == "not_host"
        say(host, type="start")
        assert hear(host, "error")["code"] == "not_ready"
        say(host, type="kick", member=host_id)
        assert hear(host, "error")["code"] == "not_yourself"
        say(host, type="kick", member=idle_id)
        assert hear(idle, "left_table") == {"type": "left_table", "table": table, "reason": "kicked"}
        seats = hear(host, "lobby")["table"]["seats"]
        assert [s["kind"] for s in seats] == ["player", "empty", "player"]
        say(idle, type="join", table=table)              # that address may not come back to this table
        assert hear(idle, "error")["code"] == "kicked"
        say(other, type="ready")
        hear(host, "lobby")
        say(host, type="start")
        assert hear(host, "snapshot")["names"][1] == "Bot 2"
        say(host, type="kick", member=other_id)                  # not once the game has started
        assert hear(host, "error")["code"] == "in_progress"


@pytest.mark.parametrize("look_alike", ["Lan", "LAN", "lan", "Lân", "L.an", "L an", "1an", "Ian", "Lan_"])
def test_a_name_that_looks_like_a_seated_players_gets_a_number(look_alike):
    assert unique_name(look_alike, ["Lan"]) == f"{look_alike} (2)"
    assert name_key(unique_name(look_alike, ["Lan", "Lan (2)"])) not in {name_key("Lan"), name_key("Lan (2)")}


def test_bot_names_are_taken_and_different_names_are_left_alone():
    assert unique_name("Bot 2", []) == "Bot 2 (2)"
    assert unique_name("bót3", []) == "bót3 (2)"
    assert unique_name("Lan", ["Lân Anh", "Minh"]) == "Lan"
    assert unique_name("Nguyễn Văn A", ["Nguyễn Văn B"]) == "Nguyễn Văn A"


def test_nobody_can_sit_or_chat_under_a_seated_players_name(server):
    with raw(server.port) as lan, raw(server.port, source="127.0.0.2") as fake, \
            raw(server.port, source="127.0.0.3") as fake2:
        hello(lan, "Lan")
        say(lan, type="create_table", seats=4)
        table = hear(lan, "lobby")["table"]["id"]
        for ws, name in ((fake, "LÂN"), (fake2, "Lan")):
            hello(ws, name)
            say(ws, type="join", table=table)
            hear(ws, "lobby")
        say(fake2, type="chat", text="đưa tiền đây")
        chat = hear(lan, "chat")
        assert chat["name"] == "Lan (3)" and chat["seat"] == 2
        say(lan, type="list_tables")
        info = next(t for t in hear(lan, "tables")["tables"] if t["id"] == table)
        seats = [s["name"] for s in info["seats"]]
        assert seats == ["Lan", "LÂN (2)", "Lan (3)", None]
        say(fake, type="leave")
        hear(fake, "left_table")
        say(lan, type="ready")                    # the host's ready: anything that sends the lobby again
        say(fake, type="join", table=table)       # back at a free seat: the name is checked again
        assert hear(fake, "lobby")["table"]["seats"][1]["name"] == "LÂN (2)"


@pytest.mark.parametrize("look_alike,name", [("Ðức", "Đức"), ("ðức", "Đức"), ("Łan", "Lan"), ("Lınh", "Linh"),
                                             ("Ƀot 2", "Bot 2"), ("Bøt 3", "Bot 3"), ("Lɨnh", "Linh")])
def test_letters_with_a_stroke_or_without_a_dot_look_like_their_plain_letter(look_alike, name):
    assert name_key(look_alike) == name_key(name)
    assert unique_name(look_alike, [name]) == f"{look_alike} (2)"


def test_a_player_who_joins_under_a_watchers_name_gets_a_number_and_the_watcher_sits_under_their_own(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as fan, \
            raw(server.port, source="127.0.0.3") as late:
        hello(host, "Tuấn")
        say(host, type="create_table", seats=3)
        table = hear(host, "lobby")["table"]["id"]
        hello(fan, "Lan")
        say(fan, type="watch", table=table)
        assert hear(fan, "lobby")["watching"] is True
        hello(late, "Lan")
        say(late, type="join", table=table)
        assert hear(late, "lobby")["table"]["seats"][1]["name"] == "Lan (2)"
        say(fan, type="sit", seat=2)
        for _ in range(5):                          # the lobby of the join may come first
            seats = hear(fan, "lobby")["table"]["seats"]
            if seats[2].get("name"):
                break
        assert [s.get("name") for s in seats] == ["Tuấn", "Lan (2)", "Lan"]
