"""The LAN server: accepts connections, checks hello and limits, dispatches commands to rooms, ticks the tables.

Built on the ``websockets`` library, which does the framing, the ping/pong
keepalive (a silent client is dropped after ``ping_timeout``) and the frame
size limit. Each connection has its own bounded send queue drained by its
own writer task (net/connection.py), so the table tick and the command
handlers never await a client: a client whose queue overflows is dropped. All game state lives in
``Room`` objects that only this event loop touches; bots think in the
tables' worker threads. ``start_in_thread`` (net/host.py) runs a server in a
background thread of the app.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections import Counter
from typing import Any

import websockets
from websockets.asyncio.server import Server, ServerConnection, serve

from . import protocol as p
from .connection import GOING_AWAY, POLICY, Conn, FrameHook, Session
from .discovery import Beacon
from .limits import ServerConfig
from .rooms import Room, RoomError

log = logging.getLogger(__name__)


class TalaServer:
    """Hosts up to ``config.max_tables`` rooms for clients speaking the protocol of net/protocol.py."""

    def __init__(self, config: ServerConfig | None = None, frame_hook: FrameHook | None = None) -> None:
        self.config = config or ServerConfig()
        self.frame_hook = frame_hook
        self.rooms: dict[int, Room] = {}
        self.server_id = secrets.token_hex(8)  # this instance: clients tell a restart from an expired seat by it
        self.sessions: dict[str, Session] = {}
        self.conns: set[Conn] = set()
        self.per_addr: Counter[str] = Counter()
        self._next_room = 1
        self._tables_dirty = False
        self._tables_sent = 0.0
        self._server: Server | None = None
        self._ticker: asyncio.Task | None = None
        self._beacon: Beacon | None = None
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> int:
        c = self.config
        self.loop = asyncio.get_running_loop()
        self._server = await serve(self._handle, c.host, c.port, max_size=c.max_message, ping_interval=c.ping_interval,
                                   ping_timeout=c.ping_timeout, close_timeout=2, compression=None)
        self.port = self._server.sockets[0].getsockname()[1]
        self._ticker = self.loop.create_task(self._tick_forever())
        if c.announce:
            self._beacon = Beacon(c.announce_target, c.announce_every, self._beacon_info)
            await self._beacon.start()
        log.info("serving %r on %s:%d (%d tables at most)", c.name, c.host, self.port, c.max_tables)
        return self.port

    async def stop(self, reason: str = "the server is shutting down") -> None:
        """Tell every client, close their connections, stop the tables."""
        if self._beacon is not None:
            self._beacon.stop()
        if self._ticker is not None:
            self._ticker.cancel()
        for conn in list(self.conns):
            conn.send(p.error("server_shutdown", reason))
            conn.close(GOING_AWAY, "server shutdown")
        writers = [c.writer for c in self.conns]
        if writers:
            await asyncio.wait(writers, timeout=3)
        for room in list(self.rooms.values()):
            room.close()
        self.rooms.clear()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        log.info("server stopped")

    def _beacon_info(self) -> dict[str, Any]:
        rooms = list(self.rooms.values())
        return {"name": self.config.name, "port": self.port, "players": sum(len(r.members()) for r in rooms),
                "tables": len(rooms), "password": bool(self.config.password),
                "bet": rooms[0].settings.bet if rooms else None,
                "open": sum(1 for r in rooms if not r.playing and None in r.seats)}

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        conn = Conn(ws, addr, self.config, loop.time(), self.frame_hook)
        if self.per_addr[addr] >= self.config.max_per_address:
            conn.send(p.error("too_many_connections", f"at most {self.config.max_per_address} connections per address"))
            conn.close(POLICY, "too many connections")
            await conn.writer
            return
        self.per_addr[addr] += 1
        self.conns.add(conn)
        hello_timer = loop.call_later(self.config.hello_timeout, self._hello_timeout, conn)
        try:
            async for frame in ws:
                if conn.closing:
                    break
                self._receive(conn, frame, loop.time())
                if conn.session is not None:
                    hello_timer.cancel()
        except websockets.ConnectionClosed:
            pass
        finally:
            hello_timer.cancel()
            self.conns.discard(conn)
            self.per_addr[addr] -= 1
            if self.per_addr[addr] <= 0:
                del self.per_addr[addr]
            conn.close()
            self._dropped(conn, loop.time())
        await asyncio.wait([conn.writer], timeout=3)

    def _hello_timeout(self, conn: Conn) -> None:
        if conn.session is None:
            conn.send(p.error("hello_timeout", "send hello first"))
            conn.close(POLICY, "no hello")

    def _dropped(self, conn: Conn, now: float) -> None:
        s = conn.session
        if s is None or s.conn is not conn:
            return
        s.conn = None
        s.dropped_at = now
        log.info("%s (%s) dropped", s.name, conn.addr)
        if s.room is None:
            self.sessions.pop(s.token, None)
        elif s.room.playing:
            s.room.member_dropped(now)
        else:
            self._leave(s, now)  # a lobby seat is simply freed
            self.sessions.pop(s.token, None)

    def _receive(self, conn: Conn, frame: str | bytes, now: float) -> None:
        if not conn.bucket.take(now):
            conn.refused += 1
            if conn.refused == 1 or conn.refused % 10 == 0:
                conn.send(p.error("rate_limited", f"at most {self.config.rate:g} messages a second"))
            if conn.refused >= self.config.flood_close:
                log.warning("%s flooded; closing it", conn.addr)
                conn.close(POLICY, "flooding")
            return
        try:
            cmd = p.decode_command(frame)
        except p.ProtocolError as exc:
            conn.send(p.error(exc.code, str(exc)))
            return
        log.debug("%s <- %r", conn.addr, cmd)
        if conn.session is None:
            if not isinstance(cmd, p.Hello):
                conn.send(p.error("hello_first", "the first command must be hello"))
                return
            self._hello(conn, cmd, now)
            return
        if isinstance(cmd, p.Hello):
            conn.send(p.error("already_welcome", "hello was already sent on this connection"))
            return
        try:
            self._dispatch(conn.session, cmd, now)
        except RoomError as exc:
            conn.send(p.error(exc.code, str(exc)))
        except Exception:  # noqa: BLE001 - one bad command must not take the server down
            log.exception("command %r failed", cmd)
            conn.send(p.error("internal", "the server could not do that"))

    def _hello(self, conn: Conn, cmd: p.Hello, now: float) -> None:
        c = self.config
        if cmd.version != p.PROTOCOL_VERSION:
            conn.send(p.error("version", f"this server speaks protocol {p.PROTOCOL_VERSION}, not {cmd.version}"))
            conn.close(POLICY, "protocol version")
            return
        if c.password and not hmac.compare_digest((cmd.password or "").encode(), c.password.encode()):
            conn.send(p.error("bad_password", "wrong server password"))
            conn.close(POLICY, "password")
            return
        session = self.sessions.get(cmd.resume) if cmd.resume else None
        resumed = session is not None
        if session is None:
            session = Session(cmd.name)
            self.sessions[session.token] = session
        elif session.conn is not None:
            old = session.conn
            old.session = None
            old.send(p.error("replaced", "this seat was taken over by a newer connection"))
            old.close(4000, "replaced")
        session.conn, session.dropped_at = conn, None
        conn.session = session
        room = session.room
        conn.send(p.encode(p.Welcome(version=p.PROTOCOL_VERSION, name=session.name, token=session.token,
                                     server=c.name, server_id=self.server_id,
                                     reconnect_seconds=c.reconnect_seconds, resumed=resumed,
                                     table=room.id if room else None, seat=session.seat)))
        log.info("%s %s from %s", session.name, "resumed" if resumed else "joined", conn.addr)
        if room is not None:
            room.resync(session)

    # ------------------------------------------------------------ commands
    def _dispatch(self, s: Session, cmd: p.Command, now: float) -> None:
        if isinstance(cmd, p.Ping):
            s.send(p.encode(p.Pong(t=cmd.t)))
        elif isinstance(cmd, p.ListTables):
            s.browsing = s.room is None
            s.send(self._tables_frame())
        elif isinstance(cmd, p.CreateTable):
            self._create(s, cmd, now)
        elif isinstance(cmd, p.Join):
            if s.room is not None:
                raise RoomError("at_table", f"you are already at {s.room.name}")
            room = self.rooms.get(cmd.table)
            if room is None:
                raise RoomError("no_table", f"there is no table {cmd.table}")
            room.join(s, cmd.seat, cmd.password)
            s.browsing = False
            self._tables_changed()
        elif isinstance(cmd, p.Chat):
            self._room(s).chat(s, cmd.text)
        elif isinstance(cmd, p.Leave):
            self._room(s)
            self._leave(s, now)
        elif isinstance(cmd, p.Sit):
            self._room(s).sit(s, cmd.seat)
        elif isinstance(cmd, p.Ready):
            self._room(s).set_ready(s, cmd.ready)
        elif isinstance(cmd, p.Configure):
            self._room(s).configure(s, cmd)
            self._tables_changed()
        elif isinstance(cmd, p.Start):
            self._room(s).start(s, now)
            self._tables_changed()
        elif isinstance(cmd, p.MoveCmd):
            self._room(s).move(s, cmd.game_id, cmd.move)
        elif isinstance(cmd, p.NextGame):
            self._room(s).next_game(s, now)
        elif isinstance(cmd, p.Hint):
            s.send(p.encode(self._room(s).hint(s)))

    def _room(self, s: Session) -> Room:
        if s.room is None:
            raise RoomError("no_table", "join a table first")
        return s.room

    def _create(self, s: Session, cmd: p.CreateTable, now: float) -> None:
        if s.room is not None:
            raise RoomError("at_table", f"you are already at {s.room.name}")
        if len(self.rooms) >= self.config.max_tables:
            raise RoomError("too_many_tables", f"this server hosts at most {self.config.max_tables} tables")
        settings = p.TableSettings(**{f: getattr(cmd, f) for f in p.TableSettings.__struct_fields__})
        room = Room(self._next_room, settings, self.config)
        self._next_room += 1
        self.rooms[room.id] = room
        room.join(s, 0, settings.password)
        s.browsing = False
        self._tables_changed()

    def _leave(self, s: Session, now: float) -> None:
        room = s.room
        if room is None:
            return
        room.leave(s, now)
        s.send(p.encode(p.Left(table=room.id, reason="left")))
        if room.empty:  # nobody left, not even a dropped player who may come back
            room.close()
            self.rooms.pop(room.id, None)
            log.info("%s closed", room.name)
        self._tables_changed()

    def _tables_frame(self) -> str:
        return p.encode(p.Tables(tables=[r.info() for r in self.rooms.values()]))

    def _tables_changed(self) -> None:
        """The table list changed: browsing players get it on a coming tick (at most twice a second)."""
        self._tables_dirty = True

    def _send_tables(self, now: float) -> None:
        if not self._tables_dirty or now - self._tables_sent < 0.5:
            return
        self._tables_dirty, self._tables_sent = False, now
        browsing = [s for s in self.sessions.values() if s.browsing and s.room is None and s.connected]
        if browsing:
            frame = self._tables_frame()
            for s in browsing:
                s.send(frame)

    # ------------------------------------------------------------ the tick
    async def _tick_forever(self) -> None:
        assert self.loop is not None
        while True:
            await asyncio.sleep(self.config.tick)
            self.tick(self.loop.time())

    def tick(self, now: float) -> None:
        """Drive every room's clock and bots; expire resume tokens (the seat leaves: Móm)."""
        for room in list(self.rooms.values()):
            try:
                room.tick(now)
            except Exception:  # noqa: BLE001 - one broken table must not stop the others
                log.exception("%s failed in its tick; closing it", room.name)
                self._close_room(room)
        limit = self.config.reconnect_seconds
        for s in list(self.sessions.values()):
            if s.conn is None and s.dropped_at is not None and now - s.dropped_at >= limit:
                log.info("%s did not come back in %.0f s; their seat leaves", s.name, limit)
                self.sessions.pop(s.token, None)
                if s.room is not None:
                    self._leave(s, now)
        self._send_tables(now)

    def _close_room(self, room: Room) -> None:
        for m in room.members():
            m.room = m.seat = None
            m.send(p.encode(p.Left(table=room.id, reason="closed")))
        room.close()
        self.rooms.pop(room.id, None)
