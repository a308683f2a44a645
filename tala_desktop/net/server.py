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
from typing import Any

import websockets
from websockets.asyncio.server import Server, ServerConnection, serve

from tala_desktop.table.messages import HintRequest, Leave, MoveCommand, NextGame

from . import protocol as p
from .connection import GOING_AWAY, POLICY, Conn, FrameHook, Session, restored_key
from .discovery import Beacon
from .limits import AddressBook, ServerConfig
from .password_guard import SERVER, PasswordGuard
from .persist import TableKeeper
from .rooms import Room, RoomError

log = logging.getLogger(__name__)


class TalaServer:
    """Hosts up to ``config.max_tables`` rooms for clients speaking the protocol of net/protocol.py."""

    def __init__(self, config: ServerConfig | None = None, frame_hook: FrameHook | None = None) -> None:
        self.config = config or ServerConfig()
        self.frame_hook = frame_hook
        self.rooms: dict[int, Room[Session]] = {}
        self.server_id = secrets.token_hex(8)  # this instance: clients tell a restart from an expired seat by it
        self.sessions: dict[str, Session] = {}
        self.conns: set[Conn] = set()
        self.addresses = AddressBook(self.config)
        self.passwords = PasswordGuard(self.config)
        self._next_room = 1
        self._tables_key: tuple[tuple[int, int], ...] | None = None   # (room id, version) of the cached list
        self._tables_cache = ""
        self._tables_pushed: tuple[tuple[int, int], ...] = ()         # the list browsing players last got
        self._tables_sent = 0.0
        self._forgot_at = 0.0
        self.keeper: TableKeeper | None = None   # the state file's keeper when the server has one
        self._server: Server | None = None
        self._ticker: asyncio.Task | None = None
        self._beacon: Beacon | None = None
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> int:
        c = self.config
        self.loop = asyncio.get_running_loop()
        if c.state_path:
            self.keeper = TableKeeper(c.state_path, c)
            self._restore(self.loop.time())
        self._server = await serve(self._handle, c.host, c.port, max_size=c.max_message, ping_interval=c.ping_interval,
                                   ping_timeout=c.ping_timeout, close_timeout=2, compression=None)
        self.port = self._server.sockets[0].getsockname()[1]
        self._ticker = self.loop.create_task(self._tick_forever())
        if c.announce:
            self._beacon = Beacon(c.announce_target, c.announce_every, self._beacon_info)
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
        closing = p.encode(p.Closing(reason=reason, who=who))
        final = p.error("server_shutdown", f"the server is shutting down ({reason}{f', {who}' if who else ''})")
        for conn in list(self.conns):
            conn.send(closing)
            conn.send(final)
            conn.close(GOING_AWAY, "server shutdown")
        writers = [c.writer for c in self.conns]
        if writers:
            await asyncio.wait(writers, timeout=3)
        for room in list(self.rooms.values()):
            room.close()
        self.rooms.clear()
        if self.keeper is not None:  # stopped on purpose: the players were told, nothing is to be resumed
            self.keeper.close(clear=True)
            self.keeper = None
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        log.info("server stopped")

    def _beacon_info(self) -> dict[str, Any]:
        rooms = list(self.rooms.values())
        return {"name": self.config.name, "port": self.port, "players": sum(len(r.members()) for r in rooms),
                "tables": len(rooms), "password": bool(self.config.password),
                "bet": rooms[0].settings.bet if rooms else None,
                "open": sum(1 for r in rooms if not r.playing and r.seats.free())}

    # ------------------------------------------------------------ connections
    async def _handle(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        addr = str(ws.remote_address[0]) if ws.remote_address else "?"
        now = loop.time()
        conn = Conn(ws, addr, self.config, now, self.frame_hook)
        conn.limit_kernel_buffer()
        record = self.addresses.get(addr, now)
        refusal = None
        if record.conns >= self.config.max_per_address:
            refusal = p.error("too_many_connections", f"at most {self.config.max_per_address} connections per address")
        elif not self.addresses.take(addr, now, self.config.connect_cost):
            refusal = p.error("rate_limited", "too many connections and commands from your address: wait a moment")
        if refusal is not None:
            conn.send(refusal)
            conn.close(POLICY, "too many connections")
            await conn.writer
            return
        record.conns += 1
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
            self.addresses.get(addr, loop.time()).conns -= 1
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
        room = s.room
        if room is None:
            self.sessions.pop(s.token, None)
        elif room.playing:
            room.member_dropped(now)
        else:
            self._leave(s, now)  # a lobby seat is simply freed
            self.sessions.pop(s.token, None)
        self._commit(room, now=now)

    def _receive(self, conn: Conn, frame: str | bytes, now: float) -> None:
        if not conn.bucket.take(now) or not self.addresses.take(conn.addr, now):
            conn.refused += 1       # every refused command is answered (a client re-sends what matters)
            conn.send(p.error("rate_limited", f"at most {self.config.rate:g} messages a second "
                                              f"({self.config.address_rate:g} from one address): send it again"))
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
        s = conn.session
        before = s.room
        try:
            self._dispatch(s, cmd, now)
            if s.room is not None and s.seat is not None and not isinstance(cmd, p.Ping):
                s.room.last_activity = now      # only a seated player keeps a table alive, not a watcher
        except RoomError as exc:
            conn.send(p.error(exc.code, str(exc)))
        except Exception:  # noqa: BLE001 - one bad command must not take the server down
            log.exception("command %r failed", cmd)
            conn.send(p.error("internal", "the server could not do that"))
        self._commit(before, s.room, now=now)

    def _commit(self, *rooms: Room[Session] | None, now: float) -> None:
        """Write the tables a command changed to the state file before its frames go out (they are only queued
        so far: the writers send them once this handler returns to the loop)."""
        if self.keeper is not None:
            for room in {r for r in rooms if r is not None}:
                self.keeper.commit(room, self.rooms.get(room.id) is room, now)

    def _hello(self, conn: Conn, cmd: p.Hello, now: float) -> None:
        c = self.config
        if cmd.version != p.PROTOCOL_VERSION:
            conn.send(p.error("version", f"this server speaks protocol {p.PROTOCOL_VERSION}, not {cmd.version}"))
            conn.close(POLICY, "protocol version")
            return
        if c.password:
            wait = self.passwords.wait(conn.addr, SERVER, now)
            if wait > 0:
                conn.send(p.error("retry_later", f"too many wrong passwords: wait {wait:.0f} s"))
                conn.close(POLICY, "password wait")
                return
            if not hmac.compare_digest((cmd.password or "").encode(), c.password.encode()):
                self.passwords.failed(conn.addr, SERVER, now)
                conn.send(p.error("bad_password", "wrong server password"))
                conn.close(POLICY, "password")
                return
            self.passwords.passed(conn.addr, SERVER)
        session = self.sessions.get(cmd.resume) if cmd.resume else None
        if session is None and cmd.resume:  # a seat resumed from the state file: its token comes back now
            session = self.sessions.pop(restored_key(cmd.resume), None)
            if session is not None:
                session.token = cmd.resume
                self.sessions[session.token] = session
        resumed = session is not None
        if session is None:
            session = Session(cmd.name, conn.addr)
            self.sessions[session.token] = session
        elif session.conn is not None:
            old = session.conn
            old.session = None
            old.send(p.error("replaced", "this seat was taken over by a newer connection"))
            old.close(4000, "replaced")
        session.conn, session.dropped_at, session.addr = conn, None, conn.addr
        session.avatar = cmd.avatar
        conn.session = session
        room = session.room
        conn.send(p.encode(p.Welcome(version=p.PROTOCOL_VERSION, name=session.name, token=session.token,
                                     server=c.name, server_id=self.server_id,
                                     reconnect_seconds=c.reconnect_seconds, resumed=resumed,
                                     table=room.id if room else None, seat=session.seat)))
        log.info("%s %s from %s", session.name, "resumed" if resumed else "joined", conn.addr)
        if room is not None:
            room.resync(session)
            self._commit(room, now=now)

    # ------------------------------------------------------------ commands
    def _dispatch(self, s: Session, cmd: p.Command, now: float) -> None:
        if isinstance(cmd, p.Ping):
            s.send(p.encode(p.Pong(t=cmd.t)))
        elif isinstance(cmd, p.ListTables):
            s.browsing = s.room is None
            s.send(self._tables_frame())
        elif isinstance(cmd, p.CreateTable):
            self._create(s, cmd, now)
        elif isinstance(cmd, (p.Join, p.Watch)):
            self._join(s, cmd, now)
        elif isinstance(cmd, (p.Chat, p.React)):
            room = self._room(s)
            self._chat_budget(s, now)
            if isinstance(cmd, p.Chat):
                room.chat(s, cmd.text)
            else:
                room.react(s, cmd.key)
        elif isinstance(cmd, Leave):
            self._room(s)
            self._leave(s, now)
        elif isinstance(cmd, p.Sit):
            self._room(s).sit(s, cmd.seat)
        elif isinstance(cmd, p.StandUp):
            self._room(s).stand_up(s, now)
        elif isinstance(cmd, p.SetSeat):
            self._room(s).set_seat(s, cmd, now)
        elif isinstance(cmd, p.Kick):
            self._room(s).kick(s, cmd.seat).room = None
        elif isinstance(cmd, p.Ready):
            self._room(s).set_ready(s, cmd.ready)
        elif isinstance(cmd, p.Configure):
            self._room(s).configure(s, cmd)
        elif isinstance(cmd, p.Start):
            self._room(s).start(s, now)
        elif isinstance(cmd, MoveCommand):
            self._room(s).move(s, cmd.game_id, cmd.move)
        elif isinstance(cmd, NextGame):
            self._room(s).next_game(s, now)
        elif isinstance(cmd, HintRequest):
            s.send(p.encode(self._room(s).hint(s)))

    def _chat_budget(self, s: Session, now: float) -> None:
        """Chat lines and reactions have their own budget, per connection and per address (refused: chat_too_fast)."""
        conn = s.conn
        if conn is None or not conn.chat_bucket.take(now) or not self.addresses.take_chat(s.addr, now):
            raise RoomError("chat_too_fast", f"at most {self.config.chat_rate:g} chat lines or reactions a second "
                                             f"({self.config.address_chat_rate:g} from one address)")

    def _room(self, s: Session) -> Room[Session]:
        if s.room is None:
            raise RoomError("no_table", "join a table first")
        return s.room

    def _create(self, s: Session, cmd: p.CreateTable, now: float) -> None:
        if s.room is not None:
            raise RoomError("at_table", f"you are already at {s.room.name}")
        if len(self.rooms) >= self.config.max_tables:
            raise RoomError("too_many_tables", f"this server hosts at most {self.config.max_tables} tables")
        most = self.config.max_tables_per_address
        if sum(1 for r in self.rooms.values() if self._owner(r) == s.addr) >= most:
            raise RoomError("too_many_tables", f"your address already hosts {most} tables: play or close one first")
        settings = p.TableSettings(**{f: getattr(cmd, f) for f in p.TableSettings.__struct_fields__})
        room: Room[Session] = Room(self._next_room, settings, self.config, now)
        room.creator_addr = s.addr
        self._next_room += 1
        self.rooms[room.id] = room
        room.join(s, 0, settings.password)
        s.room, s.browsing = room, False

    def _owner(self, room: Room[Session]) -> str:
        """The address a table counts against: its host's (the creator's while it has no host)."""
        host = room.seats[room.host] if room.host is not None else None
        return host.addr if host is not None else room.creator_addr

    def _join(self, s: Session, cmd: p.Join | p.Watch, now: float) -> None:
        """Take a seat at a table in its lobby, or watch a table (the same password checks and waits)."""
        if s.room is not None:
            raise RoomError("at_table", f"you are already at {s.room.name}")
        room = self.rooms.get(cmd.table)
        if room is None:
            raise RoomError("no_table", f"there is no table {cmd.table}")
        locked, target = bool(room.settings.password), str(room.id)
        if locked:
            wait = self.passwords.wait(s.addr, target, now)
            if wait > 0:
                raise RoomError("retry_later", f"too many wrong passwords for {room.name}: wait {wait:.0f} s")
        try:
            room.join(s, cmd.seat, cmd.password) if isinstance(cmd, p.Join) else room.watch(s, cmd.password)
        except RoomError as exc:
            if exc.code == "bad_password":
                self.passwords.failed(s.addr, target, now)
            raise
        if locked:
            self.passwords.passed(s.addr, target)
        s.room, s.browsing = room, False

    def _leave(self, s: Session, now: float) -> None:
        room = s.room
        if room is None:
            return
        room.leave(s, now)
        s.room = None
        s.send(p.encode(p.Left(table=room.id, reason="left")))
        if room.empty:  # nobody left, not even a dropped player who may come back
            room.close()
            self.rooms.pop(room.id, None)
            self.passwords.drop_target(str(room.id))
            log.info("%s closed", room.name)

    def _tables_frame(self) -> str:
        """The encoded table list, built again only when a table changed (``list_tables`` is asked often)."""
        key = self._tables_version()
        if key != self._tables_key:
            self._tables_key = key
            self._tables_cache = p.encode(p.Tables(tables=[r.info() for r in self.rooms.values()]))
        return self._tables_cache

    def _tables_version(self) -> tuple[tuple[int, int], ...]:
        return tuple((r.id, r.version) for r in self.rooms.values())

    def _send_tables(self, now: float) -> None:
        """The table list changed: browsing players get it (at most twice a second)."""
        if now - self._tables_sent < 0.5 or self._tables_version() == self._tables_pushed:
            return
        self._tables_sent = now
        frame = self._tables_frame()
        self._tables_pushed = self._tables_key or ()
        for s in self.sessions.values():
            if s.browsing and s.room is None and s.connected:
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
        idle = self.config.lobby_idle_seconds
        for room in [r for r in self.rooms.values()
                     if (not r.playing or not r.members()) and now - r.last_activity >= idle]:
            log.info("%s had no seated player at work for %.0f s; closing it", room.name, idle)
            self._close_room(room, "idle")
        if now - self._forgot_at >= 10.0:
            self._forgot_at = now
            self.addresses.forget(now)
            self.passwords.forget(now)
        limit = self.config.reconnect_seconds
        for s in list(self.sessions.values()):
            if s.conn is None and s.dropped_at is not None and now - s.dropped_at >= limit:
                log.info("%s did not come back in %.0f s; their seat leaves", s.name, limit)
                self.sessions.pop(s.token, None)
                if s.room is not None:
                    self._leave(s, now)
        self._send_tables(now)
        if self.keeper is not None:
            self.keeper.save(self.rooms.values(), now)

    def _restore(self, now: float) -> None:
        """Resume the tables of the state file (a previous run of this server died with them)."""
        assert self.keeper is not None
        for room, sessions in self.keeper.restore(now):
            self.rooms[room.id] = room
            self._next_room = max(self._next_room, room.id + 1)
            for session in sessions:
                self.sessions[session.token] = session

    def _close_room(self, room: Room[Session], reason: str = "closed") -> None:
        for m in room.everyone():
            m.room = None
            m.send(p.encode(p.Left(table=room.id, reason=reason)))
        room.close()
        self.rooms.pop(room.id, None)
        self.passwords.drop_target(str(room.id))
