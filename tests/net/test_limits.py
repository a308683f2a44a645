"""Validation and limits: names, chat, bad frames, hello rules, passwords, connections per address, lobby refusals.

The server's rules run on the core (tests/net/core_kit.py: no sockets, a stepped clock); the count of
connections per address runs over websockets, where the adapter closes a refused connection and counts the ends."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tala_desktop.engine import parse_move
from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.host import start_in_thread

from .conftest import FAST, pump_until
from .core_kit import CoreKit


@pytest.mark.parametrize("name", ["Nguyễn Thị Hồng", "Đặng Quốc Bảo", "ƯU ƠI", "player_1", "O'Neil", "Lê-Văn Tám"])
def test_vietnamese_and_plain_names_are_accepted(name):
    cmd = p.decode_command(json.dumps({"type": "hello", "name": f"  {name} ", "version": p.PROTOCOL_VERSION}))
    assert cmd.name == name


def test_names_are_normalised_to_nfc():
    decomposed = "Nguye\u0302\u0303n"  # ễ written as e + two combining marks
    hello = json.dumps({"type": "hello", "name": decomposed, "version": p.PROTOCOL_VERSION})
    assert p.decode_command(hello).name == "Nguyễn"


@pytest.mark.parametrize("name,why", [("", "1-20"), ("x" * 21, "1-20"), ("a\u0000b", "not allowed"),
                                      ("<script>", "not allowed"), ("张三", "not allowed"), ("a  b", "double"),
                                      ("__import__('os')", "not allowed"), ("\u202eevil", "not allowed")])
def test_bad_names_are_refused_with_a_reason(name, why):
    with pytest.raises(p.ProtocolError) as err:
        p.decode_command(json.dumps({"type": "hello", "name": name, "version": p.PROTOCOL_VERSION}))
    assert err.value.code == "invalid" and why in str(err.value)


@pytest.mark.parametrize("frame,code", [
    ("{", "bad_json"), ("[]", "invalid"), ('"hello"', "invalid"), ('{"type": "teleport"}', "unknown_type"),
    ('{"name": "x"}', "unknown_type"), ('{"type": 7}', "unknown_type"),
    ('{"type": "move", "game_id": "1", "move": "0 draw"}', "invalid"),
    ('{"type": "move", "game_id": 1, "move": ""}', "invalid"),
    ('{"type": "ping", "extra": 1}', "invalid"), ('{"type": "chat", "text": "\\u0007"}', "bad_chat"),
    ('{"type": "chat", "text": "' + "a" * 201 + '"}', "bad_chat"), ('{"type": "chat", "text": "\\ufe0f"}', "bad_chat"),
    ('{"type": "create_table", "seats": 5}', "invalid"), ('{"type": "create_table", "bots": ["god"]}', "invalid"),
    ('{"type": "create_table", "preset": "poker"}', "invalid"), ('{"type": "join", "table": -1}', "invalid"),
    (f'{{"type": "hello", "name": "A", "version": {p.PROTOCOL_VERSION}, "resume": "../../etc"}}', "invalid"),
    ('{"type": "react", "key": "rude"}', "invalid"), ('{"type": "react", "key": "' + "x" * 40 + '"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "alien"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "player"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "bot", "name": "Lan"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "bot", "level": "god"}', "invalid"),
    ('{"type": "watch", "table": 0}', "invalid"), ('{"type": "stand_up", "seat": 1}', "invalid"),
    ('{"type": "set_password"}', "invalid"), ('{"type": "set_password", "password": "' + "1" * 65 + '"}', "invalid"),
    ("x" * 5000, "too_big"),
])
def test_bad_frames_are_refused_with_a_code(frame, code):
    with pytest.raises(p.ProtocolError) as err:
        p.decode_command(frame)
    assert err.value.code == code


def test_every_command_round_trips():
    cmds = [p.Hello(name="An", version=p.PROTOCOL_VERSION, resume="abcdefgh12"), p.ListTables(),
            p.CreateTable(seats=3, bots=["hard"]),
            p.Configure(bet=5), p.Join(table=2, seat=1), p.Sit(seat=3), p.Kick(member=2), p.Mute(member=7), p.Leave(),
            p.Ready(ready=False),
            p.Start(), p.MoveCommand(game_id=3, move=parse_move("1 discard Kh")), p.NextGame(), p.DealShown(game_id=3),
            p.HintRequest(),
            p.Chat(text="chào"), p.Ping(t=1.5), p.Watch(table=2, password="x"), p.StandUp(),
            p.SetSeat(seat=1, kind="bot", level="easy"), p.SetSeat(seat=2, kind="player", member=5),
            p.React(key="gg"), p.SetPassword(password="4821"), p.GiveSeat(member=9),
            p.AnswerSeat(seat=2, accept=True), p.Hold(hold=False)]
    assert {json.loads(p.encode_command(c))["type"] for c in cmds} == set(p.COMMAND_TYPES)
    for c in cmds:
        assert p.decode_command(p.encode_command(c)) == c


def until_closed(kit: CoreKit, conn: int) -> tuple[list[dict[str, Any]], int | None]:
    """Every message ``conn`` was sent and not read yet, and the close code it was given (None: still open)."""
    return kit.heard(conn), kit.closed(conn)


def test_hello_rules_version_password_and_timeout():
    with CoreKit(password="bí mật", hello_timeout=10.0) as kit:
        ws = kit.connect()
        kit.say(ws, type="ping")
        assert kit.hear(ws)["code"] == "hello_first"
        kit.say(ws, type="hello", name="An", version=99, password="bí mật")
        got, code = until_closed(kit, ws)
        assert [m["code"] for m in got] == ["version"] and code == 1008
        ws = kit.connect()
        kit.say(ws, type="hello", name="An", version=p.PROTOCOL_VERSION, password="wrong")
        got, code = until_closed(kit, ws)
        assert [m["code"] for m in got] == ["bad_password"] and code == 1008
        ws = kit.connect()
        kit.run(9.9, step=0.1)
        assert until_closed(kit, ws) == ([], None)     # still in time
        kit.run(0.2, step=0.1)
        got, code = until_closed(kit, ws)              # silence: no hello in time
        assert [m["code"] for m in got] == ["hello_timeout"] and code == 1008
        ws = kit.connect()
        kit.say(ws, type="hello", name="An", version=p.PROTOCOL_VERSION, password="bí mật")
        welcome = kit.hear(ws)
        assert welcome["type"] == "welcome" and welcome["name"] == "An" and len(welcome["token"]) >= 16
        kit.say(ws, type="hello", name="An", version=p.PROTOCOL_VERSION, password="bí mật")
        assert kit.hear(ws)["code"] == "already_welcome"
        assert kit.closed(ws) is None


@contextlib.contextmanager
def raw(port: int):
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as ws:
        yield ws


def frames_until_close(ws) -> tuple[list[dict], int | None]:
    got = []
    try:
        while True:
            got.append(json.loads(ws.recv(timeout=5)))
    except ConnectionClosed as exc:
        return got, exc.rcvd.code if exc.rcvd else None


def test_connections_per_address_are_limited():
    srv = start_in_thread(max_per_address=2, **FAST)
    try:
        with raw(srv.port) as a, raw(srv.port) as b, raw(srv.port) as c:
            got, code = frames_until_close(c)
            assert [m["code"] for m in got] == ["too_many_connections"] and code == 1008
            for ws in (a, b):
                ws.send(json.dumps({"type": "hello", "name": "An", "version": p.PROTOCOL_VERSION}))
                assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        pump_until([], lambda: srv.call(lambda: srv.server.core.addresses.records["127.0.0.1"].conns == 0), timeout=5)
        with raw(srv.port) as d:  # the count goes down when connections close
            d.send(json.dumps({"type": "hello", "name": "An", "version": p.PROTOCOL_VERSION}))
            assert json.loads(d.recv(timeout=5))["type"] == "welcome"
    finally:
        srv.stop()


def test_lobby_refusals_change_nothing():
    with CoreKit() as kit:
        a, b, c = (kit.connect(f"127.0.0.{i}") for i in (1, 2, 3))
        for conn, name in ((a, "An"), (b, "Bình"), (c, "Chi")):
            kit.hello(conn, name)
        kit.say(a, type="create_table", seats=2, password="pw", bots=["easy", "hard"])
        info = kit.hear(a, "lobby")["table"]
        assert info["password"] and "pw" not in json.dumps(info)
        assert info["seats"][1] == {"seat": 1, "kind": "empty", "name": None, "level": "hard", "ready": True,
                                    "host": False, "connected": True, "left": False, "avatar": None,
                                    "member": None, "joining": False, "away": None}
        kit.say(b, type="join", table=1, password="nope")
        kit.say(b, type="join", table=7)
        kit.say(b, type="configure", seats=3)
        assert codes(kit, b) == ["bad_password", "no_table", "no_table"]
        kit.say(b, type="join", table=1, password="pw")
        kit.hear(b, "lobby")
        kit.say(c, type="join", table=1, password="pw")
        assert codes(kit, c) == ["table_full"]
        kit.say(b, type="configure", bet=1)
        kit.say(a, type="configure", seats=4, bet=500, turn_seconds=10, preset="co_ban")
        kit.say(a, type="start")  # Bình is not ready
        assert codes(kit, b) == ["not_host"]
        heard = kit.heard(a)
        assert [m["code"] for m in heard if m["type"] == "error"] == ["not_ready"]
        info = [m for m in heard if m["type"] == "lobby"][-1]["table"]
        assert (info["bet"], info["turn_seconds"], info["preset"], len(info["seats"])) == (500, 10, "co_ban", 4)
        assert info["password"]  # configure without a password keeps it
        kit.say(b, type="ready")
        assert kit.hear(a, "lobby")["table"]["seats"][1]["ready"]
        kit.say(a, type="start")
        snap = kit.hear(a, "snapshot")
        kit.hear(b, "snapshot")
        assert snap["rules"]["preset"] == "co_ban" and snap["rules"]["turn_seconds"] == 10
        assert snap["bet"] == 500 and snap["n"] == 4
        kit.say(c, type="join", table=1, password="pw")
        kit.say(c, type="leave")
        assert codes(kit, c) == ["in_progress", "no_table"]


def test_too_many_tables_is_refused():
    with CoreKit(max_tables=1) as kit:
        a, b = kit.connect(), kit.connect("127.0.0.2")
        kit.hello(a)
        kit.hello(b, "Bình")
        kit.say(a, type="create_table")
        kit.hear(a, "lobby")
        kit.say(b, type="list_tables")
        assert [t["id"] for t in kit.hear(b, "tables")["tables"]] == [1]
        kit.say(b, type="create_table")
        assert codes(kit, b) == ["too_many_tables"]
        assert kit.core.rooms.keys() == {1}


def codes(kit: CoreKit, conn: int) -> list[str]:
    """The codes of the refusals ``conn`` was sent since its last read (every message counts as read)."""
    return [m["code"] for m in kit.heard(conn) if m["type"] == "error"]



def test_a_bad_name_is_refused_before_connecting():
    with pytest.raises(ValueError, match="not allowed"):
        NetTableClient("127.0.0.1", 1, "<b>")
