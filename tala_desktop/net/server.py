"""The LAN server on websockets: a thin adapter that feeds the sans-I/O ``ServerCore`` and sends what it answers.

Built on the ``websockets`` library, which does the framing, the ping/pong
keepalive (a silent client is dropped after ``ping_timeout``) and the frame
size limit. Every connection gets an id; its frames go to
``ServerCore.receive``, its end to ``ServerCore.disconnect``, and a timer
calls ``ServerCore.tick``. What the core returns is queued on each
connection's own bounded send queue, drained by its own writer task
(net/connection.py), so the core never awaits a client: a client whose
queue overflows is dropped, and the core is told. The state file's
writes the core asks for are done here, before the frames after them are
queued (net/state_file.py); the calls of one turn of the event loop share
one transaction (a group commit, done at the end of the turn: every frame
of those calls waits for it, in order). All game state lives in
the core, which only this event loop touches; bots think in the tables'
worker threads. ``start_in_thread`` (net/host.py) runs a server in a
background thread of the app.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import Any

import websockets
from websockets.asyncio.server import Server, ServerConnection, serve

from .connection import Conn
from .core import ServerCore
from .discovery import Beacon
from .limits import ServerConfig
from .loop_errors import AcceptErrors
from .sessions import ClearTables, Close, FrameHook, Outgoing, SaveTables
from .state_file import StateFile, open_state

log = logging.getLogger(__name__)


class TalaServer:
    """Serves a ``ServerCore`` (up to ``config.max_tables`` rooms) over websockets."""

    def __init__(self, config: ServerConfig | None = None, frame_hook: FrameHook | None = None) -> None:
        self.config = config or ServerConfig()
        self.core = ServerCore(self.config, frame_hook)
        self.conns: dict[int, Conn] = {}
        self._ids = itertools.count(1)
        self._server: Server | None = None
        self._ticker: asyncio.Task | None = None
        self._beacon: Beacon | None = None
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.accept_errors = AcceptErrors()      # accept() at the descriptor limit: a line a minute, counted
        self.state_file: StateFile | None = None   # where the core's writes go (None: the server keeps none)
        self._held: Outgoing = []                # what waits for this turn's writes, in order (see _deliver)

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> int:
        c = self.config
        self.loop = asyncio.get_running_loop()
        self.accept_errors.install(self.loop)
        self.state_file, kept = open_state(c)
        self._deliver(self.core.restore(self.loop.time(), kept))
        self._flush()
        self._server = await serve(self._handle, c.host, c.port, max_size=c.max_message, ping_interval=c.ping_interval,
                                   ping_timeout=c.ping_timeout, close_timeout=2, compression=None)
        self.port = self._server.sockets[0].getsockname()[1]
        self._ticker = self.loop.create_task(self._tick_forever())
        if c.announce:
            self._beacon = Beacon(c.announce_target, c.announce_every, self._beacon_info, self.core.identity)
            await self._beacon.start()
        log.info("serving %r on %s:%d (%d tables at most)", c.name, c.host, self.port, c.max_tables)
        return self.port

    async def stop(self, reason: str = "shutdown", who: str | None = None) -> None:
        """Tell every client who closes the server and why (``closing``: shutdown, host_left, host_quit), close
        their connections, stop the tables."""
        if self._beacon is not None:
            self._beacon.stop()
        if self._ticker is not None:
            self._ticker.cancel()
        self._deliver(self.core.shutdown(reason, who))
        self._flush()
        if self.state_file is not None:
            self.state_file.close()
            self.state_file = None
        writers = [c.writer for c in self.conns.values()]
        if writers:
            await asyncio.wait(writers, timeout=3)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self.loop is not None:
            self.accept_errors.uninstall(self.loop)
        log.info("server stopped")

    def _beacon_info(self) -> dict[str, Any]:
        rooms = list(self.core.rooms.values())
        return {"name": self.config.name, "host_name": self.config.host_name, "port": self.port,
                "players": sum(len(r.roster.members()) for r in rooms),
                "tables": len(rooms), "password": bool(self.config.password),
                "pin": any(r.settings.password for r in rooms),
                "bet": rooms[0].settings.bet if rooms else None,
                "open": sum(1 for r in rooms if not r.playing and r.seats.free())}

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        conn_id = next(self._ids)
        conn = Conn(ws, addr, self.config, loop.time())
        conn.limit_kernel_buffer()
        self.conns[conn_id] = conn
        try:
            self._deliver(self.core.connect(conn_id, addr, loop.time()))
            if not conn.closing:
                async for frame in ws:
                    if conn.closing:
                        break
                    self._deliver(self.core.receive(conn_id, frame, loop.time()))
        except websockets.ConnectionClosed:
            pass
        finally:
            self.conns.pop(conn_id, None)
            conn.close()
            self._deliver(self.core.disconnect(conn_id, loop.time()))
        await asyncio.wait([conn.writer], timeout=3)

    def _deliver(self, out: Outgoing) -> None:
        """What the core answered: its state file writes are done at the end of this turn of the loop, in one
        transaction with the other calls' of the turn, and its frames wait for them in order (so do the frames of a
        call without writes while some wait); a call without writes, when nothing waits, is sent at once."""
        if not out:
            return
        if not self._held and not isinstance(out[0], SaveTables | ClearTables):   # (the core puts its writes first)
            self._send(out)
            return
        if not self._held and self.loop is not None:
            self.loop.call_soon(self._flush)
        self._held.extend(out)

    def _flush(self) -> None:
        """Do the writes that wait (a write the disk refused is told to the core), then send their frames."""
        held, self._held = self._held, []
        writes = [item for item in held if isinstance(item, SaveTables | ClearTables)]
        if writes and self.state_file is not None and not self.state_file.perform_all(writes, self._now()):
            for write in writes:
                self.core.not_written(write)
        self._send(held)

    def _send(self, out: Outgoing) -> None:
        """Queue the core's frames on their connections (a connection found stuck is told to the core)."""
        for item in out:
            if isinstance(item, SaveTables | ClearTables):
                continue
            conn_id, frame = item
            conn = self.conns.get(conn_id)
            if conn is None:
                continue
            if isinstance(frame, Close):
                conn.close(frame.code, frame.reason)
            else:
                conn.send(frame)
                if conn.closing:
                    self.core.stuck(conn_id)

    def _now(self) -> float:
        return self.loop.time() if self.loop is not None else 0.0

    # ------------------------------------------------------------ the tick
    async def _tick_forever(self) -> None:
        assert self.loop is not None
        while True:
            await asyncio.sleep(self.config.tick)
            self.tick(self.loop.time())

    def tick(self, now: float) -> None:
        self._deliver(self.core.tick(now))
