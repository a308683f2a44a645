"""The server core without sockets for tests: connections by id, a stepped clock, what each connection was sent.

``CoreKit`` drives a ``ServerCore`` as the websockets adapter does (connect,
receive, tick, disconnect), with time passed in, and performs the state
file writes it asks for (``perform_writes`` False: it does not, as a
process killed before its write), and keeps every frame each
connection was sent, decoded to plain JSON as a client reads it, and the
close it was given. ``say``/``hear`` read like the raw-socket helpers of
conftest.py, so a test reads the same over the core and over a socket.
Every table's bots decide in one ``InlineRunner``: at once, on this thread,
so a bot's move comes at a tick of the stepped clock (asked at one, played
at the next once ``bot_delay`` of table time passed), the same moves in
every run, and no thread is started.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.net.core import ServerCore
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.protocol import PROTOCOL_VERSION
from tala_desktop.net.sessions import Close, FrameHook, Outgoing, StateWrite
from tala_desktop.net.state_file import StateFile, open_state

# fixed deals, bots that move at the tick after they were asked (a Hard search has a small budget), no wait for a
# deal to be shown (these clients draw nothing)
CORE: dict[str, Any] = dict(bot_delay=0.0, seed=11, hard_budget_ms=20.0, address_rate=10_000.0,
                            address_burst=10_000.0, deal_wait=0.0)


class CoreKit:
    """A ``ServerCore`` on a stepped clock (``now``, seconds), its connections' frames and closes."""

    def __init__(self, frame_hook: FrameHook | None = None, threads: bool = False, **config: Any) -> None:
        """``threads``: the core makes its own bot runner, threads as a real server's (not the kit's inline one)."""
        self.config = ServerConfig(**{**CORE, **config})
        self.runner = InlineRunner()
        self.core = ServerCore(self.config, frame_hook, None if threads else self.runner)
        self.now = 1000.0
        self.inbox: dict[int, deque[dict[str, Any]]] = {}
        self.closes: dict[int, Close] = {}
        self._next = 0
        self.file: StateFile | None = None
        self.writes: list[StateWrite] = []     # the state file writes the core asked for, in order
        self.perform_writes = True             # False: an adapter that never writes what it is asked

    def __enter__(self) -> CoreKit:
        self.file, kept = open_state(self.config)
        self.deliver(self.core.restore(self.now, kept))
        return self

    def __exit__(self, *exc: object) -> None:
        self.deliver(self.core.shutdown())      # ends the tables
        self.runner.shutdown()
        if self.file is not None:
            self.file.close()

    def deliver(self, out: Outgoing) -> None:
        for item in out:
            if not isinstance(item, tuple):      # the state file first, as the websockets adapter does
                self.writes.append(item)
                if self.perform_writes and self.file is not None and not self.file.perform(item, self.now):
                    self.core.not_written(item)
                continue
            conn, frame = item
            if isinstance(frame, Close):
                self.closes.setdefault(conn, frame)
            elif conn not in self.closes:
                self.inbox[conn].append(json.loads(frame))

    # ------------------------------------------------------------ driving
    def connect(self, addr: str = "127.0.0.1") -> int:
        self._next += 1
        conn = self._next
        self.inbox[conn] = deque()
        self.deliver(self.core.connect(conn, addr, self.now))
        return conn

    def say(self, conn: int, **cmd: Any) -> None:
        self.send(conn, json.dumps(cmd))

    def send(self, conn: int, frame: str | bytes) -> None:
        if conn not in self.closes:       # the adapter reads nothing more once it was told to close
            self.deliver(self.core.receive(conn, frame, self.now))

    def tick(self, seconds: float = 0.0) -> None:
        """Let ``seconds`` pass, then tick once."""
        self.now += seconds
        self.deliver(self.core.tick(self.now))

    def run(self, seconds: float, step: float = 0.05) -> None:
        """Tick every ``step`` seconds for ``seconds``."""
        for _ in range(round(seconds / step)):
            self.tick(step)

    def drop(self, conn: int) -> None:
        """The connection ends (the client went away, or the socket was closed after a ``Close``)."""
        self.closes.setdefault(conn, Close(1006, "gone"))
        self.deliver(self.core.disconnect(conn, self.now))

    # ------------------------------------------------------------ reading
    def heard(self, conn: int) -> list[dict[str, Any]]:
        """Every message not read yet (batches opened), and they count as read."""
        got: list[dict[str, Any]] = []
        while self.inbox[conn]:
            msg = self.inbox[conn].popleft()
            got.extend(msg["messages"] if msg["type"] == "batch" else [msg])
        return got

    def hear(self, conn: int, kind: str | None = None) -> dict[str, Any]:
        """The next message (of type ``kind``: the others before it are skipped); fails when there is none."""
        while self.inbox[conn]:
            msg = self.inbox[conn].popleft()
            for one in msg["messages"] if msg["type"] == "batch" and kind != "batch" else [msg]:
                if kind is None or one["type"] == kind:
                    return one
        raise AssertionError(f"connection {conn} was sent no {kind or 'message'}")

    def closed(self, conn: int) -> int | None:
        """The close code the core gave ``conn`` (None: still open)."""
        close = self.closes.get(conn)
        return close.code if close is not None else None

    def hello(self, conn: int, name: str = "An", **extra: Any) -> dict[str, Any]:
        self.say(conn, type="hello", name=name, version=PROTOCOL_VERSION, **extra)
        return self.hear(conn)

    def create_table(self, conn: int, **settings: Any) -> int:
        """``conn`` (welcomed) creates a table with ``settings`` and sits as its host; the table's id."""
        self.say(conn, type="create_table", **settings)
        return int(self.hear(conn, "lobby")["table"]["id"])

    def welcome(self, conn: int, name: str = "An", **extra: Any) -> dict[str, Any]:
        """Say hello and check the answer is a welcome (it is returned)."""
        msg = self.hello(conn, name, **extra)
        assert msg["type"] == "welcome", msg
        return msg
