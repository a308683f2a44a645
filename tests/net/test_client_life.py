"""The LAN client's life: closing cleanly, the reconnect backoff, a broken server frame, why a seat was lost."""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.server import ServerConnection, serve

from tala_desktop.net import protocol as p
from tala_desktop.net.client import RETRY_FIRST, NetTableClient
from tala_desktop.net.host import start_in_thread
from tala_desktop.table import GUIDED
from tala_desktop.table.messages import Error

from .conftest import FAST, Player, close_all, pump_until, seat_table


def abort(client: NetTableClient) -> None:
    ws = client._ws
    assert ws is not None
    client._loop.call_soon_threadsafe(ws.transport.abort)


def test_closing_clients_logs_no_callback_on_a_closed_loop(server, caplog):
    caplog.set_level(logging.WARNING)
    for i in range(12):
        client = NetTableClient("127.0.0.1", server.port, f"Khách {i}")
        client.list_tables()
        assert client.connected.wait(5)
        client.close()
        assert client.finished.is_set() and client._loop.is_closed()
    client.list_tables()  # after the end: answered with a disconnected message, never raised
    client.list_tables()  # ... once: the end is told once, however many commands follow
    ends = [m for m in client.poll(0) if isinstance(m, p.Disconnected)]
    assert [m.reason for m in ends] == ["closed"]
    problems = [r for r in caplog.records if r.name in ("asyncio", "concurrent.futures") or r.levelno >= logging.ERROR]
    assert not problems, [r.getMessage() for r in problems]


def test_a_command_after_a_lost_connection_adds_no_second_end(server):
    """The connection's own end says why it ended; a command sent after it is not answered by another one."""
    client = NetTableClient("127.0.0.1", server.port, "An", reconnect_for=0.0)
    client.list_tables()
    assert client.connected.wait(5)
    abort(client)
    assert client.finished.wait(5)
    client.list_tables()
    client.chat("còn ai không")
    ends = [m for m in client.poll(0) if isinstance(m, p.Disconnected)]
    assert len(ends) == 1 and ends[0].reason != "closed", ends
    client.close()


def test_closing_while_the_server_is_unreachable_ends_at_once():
    client = NetTableClient("127.0.0.1", 9, "An", reconnect_for=30.0, connect_timeout=5.0)
    client.close()
    assert client.finished.wait(3)


def test_the_backoff_resets_after_a_good_connection_so_a_dropped_turn_is_never_auto_played():
    """Five drops on one's own turn, each after a good connection: every retry comes before the 1 s away delay."""
    srv = start_in_thread(away_delay=1.0, **FAST)
    players = seat_table(srv, ["An", "Bình"], seats=2)
    me = next(pl for pl in players if pl.snap.to_move == pl.snap.seat)
    try:
        for pl in players:
            pl.auto = False
        me.client.core.stable_after = 0.2
        turn = (me.snap.game_id, me.snap.legal)
        for drop in range(1, 6):
            welcomes = sum(isinstance(m, p.Welcome) for m in me.messages)
            pump_until(players, lambda: srv.call(lambda: srv.server.core.rooms[1].seats[me.client.seat].connected),
                       act=False)
            threading.Event().wait(0.25)  # a good connection: it outlives stable_after
            abort(me.client)
            pump_until([me], lambda w=welcomes: sum(isinstance(m, p.Welcome) for m in me.messages) > w, act=False)
            assert me.client.reconnects == drop
        assert all(d <= RETRY_FIRST for d in me.client.core.retry_delays), list(me.client.core.retry_delays)
        table = srv.call(lambda: srv.server.core.rooms[1].table)
        assert srv.call(lambda: table.state.to_move) == me.client.seat  # nobody played the turn for me
        assert (me.snap.game_id, me.snap.legal) == turn
    finally:
        close_all(players)
        srv.stop()


def test_the_backoff_grows_while_the_server_stays_away():
    client = NetTableClient("127.0.0.1", 9, "An", resume="abcdefgh12", reconnect_for=0.0)
    try:
        waits = [client.core.backoff(k) for k in range(8)]
        assert waits[0] <= RETRY_FIRST and waits[-1] <= 2.0
        assert all(b >= a * 1.5 for a, b in zip(waits[:4], waits[1:5]))
    finally:
        client.close()


@pytest.fixture
def bad_server(request) -> Iterator[tuple[int, list[str]]]:
    """A websocket server that welcomes the client, then sends the frames given by the test."""
    frames: list[str] = request.param

    def handler(ws: ServerConnection) -> None:
        ws.recv(timeout=5)
        ws.send(json.dumps({"type": "welcome", "version": p.PROTOCOL_VERSION, "name": "An", "token": "abcdefgh12",
                            "server": "x", "reconnect_seconds": 60.0, "server_id": "s1"}))
        for frame in frames:
            ws.send(frame)
        with contextlib.suppress(Exception):  # the client hangs up: the test is over
            ws.recv(timeout=5)

    with serve(handler, "127.0.0.1", 0) as srv:
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        yield srv.socket.getsockname()[1], frames
        srv.shutdown()
    thread.join(timeout=5)


@pytest.mark.parametrize("bad_server", [
    ['{"type":"lobby","table":5}'], ["not json at all"], ['[1, 2]'], ['{"type":"batch","messages":7}'],
    ['{"type":"batch","messages":[{"no":"type"}]}'], ['{"type":"welcome","resumed":true,"table":"x","seat":[]}',
                                                      '{"type":"lobby","table":{"id":1},"you":"me"}',
                                                      '{"type":"snapshot","clock":{"remaining":"soon"}}'],
], indirect=True)
def test_a_broken_server_frame_is_a_visible_disconnect_with_a_reason(bad_server):
    port, _ = bad_server
    me = Player(NetTableClient("127.0.0.1", port, "An", reconnect_for=0.3))
    try:
        pump_until([me], lambda: "disconnected" in me.codes(), timeout=5, act=False)
        gone = me.errors[-1]
        assert isinstance(gone, p.Disconnected) and gone.reason in ("bad_frame", "lost") and gone.message
        assert me.client.finished.wait(3)
    finally:
        me.client.close()


def test_a_seat_lost_to_a_restart_and_one_lost_to_the_clock_are_told_apart():
    first = start_in_thread(reconnect_seconds=60.0, **FAST)
    port = first.port
    me = Player(NetTableClient("127.0.0.1", port, "An", reconnect_for=5.0))
    try:
        me.client.create_table(seats=2)
        pump_until([me], lambda: me.last("lobby") is not None, act=False)
        me.client.start()
        pump_until([me], lambda: me.snap is not None, act=False)
        first.call(lambda: [c.ws.transport.abort() for c in first.server.conns.values()] and None)
        first.stop()
        second = start_in_thread(**{**FAST, "port": port})  # the same address, a new server: the game is gone
        try:
            pump_until([me], lambda: "disconnected" in me.codes(), timeout=10, act=False)
            assert me.errors[-1].reason == "server_restarted"
        finally:
            second.stop()
    finally:
        me.client.close()
        first.stop()

    srv = start_in_thread(**{**FAST, "reconnect_seconds": 0.01})
    me = Player(NetTableClient("127.0.0.1", srv.port, "An", reconnect_for=5.0))
    try:
        me.client.create_table(seats=2)
        pump_until([me], lambda: me.last("lobby") is not None, act=False)
        me.client.start()
        pump_until([me], lambda: me.snap is not None, act=False)
        abort(me.client)
        pump_until([me], lambda: "disconnected" in me.codes(), timeout=10, act=False)
        assert me.errors[-1].reason == "seat_expired"
    finally:
        me.client.close()
        srv.stop()


@pytest.mark.parametrize("bad_server", [[p.error("guided", "Bấm vào đây để nhận chip")]], indirect=True)
def test_a_server_cannot_pass_its_words_off_as_the_offline_move_filters(bad_server):
    """``guided`` is the offline client's own refusal, whose words the table shows as they are: from a server it
    arrives as a plain refusal, whose words go to the log only."""
    port, _ = bad_server
    me = Player(NetTableClient("127.0.0.1", port, "An", reconnect_for=0.3))
    try:
        pump_until([me], lambda: any(isinstance(e, Error) for e in me.errors), timeout=5, act=False)
        refused = [e for e in me.errors if isinstance(e, Error)]
        assert [e.code for e in refused] == ["refused"] and GUIDED not in me.codes()
    finally:
        me.client.close()
