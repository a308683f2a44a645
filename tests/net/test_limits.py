"""Validation and limits: names, chat, bad frames, hello rules, passwords, connections per address, lobby refusals."""

from __future__ import annotations

import contextlib
import json

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tala_desktop.engine import parse_move
from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.host import start_in_thread

from .conftest import FAST, Player, close_all, pump_until


@pytest.mark.parametrize("name", ["Nguyễn Thị Hồng", "Đặng Quốc Bảo", "ƯU ƠI", "player_1", "O'Neil", "Lê-Văn Tám"])
def test_vietnamese_and_plain_names_are_accepted(name):
    cmd = p.decode_command(json.dumps({"type": "hello", "name": f"  {name} ", "version": 3}))
    assert cmd.name == name


def test_names_are_normalised_to_nfc():
    decomposed = "Nguye\u0302\u0303n"  # ễ written as e + two combining marks
    assert p.decode_command(json.dumps({"type": "hello", "name": decomposed, "version": 3})).name == "Nguyễn"


@pytest.mark.parametrize("name,why", [("", "1-20"), ("x" * 21, "1-20"), ("a\u0000b", "not allowed"),
                                      ("<script>", "not allowed"), ("张三", "not allowed"), ("a  b", "double"),
                                      ("__import__('os')", "not allowed"), ("\u202eevil", "not allowed")])
def test_bad_names_are_refused_with_a_reason(name, why):
    with pytest.raises(p.ProtocolError) as err:
        p.decode_command(json.dumps({"type": "hello", "name": name, "version": 3}))
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
    ('{"type": "hello", "name": "A", "version": 3, "resume": "../../etc"}', "invalid"),
    ('{"type": "react", "key": "rude"}', "invalid"), ('{"type": "react", "key": "' + "x" * 40 + '"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "alien"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "player"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "bot", "name": "Lan"}', "invalid"),
    ('{"type": "set_seat", "seat": 1, "kind": "bot", "level": "god"}', "invalid"),
    ('{"type": "watch", "table": 0}', "invalid"), ('{"type": "stand_up", "seat": 1}', "invalid"),
    ("x" * 5000, "too_big"),
])
def test_bad_frames_are_refused_with_a_code(frame, code):
    with pytest.raises(p.ProtocolError) as err:
        p.decode_command(frame)
    assert err.value.code == code


def test_every_command_round_trips():
    cmds = [p.Hello(name="An", version=3, resume="abcdefgh12"), p.ListTables(), p.CreateTable(seats=3, bots=["hard"]),
            p.Configure(bet=5), p.Join(table=2, seat=1), p.Sit(seat=3), p.Kick(seat=2), p.Mute(name="Tí"), p.Leave(),
            p.Ready(ready=False),
            p.Start(), p.MoveCommand(game_id=3, move=parse_move("1 discard Kh")), p.NextGame(), p.HintRequest(),
            p.Chat(text="chào"), p.Ping(t=1.5), p.Watch(table=2, password="x"), p.StandUp(),
            p.SetSeat(seat=1, kind="bot", level="easy"), p.SetSeat(seat=2, kind="player", name="Lan"),
            p.React(key="gg")]
    assert {json.loads(p.encode_command(c))["type"] for c in cmds} == set(p.COMMAND_TYPES)
    for c in cmds:
        assert p.decode_command(p.encode_command(c)) == c


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


def test_hello_rules_version_password_and_timeout():
    srv = start_in_thread(password="bí mật", hello_timeout=0.3, **FAST)
    try:
        with raw(srv.port) as ws:
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(timeout=5))["code"] == "hello_first"
            ws.send(json.dumps({"type": "hello", "name": "An", "version": 99, "password": "bí mật"}))
            got, code = frames_until_close(ws)
            assert [m["code"] for m in got] == ["version"] and code == 1008
        with raw(srv.port) as ws:
            ws.send(json.dumps({"type": "hello", "name": "An", "version": 3, "password": "wrong"}))
            got, code = frames_until_close(ws)
            assert [m["code"] for m in got] == ["bad_password"] and code == 1008
        with raw(srv.port) as ws:
            got, code = frames_until_close(ws)  # silence: no hello in time
            assert [m["code"] for m in got] == ["hello_timeout"] and code == 1008
        with raw(srv.port) as ws:
            ws.send(json.dumps({"type": "hello", "name": "An", "version": 3, "password": "bí mật"}))
            welcome = json.loads(ws.recv(timeout=5))
            assert welcome["type"] == "welcome" and welcome["name"] == "An" and len(welcome["token"]) >= 16
            ws.send(json.dumps({"type": "hello", "name": "An", "version": 3, "password": "bí mật"}))
            assert json.loads(ws.recv(timeout=5))["code"] == "already_welcome"
    finally:
        srv.stop()


def test_connections_per_address_are_limited():
    srv = start_in_thread(max_per_address=2, **FAST)
    try:
        with raw(srv.port) as a, raw(srv.port) as b, raw(srv.port) as c:
            got, code = frames_until_close(c)
            assert [m["code"] for m in got] == ["too_many_connections"] and code == 1008
            for ws in (a, b):
                ws.send(json.dumps({"type": "hello", "name": "An", "version": 3}))
                assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
        pump_until([], lambda: srv.call(lambda: srv.server.core.addresses.records["127.0.0.1"].conns == 0), timeout=5)
        with raw(srv.port) as d:  # the count goes down when connections close
            d.send(json.dumps({"type": "hello", "name": "An", "version": 3}))
            assert json.loads(d.recv(timeout=5))["type"] == "welcome"
    finally:
        srv.stop()


def test_lobby_refusals_change_nothing(server):
    a, b, c = (Player(NetTableClient("127.0.0.1", server.port, n)) for n in ("An", "Bình", "Chi"))
    try:
        a.client.create_table(seats=2, password="pw", bots=["easy", "hard"])
        pump_until([a], lambda: a.last("lobby") is not None, act=False)
        info = a.last("lobby").table
        assert info.password and "pw" not in json.dumps(msgspec.to_builtins(info))
        assert msgspec.to_builtins(info.seats[1]) == {"seat": 1, "kind": "empty", "name": None, "level": "hard",
                                                      "ready": True, "host": False, "connected": True, "left": False,
                                                      "avatar": None}
        b.client.join(1, password="nope")
        b.client.join(7)
        b.client.configure(seats=3)
        pump_until([b], lambda: len(b.errors) == 3, act=False)
        assert b.codes() == ["bad_password", "no_table", "no_table"]
        b.client.join(1, password="pw")
        pump_until([b], lambda: b.last("lobby") is not None, act=False)
        c.client.join(1, password="pw")
        pump_until([c], lambda: c.errors, act=False)
        assert c.codes()[-1] == "table_full"
        b.errors.clear()
        b.client.configure(bet=1)
        a.client.configure(seats=4, bet=500, turn_seconds=10, preset="co_ban")
        a.client.start()  # Bình is not ready
        pump_until([a, b], lambda: len(b.errors) == 1 and a.errors, act=False)
        assert b.codes()[0] == "not_host" and a.codes()[0] == "not_ready"
        info = a.last("lobby").table
        assert (info.bet, info.turn_seconds, info.preset, len(info.seats)) == (500, 10, "co_ban", 4)
        b.client.ready()
        pump_until([a], lambda: a.last("lobby").table.seats[1].ready, act=False)
        a.client.start()
        pump_until([a, b], lambda: a.snap is not None and b.snap is not None, act=False)
        assert a.snap.rules.preset == "co_ban" and a.snap.rules.turn_seconds == 10
        assert a.snap.bet == 500 and a.snap.n == 4
        assert a.last("lobby").table.password  # configure without a password keeps it
        c.errors.clear()
        c.client.join(1, password="pw")
        c.client.leave()
        pump_until([c], lambda: len(c.errors) == 2, act=False)
        assert c.codes() == ["in_progress", "no_table"]
    finally:
        close_all([a, b, c])


def test_too_many_tables_is_refused():
    srv = start_in_thread(max_tables=1, **FAST)
    a, b = (Player(NetTableClient("127.0.0.1", srv.port, n)) for n in ("An", "Bình"))
    try:
        a.client.create_table()
        b.client.list_tables()
        pump_until([a, b], lambda: a.last("lobby") is not None and b.last("tables") is not None, act=False)
        b.client.create_table()
        pump_until([b], lambda: b.errors, act=False)
        assert b.codes()[0] == "too_many_tables"
        assert [t.id for t in b.last("tables").tables] in ([], [1])
        pump_until([b], lambda: [t.id for t in b.last("tables").tables] == [1], act=False)
    finally:
        close_all([a, b])
        srv.stop()


def test_a_bad_name_is_refused_before_connecting():
    with pytest.raises(ValueError, match="not allowed"):
        NetTableClient("127.0.0.1", 1, "<b>")
