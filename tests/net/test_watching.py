"""Watching a LAN table, and its chat: the public view, names marked watching, limits on chat, reactions, the log.

Run on the server core (tests/net/core_kit.py: no sockets, a stepped clock), so what a connection was not sent
is known, not waited for."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tala_desktop.net.protocol import CHAT_LOG

from .core_kit import CoreKit


@pytest.fixture
def kit() -> Iterator[CoreKit]:
    with CoreKit() as k:
        yield k


def hello(kit: CoreKit, conn: int, name: str) -> dict[str, Any]:
    welcome = kit.hello(conn, name)
    assert welcome["type"] == "welcome"
    return welcome


def lobby_where(kit: CoreKit, conn: int, cond: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The next lobby message whose table info satisfies ``cond`` (earlier ones are skipped)."""
    while True:
        info = kit.hear(conn, "lobby")["table"]
        if cond(info):
            return info


def host_table(kit: CoreKit, conn: int, name: str = "Lan", start: bool = True, **settings: Any) -> int:
    """``name`` opens a table (bots in the other seats) and starts it; returns its id."""
    hello(kit, conn, name)
    table = kit.create_table(conn, **{"seats": 3, **settings})
    if start:
        kit.say(conn, type="start")
        kit.hear(conn, "snapshot")
    return table


def test_someone_watching_gets_the_lobby_the_public_view_and_the_chat(kit):
    host, fan = kit.connect(), kit.connect("127.0.0.2")
    table = host_table(kit, host)
    kit.say(host, type="chat", text="chào cả nhà")
    kit.hear(host, "chat")
    hello(kit, fan, "Quân")
    kit.say(fan, type="watch", table=table)
    lobby = kit.hear(fan, "lobby")
    assert lobby["watching"] and lobby["you"] is None and lobby["table"]["watchers"] == ["Quân"]
    log = kit.hear(fan, "chat_log")["lines"]
    assert [(line["name"], line["text"]) for line in log] == [("Lan", "chào cả nhà")]
    snap = kit.hear(fan, "snapshot")
    assert snap["seat"] is None and snap["hand"] == [] and snap["legal"] == []
    assert snap["hand_counts"] == [10, 9, 9] and snap["known"] == [[], [], []]
    assert lobby_where(kit, host, lambda t: t["watchers"])["watchers"] == ["Quân"]   # the players see who watches
    kit.say(fan, type="chat", text="cho mình xem với")
    line = kit.hear(host, "chat")
    assert line == {"type": "chat", "seat": None, "name": "Quân", "text": "cho mình xem với", "watching": True}
    assert kit.hear(fan, "chat") == line


def test_commands_of_a_player_are_refused_to_someone_watching(kit):
    host, fan = kit.connect(), kit.connect("127.0.0.2")
    table = host_table(kit, host)
    hello(kit, fan, "Quân")
    kit.say(fan, type="watch", table=table)
    kit.hear(fan, "snapshot")
    for cmd in ({"type": "move", "game_id": 1, "move": [0, "draw", -1, [], -1, None]}, {"type": "hint"},
                {"type": "next_game"}, {"type": "ready"}):
        kit.say(fan, **cmd)
        assert kit.hear(fan, "error")["code"] == "watching", cmd
    kit.say(fan, type="set_seat", seat=1, kind="empty")
    assert kit.hear(fan, "error")["code"] == "not_host"
    kit.say(fan, type="join", table=table)
    assert kit.hear(fan, "error")["code"] == "at_table"
    kit.say(fan, type="leave")
    assert kit.hear(fan, "left_table")["reason"] == "left"
    assert lobby_where(kit, host, lambda t: not t["watchers"])["watchers"] == []


def test_watching_needs_the_tables_password_and_respects_a_kick_and_the_limit():
    with CoreKit(max_watchers=1) as kit:
        host, a, b, kicked = (kit.connect(f"127.0.0.{i}") for i in (1, 2, 3, 4))
        hello(kit, host, "Lan")
        table = kit.create_table(host, seats=3, password="bí mật")
        hello(kit, kicked, "Tí")
        kit.say(kicked, type="join", table=table, password="bí mật")
        seat = kit.hear(kicked, "lobby")["table"]["seats"][1]
        kit.say(host, type="kick", member=seat["member"])
        kit.hear(kicked, "left_table")
        kit.say(kicked, type="watch", table=table, password="bí mật")
        assert kit.hear(kicked, "error")["code"] == "kicked"
        hello(kit, a, "Quân")
        kit.say(a, type="watch", table=table)
        assert kit.hear(a, "error")["code"] == "bad_password"
        kit.say(a, type="watch", table=table, password="bí mật")
        assert kit.hear(a, "lobby")["watching"]
        hello(kit, b, "Phương")
        kit.say(b, type="watch", table=table, password="bí mật")
        assert kit.hear(b, "error")["code"] == "too_many_watchers"
        kit.say(b, type="watch", table=99)
        assert kit.hear(b, "error")["code"] == "no_table"


def test_a_watchers_name_never_poses_as_a_seated_player(kit):
    host, fan, bot_like = kit.connect(), kit.connect("127.0.0.2"), kit.connect("127.0.0.3")
    table = host_table(kit, host)
    hello(kit, fan, "LAN")
    kit.say(fan, type="watch", table=table)
    assert kit.hear(fan, "lobby")["table"]["watchers"] == ["LAN (2)"]
    hello(kit, bot_like, "Bot 2")
    kit.say(bot_like, type="watch", table=table)
    assert kit.hear(bot_like, "lobby")["table"]["watchers"] == ["LAN (2)", "Bot 2 (2)"]
    kit.say(bot_like, type="react", key="wow")
    assert kit.hear(host, "reaction") == {"type": "reaction", "seat": None, "name": "Bot 2 (2)", "key": "wow",
                                          "watching": True}


def test_chat_keeps_its_order_and_names_for_everyone_and_for_whoever_comes_later(kit):
    host, guest, late = kit.connect(), kit.connect("127.0.0.2"), kit.connect("127.0.0.3")
    hello(kit, host, "Lan")
    table = kit.create_table(host, seats=3)
    hello(kit, guest, "Minh")
    kit.say(guest, type="join", table=table)
    kit.hear(guest, "lobby")
    said = [(host, "Lan", "chào"), (guest, "Minh", "chào chị"), (host, "Lan", "đánh nhanh nhé"), (guest, "Minh", "ok")]
    for conn, _, text in said:
        kit.say(conn, type="chat", text=text)
        kit.tick(0.05)
    kit.say(guest, type="react", key="gg")
    for conn in (host, guest):
        got = [kit.hear(conn, "chat") for _ in said]
        assert [(m["seat"], m["name"], m["text"]) for m in got] == [
            (0 if c == host else 1, n, t) for c, n, t in said]
        assert kit.hear(conn, "reaction")["key"] == "gg"
    hello(kit, late, "Quân")
    kit.say(late, type="watch", table=table)
    log = kit.hear(late, "chat_log")["lines"]
    assert [(m["type"], m["name"]) for m in log] == [("chat", n) for _, n, _ in said] + [("reaction", "Minh")]


def test_the_chat_log_keeps_the_last_lines_only():
    fast = {"rate": 1000.0, "burst": 1000.0, "chat_rate": 1000.0, "chat_burst": 1000.0, "address_chat_rate": 1000.0,
            "address_chat_burst": 1000.0}
    with CoreKit(**fast) as kit:
        host, late = kit.connect(), kit.connect("127.0.0.2")
        table = host_table(kit, host, start=False)
        for i in range(CHAT_LOG + 20):
            kit.say(host, type="chat", text=f"dòng {i}")
        for _ in range(CHAT_LOG + 20):
            kit.hear(host, "chat")
        hello(kit, late, "Quân")
        kit.say(late, type="watch", table=table)
        log = kit.hear(late, "chat_log")["lines"]
        assert len(log) == CHAT_LOG and log[0]["text"] == "dòng 20" and log[-1]["text"] == f"dòng {CHAT_LOG + 19}"


@pytest.mark.parametrize("text,code", [("a" * 201, "bad_chat"), ("   ", "bad_chat"), ("xin\u0007chào", "bad_chat"),
                                       ("\u2800", "bad_chat")])
def test_chat_lines_too_long_empty_or_with_control_characters_are_refused(kit, text, code):
    host = kit.connect()
    host_table(kit, host, start=False)
    kit.say(host, type="chat", text=text)
    assert kit.hear(host, "error")["code"] == code
    kit.say(host, type="react", key="rude")
    assert kit.hear(host, "error")["code"] == "invalid"


def test_chat_has_a_budget_per_connection():
    with CoreKit(chat_rate=0.01, chat_burst=3.0) as kit:      # (it refills in 100 s a line)
        host = kit.connect()
        host_table(kit, host, start=False)
        kit.heard(host)
        for i in range(5):
            kit.say(host, type="chat", text=f"spam {i}")
        replies = [m for m in kit.heard(host) if m["type"] in ("chat", "error")]
        assert [m["type"] for m in replies] == ["chat"] * 3 + ["error"] * 2
        assert replies[-1]["code"] == "chat_too_fast"
        kit.say(host, type="react", key="gg")                   # reactions draw on the same budget
        assert kit.hear(host, "error")["code"] == "chat_too_fast"
        kit.say(host, type="ping", t=1.0)                       # other commands go on
        assert kit.hear(host, "pong")["t"] == 1.0


def test_chat_has_a_budget_per_address_that_new_connections_share():
    with CoreKit(chat_rate=100.0, chat_burst=100.0, address_chat_rate=0.01, address_chat_burst=4.0) as kit:
        host, fan, other = kit.connect("127.0.0.5"), kit.connect("127.0.0.5"), kit.connect("127.0.0.6")
        table = host_table(kit, host, start=False)
        hello(kit, fan, "Quân")
        kit.say(fan, type="watch", table=table)
        kit.hear(fan, "lobby")
        hello(kit, other, "Tí")
        kit.say(other, type="watch", table=table)
        kit.hear(other, "lobby")
        for conn in (host, fan):
            kit.heard(conn)
        for i in range(3):
            for conn in (host, fan):
                kit.say(conn, type="chat", text=f"{i}")
        heard = [m for m in kit.heard(other) if m["type"] == "chat"]
        assert len(heard) == 4 and {m["name"] for m in heard} <= {"Lan", "Quân"}   # four of the six lines went out
        kit.say(other, type="chat", text="máy khác vẫn nói được")
        assert kit.hear(other, "chat")["name"] == "Tí"        # another address has its own budget
        refused = [m["code"] for conn in (host, fan) for m in kit.heard(conn) if m["type"] == "error"]
        assert refused == ["chat_too_fast"] * 2               # the other two were refused, whoever sent them
