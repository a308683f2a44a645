"""Watching a LAN table, and its chat: the public view, names marked watching, limits on chat, reactions, the log."""

from __future__ import annotations

import contextlib
import time

import pytest

from tala_desktop.net.host import start_in_thread
from tala_desktop.net.protocol import CHAT_LOG, PROTOCOL_VERSION

from .conftest import FAST, hear, raw, say


def hello(ws, name: str) -> dict:
    say(ws, type="hello", name=name, version=PROTOCOL_VERSION)
    welcome = hear(ws)
    assert welcome["type"] == "welcome"
    return welcome


def lobby_where(ws, cond) -> dict:
    """The next lobby message whose table info satisfies ``cond`` (earlier ones are skipped)."""
    while True:
        info = hear(ws, "lobby")["table"]
        if cond(info):
            return info


def host_table(ws, name: str = "Lan", start: bool = True, **settings) -> int:
    """``name`` opens a table (bots in the other seats) and starts it; returns its id."""
    hello(ws, name)
    say(ws, type="create_table", **{"seats": 3, **settings})
    table = hear(ws, "lobby")["table"]["id"]
    if start:
        say(ws, type="start")
        hear(ws, "snapshot")
    return table


def test_someone_watching_gets_the_lobby_the_public_view_and_the_chat(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as fan:
        table = host_table(host)
        say(host, type="chat", text="chào cả nhà")
        hear(host, "chat")
        hello(fan, "Quân")
        say(fan, type="watch", table=table)
        lobby = hear(fan, "lobby")
        assert lobby["watching"] and lobby["you"] is None and lobby["table"]["watchers"] == ["Quân"]
        log = hear(fan, "chat_log")["lines"]
        assert [(line["name"], line["text"]) for line in log] == [("Lan", "chào cả nhà")]
        snap = hear(fan, "snapshot")
        assert snap["seat"] is None and snap["hand"] == [] and snap["legal"] == []
        assert snap["hand_counts"] == [10, 9, 9] and snap["known"] == [[], [], []]
        assert lobby_where(host, lambda t: t["watchers"])["watchers"] == ["Quân"]   # the players see who watches
        say(fan, type="chat", text="cho mình xem với")
        line = hear(host, "chat")
        assert line == {"type": "chat", "seat": None, "name": "Quân", "text": "cho mình xem với", "watching": True}
        assert hear(fan, "chat") == line


def test_commands_of_a_player_are_refused_to_someone_watching(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as fan:
        table = host_table(host)
        hello(fan, "Quân")
        say(fan, type="watch", table=table)
        hear(fan, "snapshot")
        for cmd in ({"type": "move", "game_id": 1, "move": [0, "draw", -1, [], -1, None]}, {"type": "hint"},
                    {"type": "next_game"}, {"type": "ready"}):
            say(fan, **cmd)
            assert hear(fan, "error")["code"] == "watching", cmd
        say(fan, type="set_seat", seat=1, kind="empty")
        assert hear(fan, "error")["code"] == "not_host"
        say(fan, type="join", table=table)
        assert hear(fan, "error")["code"] == "at_table"
        say(fan, type="leave")
        assert hear(fan, "left_table")["reason"] == "left"
        assert lobby_where(host, lambda t: not t["watchers"])["watchers"] == []


def test_watching_needs_the_tables_password_and_respects_a_kick_and_the_limit():
    srv = start_in_thread(max_watchers=1, **FAST)
    try:
        with raw(srv.port) as host, raw(srv.port, source="127.0.0.2") as a, \
                raw(srv.port, source="127.0.0.3") as b, raw(srv.port, source="127.0.0.4") as kicked:
            hello(host, "Lan")
            say(host, type="create_table", seats=3, password="bí mật")
            table = hear(host, "lobby")["table"]["id"]
            hello(kicked, "Tí")
            say(kicked, type="join", table=table, password="bí mật")
            hear(kicked, "lobby")
            say(host, type="kick", seat=1)
            hear(kicked, "left_table")
            say(kicked, type="watch", table=table, password="bí mật")
            assert hear(kicked, "error")["code"] == "kicked"
            hello(a, "Quân")
            say(a, type="watch", table=table)
            assert hear(a, "error")["code"] == "bad_password"
            say(a, type="watch", table=table, password="bí mật")
            assert hear(a, "lobby")["watching"]
            hello(b, "Phương")
            say(b, type="watch", table=table, password="bí mật")
            assert hear(b, "error")["code"] == "too_many_watchers"
            say(b, type="watch", table=99)
            assert hear(b, "error")["code"] == "no_table"
    finally:
        srv.stop()


def test_a_watchers_name_never_poses_as_a_seated_player(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as fan, \
            raw(server.port, source="127.0.0.3") as bot_like:
        table = host_table(host)
        hello(fan, "LAN")
        say(fan, type="watch", table=table)
        assert hear(fan, "lobby")["table"]["watchers"] == ["LAN (2)"]
        hello(bot_like, "Bot 2")
        say(bot_like, type="watch", table=table)
        assert hear(bot_like, "lobby")["table"]["watchers"] == ["LAN (2)", "Bot 2 (2)"]
        say(bot_like, type="react", key="wow")
        assert hear(host, "reaction") == {"type": "reaction", "seat": None, "name": "Bot 2 (2)", "key": "wow",
                                          "watching": True}


def test_chat_keeps_its_order_and_names_for_everyone_and_for_whoever_comes_later(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as guest, \
            raw(server.port, source="127.0.0.3") as late:
        hello(host, "Lan")
        say(host, type="create_table", seats=3)
        table = hear(host, "lobby")["table"]["id"]
        hello(guest, "Minh")
        say(guest, type="join", table=table)
        hear(guest, "lobby")
        said = [(host, "Lan", "chào"), (guest, "Minh", "chào chị"), (host, "Lan", "đánh nhanh nhé"),
                (guest, "Minh", "ok")]
        for ws, _, text in said:
            say(ws, type="chat", text=text)
            time.sleep(0.05)
        say(guest, type="react", key="gg")
        for ws in (host, guest):
            got = [hear(ws, "chat") for _ in said]
            assert [(m["seat"], m["name"], m["text"]) for m in got] == [
                (0 if w is host else 1, n, t) for w, n, t in said]
            assert hear(ws, "reaction")["key"] == "gg"
        hello(late, "Quân")
        say(late, type="watch", table=table)
        log = hear(late, "chat_log")["lines"]
        assert [(m["type"], m["name"]) for m in log] == [("chat", n) for _, n, _ in said] + [("reaction", "Minh")]


def test_the_chat_log_keeps_the_last_lines_only():
    fast = {"rate": 1000.0, "burst": 1000.0, "chat_rate": 1000.0, "chat_burst": 1000.0, "address_chat_rate": 1000.0,
            "address_chat_burst": 1000.0}
    srv = start_in_thread(**{**FAST, **fast})
    try:
        with raw(srv.port) as host, raw(srv.port, source="127.0.0.2") as late:
            table = host_table(host, start=False)
            for i in range(CHAT_LOG + 20):
                say(host, type="chat", text=f"dòng {i}")
            for _ in range(CHAT_LOG + 20):
                hear(host, "chat")
            hello(late, "Quân")
            say(late, type="watch", table=table)
            log = hear(late, "chat_log")["lines"]
            assert len(log) == CHAT_LOG and log[0]["text"] == "dòng 20" and log[-1]["text"] == f"dòng {CHAT_LOG + 19}"
    finally:
        srv.stop()


@pytest.mark.parametrize("text,code", [("a" * 201, "bad_chat"), ("   ", "bad_chat"), ("xin\u0007chào", "bad_chat"),
                                       ("\u2800", "bad_chat")])
def test_chat_lines_too_long_empty_or_with_control_characters_are_refused(server, text, code):
    with raw(server.port) as host:
        host_table(host, start=False)
        say(host, type="chat", text=text)
        assert hear(host, "error")["code"] == code
        say(host, type="react", key="rude")
        assert hear(host, "error")["code"] == "invalid"


def test_chat_has_a_budget_per_connection():
    srv = start_in_thread(**{**FAST, "chat_rate": 0.01, "chat_burst": 3.0})      # (it refills in 100 s a line)
    try:
        with raw(srv.port) as host:
            host_table(host, start=False)
            for i in range(5):
                say(host, type="chat", text=f"spam {i}")
            replies = [hear(host) for _ in range(5)]
            replies = [m for m in replies if m["type"] in ("chat", "error")]
            assert [m["type"] for m in replies] == ["chat"] * 3 + ["error"] * 2
            assert replies[-1]["code"] == "chat_too_fast"
            say(host, type="react", key="gg")                   # reactions draw on the same budget
            assert hear(host, "error")["code"] == "chat_too_fast"
            say(host, type="ping", t=1.0)                       # other commands go on
            assert hear(host, "pong")["t"] == 1.0
    finally:
        srv.stop()


def test_chat_has_a_budget_per_address_that_new_connections_share():
    srv = start_in_thread(**{**FAST, "chat_rate": 100.0, "chat_burst": 100.0, "address_chat_rate": 0.01,
                             "address_chat_burst": 4.0})
    try:
        with raw(srv.port, source="127.0.0.5") as host, raw(srv.port, source="127.0.0.5") as fan, \
                raw(srv.port, source="127.0.0.6") as other:
            table = host_table(host, start=False)
            hello(fan, "Quân")
            say(fan, type="watch", table=table)
            hear(fan, "lobby")
            hello(other, "Tí")
            say(other, type="watch", table=table)
            hear(other, "lobby")
            for i in range(3):
                for ws in (host, fan):
                    say(ws, type="chat", text=f"{i}")
            heard = [hear(other, "chat") for _ in range(4)]  # four of the six lines went out
            assert {m["name"] for m in heard} <= {"Lan", "Quân"}
            say(other, type="chat", text="máy khác vẫn nói được")
            assert hear(other, "chat")["name"] == "Tí"        # another address has its own budget
            refused = []
            for ws in (host, fan):                           # the other two were refused, whoever sent them
                with contextlib.suppress(TimeoutError):
                    while True:
                        refused.append(hear(ws, "error", timeout=0.5)["code"])
            assert refused == ["chat_too_fast"] * 2
    finally:
        srv.stop()
