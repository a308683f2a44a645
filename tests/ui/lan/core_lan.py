"""The LAN screens over the server core, without sockets or threads: ``CoreLan`` runs a ``ServerCore`` on a stepped
clock and hands out ``CoreClient``s, NetTableClients whose frames go straight to that core.

A ``CoreClient`` is the real client but for its transport: its commands are
encoded as the real one encodes them and received by the core at once; each
frame the core sends it is decoded strictly (``decode_server_frame``) and
tracked as the real client does, and waits for its ``poll``. So a
``LanSession`` and the lobby scene over it run as with a server on the
network, and a test steps the clock itself (``CoreLan.tick``).
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Callable
from typing import Any

from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.client_core import ClientCore
from tala_desktop.net.core import ServerCore
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.sessions import Close, Outgoing
from tala_desktop.ui.lan.session import LanSession
from tests.net.core_kit import CORE


class CoreClient(NetTableClient):
    """A NetTableClient connected to ``lan``'s core as connection ``conn``: its ``ClientCore`` is the real one, the
    frames go straight to and from the server core (no network thread, no loop)."""

    def __init__(self, lan: CoreLan, conn: int, name: str, avatar: int | None = None,
                 person: str | None = None) -> None:
        self.lan, self.conn = lan, conn
        self.core = ClientCore("127.0.0.1", 8765, name, avatar=avatar, person=person, reconnect_for=0.0,
                               jitter=random.Random(0))
        self.name, self.host, self.port, self.uri = self.core.name, "127.0.0.1", 8765, "core://"
        self.frames: list[str] | None = None
        self.connected, self.finished = threading.Event(), threading.Event()
        self._inbox: queue.SimpleQueue[tuple[float, p.ClientMessage]] = queue.SimpleQueue()
        self._closing = False
        self._told_end = False

    def opened(self) -> None:
        """The connection is open: the core's hello goes to the server core."""
        self.lan.receive(self.conn, self.core.opened(self.lan.now))

    def _on_loop(self, call: Callable[..., None], *args: Any) -> None:
        if self._closing or self.finished.is_set():
            if not self._told_end:
                self._deliver(p.Disconnected(reason="closed", message="not connected to the server"))
            return
        call(*args)

    def _put(self, frame: str) -> None:
        self.lan.receive(self.conn, frame)

    def take(self, frame: str) -> None:
        """A frame from the core, handled as the network thread handles one."""
        msgs, _ = self.core.received(frame, self.lan.now)
        for msg in msgs:
            if isinstance(msg, p.Welcome):
                self.connected.set()
            self._deliver(msg)

    def ended(self, close: Close) -> None:
        """The core closed this connection."""
        if not self.finished.is_set():
            self.finished.set()
            self._deliver(p.Disconnected(reason="lost", message=f"closed by the server: {close.reason}"))

    def close(self) -> None:
        if not self._closing:
            self._closing = True
            self.finished.set()
            self.lan.drop(self.conn)


class CoreLan:
    """A ServerCore (the tests' fast config) on a stepped clock, with the clients connected to it."""

    def __init__(self, **config: Any) -> None:
        self.core = ServerCore(ServerConfig(**{**CORE, **config}))
        self.now = 1000.0
        self.clients: dict[int, CoreClient] = {}
        self._next = 0

    def deliver(self, out: Outgoing) -> None:
        for item in out:
            if not isinstance(item, tuple):
                continue          # a state file write: this server keeps none (no state_path)
            conn, frame = item
            client = self.clients.get(conn)
            if client is None:
                continue
            if isinstance(frame, Close):
                client.ended(frame)
            elif not client.finished.is_set():
                client.take(frame)

    def receive(self, conn: int, frame: str) -> None:
        self.deliver(self.core.receive(conn, frame, self.now))

    def drop(self, conn: int) -> None:
        self.deliver(self.core.disconnect(conn, self.now))

    def tick(self, seconds: float = 0.0) -> None:
        self.now += seconds
        self.deliver(self.core.tick(self.now))

    def client(self, name: str, avatar: int | None = None, person: str | None = None) -> CoreClient:
        """A new connection (each from its own loopback address) that says hello as ``name`` (the app's ``person``
        key for the server, if given)."""
        self._next += 1
        conn = self._next
        client = self.clients[conn] = CoreClient(self, conn, name, avatar, person)
        self.deliver(self.core.connect(conn, f"127.0.0.{conn}", self.now))
        client.opened()
        return client

    def session(self, name: str, person: str | None = None) -> LanSession:
        """A LanSession over a new client, as the LAN page makes one (the table list asked for)."""
        session = LanSession(self.client(name, person=person))
        session.client.list_tables()
        return session

    def shutdown(self) -> None:
        self.deliver(self.core.shutdown())
