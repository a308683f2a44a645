"""The client's side of a LAN connection without sockets: hello, what it tracks, resume, backoff, a vote sent again.

``ClientCore`` is plain synchronous code, like the server's ``ServerCore``:
the time is passed in and it never waits. Its adapter (net/client.py, on
asyncio and websockets) asks it for the hello when a connection opens
(``opened``), hands it each frame (``received``: the messages to deliver,
and whether this connection is over), asks what is due (``due``: a vote
for the next game refused for rate is sent again ``VOTE_AGAIN`` later)
and, when a connection ends, what next (``ended``: the seconds to wait
before the next attempt, or the ``Disconnected`` that ends the client).
Every frame is decoded once, strictly; one that does not fit ends the
connection (``bad_frame``). The resume token is the one this server issued
at this address (or the one the app kept for it), sent only in the hello
of this core's own address. A dropped connection is tried again for
``reconnect_for`` seconds, the waits growing from ``RETRY_FIRST`` to
``RETRY_MAX`` with a little jitter; a connection that lasted
``stable_after`` seconds starts the next outage from the first wait. A
welcome that does not resume the seat this client held says why the seat
is gone (``seat_expired``; ``server_restarted`` when another instance
answers).
"""

from __future__ import annotations

import collections
import logging
import random

from tala_desktop.table import GUIDED
from tala_desktop.table.messages import Error, NextGame, Snapshot

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


class ClientCore:
    """One player's connection to one server address, as state and decisions; ``seat`` is known once at a table."""

    def __init__(self, host: str, port: int, name: str, password: str | None = None, *, resume: str | None = None,
                 reconnect_for: float = 10.0, avatar: int | None = None, person: str | None = None,
                 jitter: random.Random | None = None) -> None:
        self.name = p.clean_name(name)          # a bad name raises ValueError here
        self.avatar = avatar if avatar is not None and 0 <= avatar < p.AVATARS else None
        self.host, self.port, self.password = host, port, password
        self.reconnect_for = reconnect_for
        self.stable_after = 1.0                  # a connection welcomed this long ago resets the backoff
        self.seat: int = -1
        self.table_id: int | None = None
        self.game_id = 0
        self.watching = False                    # at a table without a seat: its public view
        self.token: str | None = resume          # a token from an earlier connection reclaims that seat
        self.person = person                     # the app's own key for this server: who the player is there
        self.server_id: str | None = None        # the server instance that welcomed us (a restart changes it)
        self.welcomed = False                    # a server has welcomed us: a drop is worth retrying
        self.reconnects = 0
        self.retry_delays: collections.deque[float] = collections.deque(maxlen=32)  # the last reconnect waits
        self._jitter = jitter or random.Random()
        self._vote_for: int | None = None        # the game after which a vote for the next one is pending
        self._votes_due: list[float] = []        # when a vote refused for rate is sent again
        self._welcomed_at: float | None = None
        self._lost_at: float | None = None       # when this outage began (None: connected)
        self._attempt = 0                        # the retries of this outage so far
        self._end: tuple[str, str] = ("unreachable", f"cannot reach {host}:{port}")   # why the last connection ended
        self._over: tuple[str, str] | None = None   # this connection is over, and why (a final refusal, a bad frame)
        self._final_wait: float | None = None    # the final refusal's wait (a wrong password)
        self._closed_by: p.Closing | None = None   # who closed the server and why, told just before its end

    # ------------------------------------------------------------ a connection
    def opened(self, now: float) -> str:
        """A connection to this core's address is open: the hello to send first (the token only goes here)."""
        self._welcomed_at, self._lost_at, self._over = None, None, None
        return p.encode_command(p.Hello(name=self.name, version=p.PROTOCOL_VERSION, password=self.password,
                                        resume=self.token, avatar=self.avatar, person=self.person))

    def received(self, frame: str, now: float) -> tuple[list[p.ClientMessage], bool]:
        """One frame from the server: the messages to deliver, and True when this connection is over now (the seat
        is gone, or the frame cannot be read; after a final refusal the server closes it)."""
        try:
            msgs = self._messages(p.decode_server_frame(frame), now)
        except Exception as exc:  # noqa: BLE001 - whatever the server sent, the player is told
            log.exception("%s: cannot handle a frame from the server: %.200s", self.name, frame)
            self._over = ("bad_frame", f"the server sent a message this version cannot read ({type(exc).__name__})")
            return [], True
        return msgs, self._over is not None and self._over[0] in ("seat_expired", "server_restarted")

    def _messages(self, msg: p.ServerMessage, now: float) -> list[p.ClientMessage]:
        if isinstance(msg, p.Welcome) and not msg.resumed and self.table_id is not None:
            self.table_id, self.seat = None, -1
            if self.server_id is not None and msg.server_id != self.server_id:
                self._over = ("server_restarted", "the server restarted; the game was lost")
            else:
                self._over = ("seat_expired", "the server no longer holds your seat (the reconnect time ran out)")
            return []
        out: list[p.ClientMessage] = []
        for one in msg.messages if isinstance(msg, p.Batch) else [msg]:
            if isinstance(one, Error) and one.code == GUIDED:     # only the offline move filter's: its words are shown
                one = Error(code="refused", message=one.message)
            self._track(one, now)
            if isinstance(one, Error) and one.code == "rate_limited" and self._vote_for is not None:
                self._votes_due.append(now + VOTE_AGAIN)
            if isinstance(one, Error) and one.code in FINAL_REASONS:
                closed = self._closed_by
                host = closed is not None and one.code == "server_shutdown" and closed.reason in HOST_CLOSED
                self._over = (closed.reason if host and closed is not None else one.code, one.message)
                self._final_wait = one.wait
            if isinstance(one, p.Closing):
                self._closed_by = one
            out.append(one)
        return out

    def _track(self, msg: p.ClientMessage, now: float) -> None:
        if isinstance(msg, p.Welcome):
            self.token, self.welcomed = msg.token, True
            self.server_id = msg.server_id or self.server_id
            self._welcomed_at = now
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
                self._vote_for, self._votes_due = None, []       # the game voted for has come
        elif isinstance(msg, p.Left):
            self.table_id, self.seat, self.watching = None, -1, False

    def ended(self, now: float, failure: str | None = None) -> float | p.Disconnected:
        """The connection ended (``failure``: it could not be made, or broke, and why): the seconds to wait before
        the next attempt, or the ``Disconnected`` that ends the client (a final reason, never welcomed, or the
        server away for ``reconnect_for``)."""
        if self._over is not None:
            self._end = self._over
        elif failure is not None:
            if not self.welcomed:             # never welcomed (a token kept from before proves nothing)
                self._end = ("unreachable", f"cannot reach {self.host}:{self.port} ({failure})")
        else:
            self._end = ("lost", f"lost the connection to {self.host}:{self.port}")
        self._over = None
        reason, why = self._end
        if reason not in FINAL_REASONS:
            if self._welcomed_at is not None and now - self._welcomed_at >= self.stable_after:
                self._attempt = 0             # a good connection: the next outage starts from the first retry
            self._welcomed_at = None
            self._lost_at = self._lost_at if self._lost_at is not None else now
            if self.welcomed and now - self._lost_at < self.reconnect_for:
                delay = self.backoff(self._attempt)
                self.retry_delays.append(delay)
                self._attempt += 1
                self.reconnects += 1
                return delay
        who = self._closed_by.who if self._closed_by is not None and reason in HOST_CLOSED else None
        wait = self._final_wait if reason in ("bad_password", "retry_later") else None
        return p.Disconnected(reason=reason, message=why, who=who, wait=wait)

    def backoff(self, attempt: int) -> float:
        """Seconds before retry ``attempt`` (0 = the first) of one outage: the first comes well within the
        server's away delay (1 s), later ones back off to ``RETRY_MAX``, each with a little jitter."""
        return min(RETRY_FIRST * 2 ** attempt, RETRY_MAX) * self._jitter.uniform(0.8, 1.0)

    # ------------------------------------------------------------ the vote for the next game
    def vote(self) -> str:
        """Your vote for the next game (sent again while the server refuses it for rate, until the game comes)."""
        self._vote_for = self.game_id
        return p.encode_command(NextGame())

    def next_due(self) -> float | None:
        """When ``due`` has something to send next (None: nothing waits)."""
        return min(self._votes_due, default=None)

    def due(self, now: float) -> list[str]:
        """The frames whose time has come: a refused vote, again, while its game is still the current one."""
        ready = [t for t in self._votes_due if t <= now]
        self._votes_due = [t for t in self._votes_due if t > now]
        if self._vote_for is None or self._vote_for != self.game_id:
            return []
        return [p.encode_command(NextGame()) for _ in ready]
