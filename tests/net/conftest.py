"""LAN test helpers: a server on 127.0.0.1 port 0 in a thread, clients, a move chooser and bounded game loops."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tala_desktop.engine import Move, MoveKind
from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.host import ServerThread, start_in_thread
from tala_desktop.table.messages import Error, Snapshot
from tests.loops import poll_until

# fast bots and ticks, no wait for a deal to be shown (these clients draw nothing); the per-address budget raised,
# as every test client shares 127.0.0.1
FAST: dict[str, Any] = dict(host="127.0.0.1", port=0, bot_delay=0.0, tick=0.02, seed=11, hard_budget_ms=20.0,
                            address_rate=10_000.0, address_burst=10_000.0, deal_wait=0.0)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    srv = start_in_thread(**FAST)
    yield srv
    srv.stop()


def make_client(srv: ServerThread, name: str, **kw: Any) -> NetTableClient:
    return NetTableClient("127.0.0.1", srv.port, name, reconnect_for=kw.pop("reconnect_for", 5.0), **kw)


def choose(legal: list[Move]) -> Move:
    """The test players' policy: Ù, then eat, lay the first listed lay, draw, then the first discard."""
    for kind in (MoveKind.U, MoveKind.UKHAN, MoveKind.EAT, MoveKind.LAY, MoveKind.DRAW, MoveKind.DISCARD):
        for m in legal:
            if m.kind is kind:
                return m
    return legal[0]


def kind_of(msg: msgspec.Struct) -> str:
    """A received message's ``type`` on the wire ("disconnected" for the client's own notice)."""
    tag = type(msg).__struct_config__.tag
    return tag if isinstance(tag, str) else "disconnected"


class Player:
    """A client plus what it has seen: its messages, its last snapshot, and whether it waits for an answer."""

    def __init__(self, client: NetTableClient) -> None:
        self.client = client
        self.messages: list[p.ClientMessage] = []
        self.snap: Snapshot | None = None
        self.waiting = False
        self.errors: list[Error | p.Disconnected] = []
        self.auto = True

    def pump(self) -> list[p.ClientMessage]:
        msgs = self.client.poll(time.monotonic())
        for m in msgs:
            self.messages.append(m)
            if isinstance(m, Snapshot):
                self.snap = m
                self.waiting = False
            elif isinstance(m, (Error, p.Disconnected)):
                self.errors.append(m)
                self.waiting = False
        return msgs

    def act(self) -> bool:
        s = self.snap
        if not self.auto or self.waiting or s is None or s.outcome is not None:
            return False
        if s.to_move == s.seat and s.legal:
            self.client.send_move(choose(s.legal))
            self.waiting = True
            return True
        return False

    def last(self, kind: str) -> Any:
        """The last message of ``kind`` (its wire ``type``), or None."""
        return next((m for m in reversed(self.messages) if kind_of(m) == kind), None)

    def codes(self) -> list[str]:
        """The codes of the refusals received, in order ("disconnected" for the end of the connection)."""
        return [e.code if isinstance(e, Error) else "disconnected" for e in self.errors]


def pump_until(players: list[Player], cond: Callable[[], bool], timeout: float = 10.0, act: bool = True) -> None:
    """Poll (and let the players move) until ``cond()``; fails after ``timeout`` seconds."""
    def step() -> None:
        for pl in players:
            pl.pump()
            if act:
                pl.act()

    poll_until(cond, step, timeout, pause=0.002, what=f"the players' condition ({timeout} s)")


def game_over(players: list[Player], game_id: int = 1) -> Callable[[], bool]:
    return lambda: all(pl.snap is not None and pl.snap.game_id == game_id and pl.snap.outcome is not None
                       for pl in players)


def seat_table(srv: ServerThread, names: list[str], seats: int | None = None, **settings: Any) -> list[Player]:
    """Connect ``names``; the first creates a table, the others join; everyone ready; the host starts."""
    players = [Player(make_client(srv, n)) for n in names]
    host = players[0]
    host.client.create_table(seats=seats or len(names), **settings)
    pump_until(players[:1], lambda: host.last("lobby") is not None, act=False)
    table_id = host.last("lobby").table.id
    for pl in players[1:]:
        pl.client.join(table_id)
        pl.client.ready()
    pump_until(players, lambda: all(pl.last("lobby") is not None for pl in players) and len(
        [s for s in host.last("lobby").table.seats if s.ready and s.kind == "player"]) == len(names),
        act=False)
    host.client.start()
    pump_until(players, lambda: all(pl.snap is not None for pl in players), act=False)
    return players


def close_all(players: list[Player]) -> None:
    for pl in players:
        pl.client.close()


@contextlib.contextmanager
def raw(port: int, source: str = "127.0.0.1", **kw: Any) -> Iterator[ClientConnection]:
    """A bare websocket from ``source`` (any 127.0.0.x is this machine: tests use them as other addresses)."""
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=5, source_address=(source, 0), proxy=None,
                 compression=None, **kw) as ws:
        yield ws


def say(ws: ClientConnection, **cmd: Any) -> None:
    ws.send(json.dumps(cmd))


def hear(ws: ClientConnection, kind: str | None = None, timeout: float = 5.0) -> dict[str, Any]:
    """The next message (of type ``kind``: others are skipped; batches are looked into)."""
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        for one in msg["messages"] if msg["type"] == "batch" and kind != "batch" else [msg]:
            if kind is None or one["type"] == kind:
                return one


def until_closed(ws: ClientConnection, timeout: float = 5.0) -> tuple[list[dict[str, Any]], int | None]:
    """Every message until the server closes the connection, and the close code."""
    got = []
    try:
        while True:
            got.append(json.loads(ws.recv(timeout=timeout)))
    except ConnectionClosed as exc:
        return got, exc.rcvd.code if exc.rcvd else None
