"""Disconnects: reconnect mid-turn and mid-lay-down, a killed client, the host leaving, keepalive, losing the server."""

from __future__ import annotations

import functools
import time

from tala_desktop.engine import Move, MoveKind
from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.host import start_in_thread

from .conftest import FAST, Player, close_all, game_over, pump_until, seat_table


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
            time.sleep(0.002)
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


def test_a_new_client_with_the_token_resumes_mid_lay_down():
    srv = start_in_thread(away_delay=30.0, **FAST)
    players = seat_table(srv, ["An", "Bình"])
    me = players[0]
    try:
        until_my_turn(players, me, "lay")
        before, token = me.snap, me.client.token
        abort(me.client, reconnect=False)
        me.client.close()
        me.client = NetTableClient("127.0.0.1", srv.port, "An", resume=token)
        check_resumed_view(srv, me, before)
        assert any(m.kind is MoveKind.LAY and m.seat == me.client.seat for m in me.snap.legal)
        me.auto = True
        pump_until(players, game_over(players, before.game_id), timeout=20)
        assert me.snap.outcome == players[1].snap.outcome == server_outcome(srv)
    finally:
        close_all(players)
        srv.stop()


def test_a_killed_client_is_auto_played_then_leaves_as_mom_when_its_token_expires():
    srv = start_in_thread(away_delay=0.05, reconnect_seconds=0.6, **FAST)
    players = seat_table(srv, ["An", "Bình", "Chi"])
    gone, rest = players[2], players[:2]
    try:
        seat = gone.client.seat
        abort(gone.client, reconnect=False)
        # a bot to the end of the game it left (free at its end: a bot's at the next deal, nobody watching)
        pump_until(rest, lambda: rest[0].last("lobby").table.seats[seat].kind in ("bot", "empty"), timeout=10)
        # Móm in the game it left (the engine plays the seat on)
        table = srv.server.core.rooms[1].table
        left_game, left, over, bot_next = srv.call(lambda: (
            table.game_id, table.state.left[seat], table.state.is_over, table.bots[seat] is not None))
        assert (left and bot_next) or over          # left between games: the seat is free until the next deal
        pump_until(rest, game_over(rest), timeout=20)
        out = rest[0].snap.outcome
        assert out == rest[1].snap.outcome == server_outcome(srv)
        if out.kind == "showdown" and rest[0].snap.game_id == left_game:
            assert out.labels[seat] == "mom"
        assert srv.call(lambda: len(srv.server.core.sessions)) == 2
    finally:
        close_all(players)
        srv.stop()


def test_the_host_leaves_mid_game_the_role_passes_and_the_game_continues():
    srv = start_in_thread(**FAST)
    players = seat_table(srv, ["An", "Bình", "Chi"], seats=4)
    host, rest = players[0], players[1:]
    try:
        host.auto = False
        host.client.leave()
        pump_until(players, lambda: host.last("left_table") is not None and rest[0].last("lobby").table.host == 1,
                   act=False)
        pump_until(rest, game_over(rest), timeout=20)
        out = server_outcome(srv)
        assert all(pl.snap.outcome == out for pl in rest)
        if out.kind == "showdown":
            assert out.labels[0] == "mom"
        seats = rest[0].last("lobby").table.seats
        assert seats[0].kind == "empty" and seats[3].kind == "bot"  # the leaver's seat is free at the game's end
        for pl in rest:  # the new host's seat and the others vote; the next game starts without the leaver
            pl.client.next_game()
        pump_until(rest, lambda: all(pl.snap.game_id == 2 for pl in rest), act=False)
        assert not rest[0].snap.left[0] and rest[0].snap.names[0] == "Bot 1"  # the bot plays seat 0
    finally:
        close_all(players)
        srv.stop()


def test_the_host_leaves_the_lobby_and_the_next_seat_can_start(server):
    a, b, c = (Player(NetTableClient("127.0.0.1", server.port, n)) for n in ("An", "Bình", "Chi"))
    try:
        a.client.create_table(seats=3)
        pump_until([a], lambda: a.last("lobby") is not None, act=False)
        b.client.join(1, seat=1)
        c.client.join(1, seat=2)
        c.client.ready()
        pump_until([a, b, c], lambda: c.last("lobby") is not None and b.last("lobby") is not None, act=False)
        b.client.start()
        pump_until([b], lambda: b.errors, act=False)
        assert b.codes()[-1] == "not_host"
        a.client.leave()
        pump_until([a, b, c], lambda: b.last("lobby").table.host == 1 and a.last("left_table"), act=False)
        b.client.start()
        pump_until([b, c], lambda: b.snap is not None and c.snap is not None, act=False)
        assert b.snap.names[0].startswith("Bot") and b.snap.names[1:] == ["Bình", "Chi"]
    finally:
        close_all([a, b, c])


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
