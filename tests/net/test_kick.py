"""The host's kick bans a person, not a router: that person at this table (never a name), never the whole address;
people watching can be removed or muted; between games a seated guest can be removed too (never during a game). On the
server core (tests/net/core_kit.py): no sockets, a stepped clock, the bots decided inline."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core_kit import CoreKit
from .core_table import CoreTable


def lobby_until(kit: CoreKit, conn: int, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The table of the first lobby frame for which ``done(table)`` holds (older frames are skipped)."""
    for _ in range(50):
        table = kit.hear(conn, "lobby")["table"]
        if done(table):
            return table
    raise AssertionError("no such lobby frame")


def test_a_kick_keeps_the_person_out_but_not_the_others_behind_the_same_address():
    with CoreKit() as kit:
        host, minh, chi, again = (kit.connect(a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.2", "127.0.0.3"))
        kit.welcome(host, "Lan")
        table = kit.create_table(host, seats=3)
        kit.welcome(minh, "Minh")
        kit.say(minh, type="join", table=table)
        kit.say(host, type="kick", member=kit.hear(minh, "lobby")["table"]["seats"][1]["member"])
        assert kit.hear(minh, "left_table")["reason"] == "kicked"
        kit.say(minh, type="join", table=table)              # the one removed may not come back ...
        assert kit.hear(minh, "error")["code"] == "kicked"
        kit.welcome(chi, "Chi")                                # ... but a second person behind the same router may
        kit.say(chi, type="join", table=table)
        assert kit.hear(chi, "lobby")["you"] == 1
        kit.welcome(again, "Mình")                             # another person with a name like his may too:
        kit.say(again, type="watch", table=table)              # a removal goes by person, never by name
        assert kit.hear(again, "lobby")["watching"]


def test_the_host_removes_or_mutes_someone_watching():
    with CoreKit() as kit:
        host, fan, loud = (kit.connect(a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3"))
        kit.welcome(host, "Lan")
        table = kit.create_table(host, seats=2)
        for conn, name in ((fan, "Quân"), (loud, "Tí")):
            kit.welcome(conn, name)
            kit.say(conn, type="watch", table=table)
            kit.hear(conn, "lobby")
        watched = lobby_until(kit, host, lambda t: len(t["watchers"]) == 2)
        ids = dict(zip(watched["watchers"], watched["watcher_ids"]))
        kit.say(loud, type="kick", member=ids["Quân"])       # only the host may
        assert kit.hear(loud, "error")["code"] == "not_host"
        kit.say(host, type="mute", member=ids["Tí"])
        lobby_until(kit, host, lambda t: t["muted"] == ["Tí"])
        kit.say(loud, type="chat", text="ồn ào")
        assert kit.hear(loud, "error")["code"] == "muted"     # refused, and said why
        kit.say(host, type="mute", member=ids["Tí"], muted=False)
        lobby_until(kit, host, lambda t: t["muted"] == [])
        kit.say(loud, type="chat", text="xin lỗi")
        assert kit.hear(host, "chat")["text"] == "xin lỗi"
        kit.say(host, type="kick", member=ids["Quân"])
        assert kit.hear(fan, "left_table")["reason"] == "kicked"
        lobby_until(kit, host, lambda t: t["watchers"] == ["Tí"])
        kit.say(fan, type="watch", table=table)
        assert kit.hear(fan, "error")["code"] == "kicked"
        kit.say(host, type="kick", member=ids["Quân"])       # gone: that id names nobody now
        assert kit.hear(host, "error")["code"] == "no_member"


def test_a_seated_guest_can_be_removed_between_games_not_during_one():
    with CoreKit() as kit:
        t = CoreTable(kit, ["Lan", "Minh"], seats=3)          # a bot at seat 2
        host, minh = t.conns
        minh_id = t.last(minh, "lobby")["table"]["seats"][1]["member"]
        kit.say(host, type="kick", member=minh_id)
        t.read()
        assert t.codes(host) == ["in_progress"]                # a game is on: nobody is removed
        assert t.last(minh, "left_table") is None
        t.play_until(t.game_over())
        kit.say(host, type="kick", member=minh_id)
        t.read()
        assert t.last(minh, "left_table") == {"type": "left_table", "table": t.id, "reason": "kicked"}
        seats = t.last(host, "lobby")["table"]["seats"]
        assert seats[1]["kind"] == "empty"                     # free for someone else, or a bot next game
        kit.say(host, type="next_game")
        t.read()
        assert t.view(host)["game_id"] == 2 and t.view(host)["names"][1] == "Bot 2"


def test_everyone_at_the_table_is_told_who_was_removed_and_a_newcomer_reads_it_in_the_chat_log():
    with CoreKit() as kit:
        host, minh, fan, late = (kit.connect(a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"))
        kit.welcome(host, "Lan")
        table = kit.create_table(host, seats=3)
        kit.welcome(minh, "Minh")
        kit.say(minh, type="join", table=table)
        kit.welcome(fan, "Quân")
        kit.say(fan, type="watch", table=table)
        seated = lobby_until(kit, host, lambda t: t["watchers"] == ["Quân"])
        kit.say(host, type="kick", member=seated["seats"][1]["member"])
        for conn in (host, fan):                               # the host and the one watching are told
            told = kit.hear(conn, "removed")
            assert (told["name"], told["watching"]) == ("Minh", False)
        kit.say(host, type="kick", member=seated["watcher_ids"][0])
        assert (kit.hear(host, "removed")["name"], kit.hear(fan, "left_table")["reason"]) == ("Quân", "kicked")
        kit.welcome(late, "Tí")
        kit.say(late, type="watch", table=table)
        log = kit.hear(late, "chat_log")["lines"]              # someone who comes later reads it too
        assert [(x["type"], x["name"], x["watching"]) for x in log] == [("removed", "Minh", False),
                                                                        ("removed", "Quân", True)]
