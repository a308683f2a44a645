"""Connections and sessions: a websocket's bounded send queue and writer, and the player identity behind it.

A ``Conn`` never makes its caller wait: ``send`` queues the frame for the
connection's own writer task, and a client whose queue overflows (it stopped
reading) is dropped. A ``Session`` outlives its connection: name, resume
token, table and seat, and when it dropped.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
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
    """One websocket connection: a bounded send queue, a writer task and a rate limiter."""

    def __init__(self, ws: ServerConnection, addr: str, config: ServerConfig, now: float,
                 hook: FrameHook | None = None) -> None:
        self.ws = ws
        self.hook = hook
        self.addr = addr
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=config.send_queue)
        self.bucket = TokenBucket(config.rate, config.burst, now)
        self.refused = 0
        self.closing = False
        self.session: Session | None = None
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, frame: str) -> None:
        if self.closing:
            return
        if self.hook is not None:
            self.hook(self.session, frame)
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            log.warning("%s is not reading its messages; dropping it", self.addr)
            self.close(POLICY, "too slow")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Finish sending what is queued, then close (never awaited by the caller)."""
        if self.closing:
            return
        self.closing = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.ws.transport.abort()  # stuck: nothing more can reach it anyway
            return
        self._close_args = (code, reason)

    async def _write(self) -> None:
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    await self.ws.close(*getattr(self, "_close_args", (1000, "")))
                    return
                await self.ws.send(frame)
        except websockets.ConnectionClosed:
            pass


class Session:
    """A player identity that outlives one connection: name, resume token, table and seat."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.token = secrets.token_urlsafe(24)
        self.conn: Conn | None = None
        self.room: Room | None = None
        self.seat: int | None = None
        self.dropped_at: float | None = None
        self.browsing = False                 # asked for the table list: gets its updates until it sits

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closing

    def send(self, frame: str) -> None:
        if self.conn is not None:
            self.conn.send(frame)
