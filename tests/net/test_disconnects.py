"""Disconnects: reconnect mid-turn and mid-lay-down, a killed client, the host leaving, keepalive, losing the server.

The server's rules (a seat resumed by its token, a dropped player's turns played for it and its seat leaving
when its token expires, the host's role passing on) run on the server core (tests/net/core_kit.py): no sockets,
a stepped clock, the bots decided inline. On websockets stay what the adapter and the client do: a connection
killed without a close frame that the client comes back from by itself, the keepalive dropping a silent client,
and a client losing its server."""

from __future__ import annotations

import functools
import time
from typing import Any

import pytest

from tala_desktop.engine import Move, MoveKind, Outcome
from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.host import start_in_thread

from .conftest import FAST, Player, close_all, game_over, pump_until, seat_table
from .core_kit import CoreKit
from .core_table import CoreTable, typed


def server_outcome(srv, room_id=1):
    return srv.call(lambda: srv.server.core.rooms[room_id].table.state.outcome)


def abort(client: NetTableClient, reconnect: bool = True) -> None:
    """Kill the connection without a close frame (as a crash or a pulled cable would)."""
    if not reconnect:
        client._closing = True
    ws = client._ws
    assert ws is not None
    client._loop.call_soon_threadsafe(ws.transport.abort)


def until_my_turn(players, me: Player, phase: str, games: int = 3) -> None:
    """Let everyone play until ``me`` is to move in ``phase`` (next games if needed); ``me`` stops there."""
    def there() -> bool:
        s = me.snap
        return s is not None and s.outcome is None and s.to_move == s.seat and s.phase == phase

    for game in range(1, games + 1):
        end = time.monotonic() + 10
        while time.monotonic() < end:
            for pl in players:
                pl.pump()
                if there():
                    me.auto = False
                    return
                pl.act()
            if all(pl.snap.outcome is not None and pl.snap.game_id == game for pl in players):
                break
            time.sleep(0.002)  # the server answers on sockets, from its own thread: nothing to wait on but time
        for pl in players:
            pl.client.next_game()
        pump_until(players, functools.partial(next_game_dealt, players, game + 1), act=False)
    raise AssertionError(f"seat {me.client.seat} never reached phase {phase}")


def next_game_dealt(players: list[Player], game_id: int) -> bool:
    return all(pl.snap is not None and pl.snap.game_id == game_id for pl in players)


def check_resumed_view(srv, me: Player, before) -> None:
    pump_until([me], lambda: me.last("welcome") is not None and me.last("welcome").resumed
               and me.snap is not before, act=False)
    after = me.snap
    assert after is not None and after.clock is not None
    for key in ("game_id", "hand", "piles", "laid", "eaten", "phase", "to_move", "legal", "hand_counts"):
        assert getattr(after, key) == getattr(before, key), key
    assert after.clock.remaining > 0
    truth = srv.call(lambda: srv.server.core.rooms[1].table.snapshot(me.client.seat))
    assert after.hand == truth.hand and after.legal == truth.legal


def test_reconnect_mid_turn_restores_the_view_and_the_player_carries_on():
    srv = start_in_thread(away_delay=30.0, **FAST)
    players = seat_table(srv, ["An", "Bình", "Chi"])
    me = players[1]
    try:
        until_my_turn(players, me, "take")
        before = me.snap
        abort(me.client)
        check_resumed_view(srv, me, before)
        assert me.client.reconnects >= 1
        me.auto = True
        game = before.game_id
        pump_until(players, game_over(players, game), timeout=20)
        assert all(pl.snap.outcome == server_outcome(srv) for pl in players)
    finally:
        close_all(players)
        srv.stop()


def test_a_silent_client_is_dropped_by_keepalive_without_stalling_the_table():
    srv = start_in_thread(ping_interval=0.2, ping_timeout=0.3, away_delay=0.05, **FAST)
    players = seat_table(srv, ["An", "Bình", "Chi"])
    silent, rest = players[1], [players[0], players[2]]
    try:
        silent.client._closing = True  # it will not come back on its own
        silent.client._loop.call_soon_threadsafe(silent.client._ws.transport.pause_reading)
        seat = silent.client.seat
        pump_until(rest, lambda: not rest[0].last("lobby").table.seats[seat].connected, timeout=5)
        pump_until(rest, game_over(rest), timeout=20)
        assert rest[0].snap.outcome == rest[1].snap.outcome == server_outcome(srv)
    finally:
        close_all(players)
        srv.stop()


def test_losing_the_server_gives_a_clear_disconnected_message():
    gone, going = start_in_thread(**FAST), start_in_thread(**FAST)
    a = Player(NetTableClient("127.0.0.1", gone.port, "An", reconnect_for=0.5))
    b = Player(NetTableClient("127.0.0.1", going.port, "Bình", reconnect_for=0.5))
    try:
        pump_until([a, b], lambda: a.last("welcome") and b.last("welcome"), act=False)
        # a: its server vanishes without a word; the client retries for a while, then gives up
        gone.call(lambda: [c.ws.transport.abort() for c in gone.server.conns.values()] and None)
        gone.stop()
        pump_until([a], lambda: a.errors and a.codes()[-1] == "disconnected", timeout=5, act=False)
        assert a.client.reconnects >= 1
        # b: a clean shutdown tells it why, and it does not retry
        going.stop()
        pump_until([b], lambda: b.errors and b.codes()[-1] == "disconnected", timeout=5, act=False)
        assert b.codes() == ["server_shutdown", "disconnected"]
        assert b.client.reconnects == 0
        b.client.send_move(Move(0, MoveKind.DRAW))  # after the end: never raised, and the end is not told again
        assert not [m for m in b.client.poll(0) if isinstance(m, p.Disconnected)]
        assert a.client.finished.wait(2) and b.client.finished.wait(2)
    finally:
        close_all([a, b])
        gone.stop()
        going.stop()


# ---------------------------------------------------------------- the server's rules, on the core
def outcome_of(t: CoreTable, conn: int) -> Outcome | None:
    return typed(t.view(conn)).outcome


def server_truth(kit: CoreKit, t: CoreTable) -> Outcome | None:
    table = kit.core.rooms[t.id].table
    assert table is not None and table.state is not None
    return table.state.outcome


def core_until_my_turn(t: CoreTable, me: int, phase: str, games: int = 3) -> None:
    """Let everyone play until ``me`` is to move in ``phase`` (next games if needed); ``me`` stops there."""
    def there() -> bool:
        s = t.view(me)
        return s["outcome"] is None and s["to_move"] == s["seat"] and s["phase"] == phase

    def dealt(game: int) -> bool:
        return all(t.view(c)["game_id"] == game for c in t.conns)

    def there_or_over(game: int) -> bool:
        return there() or t.game_over(game)()

    for game in range(1, games + 1):
        t.play_until(functools.partial(there_or_over, game))
        if there():
            t.idle.add(me)
            return
        for conn in t.conns:
            t.kit.say(conn, type="next_game")
        t.play_until(functools.partial(dealt, game + 1), act=False)
    raise AssertionError(f"connection {me} never reached phase {phase}")


RESUMED_KEYS = ("game_id", "hand", "piles", "laid", "eaten", "phase", "to_move", "legal", "hand_counts")


@pytest.mark.parametrize("names,who,phase", [(["An", "Bình", "Chi"], 1, "take"), (["An", "Bình"], 0, "lay")])
def test_a_new_connection_with_the_token_resumes_mid_turn_and_the_player_carries_on(names, who, phase):
    with CoreKit(away_delay=30.0) as kit:
        t = CoreTable(kit, names)
        me = t.conns[who]
        core_until_my_turn(t, me, phase)
        before = t.view(me)
        t.drop(who)
        kit.run(1.0)                              # away for a second: the turn waits (its away delay is 30 s)
        me = t.resume(who)
        t.read()
        welcome = t.welcomes[me]
        assert welcome["resumed"] is True and (welcome["table"], welcome["seat"]) == (t.id, who)
        after = t.view(me)
        assert after is not before
        for key in RESUMED_KEYS:
            assert after[key] == before[key], key
        assert after["clock"] is not None and 0 < after["clock"]["remaining"] < before["clock"]["remaining"]
        truth = kit.core.rooms[t.id].table.snapshot(who)
        assert typed(after).hand == truth.hand and typed(after).legal == truth.legal
        if phase == "lay":
            assert any(m.kind is MoveKind.LAY and m.seat == who for m in typed(after).legal)
        t.idle.clear()
        t.play_until(t.game_over(before["game_id"]))
        assert all(outcome_of(t, c) == server_truth(kit, t) for c in t.conns)
        assert not [c for c in t.conns if t.codes(c)]    # nobody was refused anything


def test_a_dropped_player_is_auto_played_then_leaves_as_mom_when_its_token_expires():
    with CoreKit(away_delay=0.05, reconnect_seconds=0.6) as kit:
        t = CoreTable(kit, ["An", "Bình", "Chi"])
        rest, seat = t.conns[:2], 2
        table = kit.core.rooms[t.id].table
        assert table is not None and table.state is not None
        t.drop(seat)
        dropped = kit.now
        t.read()
        lobby: dict[str, Any] = t.last(rest[0], "lobby")["table"]
        assert lobby["seats"][seat]["kind"] == "player" and not lobby["seats"][seat]["connected"]
        # its turns are played for it once it has been away on one for the away delay; the others play on
        played = len(table.state.history)
        t.play_until(lambda: any(m.seat == seat for m in table.state.history[played:]), seconds=0.5)
        assert kit.now - dropped < 0.6 and not table.state.is_over
        assert t.last(rest[0], "lobby")["table"]["seats"][seat]["kind"] == "player"    # its seat still waits
        assert len(kit.core.sessions) == 3
        # its token expires: it leaves, Móm in the game it left; the engine plays the seat to the game's end
        t.play_until(lambda: t.last(rest[0], "lobby")["table"]["seats"][seat]["left"], act=False, seconds=1.0)
        assert kit.now - dropped >= 0.6 and not table.state.is_over
        left = t.last(rest[0], "lobby")["table"]["seats"][seat]        # the engine plays it on, under its name
        assert (left["kind"], left["left"], left["name"]) == ("player", True, t.welcomes[t.conns[seat]]["name"])
        assert table.state.left[seat] and table.bots[seat] is None
        assert len(kit.core.sessions) == 2
        t.play_until(t.game_over())                  # (for those still here)
        out = outcome_of(t, rest[0])
        assert out is not None and out == outcome_of(t, rest[1]) == server_truth(kit, t)
        assert out.kind == "showdown" and out.labels[seat] == "mom"      # the fixed deal ends in a showdown


def test_the_host_leaves_mid_game_the_role_passes_and_the_game_continues():
    with CoreKit() as kit:
        t = CoreTable(kit, ["An", "Bình", "Chi"], seats=4)   # a bot at seat 3
        host, rest = t.conns[0], t.conns[1:]
        t.idle.add(host)
        kit.say(host, type="leave")
        t.read()
        assert t.last(host, "left_table") == {"type": "left_table", "table": t.id, "reason": "left"}
        lobby = t.last(rest[0], "lobby")["table"]
        assert lobby["host"] == 1 and lobby["seats"][0]["left"]             # the engine plays the leaver's seat on
        assert lobby["seats"][0]["name"] == "An"                           # ... under their name
        t.play_until(t.game_over(conns=rest))
        out = server_truth(kit, t)
        assert out is not None and all(outcome_of(t, c) == out for c in rest)
        assert out.kind == "showdown" and out.labels[0] == "mom"         # the fixed deal ends in a showdown
        seats = t.last(rest[0], "lobby")["table"]["seats"]
        assert seats[0]["kind"] == "empty" and seats[3]["kind"] == "bot"  # the leaver's seat is free at the end
        for conn in rest:  # the new host's seat and the others vote; the next game starts without the leaver
            kit.say(conn, type="next_game")
        t.play_until(lambda: all(t.view(c)["game_id"] == 2 for c in rest), act=False)
        snap = t.view(rest[0])
        assert not snap["left"][0] and snap["names"][0] == "Bot 1"     # the bot plays seat 0
        assert not [c for c in rest if t.codes(c)]


def test_the_host_leaves_the_lobby_and_the_next_seat_can_start():
    with CoreKit() as kit:
        a, b, c = (kit.connect(addr) for addr in ("127.0.0.1", "127.0.0.2", "127.0.0.3"))
        for conn, name in ((a, "An"), (b, "Bình"), (c, "Chi")):
            kit.welcome(conn, name)
        table = kit.create_table(a, seats=3)
        kit.say(b, type="join", table=table, seat=1)
        kit.say(c, type="join", table=table, seat=2)
        kit.say(c, type="ready")
        kit.say(b, type="start")
        assert kit.hear(b, "error")["code"] == "not_host"
        kit.say(a, type="leave")
        assert kit.hear(a, "left_table")["reason"] == "left"
        lobby = [m for m in kit.heard(b) if m["type"] == "lobby"][-1]
        assert lobby["table"]["host"] == 1
        kit.say(b, type="start")
        snaps = [kit.hear(conn, "snapshot") for conn in (b, c)]
        assert all(s["names"][0].startswith("Bot") and s["names"][1:] == ["Bình", "Chi"] for s in snaps)
