"""The server core's people: a connection as the core sees it (``Link``: no socket) and the person behind it
(``Session``), which outlives its connection.

A ``Link`` is a connection id the socket side gave (net/server.py), its
address, its rate budgets and what the core has decided for it; frames
sent to it are appended to the core's outbox as ``(id, frame)``, and a
``Close`` there tells the socket side to finish sending and close. The
core asks its adapter for disk writes the same way (``SaveTables``,
``ClearTables``: net/persist.py), ahead of the frames they go with. A
``Session`` holds the name, the resume token and the table it is at (where
it sits is the room's to know), and when it dropped; its ``person`` is who it
is: the hash of the key the app sent (its own per-server key), or of the
token the server issued when the app sent none. The server keeps only hashes.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .limits import ServerConfig, TokenBucket

if TYPE_CHECKING:
    from .rooms import Room

POLICY, GOING_AWAY, REPLACED = 1008, 1001, 4000   # websocket close codes the server uses


@dataclass(frozen=True, slots=True)
class Close:
    """Finish sending what is queued for the connection, then close it with ``code`` and ``reason``."""

    code: int = 1000
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SaveTables:
    """Write these started tables to the state file and forget the ``gone`` ones, in one transaction: (room id,
    its JSON row) and (room id, its dealer's random state) when that changed (net/persist.py)."""

    rows: tuple[tuple[int, bytes], ...] = ()
    dealers: tuple[tuple[int, bytes], ...] = ()
    gone: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ClearTables:
    """Empty the state file's tables (the server stops on purpose: nothing is left to resume)."""


Frame = str | Close
StateWrite = SaveTables | ClearTables
Frames = list[tuple[int, Frame]]        # a connection's frames and closes, in order
Outgoing = list[tuple[int, Frame] | StateWrite]   # what the core asks the adapter to do, in order: the writes first
FrameHook = Callable[["Session | None", str], None]  # sees every frame as it is queued (tests record them)


class Link:
    """One connection as the core knows it."""

    __slots__ = ("id", "addr", "opened", "bucket", "chat_bucket", "refused", "closing", "session", "_out", "_hook")

    def __init__(self, conn_id: int, addr: str, config: ServerConfig, now: float, out: Frames,
                 hook: FrameHook | None = None) -> None:
        self.id = conn_id
        self.addr = addr
        self.opened = now
        self.bucket = TokenBucket(config.rate, config.burst, now)
        self.chat_bucket = TokenBucket(config.chat_rate, config.chat_burst, now)
        self.refused = 0                  # commands refused for rate (closed after ``flood_close``)
        self.closing = False              # the core closed it, or the socket side found it stuck
        self.session: Session | None = None
        self._out = out
        self._hook = hook

    def send(self, frame: str) -> None:
        if self.closing:
            return
        if self._hook is not None:
            self._hook(self.session, frame)
        self._out.append((self.id, frame))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close (nothing more is sent or read after this)."""
        if not self.closing:
            self.closing = True
            self._out.append((self.id, Close(code, reason)))


class Session:
    """A person's presence at the server, outliving one connection: name, resume token, table, when it dropped, and
    ``person``, the key a table knows the person by (net/people.py)."""

    def __init__(self, name: str, addr: str, person: str | None = None, token: str | None = None) -> None:
        self.name = name
        self.avatar: int | None = None        # the avatar its hello chose (the latest hello's)
        self.addr = addr                      # where it connected from (kept after a drop: it counts tables)
        self.token = token or secrets.token_urlsafe(24)   # what the welcome hands out to reclaim this presence
        # who this is: the hash of the app's own key for this server (hello's ``person``), or of the token
        self.person = person or digest(self.token)
        self.conn: Link | None = None
        self.room: Room[Session] | None = None  # the table it is at (the core's to keep; the seat is the room's)
        self.dropped_at: float | None = None
        self.browsing = False                 # asked for the table list: gets its updates until it sits

    @property
    def seat(self) -> int | None:
        """Where it sits at its table (None: it watches, or is at no table)."""
        return self.room.checks.seat_index(self) if self.room is not None else None

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closing

    def send(self, frame: str) -> None:
        if self.conn is not None:
            self.conn.send(frame)


def digest(secret: str) -> str:
    """SHA-256 of a person's key or a token: what the server keeps of it (in memory and in the state file)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def person_key(person: str | None, resume: str | None) -> str | None:
    """Who a hello says it is: its ``person`` key, else the resume token it brings (a token is a person's key for a
    client that sends none of its own), as the server keeps it; None for a newcomer."""
    secret = person or resume
    return None if secret is None else digest(secret)
