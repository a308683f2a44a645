"""Clients that never read: their queued bytes are bounded, a stalled one is dropped, the table list is encoded once."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

from websockets.sync.client import connect

from tala_desktop.net.connection import Conn
from tala_desktop.net.host import start_in_thread
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.protocol import PROTOCOL_VERSION
from tests.loops import poll_until

from .conftest import FAST, hear, raw, say
from .test_server_units import StuckSocket


def test_queued_bytes_are_bounded_not_only_frames():
    async def run() -> tuple[bool, bool, int, int]:
        ws: Any = StuckSocket()   # stands in for a websockets ServerConnection
        conn = Conn(ws, "127.0.0.1", ServerConfig(send_queue=512, send_queue_bytes=10_000), 0.0)
        await asyncio.sleep(0)            # (a yield, not a wait: the writer task starts)
        frame = '{"type":"tables","tables":"' + "x" * 2_000 + '"}'
        sent = 0
        while not conn.closing and sent < 100:
            conn.send(frame)
            sent += 1
        most = conn.queued_bytes
        conn.writer.cancel()
        await asyncio.sleep(0)
        return ws.aborted, sent < 10, most, conn.queued_bytes

    aborted, early, most, left = asyncio.run(run())
    assert aborted and early and most <= 10_000 and left == 0


def test_a_client_whose_writer_makes_no_progress_is_dropped_at_the_next_frame(monkeypatch):
    async def run() -> tuple[bool, bool]:
        ws: Any = StuckSocket()   # stands in for a websockets ServerConnection
        conn = Conn(ws, "127.0.0.1", ServerConfig(stall_seconds=0.05), 0.0)
        await asyncio.sleep(0)            # (a yield, not a wait: the writer task starts)
        conn.send('{"type":"pong"}')      # the writer takes it and never gets it out
        await asyncio.sleep(0)
        conn.send('{"type":"pong"}')
        early = conn.closing
        loop = asyncio.get_running_loop()
        later = loop.time() + 0.08        # the connection reads the loop's clock: stepped past stall_seconds
        monkeypatch.setattr(loop, "time", lambda: later)
        conn.send('{"type":"pong"}')
        conn.writer.cancel()
        return early, conn.closing and ws.aborted

    early, dropped = asyncio.run(run())
    assert not early and dropped


def test_repeated_table_lists_share_one_encoding():
    frames: list[str] = []
    srv = start_in_thread(frame_hook=lambda session, frame: frames.append(frame), **FAST)
    try:
        with raw(srv.port) as host, raw(srv.port) as browser:
            say(host, type="hello", name="An", version=PROTOCOL_VERSION)
            say(browser, type="hello", name="Bình", version=PROTOCOL_VERSION)
            say(host, type="create_table", seats=3)
            hear(host, "lobby")
            for _ in range(3):
                say(browser, type="list_tables")
                hear(browser, "tables")
            lists = [f for f in frames if f.startswith('{"type":"tables"')]
            assert len(lists) >= 3 and all(f is lists[-1] for f in lists[-3:])
            say(host, type="ready", ready=False)   # a change: the lists after it are a new encoding
            # the host's "lobby" heard may be an earlier one, so the browser asks until the change has landed
            def ask() -> None:               # the host's change reaches the server on another socket
                say(browser, type="list_tables")
                hear(browser, "tables")

            poll_until(lambda: [f for f in frames if f.startswith('{"type":"tables"')][-1] is not lists[-1], ask,
                       timeout=2.0, pause=0.05, what="a list made after the host's change")
    finally:
        srv.stop()


def test_a_client_that_never_reads_is_dropped_before_much_is_queued_for_it():
    """It asks for a big table list as fast as it may and reads nothing: the server stops at the byte bound."""
    sent: dict[str, int] = {"bytes": 0}

    def hook(session, frame: str) -> None:
        if session is not None and session.name == "Lười":
            sent["bytes"] += len(frame)

    bound = 64 * 1024
    srv = start_in_thread(frame_hook=hook, rate=10_000.0, burst=10_000.0, send_queue_bytes=bound,
                          send_buffer=8 * 1024, max_tables_per_address=8, **FAST)
    stack = contextlib.ExitStack()
    try:
        for i in range(8):   # eight tables make the list about 5 KB
            ws = stack.enter_context(raw(srv.port))
            say(ws, type="hello", name=f"Chủ bàn {i}", version=PROTOCOL_VERSION)
            say(ws, type="create_table", seats=4, bots=["hard", "easy", "normal", "random"])
            hear(ws, "lobby")
        lazy = socket.create_connection(("127.0.0.1", srv.port), source_address=("127.0.0.5", 0))
        lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        ws = stack.enter_context(connect(f"ws://127.0.0.1:{srv.port}/", sock=lazy, open_timeout=5, proxy=None,
                                         compression=None, max_queue=1, ping_interval=None, close_timeout=1))
        say(ws, type="hello", name="Lười", version=PROTOCOL_VERSION)
        def dropped() -> bool:               # the server drops it on its own thread, over a socket
            try:
                for _ in range(50):
                    say(ws, type="list_tables")
            except Exception:  # noqa: BLE001 - the server hung up on it: that is the point
                return True
            return srv.call(lambda: not any(s.name == "Lười" and s.connected
                                            for s in srv.server.core.sessions.values()))

        poll_until(dropped, timeout=10, pause=0.01, what="the server to drop a client that never reads")
        # what the server took on for it: the queue bound, plus what the kernel and the transport held
        assert sent["bytes"] <= bound + 512 * 1024, sent
    finally:
        stack.close()
        srv.stop()
