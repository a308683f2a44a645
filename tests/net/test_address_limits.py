"""Limits kept per IP address: tables held, wrong passwords and their growing wait, a command budget reconnecting
cannot reset; idle lobby tables close. Run on the server core with a stepped clock."""

from __future__ import annotations

from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.password_guard import PasswordGuard

from .core_kit import CoreKit


def test_one_address_cannot_take_every_table():
    """Create-start-drop from one address holds at most two tables; other addresses still get theirs."""
    with CoreKit(max_tables=8, max_tables_per_address=2) as kit:
        codes = []
        for _ in range(8):
            ws = kit.connect()
            assert kit.hello(ws)["type"] == "welcome"
            kit.say(ws, type="create_table", seats=4)
            reply = kit.hear(ws)
            codes.append(reply.get("code", reply["type"]))
            if reply["type"] == "lobby":
                kit.say(ws, type="start")
                kit.hear(ws, "snapshot")
            kit.drop(ws)    # dropped mid-game: the seat waits for its token, so the table stays
            kit.tick(0.05)
        assert codes == ["lobby", "lobby"] + ["too_many_tables"] * 6
        assert len(kit.core.rooms) == 2
        other = kit.connect("127.0.0.2")
        kit.hello(other, "Bình")
        kit.say(other, type="create_table", seats=2)
        assert kit.hear(other)["type"] == "lobby"


def test_a_lobby_table_is_freed_when_its_host_goes_and_idle_lobbies_close():
    with CoreKit(max_tables_per_address=1, lobby_idle_seconds=0.4) as kit:
        ws = kit.connect()
        kit.hello(ws)
        kit.say(ws, type="create_table", seats=2)
        assert kit.hear(ws)["type"] == "lobby"
        kit.drop(ws)
        # its host dropped before the start: the table is gone and the address may open another
        host, busy = kit.connect(), kit.connect("127.0.0.2")
        kit.hello(host)
        kit.say(host, type="create_table", seats=2)
        assert kit.hear(host, "lobby")["table"]["id"] == 2
        kit.hello(busy, "Bình")
        busy_table = kit.create_table(busy, seats=3)
        for _ in range(9):          # 0.9 s: one host keeps its lobby alive, the other stays silent
            kit.say(busy, type="ready", ready=True)
            kit.hear(busy, "lobby")
            kit.run(0.1)
        assert kit.hear(host, "left_table") == {"type": "left_table", "table": 2, "reason": "idle"}
        assert sorted(kit.core.rooms) == [busy_table]


def test_wrong_server_passwords_earn_a_growing_wait_per_address():
    with CoreKit(password="4321", password_free_tries=2) as kit:
        codes = []
        for pin in ("0000", "0001", "0002", "0003", "4321"):
            ws = kit.connect()
            codes.append(kit.hello(ws, password=pin)["code"])
            assert kit.closed(ws) == 1008
            assert kit.heard(ws) == []       # nothing after the refusal: the connection is closed
            kit.drop(ws)
        # two free tries, the third wrong one earns a wait: the fourth is not even checked, nor is the right one
        assert codes == ["bad_password", "bad_password", "bad_password", "retry_later", "retry_later"]
        other = kit.connect("127.0.0.3")        # another address is not held back
        assert kit.hello(other, password="4321")["type"] == "welcome"
        guard = PasswordGuard(ServerConfig(password_free_tries=2, password_max_wait=60.0))
        waits = [guard.failed("a", "1", float(t)) for t in range(12)]
        assert waits[:4] == [0.0, 0.0, 0.5, 1.0] and waits[-1] == 60.0   # each try one second after the last
        assert sum(waits) > 4 * 60        # a 4-digit PIN (10,000 tries) would take days, not a minute
        kit.tick(0.55)
        ws = kit.connect()                   # after the wait, the right password is let in
        assert kit.hello(ws, password="4321")["type"] == "welcome"


def test_wrong_table_passwords_wait_too_without_closing_the_connection():
    with CoreKit(password_free_tries=1) as kit:
        host, guest = kit.connect(), kit.connect("127.0.0.2")
        kit.hello(host)
        table = kit.create_table(host, seats=2, password="12")
        kit.hello(guest, "Bình")
        codes = []
        for pin in ("00", "01", "02", "12"):
            kit.say(guest, type="join", table=table, password=pin)
            codes.append(kit.hear(guest, "error")["code"])
        assert codes == ["bad_password", "bad_password", "retry_later", "retry_later"]
        assert kit.closed(guest) is None
        kit.tick(0.55)
        kit.say(guest, type="join", table=table, password="12")
        assert kit.hear(guest, "lobby")["you"] == 1


def test_reconnecting_does_not_reset_the_command_budget():
    with CoreKit(rate=1000.0, burst=1000.0, address_rate=20.0, address_burst=20.0, connect_cost=1.0,
                 flood_close=10_000) as kit:
        pongs, start, refused = 0, kit.now, 0
        for _ in range(5):
            ws = kit.connect()
            if kit.closed(ws) is None and kit.hello(ws)["type"] == "welcome":
                for i in range(30):
                    kit.say(ws, type="ping", t=i)
                    kit.tick(0.01)
                got = kit.heard(ws)
                pongs += sum(m["type"] == "pong" for m in got)
                refused += sum(m.get("code") == "rate_limited" for m in got)
            kit.drop(ws)
            kit.tick(0.1)                       # and straight back in
        elapsed = kit.now - start
        assert refused > 0 and pongs > 20, (pongs, refused)
        assert pongs <= 20 + 20 * elapsed + 5, (pongs, elapsed)   # one budget for the address, however it reconnects


def test_a_table_nobody_sits_at_is_idle_whatever_its_watchers_send():
    with CoreKit(lobby_idle_seconds=0.4) as kit:
        hog = kit.connect()
        kit.hello(hog, "Chiếm")
        table = kit.create_table(hog, seats=2)
        kit.say(hog, type="stand_up")                     # the host now only watches its table
        assert kit.hear(hog, "lobby")["watching"] is True
        for _ in range(10):                              # a second of pings and chat, the idle time twice over
            kit.say(hog, type="ping")
            kit.say(hog, type="react", key="gg")
            kit.run(0.1)
        assert kit.hear(hog, "left_table") == {"type": "left_table", "table": table, "reason": "idle"}
        assert sorted(kit.core.rooms) == []
