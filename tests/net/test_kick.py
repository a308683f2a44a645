"""The host's kick bans a person, not a router: by name at this table, never the whole address; people watching
can be removed or muted; between games a seated guest can be removed too (never during a game)."""

from __future__ import annotations

from .conftest import hear, raw, say
from .test_host_control import hello
from .test_seating import finish_game


def lobby_until(ws, done) -> dict:
    """The table of the first lobby frame for which ``done(table)`` holds (older frames are skipped)."""
    for _ in range(50):
        table = hear(ws, "lobby")["table"]
        if done(table):
            return table
    raise AssertionError("no such lobby frame")


def test_a_kick_keeps_the_person_out_but_not_the_others_behind_the_same_address(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as minh, \
            raw(server.port, source="127.0.0.2") as chi, raw(server.port, source="127.0.0.3") as again:
        hello(host, "Lan")
        say(host, type="create_table", seats=3)
        table = hear(host, "lobby")["table"]["id"]
        hello(minh, "Minh")
        say(minh, type="join", table=table)
        say(host, type="kick", member=hear(minh, "lobby")["table"]["seats"][1]["member"])
        assert hear(minh, "left_table")["reason"] == "kicked"
        say(minh, type="join", table=table)              # the one removed may not come back ...
        assert hear(minh, "error")["code"] == "kicked"
        hello(chi, "Chi")                                # ... but a second person behind the same router may
        say(chi, type="join", table=table)
        assert hear(chi, "lobby")["you"] == 1
        hello(again, "Mình")                             # a name like the removed one's is still refused
        say(again, type="watch", table=table)
        assert hear(again, "error")["code"] == "kicked"


def test_the_host_removes_or_mutes_someone_watching(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as fan, \
            raw(server.port, source="127.0.0.3") as loud:
        hello(host, "Lan")
        say(host, type="create_table", seats=2)
        table = hear(host, "lobby")["table"]["id"]
        for ws, name in ((fan, "Quân"), (loud, "Tí")):
            hello(ws, name)
            say(ws, type="watch", table=table)
            hear(ws, "lobby")
        watched = lobby_until(host, lambda t: len(t["watchers"]) == 2)
        ids = dict(zip(watched["watchers"], watched["watcher_ids"]))
        say(loud, type="kick", member=ids["Quân"])       # only the host may
        assert hear(loud, "error")["code"] == "not_host"
        say(host, type="mute", member=ids["Tí"])
        lobby_until(host, lambda t: t["muted"] == ["Tí"])
        say(loud, type="chat", text="ồn ào")
        assert hear(loud, "error")["code"] == "muted"     # refused, and said why
        say(host, type="mute", member=ids["Tí"], muted=False)
        lobby_until(host, lambda t: t["muted"] == [])
        say(loud, type="chat", text="xin lỗi")
        assert hear(host, "chat")["text"] == "xin lỗi"
        say(host, type="kick", member=ids["Quân"])
        assert hear(fan, "left_table")["reason"] == "kicked"
        lobby_until(host, lambda t: t["watchers"] == ["Tí"])
        say(fan, type="watch", table=table)
        assert hear(fan, "error")["code"] == "kicked"
        say(host, type="kick", member=ids["Quân"])       # gone: that id names nobody now
        assert hear(host, "error")["code"] == "no_member"


def test_a_seated_guest_can_be_removed_between_games_not_during_one(server):
    with raw(server.port) as host, raw(server.port, source="127.0.0.2") as minh:
        hello(host, "Lan")
        say(host, type="create_table", seats=3)
        table = hear(host, "lobby")["table"]["id"]
        hello(minh, "Minh")
        say(minh, type="join", table=table)
        minh_id = hear(minh, "lobby")["table"]["seats"][1]["member"]
        say(minh, type="ready")
        hear(host, "lobby")
        say(host, type="start")
        hear(host, "snapshot")
        say(host, type="kick", member=minh_id)
        assert hear(host, "error")["code"] == "in_progress"          # a game is on: nobody is removed
        finish_game(server, table)
        say(host, type="kick", member=minh_id)
        assert hear(minh, "left_table")["reason"] == "kicked"
        lobby_until(host, lambda t: t["seats"][1]["kind"] == "empty")  # free for someone else, or a bot next game
        say(host, type="next_game")
        assert hear(host, "snapshot")["names"][1] == "Bot 2"
