"""NetTableClient: the TableClient of LAN play, an asyncio websocket loop in a background thread behind queues.

It offers the same methods as the offline ``LocalTableClient`` (``poll``,
``send_move``, ``next_game``, ``request_hint``, ``leave``, ``close``) and
delivers the same per-seat
messages, so the table scene is unchanged; the lobby methods
(``list_tables``, ``create_table``, ``join``, ``ready``, ``start``,
``chat``...) add the LAN lobby. Every frame from the server is decoded once,
strictly, into the Structs of net/protocol.py and table/messages.py; a frame
that does not fit ends the connection (``bad_frame``). Commands never raise:
they are queued to the network thread, and refusals come back as ``Error``
messages. When the connection drops the client reconnects with its resume
token for ``reconnect_for`` seconds; if the server stays away,
``poll`` returns a ``Disconnected`` notice and the client stops.
Every frame in and out is logged at debug level.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import queue
import random
import threading
import time
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Move
from tala_desktop.table import GUIDED, SeatKind
from tala_desktop.table.messages import DealShown, Error, HintRequest, Leave, MoveCommand, NextGame, Snapshot

from . import protocol as p

log = logging.getLogger(__name__)

# server error codes after which the connection is over for good (no reconnect); they become the reason of
# the "disconnected" message, beside the client's own: unreachable, lost, seat_expired, server_restarted, bad_frame
FINAL_REASONS = {"version", "bad_password", "too_many_connections", "server_shutdown", "replaced", "hello_timeout",
                 "retry_later", "server_restarted", "seat_expired", "bad_frame", "host_left", "host_quit"}
HOST_CLOSED = {"host_left", "host_quit"}  # a closing reason that names the host: it becomes the disconnect reason
RETRY_FIRST = 0.1                # seconds before the first reconnect of an outage
RETRY_MAX = 2.0
VOTE_AGAIN = 0.5                 # seconds before a vote refused for rate is sent again


class NetTableClient:
    """One player's connection to a LAN server; ``seat`` is known once a table is joined."""

    def __init__(self, host: str, port: int, name: str, password: str | None = None, *,
                 resume: str | None = None, reconnect_for: float = 10.0, connect_timeout: float = 5.0,
                 record: bool = False, ping_interval: float | None = 10.0, avatar: int | None = None,
                 person: str | None = None) -> None:
        self.name = p.clean_name(name)          # a bad name raises ValueError here, before any thread starts
        self.avatar = avatar if avatar is not None and 0 <= avatar < p.AVATARS else None
        self.host, self.port, self.password = host, port, password
        self.uri = f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"
        self.reconnect_for = reconnect_for
        self.connect_timeout = connect_timeout
        self.ping_interval = ping_interval
        self.seat: int = -1
        self.table_id: int | None = None
        self.game_id = 0
        self._vote_for: int | None = None       # the game after which a vote for the next one is pending
        self.token: str | None = resume          # a token from an earlier connection reclaims that seat
        self.person = person                     # the app's own key for this server: who the player is there
        self.frames: list[str] | None = [] if record else None
        self.connected = threading.Event()
        self.finished = threading.Event()
        self.reconnects = 0
        self.retry_delays: collections.deque[float] = collections.deque(maxlen=32)  # the last reconnect waits
        self.stable_after = 1.0                  # a connection welcomed this long ago resets the backoff
        self.server_id: str | None = None        # the server instance that welcomed us (a restart changes it)
        self.welcomed = False                    # a server has welcomed us: a drop is worth retrying
        self._welcomed_at: float | None = None
        self._jitter = random.Random()
        self._final: tuple[str, str] | None = None
        self._final_wait: float | None = None      # the final refusal's wait (a wrong password)
        self._closed_by: p.Closing | None = None   # who closed the server and why, told just before its end
        self.watching = False                      # at a table without a seat: its public view
        self._inbox: queue.SimpleQueue[tuple[float, p.ClientMessage]] = queue.SimpleQueue()
        self._closing = False
        self._told_end = False                     # a Disconnected has been handed out: the end is told once
        self._ws: ClientConnection | None = None
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] = asyncio.Queue()  # binds to the client's loop on first use
        self._stop = asyncio.Event()
        self._thread = threading.Thread(target=self._run, name=f"lan-client-{self.name}", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ TableClient
    def poll(self, now: float) -> list[p.ClientMessage]:
        """Every message received since the last poll, in order (clock deadlines rebased to ``now``)."""
        out: list[p.ClientMessage] = []
        mono = time.monotonic()
        while True:
            try:
                received, msg = self._inbox.get_nowait()
            except queue.Empty:
                return out
            if isinstance(msg, Snapshot) and msg.clock is not None:
                deadline = now + msg.clock.remaining - (mono - received)
                msg = msgspec.structs.replace(msg, clock=msgspec.structs.replace(msg.clock, deadline=deadline))
            out.append(msg)

    def send_move(self, move: Move) -> None:
        self._send(MoveCommand(game_id=self.game_id, move=move))

    def next_game(self) -> None:
        """Vote for the next game; a vote the server refuses for rate is sent again until the game comes."""
        self._vote_for = self.game_id
        self._send(NextGame())

    def deal_shown(self, game_id: int) -> None:
        """Your screen has shown the deal of ``game_id``: your first turn's clock may start."""
        self._send(DealShown(game_id=game_id))

    def request_hint(self) -> None:
        self._send(HintRequest())

    def leave(self) -> None:
        self._send(Leave())

    def close(self) -> None:
        """Disconnect (a seat in a game is auto-played until the resume token expires) and end the thread.

        The network thread winds itself down: it closes the websocket, cancels what is left on its loop
        and only then closes the loop, so no callback ever lands on a closed loop.
        """
        if self._closing:
            return
        self._closing = True
        with contextlib.suppress(RuntimeError):  # the loop already ended on its own
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=3)

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

    def kick(self, member: int) -> None:
        """Host only: remove the person with id ``member`` (a player in the lobby or between games, a watcher)."""
        self._send(p.Kick, member=member)

    def mute(self, member: int, muted: bool = True) -> None:
        """Host only: the person with id ``member`` may no longer chat here (``muted`` False: may again)."""
        self._send(p.Mute, member=member, muted=muted)

    def ready(self, ready: bool = True) -> None:
        self._send(p.Ready(ready=ready))

    def start(self) -> None:
        self._send(p.Start())

    def watch(self, table: int, password: str | None = None) -> None:
        """Watch a table (its public view and chat); sit down on a free seat between games with ``sit``."""
        self._send(p.Watch(table=table, password=password))

    def stand_up(self) -> None:
        """In the lobby or between games: leave your seat and watch."""
        self._send(p.StandUp())

    def set_seat(self, seat: int, kind: SeatKind, level: BotLevel | None = None, member: int | None = None) -> None:
        """Host only, between games: ``kind`` bot (in a free seat), empty (free a bot's seat) or player (the watcher
        with id ``member`` is asked whether they take it)."""
        self._send(p.SetSeat, seat=seat, kind=kind, level=level, member=member)

    def hold(self, hold: bool = True) -> None:
        """Host only, between games: hold the next deal, or deal on (your vote too)."""
        self._send(p.Hold, hold=hold)

    def give_seat(self, member: int) -> None:
        """Between games: offer your seat to the watcher with id ``member`` (they are asked)."""
        self._send(p.GiveSeat, member=member)

    def answer_seat(self, seat: int, accept: bool) -> None:
        """Watching, between games: take (or decline) the seat offered to you."""
        self._send(p.AnswerSeat, seat=seat, accept=accept)

    def react(self, key: str) -> None:
        """A quick reaction (table/reactions.py) shown at your avatar."""
        self._send(p.React, key=key)

    def chat(self, text: str) -> None:
        self._send(p.Chat, text=text)

    def set_password(self, password: str) -> None:
        """Host only, at any time: the table's PIN from now on ("" removes it)."""
        self._send(p.SetPassword, password=password)

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
            except (TypeError, ValueError) as exc:     # refused here as the server would refuse it
                code = "bad_chat" if cmd is p.Chat and str(exc).startswith("text: ") else "invalid"
                self._deliver(Error(code=code, message=str(exc)))
                return
        self._queue_frame(p.encode_command(cmd))

    def _queue_frame(self, frame: str) -> None:
        if not self._closing and not self.finished.is_set():
            try:
                self._loop.call_soon_threadsafe(self._put, frame)
                return
            except RuntimeError:  # the network thread ended between the check and the call
                pass
        if not self._told_end:  # the first command after the end is told so; the end was said once
            self._deliver(p.Disconnected(reason="closed", message="not connected to the server"))

    def _vote_again(self) -> None:
        if self._vote_for is not None and self._vote_for == self.game_id and not self._closing:
            self._put(p.encode_command(NextGame()))

    def _put(self, frame: str) -> None:
        self._outbox.put_nowait(frame)

    def _deliver(self, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Disconnected):
            self._told_end = True
        self._inbox.put((time.monotonic(), msg))

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            leftovers = [t for t in asyncio.all_tasks(self._loop) if not t.done()]
            for task in leftovers:
                task.cancel()
            if leftovers:
                self._loop.run_until_complete(asyncio.gather(*leftovers, return_exceptions=True))
            self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self.finished.set()
            self._loop.close()

    async def _main(self) -> None:
        """Run the connection loop until it gives up or ``close()`` asks to stop (then close the socket politely)."""
        runner = asyncio.create_task(self._connect_loop())
        stopper = asyncio.create_task(self._stop.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if not runner.done():
            ws = self._ws
            if ws is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(), 1.0)
            runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner

    def backoff(self, attempt: int) -> float:
        """Seconds before retry ``attempt`` (0 = the first) of one outage: the first comes well within the
        server's away delay (1 s), later ones back off to ``RETRY_MAX``, each with a little jitter."""
        return min(RETRY_FIRST * 2 ** attempt, RETRY_MAX) * self._jitter.uniform(0.8, 1.0)

    async def _connect_loop(self) -> None:
        reason, why = "unreachable", f"cannot reach {self.host}:{self.port}"
        lost_at: float | None = None
        attempt = 0
        while not self._closing:
            self._welcomed_at = None
            try:
                async with connect(self.uri, open_timeout=self.connect_timeout, max_size=2 ** 20,
                                   ping_interval=self.ping_interval, ping_timeout=self.ping_interval,
                                   close_timeout=2, compression=None) as ws:
                    self._ws = ws
                    lost_at = None
                    reason, why = await self._session(ws)
            except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed) as exc:
                if not self.welcomed:       # never welcomed (a token kept from before proves nothing)
                    reason, why = "unreachable", f"cannot reach {self.host}:{self.port} ({exc})"
                log.debug("%s: %s", self.name, exc)
            self._ws = None
            self.connected.clear()
            if self._closing or reason in FINAL_REASONS:
                break
            now = time.monotonic()
            if self._welcomed_at is not None and now - self._welcomed_at >= self.stable_after:
                attempt = 0                       # a good connection: the next outage starts from the first retry
            lost_at = lost_at or now
            if not self.welcomed or now - lost_at >= self.reconnect_for:
                break
            delay = self.backoff(attempt)
            self.retry_delays.append(delay)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)
            if self._closing:
                break                             # closed while it waited: no attempt is made
            attempt += 1
            self.reconnects += 1
        if not self._closing:
            who = self._closed_by.who if self._closed_by is not None and reason in HOST_CLOSED else None
            wait = self._final_wait if reason in ("bad_password", "retry_later") else None
            self._deliver(p.Disconnected(reason=reason, message=why, who=who, wait=wait))

    async def _session(self, ws: ClientConnection) -> tuple[str, str]:
        """One connection's life; returns why it ended: (reason code, readable text)."""
        hello = p.Hello(name=self.name, version=p.PROTOCOL_VERSION, password=self.password, resume=self.token,
                        avatar=self.avatar, person=self.person)
        await ws.send(p.encode_command(hello))
        writer = asyncio.get_running_loop().create_task(self._write(ws))
        try:
            async for frame in ws:
                if isinstance(frame, bytes):
                    frame = frame.decode("utf-8", "replace")
                log.debug("%s <- %s", self.name, frame)
                if self.frames is not None:
                    self.frames.append(frame)
                try:
                    final = self._handle_frame(frame)
                except Exception as exc:  # noqa: BLE001 - whatever the server sent, the player is told
                    log.exception("%s: cannot handle a frame from the server: %.200s", self.name, frame)
                    return "bad_frame", f"the server sent a message this version cannot read ({type(exc).__name__})"
                if final is not None:
                    return final
        except websockets.ConnectionClosed:
            pass
        finally:
            writer.cancel()
        if self._final is not None:
            final, self._final = self._final, None
            return final
        return "lost", f"lost the connection to {self.host}:{self.port}"

    def _handle_frame(self, frame: str) -> tuple[str, str] | None:
        """Deliver one frame's messages; a (reason, text) pair when the session must end here."""
        try:
            msg = p.decode_server_frame(frame)
        except msgspec.DecodeError as exc:
            raise ValueError(f"the frame does not fit the protocol: {exc}") from None
        if isinstance(msg, p.Welcome) and not msg.resumed and self.table_id is not None:
            self.table_id, self.seat = None, -1
            if self.server_id is not None and msg.server_id != self.server_id:
                return "server_restarted", "the server restarted; the game was lost"
            return "seat_expired", "the server no longer holds your seat (the reconnect time ran out)"
        for one in msg.messages if isinstance(msg, p.Batch) else [msg]:
            if isinstance(one, Error) and one.code == GUIDED:     # only the offline move filter's: its words are shown
                one = Error(code="refused", message=one.message)
            self._track(one)
            if isinstance(one, Error) and one.code == "rate_limited" and self._vote_for is not None:
                asyncio.get_running_loop().call_later(VOTE_AGAIN, self._vote_again)
            if isinstance(one, Error) and one.code in FINAL_REASONS:
                closed = self._closed_by
                host = closed is not None and one.code == "server_shutdown" and closed.reason in HOST_CLOSED
                self._final = (closed.reason if host and closed is not None else one.code, one.message)
                self._final_wait = one.wait
            if isinstance(one, p.Closing):
                self._closed_by = one
            self._deliver(one)
        return None

    def _track(self, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Welcome):
            self.token, self.welcomed = msg.token, True
            self.server_id = msg.server_id or self.server_id
            self._welcomed_at = time.monotonic()
            self.connected.set()
            if msg.resumed:
                self.table_id, self.seat = msg.table, -1 if msg.seat is None else msg.seat
        elif isinstance(msg, p.Lobby):
            self.table_id, self.watching = msg.table.id, msg.watching
            if msg.you is not None:
                self.seat = msg.you
            elif msg.watching:
                self.seat = -1
        elif isinstance(msg, Snapshot):
            self.game_id, self.seat = msg.game_id, -1 if msg.seat is None else msg.seat   # None: watching
            if self._vote_for is not None and msg.game_id != self._vote_for:
                self._vote_for = None                    # the game voted for has come
        elif isinstance(msg, p.Left):
            self.table_id, self.seat, self.watching = None, -1, False

    async def _write(self, ws: ClientConnection) -> None:
        while True:
            frame = await self._outbox.get()
            log.debug("%s -> %s", self.name, frame)
            try:
                await ws.send(frame)
            except websockets.ConnectionClosed:
                self._outbox.put_nowait(frame)  # resent after the reconnect
                return

