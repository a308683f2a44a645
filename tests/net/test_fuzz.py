"""Protocol fuzzing: malformed JSON, wrong types, unknown types, huge frames and floods never disturb other tables."""

from __future__ import annotations

import contextlib
import functools
import json
import random
import threading

import pytest
import websockets.asyncio.connection
import websockets.sync.connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tala_desktop.net.host import start_in_thread
from tala_desktop.net.protocol import COMMAND_TYPES, PROTOCOL_VERSION

from .conftest import FAST, close_all, game_over, pump_until, seat_table

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=40))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                     st.dictionaries(st.text(max_size=10), inner, max_size=5)),
                    max_leaves=20)
FIELDS = st.sampled_from(["name", "version", "table", "seat", "move", "game_id", "text", "seats", "bet", "bots",
                          "preset", "turn_seconds", "password", "ready", "resume", "t"])
COMMANDS = st.builds(lambda t, extra: {"type": t, **extra},
                     st.one_of(st.sampled_from(COMMAND_TYPES), st.text(max_size=12)),
                     st.dictionaries(FIELDS, JSON, max_size=4))
FRAMES = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    JSON.map(json.dumps),
    COMMANDS.map(json.dumps),
    COMMANDS.map(lambda c: json.dumps(c)[:-1]),  # truncated
)


class RawClient:
    """A bare websocket speaking JSON by hand; reconnects when the server closes it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.closes: list[int | None] = []
        self.replies: list[dict] = []
        self.stack = contextlib.ExitStack()
        self.open()

    def open(self) -> None:
        self.ws = self.stack.enter_context(connect(f"ws://127.0.0.1:{self.port}/", open_timeout=5, max_size=2**20))
        self.ws.send(json.dumps({"type": "hello", "name": "Fuzzer", "version": PROTOCOL_VERSION}))
        assert json.loads(self.ws.recv(timeout=5))["type"] == "welcome"

    def exchange(self, frame) -> None:
        try:
            self.ws.send(frame)
            reply = json.loads(self.ws.recv(timeout=5))
        except ConnectionClosed as exc:
            self.closes.append(exc.rcvd.code if exc.rcvd else None)
            self.open()
            return
        assert isinstance(reply, dict) and isinstance(reply.get("type"), str)
        assert reply.get("code") != "internal", reply
        self.replies.append(reply)
        while True:  # a valid command may bring more than one frame (a lobby, a table list)
            try:
                extra = json.loads(self.ws.recv(timeout=0.01))
            except TimeoutError:
                return
            assert extra.get("code") != "internal", extra

    def close(self) -> None:
        self.stack.close()


def play_in_background(tables, games: int, done: dict) -> threading.Thread:
    def run() -> None:
        everyone = [pl for players in tables for pl in players]

        def all_over(game: int) -> bool:
            return all(game_over(players, game)() for players in tables)

        for game in range(1, games + 1):
            pump_until(everyone, functools.partial(all_over, game), timeout=40)
            done[game] = [[pl.snap.outcome for pl in players] for players in tables]
            if game < games:
                for pl in everyone:
                    pl.client.next_game()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def busy_server(monkeypatch):
    """A server where two other tables play full games while the fuzzer works."""
    # Keepalive pings (websockets) draw from the global random module in the server's and clients' threads;
    # Hypothesis takes a change of that state while it draws for randomness inside the strategy. They get
    # their own generator here.
    for module in (websockets.asyncio.connection, websockets.sync.connection):
        monkeypatch.setattr(module, "random", random.Random())
    srv = start_in_thread(rate=10_000, burst=10_000, **FAST)
    tables = [seat_table(srv, ["An", "Bình"], seats=3), seat_table(srv, ["Chi", "Dũng"], seats=2)]
    done: dict = {}
    thread = play_in_background(tables, 2, done)
    yield srv, tables, done, thread
    thread.join(timeout=40)
    for players in tables:
        close_all(players)
    srv.stop()


def check_games(srv, tables, done, thread) -> None:
    thread.join(timeout=40)
    assert set(done) == {1, 2}, "the other tables' games did not finish"
    for room_id, players in zip((1, 2), tables):
        truth = srv.call(lambda r=room_id: srv.server.core.rooms[r].table.state.outcome)
        assert all(o == truth for o in done[2][room_id - 1])
        assert all(pl.snap.game_id == 2 for pl in players)
        assert not [c for pl in players for c in pl.codes() if c != "not_your_turn"]


def test_fuzzed_frames_get_errors_and_other_tables_play_on(busy_server):
    srv, tables, done, thread = busy_server
    raw = RawClient(srv.port)

    @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(FRAMES)
    def fuzz(frame):
        raw.exchange(frame)

    try:
        fuzz()
        assert raw.replies and {r["type"] for r in raw.replies} >= {"error"}
        codes = {r.get("code") for r in raw.replies}
        assert {"bad_json", "invalid", "unknown_type"} <= codes
    finally:
        raw.close()
    check_games(srv, tables, done, thread)


def test_huge_frames_close_only_that_connection(busy_server):
    srv, tables, done, thread = busy_server
    raw = RawClient(srv.port)
    try:
        for size in (4097, 100_000, 2_000_000):
            raw.exchange(json.dumps({"type": "chat", "text": "x" * size}))
        assert raw.closes == [1009, 1009, 1009]  # message too big, from the websocket layer
        raw.exchange(json.dumps({"type": "ping", "t": 1}))
        assert raw.replies[-1] == {"type": "pong", "t": 1.0}
    finally:
        raw.close()
    check_games(srv, tables, done, thread)


def test_a_flood_is_rate_limited_then_closed_while_others_play():
    srv = start_in_thread(**FAST)  # default limits: 20 commands a second, bursts of 40
    tables = [seat_table(srv, ["An", "Bình"], seats=2), seat_table(srv, ["Chi", "Dũng"], seats=3)]
    done: dict = {}
    thread = play_in_background(tables, 2, done)
    stack = contextlib.ExitStack()
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{srv.port}/", open_timeout=5))
    try:
        ws.send(json.dumps({"type": "hello", "name": "Flood", "version": PROTOCOL_VERSION}))
        for _ in range(500):
            try:
                ws.send(json.dumps({"type": "ping"}))
            except ConnectionClosed:
                break
        got, code = [], None
        try:
            while True:
                got.append(json.loads(ws.recv(timeout=5)))
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
        kinds = [m["type"] for m in got]
        assert kinds[0] == "welcome"
        assert 30 <= kinds.count("pong") <= 60
        assert any(m.get("code") == "rate_limited" for m in got)
        assert code == 1008
        check_games(srv, tables, done, thread)
    finally:
        stack.close()
        thread.join(timeout=40)
        for players in tables:
            close_all(players)
        srv.stop()
