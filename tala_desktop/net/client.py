"""NetTableClient: the TableClient of LAN play, an asyncio websocket loop in a background thread behind queues.

It offers the same methods as the offline ``LocalTableClient`` (``poll``,
``send_move``, ``next_game``, ``request_hint``, ``leave``, ``close``) and
delivers the same per-seat messages, so the table scene is unchanged; the
lobby methods (``list_tables``, ``create_table``, ``join``, ``ready``,
``start``, ``chat``...) add the LAN lobby. Commands never raise: they are
queued to the network thread, and refusals come back as ``error`` messages.
When the connection drops the client reconnects with its resume token for
``reconnect_for`` seconds; if the server stays away, ``poll`` returns
``{"type": "error", "code": "disconnected", ...}`` and the client stops.
Every frame in and out is logged at debug level.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect

from . import protocol as p

log = logging.getLogger(__name__)

FINAL_CODES = {"version", "bad_password", "too_many_connections", "server_shutdown", "replaced", "hello_timeout"}


class NetTableClient:
    """One player's connection to a LAN server; ``seat`` is known once a table is joined."""

    def __init__(self, host: str, port: int, name: str, password: str | None = None, *,
                 resume: str | None = None, reconnect_for: float = 10.0, connect_timeout: float = 5.0,
                 record: bool = False, ping_interval: float | None = 10.0) -> None:
        self.name = p.clean_name(name)          # a bad name raises ValueError here, before any thread starts
        self.host, self.port, self.password = host, port, password
        self.uri = f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"
        self.reconnect_for = reconnect_for
        self.connect_timeout = connect_timeout
        self.ping_interval = ping_interval
        self.seat: int = -1
        self.table_id: int | None = None
        self.game_id = 0
        self.token: str | None = resume          # a token from an earlier connection reclaims that seat
        self.frames: list[str] | None = [] if record else None
        self.connected = threading.Event()
        self.finished = threading.Event()
        self.reconnects = 0
        self._inbox: queue.SimpleQueue[tuple[float, dict[str, Any]]] = queue.SimpleQueue()
        self._closing = False
        self._ws: ClientConnection | None = None
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] = asyncio.Queue()  # binds to the client's loop on first use
        self._stop = asyncio.Event()
        self._thread = threading.Thread(target=self._run, name=f"lan-client-{self.name}", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ TableClient
    def poll(self, now: float) -> list[dict[str, Any]]:
        """Every message received since the last poll, in order (clock deadlines rebased to ``now``)."""
        out: list[dict[str, Any]] = []
        mono = time.monotonic()
        while True:
            try:
                received, msg = self._inbox.get_nowait()
            except queue.Empty:
                return out
            clock = msg.get("clock") if msg.get("type") == "snapshot" else None
            if isinstance(clock, dict) and isinstance(clock.get("remaining"), (int, float)):
                clock["deadline"] = now + clock["remaining"] - (mono - received)
            out.append(msg)

    def send_move(self, move: str) -> None:
        self._send(p.MoveCmd(game_id=self.game_id, move=move))

    def next_game(self) -> None:
        self._send(p.NextGame())

    def request_hint(self) -> None:
        self._send(p.Hint())

    def leave(self) -> None:
        self._send(p.Leave())

    def close(self) -> None:
        """Disconnect (a seat in a game is auto-played until the resume token expires) and end the thread."""
        if self._closing:
            return
        self._closing = True
        if self.finished.is_set():
            self._thread.join(timeout=3)
            return
        coro = self._shutdown()
        try:
            done = asyncio.run_coroutine_threadsafe(coro, self._loop)
        except RuntimeError:  # the loop just ended
            coro.close()
            self._thread.join(timeout=3)
            return
        self._thread.join(timeout=3)
        if not done.done() and not self._thread.is_alive():
            # The loop ended before it ran the shutdown: the coroutine never started, close it unawaited.
            done.cancel()
            with contextlib.suppress(RuntimeError):
                coro.close()

    # ------------------------------------------------------------ lobby
    def list_tables(self) -> None:
        self._send(p.ListTables())

    def create_table(self, **settings: Any) -> None:
        self._send(p.CreateTable, **settings)

    def configure(self, **settings: Any) -> None:
        self._send(p.Configure, **settings)

    def join(self, table: int, seat: int | None = None, password: str | None = None) -> None:
        self._send(p.Join(table=table, seat=seat, password=password))

    def sit(self, seat: int) -> None:
        self._send(p.Sit(seat=seat))

    def ready(self, ready: bool = True) -> None:
        self._send(p.Ready(ready=ready))

    def start(self) -> None:
        self._send(p.Start())

    def chat(self, text: str) -> None:
        self._send(p.Chat, text=text)

    def ping(self) -> None:
        self._send(p.Ping(t=time.monotonic()))

    def send_raw(self, frame: str) -> None:
        """A frame exactly as given (tests use it to check the server's refusals)."""
        self._queue_frame(frame)

    # ------------------------------------------------------------ plumbing
    def _send(self, cmd: Any, **fields: Any) -> None:
        if not isinstance(cmd, msgspec.Struct):
            try:
                cmd = cmd(**fields)
            except (TypeError, ValueError) as exc:
                self._deliver({"type": "error", "code": "invalid", "message": str(exc)})
                return
        self._queue_frame(p.encode_command(cmd))

    def _queue_frame(self, frame: str) -> None:
        if self._closing or self.finished.is_set():
            self._deliver({"type": "error", "code": "disconnected", "message": "not connected to the server"})
            return
        self._loop.call_soon_threadsafe(self._put, frame)

    def _put(self, frame: str) -> None:
        self._outbox.put_nowait(frame)

    def _deliver(self, msg: dict[str, Any]) -> None:
        self._inbox.put((time.monotonic(), msg))

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        except asyncio.CancelledError:
            pass
        finally:
            self.finished.set()
            self._loop.close()

    async def _shutdown(self) -> None:
        self._stop.set()
        if self._ws is not None:
            await self._ws.close()

    async def _main(self) -> None:
        reason = "the server closed the connection"
        lost_at: float | None = None
        while not self._closing:
            try:
                async with connect(self.uri, open_timeout=self.connect_timeout, max_size=2 ** 20,
                                   ping_interval=self.ping_interval, ping_timeout=self.ping_interval,
                                   close_timeout=2, compression=None) as ws:
                    self._ws = ws
                    lost_at = None
                    reason = await self._session(ws)
            except asyncio.CancelledError:
                return
            except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed) as exc:
                reason = f"cannot reach {self.host}:{self.port} ({exc})"
                log.debug("%s: %s", self.name, reason)
            self._ws = None
            self.connected.clear()
            if self._closing or reason.startswith("final:"):
                break
            now = time.monotonic()
            lost_at = lost_at or now
            if self.token is None or now - lost_at >= self.reconnect_for:
                break
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stop.wait(), min(0.2 * 2 ** min(self.reconnects, 4), 2.0))
            self.reconnects += 1
        if not self._closing:
            self._deliver({"type": "error", "code": "disconnected", "message": reason.removeprefix("final:")})

    async def _session(self, ws: ClientConnection) -> str:
        hello = p.Hello(name=self.name, version=p.PROTOCOL_VERSION, password=self.password, resume=self.token)
        await ws.send(p.encode_command(hello))
        writer = asyncio.get_running_loop().create_task(self._write(ws))
        final = ""
        try:
            async for frame in ws:
                if isinstance(frame, bytes):
                    frame = frame.decode("utf-8", "replace")
                log.debug("%s <- %s", self.name, frame)
                if self.frames is not None:
                    self.frames.append(frame)
                try:
                    msg = msgspec.json.decode(frame)
                except msgspec.DecodeError:
                    log.warning("%s: the server sent a frame that is not JSON", self.name)
                    continue
                if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                    continue
                if msg["type"] == "welcome" and not msg.get("resumed") and self.table_id is not None:
                    self.table_id, self.seat = None, -1
                    return "final:the server no longer holds your seat (the reconnect time ran out)"
                inner = msg.get("messages") if msg["type"] == "batch" else [msg]
                for one in inner if isinstance(inner, list) else []:
                    if isinstance(one, dict) and isinstance(one.get("type"), str):
                        self._track(one)
                        if one["type"] == "error" and one.get("code") in FINAL_CODES:
                            final = f"final:{one.get('message', one['code'])}"
                        self._deliver(one)
        except websockets.ConnectionClosed:
            pass
        finally:
            writer.cancel()
        return final or f"lost the connection to {self.host}:{self.port}"

    def _track(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "welcome":
            self.token = msg.get("token")
            self.connected.set()
            if msg.get("resumed"):
                self.table_id, self.seat = msg.get("table"), msg.get("seat", -1)
        elif kind == "lobby":
            self.table_id = msg.get("table", {}).get("id")
            if isinstance(msg.get("you"), int):
                self.seat = msg["you"]
        elif kind == "snapshot":
            self.game_id = msg.get("game_id", self.game_id)
            self.seat = msg.get("seat", self.seat)
        elif kind == "left_table":
            self.table_id, self.seat = None, -1

    async def _write(self, ws: ClientConnection) -> None:
        while True:
            frame = await self._outbox.get()
            log.debug("%s -> %s", self.name, frame)
            try:
                await ws.send(frame)
            except websockets.ConnectionClosed:
                self._outbox.put_nowait(frame)  # resent after the reconnect
                return
