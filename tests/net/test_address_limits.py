"""Limits kept per IP address: tables held, wrong passwords and their growing wait, a command budget reconnecting
cannot reset; idle lobby tables close."""

from __future__ import annotations

import time

from websockets.exceptions import ConnectionClosed

from tala_desktop.net.host import start_in_thread
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.password_guard import PasswordGuard

from .conftest import FAST, hear, raw, say, until_closed


def hello(ws, name: str = "An", **extra) -> dict:
    say(ws, type="hello", name=name, version=3, **extra)
    return hear(ws)


def test_one_address_cannot_take_every_table():
    """Create-start-drop from one address holds at most two tables; other addresses still get theirs."""
    srv = start_in_thread(max_tables=8, max_tables_per_address=2, **FAST)
    try:
        codes = []
        for _ in range(8):
            with raw(srv.port) as ws:
                assert hello(ws)["type"] == "welcome"
                say(ws, type="create_table", seats=4)
                reply = hear(ws)
                codes.append(reply.get("code", reply["type"]))
                if reply["type"] == "lobby":
                    say(ws, type="start")
                    hear(ws, "snapshot")
            # dropped mid-game: the seat waits for its token, so the table stays
        assert codes == ["lobby", "lobby"] + ["too_many_tables"] * 6
        assert srv.call(lambda: len(srv.server.rooms)) == 2
        with raw(srv.port, source="127.0.0.2") as ws:
            hello(ws, "Bình")
            say(ws, type="create_table", seats=2)
            assert hear(ws)["type"] == "lobby"
    finally:
        srv.stop()


def test_a_lobby_table_is_freed_when_its_host_goes_and_idle_lobbies_close():
    srv = start_in_thread(max_tables_per_address=1, lobby_idle_seconds=0.4, **FAST)
    try:
        with raw(srv.port) as ws:
            hello(ws)
            say(ws, type="create_table", seats=2)
            assert hear(ws)["type"] == "lobby"
        # its host dropped before the start: the table is gone and the address may open another
        with raw(srv.port) as host, raw(srv.port, source="127.0.0.2") as busy:
            hello(host)
            say(host, type="create_table", seats=2)
            assert hear(host, "lobby")["table"]["id"] == 2
            hello(busy, "Bình")
            say(busy, type="create_table", seats=3)
            busy_table = hear(busy, "lobby")["table"]["id"]
            start = time.monotonic()
            while time.monotonic() - start < 0.9:   # one host keeps its lobby alive, the other stays silent
                say(busy, type="ready", ready=True)
                hear(busy, "lobby")
                time.sleep(0.1)
            left = hear(host, "left_table")
            assert left == {"type": "left_table", "table": 2, "reason": "idle"}
            assert srv.call(lambda: sorted(srv.server.rooms)) == [busy_table]
    finally:
        srv.stop()


def test_wrong_server_passwords_earn_a_growing_wait_per_address():
    srv = start_in_thread(password="4321", password_free_tries=2, **FAST)
    try:
        codes = []
        for pin in ("0000", "0001", "0002", "0003", "4321"):
            with raw(srv.port) as ws:
                say(ws, type="hello", name="An", version=3, password=pin)
                got, code = until_closed(ws)
                codes.append(got[0]["code"])
                assert code == 1008
        # two free tries, the third wrong one earns a wait: the fourth is not even checked, nor is the right one
        assert codes == ["bad_password", "bad_password", "bad_password", "retry_later", "retry_later"]
        with raw(srv.port, source="127.0.0.3") as ws:   # another address is not held back
            assert hello(ws, password="4321")["type"] == "welcome"
        guard = PasswordGuard(ServerConfig(password_free_tries=2, password_max_wait=60.0))
        waits = [guard.failed("a", "1", float(t)) for t in range(12)]
        assert waits[:4] == [0.0, 0.0, 0.5, 1.0] and waits[-1] == 60.0   # each try one second after the last
        assert sum(waits) > 4 * 60        # a 4-digit PIN (10,000 tries) would take days, not a minute
        time.sleep(0.55)
        with raw(srv.port) as ws:          # after the wait, the right password is let in
            assert hello(ws, password="4321")["type"] == "welcome"
    finally:
        srv.stop()


def test_wrong_table_passwords_wait_too_without_closing_the_connection():
    srv = start_in_thread(password_free_tries=1, **FAST)
    try:
        with raw(srv.port) as host, raw(srv.port, source="127.0.0.2") as guest:
            hello(host)
            say(host, type="create_table", seats=2, password="12")
            table = hear(host, "lobby")["table"]["id"]
            hello(guest, "Bình")
            codes = []
            for pin in ("00", "01", "02", "12"):
                say(guest, type="join", table=table, password=pin)
                codes.append(hear(guest, "error")["code"])
            assert codes == ["bad_password", "bad_password", "retry_later", "retry_later"]
            time.sleep(0.55)
            say(guest, type="join", table=table, password="12")
            assert hear(guest, "lobby")["you"] == 1
    finally:
        srv.stop()


def test_reconnecting_does_not_reset_the_command_budget():
    config = {**FAST, "rate": 1000.0, "burst": 1000.0, "address_rate": 20.0, "address_burst": 20.0,
              "connect_cost": 1.0, "flood_close": 10_000}
    srv = start_in_thread(**config)
    try:
        pongs, start = 0, time.monotonic()
        for _ in range(5):
            try:
                with raw(srv.port) as ws:
                    if hello(ws)["type"] != "welcome":
                        continue
                    for i in range(30):
                        say(ws, type="ping", t=i)
                    say(ws, type="ping", t=-1)
                    end = time.monotonic() + 2
                    while time.monotonic() < end:
                        msg = hear(ws)
                        pongs += msg["type"] == "pong"
                        if msg["type"] == "pong" and msg["t"] == -1 or msg.get("code") == "rate_limited":
                            break
            except (ConnectionClosed, TimeoutError):
                pass
        elapsed = time.monotonic() - start
        assert pongs <= 20 + 20 * elapsed + 5, (pongs, elapsed)   # one budget for the address, however it reconnects
    finally:
        srv.stop()


def test_a_table_nobody_sits_at_is_idle_whatever_its_watchers_send():
    srv = start_in_thread(lobby_idle_seconds=0.4, **FAST)
    try:
        with raw(srv.port) as hog:
            hello(hog, "Chiếm")
            say(hog, type="create_table", seats=2)
            table = hear(hog, "lobby")["table"]["id"]
            say(hog, type="stand_up")                       # the host now only watches its table
            assert hear(hog, "lobby")["watching"] is True
            for _ in range(10):                            # a second of pings and chat, the idle time twice over
                say(hog, type="ping")
                say(hog, type="react", key="gg")
                time.sleep(0.1)
            left = hear(hog, "left_table", timeout=0.2)    # closed while they were still sending
            assert left == {"type": "left_table", "table": table, "reason": "idle"}
            assert srv.call(lambda: sorted(srv.server.rooms)) == []
    finally:
        srv.stop()
