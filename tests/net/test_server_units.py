"""Server pieces on their own: the token bucket, a client's send queue (stuck, or read), a seat taken over by a newer
one."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from websockets.protocol import State

from tala_desktop.net.client import NetTableClient
from tala_desktop.net.connection import Conn
from tala_desktop.net.limits import AddressBook, ServerConfig, TokenBucket

from .conftest import Player, close_all, pump_until, seat_table


def test_token_bucket_allows_bursts_then_the_rate():
    bucket = TokenBucket(rate=10, burst=5, now=0.0)
    assert [bucket.take(0.0) for _ in range(6)] == [True] * 5 + [False]
    assert bucket.take(0.05) is False       # half a token back
    assert bucket.take(0.1) is True         # one token back after 0.1 s
    assert sum(bucket.take(10.0) for _ in range(10)) == 5  # never more than the burst


def test_an_addresss_chat_budget_is_its_own_and_refills_at_its_rate():
    book = AddressBook(ServerConfig(address_chat_rate=2.0, address_chat_burst=2.0, address_rate=1.0, address_burst=1.0))
    assert [book.take_chat("10.0.0.1", 0.0) for _ in range(3)] == [True, True, False]
    assert book.take("10.0.0.1", 0.0)                    # the command budget is another one
    assert book.take_chat("10.0.0.2", 0.0)               # another address has its own
    assert book.take_chat("10.0.0.1", 0.5)               # one line back after half a second


class StuckSocket:
    """A websocket whose peer never reads: bytes wait in its transport, and send() never returns."""

    def __init__(self) -> None:
        self.aborted = False
        self.transport = self
        self.protocol = SimpleNamespace(state=State.OPEN)

    def get_write_buffer_size(self) -> int:
        return 1

    async def send(self, frame: str) -> None:
        await asyncio.Event().wait()

    async def close(self, *args) -> None:
        await asyncio.Event().wait()

    def abort(self) -> None:
        self.aborted = True


def test_a_client_that_stops_reading_is_dropped_without_blocking_the_sender():
    async def run() -> tuple[bool, bool, int]:
        ws: Any = StuckSocket()   # stands in for a websockets ServerConnection
        conn = Conn(ws, "127.0.0.1", ServerConfig(send_queue=4), 0.0)
        await asyncio.sleep(0)           # the writer takes the first frame and gets stuck in send()
        for i in range(10):              # never awaits: the table tick would go on
            conn.send(f'{{"type": "pong", "t": {i}}}')
        conn.writer.cancel()
        return conn.closing, ws.aborted, conn.queue.qsize()

    closing, aborted, queued = asyncio.run(run())
    assert closing and aborted and queued == 4


def test_a_newer_connection_with_the_token_takes_the_seat_over(server):
    players = seat_table(server, ["An", "Bình"])
    a = players[0]
    try:
        for pl in players:
            pl.auto = False
        twin = Player(NetTableClient("127.0.0.1", server.port, "An", resume=a.client.token))
        pump_until([twin], lambda: twin.snap is not None, act=False)
        assert twin.last("welcome").resumed and twin.snap.hand == a.snap.hand
        pump_until([a], lambda: "disconnected" in a.codes(), act=False)
        assert a.codes() == ["replaced", "disconnected"]
        assert a.client.reconnects == 0  # a replaced connection does not fight back
        players.append(twin)
    finally:
        close_all(players)


class TakingSocket:
    """A websocket whose peer reads: what is written goes out at once (``waiting``: bytes its transport still holds),
    in the order written, by ``broadcast`` (``send_text``) or by the writer task (``send``)."""

    def __init__(self) -> None:
        self.transport = self
        self.protocol = self
        self.state = State.OPEN
        self.send_in_progress = None
        self.waiting = 0
        self.written: list[str] = []

    def get_write_buffer_size(self) -> int:
        return self.waiting

    def send_text(self, data: bytes, fin: bool = True) -> None:
        self.written.append(data.decode())

    def send_data(self) -> None:
        pass

    async def send(self, frame: str) -> None:
        self.written.append(frame)


def test_a_frame_goes_out_at_once_unless_others_wait_before_it():
    async def run() -> list[tuple[list[str], int]]:
        ws: Any = TakingSocket()   # stands in for a websockets ServerConnection
        conn = Conn(ws, "127.0.0.1", ServerConfig(), 0.0)
        seen = []
        conn.send("a")                   # the socket takes it: written now, not a turn of the writer later
        seen.append((list(ws.written), conn.queue.qsize()))
        ws.waiting = 100                 # bytes wait in the transport: the next frames wait for the writer
        conn.send("b")
        conn.send("c")
        ws.waiting = 0
        conn.send("d")                   # the socket is free, but b and c wait before it
        seen.append((list(ws.written), conn.queue.qsize()))
        for _ in range(5):
            await asyncio.sleep(0)
        conn.send("e")
        seen.append((list(ws.written), conn.queue.qsize()))
        conn.writer.cancel()
        return seen

    assert asyncio.run(run()) == [(["a"], 0), (["a"], 3), (["a", "b", "c", "d", "e"], 0)]
