"""SeatKeeper: what the data folder keeps of a LAN session: the seat (a restart goes back to it), games, evenings.

Who the player is at a server (``credentials``: the key the store derives
for that address, and the token that server gave, sent back only there) is
read before connecting. While connected, after each pump of the session, what the server said is written to
the store (store/lan_seats.py): its id and token when it welcomes, the table
and whether the player holds a seat in a started game when the lobby
changes, and every ``BEAT`` seconds that the seat is still held; a restart
within the server's grace then offers "Quay lại bàn". Leaving the table, being
taken off it, or the server closing for good clears the offer. Each game's
record and the evening's scoreboard go to the history (records.py). A write
that fails is logged and the game goes on.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from tala_desktop.net import protocol as p
from tala_desktop.net.game_record import GameRecord
from tala_desktop.net.scoreboard import Scoreboard
from tala_desktop.store import Store, StoreError
from tala_desktop.store.lan_seats import LanSeat

from .records import keep_record, keep_scoreboard
from .session import LanSession

log = logging.getLogger(__name__)

BEAT = 5.0                               # seconds between two "still seated" marks
STILL_THERE = {"lost", "unreachable"}    # a connection that ends so may find its seat kept: the offer stays


@dataclass(frozen=True)
class Credentials:
    """Who the player is at one address, as the data folder knows: the key, the token that server gave, and the
    table and seat they last held there (a game charged to them while away is of that seat)."""

    person: str | None = None
    token: str | None = None
    at: tuple[int, int] | None = None


def credentials(store: Store | None, host: str, port: int, server_key: str = "") -> Credentials:
    """What the data folder knows of the player at ``host:port`` (nothing when it cannot say): the token only when
    the server the app is sure answers there (``server_key``, its lasting identity as the LAN list hears it) is the
    one that gave it; elsewhere, and where it cannot tell, the key alone (the server knows the player by it)."""
    if store is None:
        return Credentials()
    try:
        kept = store.lan_seat(host, port)
        person = store.lan_person(host, port)
    except (StoreError, sqlite3.Error) as exc:
        log.warning("the LAN identity could not be read: %s", exc)
        return Credentials()
    if kept is None:
        return Credentials(person)
    at = (kept.table, kept.seat) if kept.table is not None and kept.seat is not None else None
    return Credentials(person, kept.token if server_key and kept.server_key == server_key else None, at)


class SeatKeeper:
    """Writes one LAN session's seat to the store as it changes."""

    def __init__(self, store: Store | None, session: LanSession) -> None:
        self.store = store
        self.session = session
        self._said: tuple[object, ...] | None = None
        self._beat_at = 0.0
        self.over = False
        session.after_pump = self.update
        session.on_record = self.keep_record
        session.on_scoreboard = self.keep_scoreboard

    def keep_record(self, record: GameRecord) -> None:
        """A game at this table is over: into the history, with the table's chips (never the wallet's)."""
        s = self.session
        keep_record(self.store, s.games_server, s.where(), s.welcome.server if s.welcome else "", record, s.notices,
                    s.held)

    def keep_scoreboard(self, board: Scoreboard) -> None:
        """The evening at this table so far (or as it ended): into the history, the latest replacing the one before."""
        s = self.session
        keep_scoreboard(self.store, s.games_server, s.where(), s.welcome.server if s.welcome else "", board)

    def update(self) -> None:
        """What the session holds now, written when it changed or a beat is due (the session calls it)."""
        s = self.session
        welcome = s.welcome
        if self.store is None or welcome is None or s.closed or self.over:
            return
        if s.lost_reason is not None:
            if s.lost_reason not in STILL_THERE:
                self._leave()
            self.over = True                 # the connection is over: nothing more to say of the seat
            return
        seated = s.lobby is not None and s.lobby.state == "playing" and s.you is not None and not s.watching
        said = (welcome.server_id, welcome.token, s.lobby.id if s.lobby is not None else None, seated, s.at)
        wall = self.store.clock().timestamp()
        if said == self._said and not (seated and wall - self._beat_at >= BEAT):
            return
        if self._said is not None and self._said[2] is not None and said[2] is None:
            self._leave()                    # taken off the table, or left it
        self._said, self._beat_at = said, wall
        self._write(welcome, seated, wall)

    def _write(self, welcome: p.Welcome, seated: bool, wall: float) -> None:
        assert self.store is not None
        (host, port), at = self._address(), self.session.at
        seat = LanSeat(host=host, port=port, server_key=welcome.server_key or "-", token=welcome.token,
                       server_name=welcome.server, table=at[0] if at else None, seat=at[1] if at else None,
                       seated=seated, alive_at=wall, grace=welcome.reconnect_seconds,
                       hosted=self.session.server is not None)
        try:
            self.store.keep_lan_seat(seat)
        except (StoreError, sqlite3.Error) as exc:
            log.warning("the LAN seat could not be kept: %s", exc)

    def _address(self) -> tuple[str, int]:
        """Where the seat is kept: the address its server was met at (the key it knows the player by), also when
        the app went back to it on another port of that host."""
        c = self.session.client
        return self.session.kept_at or (c.host, c.port)

    def _leave(self) -> None:
        if self.store is None:
            return
        try:
            self.store.leave_lan_seat(*self._address())
        except (StoreError, sqlite3.Error) as exc:
            log.warning("the LAN seat could not be cleared: %s", exc)

    def left(self) -> None:
        """The player left the table on purpose: nothing to go back to."""
        self._leave()
        self._said = None
