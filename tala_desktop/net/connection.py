"""Connections and sessions: a websocket's bounded send queue and writer, and the player identity behind it.

A ``Conn`` never makes its caller wait: ``send`` queues the frame for the
connection's own writer task, and a client that stays behind (too many
frames or bytes waiting, or no frame taken for ``stall_seconds``) is dropped
at once, its queue freed. A ``Session`` outlives its connection: name, resume
token, table and seat, and when it dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

import websockets
from websockets.asyncio.server import ServerConnection

from .limits import ServerConfig, TokenBucket

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger(__name__)

FrameHook = Callable[["Session | None", str], None]  # sees every frame as it is queued (tests record them)
POLICY, GOING_AWAY = 1008, 1001


class Conn:
    """One websocket connection: a bounded send queue (frames and bytes), a writer task and a rate limiter."""

    def __init__(self, ws: ServerConnection, addr: str, config: ServerConfig, now: float,
                 hook: FrameHook | None = None) -> None:
        self.ws = ws
        self.hook = hook
        self.addr = addr
        self.config = config
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=config.send_queue)
        self.queued_bytes = 0                 # characters waiting in the queue (frames are mostly ASCII)
        self.bucket = TokenBucket(config.rate, config.burst, now)
        self.chat_bucket = TokenBucket(config.chat_rate, config.chat_burst, now)
        self.refused = 0
        self.closing = False
        self.session: Session | None = None
        self._loop = asyncio.get_running_loop()
        self._writing = False
        self._progress = now                  # when the writer last finished a frame (or found nothing to do)
        self.writer = self._loop.create_task(self._write())

    def send(self, frame: str) -> None:
        """Queue ``frame`` for the writer; a client that stays behind (bytes, frames or time) is dropped."""
        if self.closing:
            return
        if self.hook is not None:
            self.hook(self.session, frame)
        now = self._loop.time()
        if not self._writing and self.queue.empty():
            self._progress = now
        elif now - self._progress > self.config.stall_seconds:
            self._drop(f"has not taken a frame for {now - self._progress:.0f} s")
            return
        if self.queued_bytes + len(frame) > self.config.send_queue_bytes:
            self._drop(f"has {self.queued_bytes} bytes waiting")
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self._drop(f"has {self.queue.qsize()} frames waiting")
            return
        self.queued_bytes += len(frame)

    def _drop(self, why: str) -> None:
        log.warning("%s is not reading its messages (it %s); dropping it", self.addr, why)
        self.closing = True
        self.ws.transport.abort()  # what is queued can never reach it: free it all now

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Finish sending what is queued, then close (never awaited by the caller)."""
        if self.closing:
            return
        self.closing = True
        self._close_args = (code, reason)
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.ws.transport.abort()  # stuck: nothing more can reach it anyway

    async def _write(self) -> None:
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    await self.ws.close(*getattr(self, "_close_args", (1000, "")))
                    return
                self.queued_bytes -= len(frame)
                self._writing = True
                await self.ws.send(frame)
                self._writing = False
                self._progress = self._loop.time()
        except websockets.ConnectionClosed:
            pass
        finally:
            self._writing = False
            while not self.queue.empty():  # nothing more goes out: let the frames go
                self.queue.get_nowait()
            self.queued_bytes = 0

    def limit_kernel_buffer(self) -> None:
        """Cap the kernel's send buffer for this socket, so a client that never reads holds little memory there."""
        sock = self.ws.transport.get_extra_info("socket")
        if sock is not None and self.config.send_buffer > 0:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.config.send_buffer)


class Session:
    """A player identity that outlives one connection: name, resume token, table and seat."""

    def __init__(self, name: str, addr: str, token_hash: str | None = None) -> None:
        self.name = name
        self.avatar: int | None = None        # the avatar its hello chose (the latest hello's)
        self.addr = addr                      # where it connected from (kept after a drop: it counts tables)
        # a seat resumed from the state file knows only its token's hash until the player brings the token
        self.token = secrets.token_urlsafe(24) if token_hash is None else "#" + token_hash
        self._hash = (token_hash, self.token) if token_hash is not None else None
        self.conn: Conn | None = None
        self.room: Room[Session] | None = None  # the table it is at (the server's to keep; the seat is the room's)
        self.dropped_at: float | None = None
        self.browsing = False                 # asked for the table list: gets its updates until it sits

    @property
    def token_hash(self) -> str:
        """SHA-256 of the resume token (what the server's state file keeps instead of the token)."""
        if self._hash is None or self._hash[1] != self.token:
            self._hash = (hashlib.sha256(self.token.encode()).hexdigest(), self.token)
        return self._hash[0]

    @property
    def seat(self) -> int | None:
        """Where it sits at its table (None: it watches, or is at no table)."""
        return self.room.seat_index(self) if self.room is not None else None

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closing

    def send(self, frame: str) -> None:
        if self.conn is not None:
            self.conn.send(frame)


def restored_key(token: str) -> str:
    """Where a seat resumed from the state file waits among the sessions for ``token`` ('#' is no token char)."""
    return "#" + hashlib.sha256(token.encode()).hexdigest()
