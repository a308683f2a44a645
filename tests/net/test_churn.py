"""Churn at a table: one address watching and leaving as fast as its budgets allow must not flood the table's players
with lobby frames, and a watcher offered a seat cannot hold every deal back.

The rules run on the server core (tests/net/core_kit.py) with the real command budgets: no sockets, a stepped
clock."""

from __future__ import annotations

from .core_kit import CoreKit

BUDGETS = dict(address_rate=160.0, address_burst=320.0)     # the defaults (the kit raises them for its own tests)


def lobby_frames(kit: CoreKit, conn: int) -> int:
    return sum(1 for msg in kit.heard(conn) if msg["type"] == "lobby")


def test_watch_and_leave_churn_from_one_address_reaches_the_players_a_few_times_a_second():
    with CoreKit(**BUDGETS) as kit:
        host, guest = kit.connect("192.168.1.7"), kit.connect("192.168.1.8")
        kit.welcome(host, "Hà")
        table = kit.create_table(host, seats=4)
        kit.welcome(guest, "Minh")
        kit.say(guest, type="join", table=table)
        churners = [kit.connect("192.168.1.66") for _ in range(8)]      # the most one address may open
        for i, conn in enumerate(churners):
            kit.welcome(conn, f"Quay {i}")
        kit.heard(host)
        per_second = []
        for _ in range(10):                      # ten seconds of churn, within every budget: each connection sends
            for step in range(20):               # a command every 50 ms (20/s), the address 160/s in all
                for conn in churners:
                    kit.say(conn, **({"type": "watch", "table": table} if step % 2 == 0 else {"type": "leave"}))
                kit.tick(0.05)
            per_second.append(lobby_frames(kit, host))
        assert all(kit.closed(conn) is None for conn in churners)       # nobody was cut off for flooding
        # before: one frame per watch and per leave, ~143 a second; now the table's arrivals are paced and its
        # lobby frames coalesced: the first second's burst, then a few a second
        assert max(per_second[1:]) <= 10, per_second
        assert sum(per_second) <= 150, per_second
        kit.say(guest, type="ready")                                     # the table still works at once
        assert any(m["type"] == "lobby" and m["table"]["seats"][1]["ready"] for m in kit.heard(host))


def test_arrivals_are_paced_per_address_and_per_table_and_the_refusal_says_so():
    with CoreKit(**BUDGETS) as kit:
        host = kit.connect("192.168.1.7")
        kit.welcome(host, "Hà")
        table = kit.create_table(host, seats=4)
        conn = kit.connect("192.168.1.66")
        kit.welcome(conn, "Quay")
        codes = []
        for _ in range(40):                      # five a second, for eight seconds
            kit.say(conn, type="watch", table=table)
            msg = kit.hear(conn)
            codes.append(msg["code"] if msg["type"] == "error" else "in")
            kit.heard(conn)
            if msg["type"] != "error":
                kit.say(conn, type="leave")
                kit.hear(conn, "left_table")
            kit.tick(0.2)
        assert "rate_limited" in codes and 4 <= codes.count("in") <= 20, codes
        others = [kit.connect(f"10.0.0.{i}") for i in range(1, 40)]      # many addresses: the table's own pace
        got = []
        for i, other in enumerate(others):
            kit.welcome(other, f"Khách {i}")
            kit.tick(0.05)
            kit.say(other, type="watch", table=table)
            msg = kit.hear(other)
            got.append(msg["code"] if msg["type"] == "error" else "in")
            if msg["type"] != "error":
                kit.say(other, type="leave")
        assert "rate_limited" in got and got.count("in") <= 40
        kit.tick(30.0)                                                   # a quiet while: anyone may come again
        kit.say(conn, type="watch", table=table)
        assert kit.hear(conn)["type"] == "lobby"
