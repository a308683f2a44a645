"""One websocket connection of the server: its bounded send queue and the writer task that drains it.

A ``Conn`` never makes its caller wait: ``send`` writes the frame to the
socket at once when nothing waits before it and the socket takes it (the
transport holds nothing unsent: a client that reads keeps it so), else
queues it for the connection's own writer task, which sends in order and
waits for the socket; a client that stays behind (too many frames or bytes
waiting, or no frame taken for ``stall_seconds``) is dropped at once, its
queue freed. Who is behind the connection is the server core's to know
(net/sessions.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

import websockets
from websockets.asyncio.server import ServerConnection, broadcast
from websockets.protocol import State

from .limits import ServerConfig

log = logging.getLogger(__name__)


class Conn:
    """One websocket connection: a bounded send queue (frames and bytes) and a writer task."""

    def __init__(self, ws: ServerConnection, addr: str, config: ServerConfig, now: float) -> None:
        self.ws = ws
        self.addr = addr
        self.config = config
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=config.send_queue)
        self.queued_bytes = 0                 # characters waiting in the queue (frames are mostly ASCII)
        self.closing = False
        self._loop = asyncio.get_running_loop()
        self._writing = False
        self._progress = now                  # when the writer last finished a frame (or found nothing to do)
        self.writer = self._loop.create_task(self._write())

    def send(self, frame: str) -> None:
        """Queue ``frame`` for the writer; a client that stays behind (bytes, frames or time) is dropped."""
        if self.closing:
            return
        if not self._writing and self.queue.empty():
            ws = self.ws
            if ws.protocol.state is State.OPEN and not ws.transport.get_write_buffer_size():
                broadcast((ws,), frame)   # written now, without a turn of the writer task: nothing waits
                return
            self._progress = self._loop.time()    # the writer's time to take it runs from now
        elif (now := self._loop.time()) - self._progress > self.config.stall_seconds:
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
