"""Who this app is on the LAN: its player secret, the key it shows each server, and the seats it may go back to.

The secret (32 random bytes) is made once per data folder and never leaves
it. A server is shown only a key derived from it for that server's address
(``person_key``: HMAC-SHA256 of the address), so what one server sees is
worth nothing at another: a rogue server elsewhere cannot take this player's
seat or chips with it. Each server also hands the app a token (its
``welcome``); it is kept per (server, address) in ``lan_seats`` with the
table the player was at, and sent back only to that address (another server
answering there replaces the row and its token). A row whose seat is in a
game (``seated``) and whose grace has not run out since the app last knew
it (``alive_at + grace``) is the "Quay lại bàn" offer; a table the app
hosted itself is never offered (its server ended with the app). A row that
cannot be read is left out.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from .db import transaction
from .rows import read_rows

log = logging.getLogger(__name__)

SECRET_BYTES = 32
MAX_TEXT = 200          # a stored host, server id, token or name longer than this is not one the app kept


@dataclass(frozen=True)
class LanSeat:
    """The app's last word with one server at one address."""

    host: str
    port: int
    server_key: str         # the server that answered there: its lasting identity (its welcome's ``server_key``)
    token: str              # its token for this player (sent back only there)
    server_name: str
    table: int | None       # the table the player is at (None: none)
    seat: int | None        # the seat they hold, or last held, there (None: they watch, or never sat)
    seated: bool            # a seat in a started game: the server keeps it for ``grace`` seconds after a drop
    alive_at: float         # when the app last knew it had that seat (seconds since the epoch)
    grace: float            # the server's ``reconnect_seconds``
    hosted: bool            # the app ran that server itself

    def seconds_left(self, now: float) -> float:
        """Seconds of the grace left at ``now`` (the seat is surely kept until then)."""
        return self.alive_at + self.grace - now


def address(host: str, port: int) -> str:
    """How an address is written in a key: the host as typed, lower case, and the port."""
    return f"{host.strip().lower()}:{int(port)}"


def player_secret(conn: sqlite3.Connection, now: datetime) -> bytes:
    """The data folder's secret, made on first use (and again if the stored one is damaged)."""
    row = conn.execute("SELECT secret FROM lan_identity WHERE id = 1").fetchone()
    if row is not None and isinstance(row[0], bytes) and len(row[0]) == SECRET_BYTES:
        return row[0]
    if row is not None:
        log.warning("the LAN player secret was damaged; a new one is made (servers will not know this player)")
    secret = secrets.token_bytes(SECRET_BYTES)
    with transaction(conn):
        conn.execute("INSERT OR REPLACE INTO lan_identity (id, secret, created_at) VALUES (1, ?, ?)",
                     (secret, now.isoformat(timespec="seconds")))
    return secret


def person_key(secret: bytes, host: str, port: int) -> str:
    """The key this player shows the server at ``host:port`` (43 characters of base64url)."""
    mac = hmac.new(secret, b"tala-person\0" + address(host, port).encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def keep_lan_seat(conn: sqlite3.Connection, seat: LanSeat) -> None:
    """Keep ``seat`` as the app's word with its address (another server's row there goes, with its token)."""
    host = seat.host.strip().lower()
    with transaction(conn):
        conn.execute("DELETE FROM lan_seats WHERE host = ? AND port = ? AND server_id != ?",
                     (host, seat.port, seat.server_key[:MAX_TEXT]))
        conn.execute("INSERT OR REPLACE INTO lan_seats (host, port, server_id, token, server_name, table_id, seat, "
                     "seated, alive_at, grace, hosted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (host, seat.port, seat.server_key[:MAX_TEXT], seat.token[:MAX_TEXT], seat.server_name[:MAX_TEXT],
                      seat.table, seat.seat, int(seat.seated), seat.alive_at, seat.grace, int(seat.hosted)))


def leave_lan_seat(conn: sqlite3.Connection, host: str, port: int) -> None:
    """The player has no seat at that address any more (left, removed, the table or server closed); the table and
    seat they held stay known (a game charged to them while away may still come)."""
    with transaction(conn):
        conn.execute("UPDATE lan_seats SET seated = 0 WHERE host = ? AND port = ?",
                     (host.strip().lower(), port))


_COLUMNS = "host, port, server_id, token, server_name, table_id, seat, seated, alive_at, grace, hosted"


def _seat(row: tuple[object, ...]) -> LanSeat | None:
    host, port, server_key, token, name, table, seat, seated, alive_at, grace, hosted = row
    texts = (host, server_key, token, name)
    if not all(isinstance(t, str) and len(t) <= MAX_TEXT for t in texts) or not isinstance(port, int) \
            or not all(v is None or isinstance(v, int) for v in (table, seat)) \
            or not all(isinstance(v, int | float) for v in (seated, alive_at, grace, hosted)):
        return None
    assert isinstance(host, str) and isinstance(server_key, str) and isinstance(token, str) and isinstance(name, str)
    assert isinstance(alive_at, int | float) and isinstance(grace, int | float)
    return LanSeat(host, port, server_key, token, name, table if isinstance(table, int) else None,
                   seat if isinstance(seat, int) else None, bool(seated), float(alive_at), float(grace), bool(hosted))


def _rows(conn: sqlite3.Connection, where: str, args: tuple[object, ...]) -> list[LanSeat]:
    rows = read_rows(conn, f"SELECT {_COLUMNS} FROM lan_seats {where} ORDER BY alive_at DESC", args)
    return [seat for seat in map(_seat, rows) if seat is not None]


def lan_seat(conn: sqlite3.Connection, host: str, port: int) -> LanSeat | None:
    """The app's last word with the server at ``host:port`` (its token), or None."""
    found = _rows(conn, "WHERE host = ? AND port = ?", (host.strip().lower(), port))
    return found[0] if found else None


def waiting_lan_seat(conn: sqlite3.Connection, now: float) -> LanSeat | None:
    """The seat in a game this app may go back to at ``now`` (the latest), or None."""
    return next((s for s in _rows(conn, "WHERE seated = 1 AND hosted = 0", ()) if s.seconds_left(now) > 0), None)
