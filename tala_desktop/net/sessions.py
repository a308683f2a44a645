"""The server core's people: a connection as the core sees it (``Link``: no socket) and the player identity behind
it (``Session``), which outlives its connection.

A ``Link`` is a connection id the socket side gave (net/server.py), its
address, its rate budgets and what the core has decided for it; frames
sent to it are appended to the core's outbox as ``(id, frame)``, and a
``Close`` there tells the socket side to finish sending and close. A
``Session`` holds the name, the resume token and the table it is at (where
it sits is the room's to know), and when it dropped.
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


Frame = str | Close
Outgoing = list[tuple[int, Frame]]      # what the core asks the socket side to send, in order
FrameHook = Callable[["Session | None", str], None]  # sees every frame as it is queued (tests record them)


class Link:
    """One connection as the core knows it."""

    __slots__ = ("id", "addr", "opened", "bucket", "chat_bucket", "refused", "closing", "session", "_out", "_hook")

    def __init__(self, conn_id: int, addr: str, config: ServerConfig, now: float, out: Outgoing,
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
    """A player identity that outlives one connection: name, resume token, table, and when it dropped."""

    def __init__(self, name: str, addr: str, token_hash: str | None = None) -> None:
        self.name = name
        self.avatar: int | None = None        # the avatar its hello chose (the latest hello's)
        self.addr = addr                      # where it connected from (kept after a drop: it counts tables)
        # a seat resumed from the state file knows only its token's hash until the player brings the token
        self.token = secrets.token_urlsafe(24) if token_hash is None else "#" + token_hash
        self._hash = (token_hash, self.token) if token_hash is not None else None
        self.conn: Link | None = None
        self.room: Room[Session] | None = None  # the table it is at (the core's to keep; the seat is the room's)
        self.dropped_at: float | None = None
        self.browsing = False                 # asked for the table list: gets its updates until it sits

    @property
    def token_hash(self) -> str:
        """SHA-256 of the resume token (what the server's state file keeps instead of the token)."""
        if self._hash is None or self._hash[1] != self.token:
            self._hash = (hashlib.sha256(self.token.encode()).hexdigest(), self.token)
        return self._hash[0]

    @property
    def seat(self) -> int | None:
        """Where it sits at its table (None: it watches, or is at no table)."""
        return self.room.seat_index(self) if self.room is not None else None

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closing

    def send(self, frame: str) -> None:
        if self.conn is not None:
            self.conn.send(frame)


def restored_key(token: str) -> str:
    """Where a seat resumed from the state file waits among the sessions for ``token`` ('#' is no token char)."""
    return "#" + hashlib.sha256(token.encode()).hexdigest()
