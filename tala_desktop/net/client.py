"""NetTableClient: the TableClient of LAN play, an asyncio websocket loop in a background thread behind queues.

It offers the same methods as the offline ``LocalTableClient`` (``poll``,
``send_move``, ``next_game``, ``request_hint``, ``leave``, ``close``) and
delivers the same per-seat
messages, so the table scene is unchanged; the lobby methods
(``list_tables``, ``create_table``, ``join``, ``ready``, ``start``,
``chat``...) add the LAN lobby. It is a thin adapter around the sans-I/O
``ClientCore`` (net/client_core.py), which decides the hello, what each
frame means (decoded once, strictly: a frame that does not fit ends the
connection, ``bad_frame``), the resume, the backoff and the vote sent
again; this module only opens the websocket, reads and writes it, keeps
the timers the core asks for and hands messages to the UI thread. Commands
never raise: they are queued to the network thread, and refusals come back
as ``Error`` messages. When the connection drops the client reconnects with
its resume token for ``reconnect_for`` seconds; if the server stays away,
``poll`` returns a ``Disconnected`` notice and the client stops.
Every frame in and out is logged at debug level.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import msgspec
import websockets
from websockets.asyncio.client import ClientConnection, connect

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Move
from tala_desktop.table import SeatKind
from tala_desktop.table.messages import DealShown, Error, HintRequest, Leave, MoveCommand, Snapshot

from . import protocol as p
from .client_core import FINAL_REASONS, RETRY_FIRST, ClientCore

__all__ = ["FINAL_REASONS", "RETRY_FIRST", "NetTableClient"]

log = logging.getLogger(__name__)


class NetTableClient:
    """One player's connection to a LAN server; ``seat`` is known once a table is joined."""

    def __init__(self, host: str, port: int, name: str, password: str | None = None, *,
                 resume: str | None = None, reconnect_for: float = 10.0, connect_timeout: float = 5.0,
                 record: bool = False, ping_interval: float | None = 10.0, avatar: int | None = None,
                 person: str | None = None) -> None:
        self.core = ClientCore(host, port, name, password, resume=resume, reconnect_for=reconnect_for, avatar=avatar,
                               person=person)    # a bad name raises ValueError here, before any thread starts
        self.name = self.core.name
        self.host, self.port = host, port
        self.uri = f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"
        self.connect_timeout = connect_timeout
        self.ping_interval = ping_interval
        self.frames: list[str] | None = [] if record else None
        self.connected = threading.Event()
        self.finished = threading.Event()
        self._inbox: queue.SimpleQueue[tuple[float, p.ClientMessage]] = queue.SimpleQueue()
        self._closing = False
        self._told_end = False                     # a Disconnected has been handed out: the end is told once
        self._ws: ClientConnection | None = None
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] = asyncio.Queue()  # binds to the client's loop on first use
        self._stop = asyncio.Event()
        self._timer: asyncio.TimerHandle | None = None   # the core's next due frame (a vote sent again)
        self._thread = threading.Thread(target=self._run, name=f"lan-client-{self.name}", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ what the core tracks
    @property
    def seat(self) -> int:
        return self.core.seat

    @property
    def table_id(self) -> int | None:
        return self.core.table_id

    @property
    def game_id(self) -> int:
        return self.core.game_id

    @property
    def watching(self) -> bool:
        return self.core.watching

    @property
    def token(self) -> str | None:
        return self.core.token

    @property
    def reconnects(self) -> int:
        return self.core.reconnects

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
        self._on_loop(self._vote)

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
        self._on_loop(self._put, frame)

    def _on_loop(self, call: Callable[..., None], *args: Any) -> None:
        """Run ``call`` on the network thread; after the end, the first command is told the connection is gone."""
        if not self._closing and not self.finished.is_set():
            try:
                self._loop.call_soon_threadsafe(call, *args)
                return
            except RuntimeError:  # the network thread ended between the check and the call
                pass
        if not self._told_end:  # the first command after the end is told so; the end was said once
            self._deliver(p.Disconnected(reason="closed", message="not connected to the server"))

    def _vote(self) -> None:
        self._put(self.core.vote())

    def _put(self, frame: str) -> None:
        self._outbox.put_nowait(frame)

    def _deliver(self, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Disconnected):
            self._told_end = True
        self._inbox.put((time.monotonic(), msg))

    def _arm(self) -> None:
        """Wake when the core has a frame due (a vote sent again)."""
        at = self.core.next_due()
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None if at is None else self._loop.call_later(max(0.0, at - time.monotonic()), self._fire)

    def _fire(self) -> None:
        self._timer = None
        if not self._closing:
            for frame in self.core.due(time.monotonic()):
                self._put(frame)
        self._arm()

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

    async def _connect_loop(self) -> None:
        """Connect, and again after a drop for as long as the core says; its ``Disconnected`` is the end."""
        while not self._closing:
            failure = None
            try:
                async with connect(self.uri, open_timeout=self.connect_timeout, max_size=2 ** 20,
                                   ping_interval=self.ping_interval, ping_timeout=self.ping_interval,
                                   close_timeout=2, compression=None) as ws:
                    self._ws = ws
                    await self._session(ws)
            except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed) as exc:
                failure = str(exc)
                log.debug("%s: %s", self.name, exc)
            self._ws = None
            self.connected.clear()
            if self._closing:
                break
            step = self.core.ended(time.monotonic(), failure)
            if isinstance(step, p.Disconnected):
                self._deliver(step)
                break
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stop.wait(), step)

    async def _session(self, ws: ClientConnection) -> None:
        """One connection's life: the core's hello, then every frame to the core until it or the socket ends."""
        await ws.send(self.core.opened(time.monotonic()))
        writer = asyncio.get_running_loop().create_task(self._write(ws))
        try:
            async for frame in ws:
                if isinstance(frame, bytes):
                    frame = frame.decode("utf-8", "replace")
                log.debug("%s <- %s", self.name, frame)
                if self.frames is not None:
                    self.frames.append(frame)
                msgs, over = self.core.received(frame, time.monotonic())
                for msg in msgs:
                    if isinstance(msg, p.Welcome):
                        self.connected.set()
                    self._deliver(msg)
                self._arm()
                if over:
                    return
        except websockets.ConnectionClosed:
            pass
        finally:
            writer.cancel()

    async def _write(self, ws: ClientConnection) -> None:
        while True:
            frame = await self._outbox.get()
            log.debug("%s -> %s", self.name, frame)
            try:
                await ws.send(frame)
            except websockets.ConnectionClosed:
                self._outbox.put_nowait(frame)  # resent after the reconnect
                return

