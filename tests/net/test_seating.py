"""Seats that change hands between games at a LAN table: standing up, sitting down, the host's choices, the leader."""

from __future__ import annotations

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.host import start_in_thread
from tala_desktop.net.protocol import PROTOCOL_VERSION

from .conftest import FAST, Player, close_all, hear, make_client, pump_until, raw, say


def hello(ws, name: str) -> None:
    say(ws, type="hello", name=name, version=PROTOCOL_VERSION)
    assert hear(ws)["type"] == "welcome"


def lobby_where(ws, cond) -> dict:
    while True:
        msg = hear(ws, "lobby")
        if cond(msg):
            return msg


def snapshot_of_game(ws, game: int) -> dict:
    while True:
        snap = hear(ws, "snapshot")
        if snap["game_id"] == game:
            return snap


def finish_game(srv, table: int) -> dict:
    """Play the current game of ``table`` to its end at once (bots for every seat); its outcome as the server has it."""
    def run(server) -> dict:
        room = server.core.rooms[table]
        room.table.play_out()
        room.flush()
        out = room.table.state.outcome
        return {"winner": out.winner, "game": room.table.game_id}
    return srv.call(run, srv.server)


def table_facts(srv, table: int) -> dict:
    def read(server) -> dict:
        room = server.core.rooms[table]
        t = room.table
        return {"kinds": list(room.seats.kinds), "names": list(t.names), "balances": list(t.balances),
                "leader": t.state.leader, "game": t.game_id, "bots": [b is not None for b in t.bots],
                "host": room.seats.host}
    return srv.call(read, srv.server)


def two_players_and_a_fan(srv):
    """Lan hosts a 4-seat table (Minh at seat 1, bots at 2 and 3) and starts it; Quân watches."""
    host, guest, fan = (raw(srv.port, source=a) for a in ("127.0.0.1", "127.0.0.2", "127.0.0.3"))
    h, g, f = host.__enter__(), guest.__enter__(), fan.__enter__()
    hello(h, "Lan")
    say(h, type="create_table", seats=4)
    table = hear(h, "lobby")["table"]["id"]
    hello(g, "Minh")
    say(g, type="join", table=table)
    hear(g, "lobby")
    say(g, type="ready")
    lobby_where(h, lambda m: m["table"]["seats"][1]["kind"] == "player" and m["table"]["seats"][1]["ready"])
    say(h, type="start")
    hear(h, "snapshot")
    hear(g, "snapshot")
    hello(f, "Quân")
    say(f, type="watch", table=table)
    hear(f, "snapshot")
    return table, (h, g, f), (host, guest, fan)


def test_players_stand_up_watchers_sit_down_and_the_host_swaps_seats_between_games():
    srv = start_in_thread(**FAST)
    table, (h, g, f), sockets = two_players_and_a_fan(srv)
    try:
        say(g, type="stand_up")                                  # not during a game
        assert hear(g, "error")["code"] == "in_progress"
        say(f, type="sit", seat=3)
        assert hear(f, "error")["code"] == "in_progress"
        finish_game(srv, table)
        hear(g, "outcome")
        before = table_facts(srv, table)
        say(g, type="stand_up")
        lobby = lobby_where(g, lambda m: m["watching"])
        assert lobby["you"] is None and lobby["table"]["watchers"] == ["Quân", "Minh"]
        assert lobby["table"]["seats"][1]["kind"] == "empty"
        assert hear(g, "snapshot")["seat"] is None                # from now on the public view
        say(f, type="sit", seat=2)                                # a bot plays seat 2: only the host gives it
        assert hear(f, "error")["code"] == "seat_taken"
        say(f, type="sit", seat=1)
        lobby = lobby_where(f, lambda m: m["you"] == 1)
        assert not lobby["watching"] and lobby["table"]["seats"][1]["name"] == "Quân"
        assert hear(f, "snapshot")["seat"] == 1
        minh = dict(zip(lobby["table"]["watchers"], lobby["table"]["watcher_ids"]))["Minh"]
        say(g, type="set_seat", seat=2, kind="player", member=minh)   # only the host
        assert hear(g, "error")["code"] == "not_host"
        say(h, type="set_seat", seat=2, kind="player", member=lobby["table"]["seats"][0]["member"])   # not watching
        assert hear(h, "error")["code"] == "no_watcher"
        say(h, type="set_seat", seat=2, kind="player", member=minh)  # the host offers a bot's seat to Minh ...
        assert hear(g, "seat_offer")["seat"] == 2
        say(g, type="answer_seat", seat=2, accept=True)               # ... who takes it
        assert lobby_where(g, lambda m: m["you"] == 2)["table"]["watchers"] == []
        say(h, type="set_seat", seat=3, kind="empty")
        assert lobby_where(h, lambda m: m["table"]["seats"][3]["kind"] == "empty")
        say(h, type="set_seat", seat=3, kind="empty")
        assert hear(h, "error")["code"] == "no_bot"
        facts = table_facts(srv, table)
        assert facts["kinds"] == ["player", "player", "player", "empty"]
        assert facts["names"][:3] == ["Lan", "Quân", "Minh"]
        assert facts["balances"][1] == 10_000                     # a newcomer's stake
        assert facts["balances"][2] == before["balances"][1]      # Minh's chips went with him
        for ws in (h, g, f):
            say(ws, type="next_game")
        snaps = [snapshot_of_game(ws, 2) for ws in (h, g, f)]
        assert [s["seat"] for s in snaps] == [0, 2, 1]
        after = table_facts(srv, table)
        assert after["kinds"] == ["player", "player", "player", "bot"]   # the seat left free got a bot
        assert after["names"][3] == "Bot 4" and after["bots"] == [False, False, False, True]
        assert after["leader"] == 0          # every other seat changed hands: Lan, still there, leads (RULES §2)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
        srv.stop()


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_the_next_leader_is_the_seat_after_a_nhat_who_stood_up(seed):
    srv = start_in_thread(**{**FAST, "seed": seed, "seat_offer_seconds": 0.0})   # nobody waits for Quân to sit
    table, (h, g, f), sockets = two_players_and_a_fan(srv)
    try:
        winner = finish_game(srv, table)["winner"]
        hear(h, "outcome")
        if winner in (0, 1):                                      # the Nhất's player goes
            say(h if winner == 0 else g, type="stand_up")
            hear(h if winner == 0 else g, "snapshot")
        else:                                                     # the Nhất was a bot: the host frees its seat
            say(h, type="set_seat", seat=winner, kind="empty")
            lobby_where(h, lambda m: m["table"]["seats"][winner]["kind"] == "empty")
        seated = [ws for seat, ws in ((0, h), (1, g)) if seat != winner]
        for ws in seated:
            say(ws, type="next_game")
        for ws in seated:
            snapshot_of_game(ws, 2)
        facts = table_facts(srv, table)
        assert facts["game"] == 2
        assert facts["leader"] == (winner + 1) % 4
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
        srv.stop()


def test_in_the_lobby_a_watcher_takes_a_free_seat_and_a_player_may_stand_up(server):
    with raw(server.port) as h, raw(server.port, source="127.0.0.2") as f:
        hello(h, "Lan")
        say(h, type="create_table", seats=3)
        created = hear(h, "lobby")
        table, lan = created["table"]["id"], created["member"]
        hello(f, "Quân")
        say(f, type="watch", table=table)
        assert hear(f, "lobby")["watching"]
        say(f, type="sit", seat=0)
        assert hear(f, "error")["code"] == "seat_taken"
        say(f, type="sit", seat=2)
        assert lobby_where(f, lambda m: m["you"] == 2)["table"]["seats"][2]["name"] == "Quân"
        say(h, type="stand_up")                                   # the host stands up: still the host
        lobby = lobby_where(f, lambda m: m["table"]["watchers"] == ["Lan"])
        assert lobby["table"]["seats"][0]["kind"] == "empty"
        assert lobby["table"]["host"] is None and lobby["table"]["host_member"] == lan
        say(f, type="start")
        assert hear(f, "error")["code"] == "not_host"
        say(f, type="ready")
        say(h, type="start")
        assert hear(h, "snapshot")["seat"] is None                # Lan watches the game she started


def test_the_players_are_told_the_host_closed_the_app_and_who_it_was():
    srv = start_in_thread(**FAST)
    host, guest = Player(make_client(srv, "Lan")), Player(make_client(srv, "Minh"))
    try:
        host.client.create_table(seats=2)
        pump_until([host], lambda: host.last("lobby") is not None, act=False)
        guest.client.join(1)
        pump_until([guest], lambda: guest.last("lobby") is not None, act=False)
        srv.stop(reason="host_quit", who="Lan")
        pump_until([guest], lambda: "disconnected" in guest.codes(), act=False)
        gone = next(e for e in guest.errors if isinstance(e, p.Disconnected))
        assert gone.reason == "host_quit" and gone.who == "Lan"
        assert guest.last("closing") == p.Closing(reason="host_quit", who="Lan")
    finally:
        host.client.close()
        guest.client.close()
        srv.stop()


def guest_ready(host: Player) -> bool:
    lobby = host.last("lobby")
    seat = lobby.table.seats[1] if lobby is not None else None
    return seat is not None and seat.kind == "player" and seat.ready


def test_seats_that_changed_hands_and_the_watchers_survive_a_server_crash(tmp_path):
    from .test_restart import crash
    state = tmp_path / "state.db"
    srv = start_in_thread(state_path=str(state), **FAST)
    port = srv.port
    host, guest = Player(make_client(srv, "Lan")), Player(make_client(srv, "Minh"))
    fan = Player(make_client(srv, "Quân"))
    people = [host, guest, fan]
    second = None
    try:
        host.client.create_table(seats=3)
        pump_until(people, lambda: host.last("lobby") is not None, act=False)
        guest.client.join(1)
        guest.client.ready()
        pump_until(people, lambda: guest_ready(host), act=False)
        host.client.start()
        fan.client.watch(1)
        pump_until(people, lambda: all(pl.snap is not None for pl in people), act=False)
        winner = finish_game(srv, 1)["winner"]
        guest.client.stand_up()
        pump_until(people, lambda: guest.client.watching and guest.snap.seat is None, act=False)
        before = table_facts(srv, 1)
        keeper = srv.server.core.keeper
        room = srv.call(lambda: srv.server.core.rooms[1])
        pump_until(people, lambda: srv.call(lambda: keeper._saved.get(1) == keeper._key(room)), act=False)
        crash(srv)
        second = start_in_thread(state_path=str(state), **{**FAST, "port": port})
        pump_until(people, lambda: all(pl.last("welcome") is not None and pl.last("welcome").resumed for pl in people)
                   and all(pl.last("lobby") is not None and pl.last("lobby").table.watchers == ["Quân", "Minh"]
                           for pl in people), act=False)
        after = table_facts(second, 1)
        assert after["kinds"] == ["player", "empty", "bot"] and after["balances"] == before["balances"]
        assert second.call(lambda: sorted(second.server.core.rooms[1].table.changed)) == []   # standing up alone: none
        assert guest.last("lobby").watching and fan.last("lobby").watching
        assert guest.snap.seat is None
        fan.client.sit(1)                                  # the fan takes Minh's seat, Minh takes it back later
        pump_until(people, lambda: fan.last("lobby").you == 1, act=False)
        host.client.next_game()
        fan.client.next_game()
        pump_until(people, lambda: host.snap.game_id == 2 and fan.snap.game_id == 2, act=False)
        facts = table_facts(second, 1)
        assert facts["names"][1] == "Quân"
        expected = winner if winner != 1 else 2            # seat 1 changed hands: RULES §2 after a restart too
        assert facts["leader"] == expected
    finally:
        close_all(people)
        srv.stop()
        if second is not None:
            second.stop()
