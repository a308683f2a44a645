"""PIN tables: the host sets, changes or removes a table's PIN at any time (new arrivals need the new one, nobody
at the table is asked again), and every refusal says how long the next try waits, in seconds.

The rules run on the server core (tests/net/core_kit.py): no sockets, a stepped clock."""

from __future__ import annotations

from .core_kit import CoreKit


def test_the_host_sets_a_pin_in_the_lobby_and_only_new_arrivals_need_it():
    with CoreKit(password_free_tries=2) as kit:
        host, early, late = kit.connect(), kit.connect("127.0.0.2"), kit.connect("127.0.0.3")
        kit.welcome(host, "Hà")
        table = kit.create_table(host, seats=4)
        kit.welcome(early, "Minh")
        kit.say(early, type="join", table=table)
        kit.hear(early, "lobby")
        kit.say(early, type="set_password", password="4821")           # not the host: refused
        assert kit.hear(early, "error")["code"] == "not_host"
        kit.say(host, type="set_password", password="4821")
        assert kit.hear(early, "lobby")["table"]["password"] is True     # Minh stays; the table now says PIN
        kit.say(host, type="list_tables")
        assert [t["password"] for t in kit.hear(host, "tables")["tables"]] == [True]
        kit.welcome(late, "Lan")
        waits = []
        for pin in (None, "0000", "1234"):
            kit.say(late, type="join", table=table, **({} if pin is None else {"password": pin}))
            err = kit.hear(late, "error")
            waits.append((err["code"], err.get("wait")))
        # two free tries, then the third wrong one earns half a second; the next try inside it is not checked
        assert waits == [("bad_password", 0.0), ("bad_password", 0.0), ("bad_password", 0.5)]
        kit.say(late, type="join", table=table, password="4821")
        err = kit.hear(late, "error")
        assert (err["code"], err["wait"]) == ("retry_later", 0.5)
        kit.tick(0.6)
        kit.say(late, type="join", table=table, password="4821")
        assert kit.hear(late, "lobby")["you"] == 2


def test_a_pin_changed_mid_evening_applies_to_whoever_arrives_next():
    with CoreKit() as kit:
        host, guest, fan = kit.connect(), kit.connect("127.0.0.2"), kit.connect("127.0.0.3")
        kit.welcome(host, "Hà")
        table = kit.create_table(host, seats=2, password="1111")
        kit.welcome(guest, "Minh")
        kit.say(guest, type="join", table=table, password="1111")
        kit.hear(guest, "lobby")
        kit.say(guest, type="ready")
        kit.say(host, type="start")
        kit.hear(host, "snapshot")
        kit.say(host, type="set_password", password="2222")             # while the game plays
        kit.welcome(fan, "Lan")
        kit.say(fan, type="watch", table=table, password="1111")
        assert kit.hear(fan, "error")["code"] == "bad_password"
        kit.say(fan, type="watch", table=table, password="2222")
        assert kit.hear(fan, "lobby")["watching"] is True
        kit.say(host, type="set_password", password="")                  # removed: anyone comes in
        kit.say(fan, type="leave")
        kit.hear(fan, "left_table")
        kit.say(fan, type="watch", table=table)
        assert kit.hear(fan, "lobby")["table"]["password"] is False


def test_a_wrong_server_password_says_how_long_the_next_try_waits():
    with CoreKit(password="4321", password_free_tries=2) as kit:
        got = []
        for pin in ("0000", "0001", "0002", "0003"):
            ws = kit.connect()
            err = kit.hello(ws, password=pin)
            got.append((err["code"], err.get("wait")))
            kit.drop(ws)
        assert got == [("bad_password", 0.0), ("bad_password", 0.0), ("bad_password", 0.5), ("retry_later", 0.5)]


def test_a_refusal_without_a_wait_is_sent_as_before():
    with CoreKit() as kit:
        ws = kit.connect()
        kit.welcome(ws)
        kit.say(ws, type="join", table=99)
        assert kit.hear(ws, "error") == {"type": "error", "code": "no_table", "message": "there is no table 99"}
