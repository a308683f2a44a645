"""The LAN server without sockets: admission, hello, commands to rooms, the table list, the tick and restore.

``ServerCore`` is plain synchronous code driven by three calls and the time
passed in: ``receive(conn_id, frame, now)`` for a frame from a connection,
``tick(now)`` for the clocks, ``disconnect(conn_id, now)`` when a
connection ended; ``connect(conn_id, addr, now)`` admits a new one first.
Each returns what the adapter is to do, in order: first the state file's
writes for the tables the call changed (``SaveTables``: net/persist.py),
then the frames to send, ``(conn_id, frame)``, and ``Close`` marks
(net/sessions.py). It never waits and touches neither a socket nor a file,
so tests drive it with a stepped clock. The websockets server
(net/server.py) is a thin adapter around it, which does each write before
it sends the frames after it (net/state_file.py): what a player was sent
is what a crash resumes. A command is carried out by its handler, looked
up by its type (net/handlers.py). Everything an abuser could reset
by reconnecting is counted per address (net/limits.py), wrong passwords per
address and table (net/password_guard.py). Every table's bots decide in
one runner shared by all the rooms, each room through a lane of its own
(bots/lanes.py); the tables hold a bot's move back by their own clock, the
one ``tick`` steps. Without a ``runner`` handed in, the core makes a
``BotRunner`` (``bot_workers`` threads, and search processes for Hard
bots; by default one a core) and ends it at ``shutdown``; tests hand in an
``InlineRunner``, which decides at once, so a bot's move comes at a tick
of the stepped clock.
"""

from __future__ import annotations

import hmac
import logging
import os
import secrets

from tala_desktop.bots.lanes import Lane
from tala_desktop.bots.runner import BotRunner, Runner
from tala_desktop.table.messages import Leave

from . import protocol as p
from .handlers import Handlers
from .identity import new_identity
from .limits import AddressBook, ServerConfig
from .listing import TableList
from .password_guard import SERVER, PasswordGuard
from .persist import TableKeeper
from .room_commands import room_commands, room_of
from .rooms import Room, RoomError
from .sessions import (
    GOING_AWAY,
    POLICY,
    REPLACED,
    ClearTables,
    FrameHook,
    Frames,
    Link,
    Outgoing,
    SaveTables,
    Session,
    StateWrite,
    person_key,
)
from .state_file import Kept

log = logging.getLogger(__name__)


class ServerCore:
    """Hosts up to ``config.max_tables`` rooms for connections speaking the protocol of net/protocol.py."""

    def __init__(self, config: ServerConfig | None = None, frame_hook: FrameHook | None = None,
                 runner: Runner | None = None) -> None:
        self.config = config or ServerConfig()
        self.frame_hook = frame_hook
        self._own_runner = runner is None         # every table's bots decide in it, a lane each (bots/lanes.py)
        workers = self.config.bot_workers or max(2, os.cpu_count() or 1)
        self.runner: Runner = runner if runner is not None else BotRunner(workers=workers)
        self.server_id = secrets.token_hex(8)  # this instance: clients tell a restart from an expired seat by it
        self.identity = new_identity()         # the server's lasting identity (kept: see restore)
        self.rooms: dict[int, Room[Session]] = {}
        self.sessions: dict[str, Session] = {}     # by person (sessions.person_key)
        self.links: dict[int, Link] = {}
        self.addresses = AddressBook(self.config)
        self.passwords = PasswordGuard(self.config)
        self.listing = TableList()
        self.keeper = TableKeeper(self.config) if self.config.state_path else None   # the state file's writes
        self._next_room = 1
        self._forgot_at = 0.0
        self._out: Frames = []
        self._writes: list[StateWrite] = []     # the state file's writes for the adapter, ahead of the frames
        self.commands = self._command_handlers()   # what each command does, by its type
        self.now = 0.0                        # the time of the call being handled (the rooms' clock)

    def _clock(self) -> float:
        return self.now

    def _flush(self) -> Outgoing:
        """What the call asks of the adapter: the state file's writes, then what was sent, in order (the links
        append to this one list)."""
        out: Outgoing = [*self._writes, *self._out]
        self._writes.clear()
        self._out.clear()
        return out

    # ------------------------------------------------------------ the state file
    def restore(self, now: float, kept: Kept | None = None) -> Outgoing:
        """Start from what the adapter read (net/state_file.py): the server's identity, and the tables a previous
        run of this server died with, resumed; the rows that did not resume are dropped (a write returned)."""
        if kept is None:
            return self._flush()
        if kept.identity is not None:
            self.identity = kept.identity
        if self.keeper is None:
            return self._flush()
        resumed, dropped = self.keeper.restore(kept.rows, now, self.runner)
        for room, sessions in resumed:
            room.clock = self._clock
            self.rooms[room.id] = room
            self._next_room = max(self._next_room, room.id + 1)
            for session in sessions:
                self.sessions[session.person] = session
        if dropped is not None:
            self._writes.append(dropped)
        return self._flush()

    def _commit(self, *rooms: Room[Session] | None, now: float) -> None:
        """The write of the tables a call changed, handed out ahead of its frames."""
        if self.keeper is not None:
            for room in {r for r in rooms if r is not None}:
                write = self.keeper.commit(room, self.rooms.get(room.id) is room)
                if write is not None:
                    self._writes.append(write)

    def not_written(self, write: StateWrite) -> None:
        """The adapter could not do ``write`` (the disk refused it): its tables are written again at the next
        tick."""
        if self.keeper is not None and isinstance(write, SaveTables):
            self.keeper.not_written(write)

    # ------------------------------------------------------------ connections
    def connect(self, conn_id: int, addr: str, now: float) -> Outgoing:
        """A new connection from ``addr``: admitted (it must say hello in time), or refused and closed."""
        c = self.config
        self.now = now
        record = self.addresses.get(addr, now)
        link = Link(conn_id, addr, c, now, self._out, self.frame_hook)
        refusal = None
        if record.conns >= c.max_per_address:
            refusal = p.error("too_many_connections", f"at most {c.max_per_address} connections per address")
        elif not self.addresses.take(addr, now, c.connect_cost):
            refusal = p.error("rate_limited", "too many connections and commands from your address: wait a moment")
        if refusal is not None:        # told why and closed; it never counts as open
            link.send(refusal)
            link.close(POLICY, "too many connections")
            return self._flush()
        record.conns += 1
        self.links[conn_id] = link
        return self._flush()

    def disconnect(self, conn_id: int, now: float) -> Outgoing:
        """Connection ``conn_id`` ended: its seat waits for its token in a game; a lobby seat is freed."""
        self.now = now
        link = self.links.pop(conn_id, None)
        if link is None:
            return self._flush()
        link.closing = True
        self.addresses.get(link.addr, now).conns -= 1
        s = link.session
        if s is None or s.conn is not link:
            return self._flush()
        s.conn = None
        s.dropped_at = now
        log.info("%s (%s) dropped", s.name, link.addr)
        room = s.room
        if room is None:
            self.sessions.pop(s.person, None)
        elif room.playing:
            room.member_dropped(now)
        else:
            self._leave(s, now)  # a lobby seat is simply freed
            self.sessions.pop(s.person, None)
        self._commit(room, now=now)
        return self._flush()

    def stuck(self, conn_id: int) -> None:
        """The socket side gave up on ``conn_id`` (it does not read): nothing more is sent to it."""
        link = self.links.get(conn_id)
        if link is not None:
            link.closing = True

    def receive(self, conn_id: int, frame: str | bytes, now: float) -> Outgoing:
        """One frame from connection ``conn_id``: checked against the rate limits, decoded and carried out."""
        self.now = now
        link = self.links.get(conn_id)
        if link is not None and not link.closing:
            self._receive(link, frame, now)
        return self._flush()

    def _receive(self, link: Link, frame: str | bytes, now: float) -> None:
        c = self.config
        if not link.bucket.take(now) or not self.addresses.take(link.addr, now):
            link.refused += 1       # every refused command is answered (a client re-sends what matters)
            link.send(p.error("rate_limited", f"at most {c.rate:g} messages a second "
                                              f"({c.address_rate:g} from one address): send it again"))
            if link.refused >= c.flood_close:
                log.warning("%s flooded; closing it", link.addr)
                link.close(POLICY, "flooding")
            return
        try:
            cmd = p.decode_command(frame)
        except p.ProtocolError as exc:
            link.send(p.error(exc.code, str(exc)))
            return
        log.debug("%s <- %r", link.addr, cmd)
        s = link.session
        if s is None:
            if not isinstance(cmd, p.Hello):
                link.send(p.error("hello_first", "the first command must be hello"))
                return
            self._hello(link, cmd, now)
            return
        if isinstance(cmd, p.Hello):
            link.send(p.error("already_welcome", "hello was already sent on this connection"))
            return
        before = s.room
        try:
            self._dispatch(s, cmd, now)
            if s.room is not None and s.room.lobby_pace.pending:
                s.room.send_lobby_to(s)         # the others' frame waits to be coalesced: not the one who acted
            if s.room is not None and s.seat is not None and not isinstance(cmd, p.Ping):
                s.room.last_activity = now      # only a seated player keeps a table alive, not a watcher
        except RoomError as exc:
            link.send(p.error(exc.code, str(exc), exc.wait))
        except Exception:  # noqa: BLE001 - one bad command must not take the server down
            log.exception("command %r failed", cmd)
            link.send(p.error("internal", "the server could not do that"))
        self._commit(before, s.room, now=now)

    def _hello(self, link: Link, cmd: p.Hello, now: float) -> None:
        c = self.config
        if cmd.version != p.PROTOCOL_VERSION:
            link.send(p.error("version", f"this server speaks protocol {p.PROTOCOL_VERSION}, not {cmd.version}"))
            link.close(POLICY, "protocol version")
            return
        if c.password:
            wait = self.passwords.wait(link.addr, SERVER, now)
            if wait > 0:
                link.send(p.error("retry_later", f"too many wrong passwords: wait {wait:.0f} s", wait))
                link.close(POLICY, "password wait")
                return
            if not hmac.compare_digest((cmd.password or "").encode(), c.password.encode()):
                wait = self.passwords.failed(link.addr, SERVER, now)
                link.send(p.error("bad_password", "wrong server password", wait))
                link.close(POLICY, "password")
                return
            self.passwords.passed(link.addr, SERVER)
        key = person_key(cmd.person, cmd.resume)
        session = self.sessions.get(key) if key is not None else None
        resumed = session is not None
        if session is None:      # a newcomer, or someone whose presence here ended: known again by their key
            session = Session(cmd.name, link.addr, person=key, token=None if cmd.person else cmd.resume)
            self.sessions[session.person] = session
        else:
            if not cmd.person and cmd.resume:
                session.token = cmd.resume       # (a seat resumed from the state file knew only its hash)
            if session.conn is not None:
                old = session.conn
                old.session = None
                old.send(p.error("replaced", "this seat was taken over by a newer connection"))
                old.close(REPLACED, "replaced")
        session.conn, session.dropped_at, session.addr = link, None, link.addr
        session.avatar = cmd.avatar
        link.session = session
        room = session.room
        link.send(p.encode(p.Welcome(version=p.PROTOCOL_VERSION, name=session.name, token=session.token,
                                     server=c.name, server_id=self.server_id, server_key=self.identity,
                                     reconnect_seconds=c.reconnect_seconds, resumed=resumed,
                                     table=room.id if room else None, seat=session.seat)))
        log.info("%s %s from %s", session.name, "resumed" if resumed else "joined", link.addr)
        if room is not None:
            room.resync(session)
            self._commit(room, now=now)

    # ------------------------------------------------------------ commands
    def _dispatch(self, s: Session, cmd: p.Command, now: float) -> None:
        self.commands.handle(cmd, s, now)       # hello never comes here (see _receive)

    def _command_handlers(self) -> Handlers[[Session, float]]:
        """What each command does, by its type: the server's own here, the ones a room carries out in
        net/room_commands.py."""
        h: Handlers[[Session, float]] = Handlers()
        h.on(p.ListTables, self._list)
        h.on(p.CreateTable, self._create)
        h.on(p.Join, self._join)
        h.on(p.Watch, self._join)
        h.on(p.Chat, self._chat)
        h.on(p.React, self._chat)
        h.on(Leave, self._leave_command)
        room_commands(h)
        return h

    def _list(self, cmd: p.ListTables, s: Session, now: float) -> None:
        s.browsing = s.room is None
        s.send(self.listing.frame(self.rooms))

    def _chat(self, cmd: p.Chat | p.React, s: Session, now: float) -> None:
        room = room_of(s)
        self._chat_budget(s, now)
        if isinstance(cmd, p.Chat):
            room.chat(s, cmd.text)
        else:
            room.react(s, cmd.key)

    def _leave_command(self, cmd: Leave, s: Session, now: float) -> None:
        room_of(s)                           # not at a table: no_table
        self._leave(s, now)

    def _chat_budget(self, s: Session, now: float) -> None:
        """Chat lines and reactions have their own budget, per connection and per address (refused: chat_too_fast)."""
        link, c = s.conn, self.config
        if link is None or not link.chat_bucket.take(now) or not self.addresses.take_chat(s.addr, now):
            raise RoomError("chat_too_fast", f"at most {c.chat_rate:g} chat lines or reactions a second "
                                             f"({c.address_chat_rate:g} from one address)")

    def _create(self, cmd: p.CreateTable, s: Session, now: float) -> None:
        if s.room is not None:
            raise RoomError("at_table", f"you are already at {s.room.name}")
        if len(self.rooms) >= self.config.max_tables:
            raise RoomError("too_many_tables", f"this server hosts at most {self.config.max_tables} tables")
        most = self.config.max_tables_per_address
        if sum(1 for r in self.rooms.values() if self._owner(r) == s.addr) >= most:
            raise RoomError("too_many_tables", f"your address already hosts {most} tables: play or close one first")
        settings = p.TableSettings(**{f: getattr(cmd, f) for f in p.TableSettings.__struct_fields__})
        room: Room[Session] = Room(self._next_room, settings, self.config, now, Lane(self.runner))
        room.clock = self._clock
        room.creator_addr = s.addr
        self._next_room += 1
        self.rooms[room.id] = room
        room.join(s, 0, settings.password)
        s.room, s.browsing = room, False

    def _owner(self, room: Room[Session]) -> str:
        """The address a table counts against: its host's, seated or watching (the creator's while it has none)."""
        person = room.seats.host_person
        host = next((m for m in room.roster.everyone() if m.person == person), None)
        return host.addr if host is not None else room.creator_addr

    def _join(self, cmd: p.Join | p.Watch, s: Session, now: float) -> None:
        """Take a seat at a table in its lobby, or watch a table (the same password checks and waits)."""
        if s.room is not None:
            raise RoomError("at_table", f"you are already at {s.room.name}")
        room = self.rooms.get(cmd.table)
        if room is None:
            raise RoomError("no_table", f"there is no table {cmd.table}")
        if not self.addresses.take_arrival(s.addr, now) or not room.arrivals.take(now):
            raise RoomError("rate_limited", f"too many arrivals at {room.name}: wait a moment and try again")
        locked, target = bool(room.settings.password), str(room.id)
        if locked:
            wait = self.passwords.wait(s.addr, target, now)
            if wait > 0:
                raise RoomError("retry_later", f"too many wrong passwords for {room.name}: wait {wait:.0f} s", wait)
        try:
            room.join(s, cmd.seat, cmd.password) if isinstance(cmd, p.Join) else room.watch(s, cmd.password)
        except RoomError as exc:
            if exc.code == "bad_password":
                exc.wait = self.passwords.failed(s.addr, target, now)
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
        room.roster.scoreboard_to([s], final=True)       # their evening at this table is over
        s.send(p.encode(p.Left(table=room.id, reason="left")))
        if room.empty:  # nobody left, not even a dropped player who may come back
            room.close()
            self.rooms.pop(room.id, None)
            self.passwords.drop_target(str(room.id))
            log.info("%s closed", room.name)

    def _close_room(self, room: Room[Session], reason: str = "closed") -> None:
        room.roster.scoreboard_to(room.roster.everyone(), final=True)
        for m in room.roster.everyone():
            m.room = None
            m.send(p.encode(p.Left(table=room.id, reason=reason)))
        room.close()
        self.rooms.pop(room.id, None)
        self.passwords.drop_target(str(room.id))

    # ------------------------------------------------------------ the tick
    def tick(self, now: float) -> Outgoing:
        """Drive every room's clock and bots; close idle tables; expire resume tokens (the seat leaves: Móm)
        and connections that did not say hello in time."""
        self.now = now
        for room in list(self.rooms.values()):
            try:
                room.tick(now)
            except Exception:  # noqa: BLE001 - one broken table must not stop the others
                log.exception("%s failed in its tick; closing it", room.name)
                self._close_room(room)
        idle = self.config.lobby_idle_seconds
        for room in [r for r in self.rooms.values()
                     if (not r.playing or not r.roster.members()) and now - r.last_activity >= idle]:
            log.info("%s had no seated player at work for %.0f s; closing it", room.name, idle)
            self._close_room(room, "idle")
        for link in self.links.values():
            if link.session is None and not link.closing and now - link.opened >= self.config.hello_timeout:
                link.send(p.error("hello_timeout", "send hello first"))
                link.close(POLICY, "no hello")
        if now - self._forgot_at >= 10.0:
            self._forgot_at = now
            self.addresses.forget(now)
            self.passwords.forget(now)
        limit = self.config.reconnect_seconds
        for s in list(self.sessions.values()):
            if s.conn is None and s.dropped_at is not None and now - s.dropped_at >= limit:
                log.info("%s did not come back in %.0f s; their seat leaves", s.name, limit)
                self.sessions.pop(s.person, None)
                if s.room is not None:
                    self._leave(s, now)
        self.listing.push(self.rooms, self.sessions.values(), now)
        write = self.keeper.save(self.rooms.values()) if self.keeper is not None else None
        if write is not None:
            self._writes.append(write)
        return self._flush()

    def shutdown(self, reason: str = "shutdown", who: str | None = None) -> Outgoing:
        """Tell every connection who closes the server and why (``closing``: shutdown, host_left, host_quit) and
        close it; end the tables and empty the state file (nothing is left to resume)."""
        closing = p.encode(p.Closing(reason=reason, who=who))
        final = p.error("server_shutdown", f"the server is shutting down ({reason}{f', {who}' if who else ''})")
        for room in self.rooms.values():
            room.roster.scoreboard_to(room.roster.everyone(), final=True)     # the evening's last word, before the end
        for link in self.links.values():
            link.send(closing)
            link.send(final)
            link.close(GOING_AWAY, "server shutdown")
        for room in list(self.rooms.values()):
            room.close()
        self.rooms.clear()
        if self.keeper is not None:
            self._writes.append(ClearTables())
            self.keeper = None
        if self._own_runner:
            self.runner.shutdown(wait=True)
        return self._flush()
