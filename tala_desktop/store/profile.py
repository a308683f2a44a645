"""The player's profile and wallet: name, avatar, chip balance, the daily top-up, and offline bots' balances.

Money rules: a new profile gets ``STARTING_GRANT`` chips. A player below
``DAILY_FLOOR`` may claim a top-up back to the floor once per calendar day
(the day of the injected clock). An offline bot keeps its balance between
tables (keyed by its name and level); a bot that is broke when a table is set
up buys back in at ``STARTING_GRANT`` so there is always someone to play.
Every change of the player's balance writes a ledger row (chips over time).
"""

from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from datetime import time as dt_time

from .allowance import DAILY_FLOOR, STARTING_GRANT
from .db import transaction
from .errors import StoreError
from .rows import BadRows, read_row_salvaged, read_rows

DEFAULT_NAME = "Bạn"
MAX_NAME_LENGTH = 24
AVATAR_COUNT = 64          # avatar ids 0..63; the UI draws the ones it has and falls back for others


@dataclass(frozen=True)
class Profile:
    name: str
    avatar: int
    balance: int
    created_at: str
    last_topup: str | None     # YYYY-MM-DD of the last daily top-up


def check_name(name: object, what: str = "name") -> str:
    """A clean display name (trimmed, 1-24 printable characters) or StoreError."""
    if not isinstance(name, str):
        raise StoreError(f"{what}: expected text, got {type(name).__name__}")
    clean = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(clean) <= MAX_NAME_LENGTH:
        raise StoreError(f"{what}: expected 1-{MAX_NAME_LENGTH} characters, got {len(clean)}")
    if any(unicodedata.category(ch).startswith("C") for ch in clean):
        raise StoreError(f"{what}: control characters are not allowed")
    return clean


def ensure_profile(conn: sqlite3.Connection, now: datetime) -> bool:
    """Create the profile with the starting grant if there is none; True if one was created."""
    with transaction(conn):
        if conn.execute("SELECT 1 FROM profile WHERE id = 1").fetchone():
            return False
        at = now.isoformat(timespec="seconds")
        conn.execute("INSERT INTO profile (id, name, avatar, balance, created_at) VALUES (1, ?, 0, ?, ?)",
                     (DEFAULT_NAME, STARTING_GRANT, at))
        conn.execute("INSERT INTO ledger (at, delta, balance, reason) VALUES (?, ?, ?, 'grant')",
                     (at, STARTING_GRANT, STARTING_GRANT))
        return True


def get_profile(conn: sqlite3.Connection, bad: BadRows | None = None) -> Profile:
    """The profile; a text cell that cannot be read reads as its default (the name "Bạn"), added to ``bad``."""
    row, broken = read_row_salvaged(conn, "SELECT name, avatar, balance, created_at, last_topup FROM profile "
                                          "WHERE id = 1")
    if row is None:
        raise StoreError("there is no profile yet")
    name, avatar, balance, created_at, last_topup = row
    if broken and bad is not None:
        bad.add("profile", tuple(broken))
    return Profile(DEFAULT_NAME if name is None else name, avatar, balance, created_at or "", last_topup)


def set_name(conn: sqlite3.Connection, name: str) -> str:
    clean = check_name(name, "player name")
    with transaction(conn):
        conn.execute("UPDATE profile SET name = ? WHERE id = 1", (clean,))
    return clean


def set_avatar(conn: sqlite3.Connection, avatar: int) -> None:
    if not isinstance(avatar, int) or isinstance(avatar, bool) or not 0 <= avatar < AVATAR_COUNT:
        raise StoreError(f"avatar: expected a number 0-{AVATAR_COUNT - 1}, got {avatar!r}")
    with transaction(conn):
        conn.execute("UPDATE profile SET avatar = ? WHERE id = 1", (avatar,))


def topup_available(conn: sqlite3.Connection, now: datetime) -> bool:
    p = get_profile(conn)
    return p.balance < DAILY_FLOOR and p.last_topup != now.date().isoformat()


def next_topup(conn: sqlite3.Connection, now: datetime) -> datetime | None:
    """When the daily top-up can next be claimed: ``now`` if it can be, the next local midnight (``now``'s time
    zone) if today's was had; None at or above the floor, where there is nothing to top up."""
    p = get_profile(conn)
    if p.balance >= DAILY_FLOOR:
        return None
    if p.last_topup != now.date().isoformat():
        return now
    return datetime.combine(now.date() + timedelta(days=1), dt_time(0), tzinfo=now.tzinfo)


def claim_daily_topup(conn: sqlite3.Connection, now: datetime) -> int:
    """Top the balance up to ``DAILY_FLOOR`` if below it and not yet done today; returns the chips given."""
    today = now.date().isoformat()
    with transaction(conn):
        balance, last = conn.execute("SELECT balance, last_topup FROM profile WHERE id = 1").fetchone()
        if balance >= DAILY_FLOOR or last == today:
            return 0
        delta = DAILY_FLOOR - balance
        conn.execute("UPDATE profile SET balance = ?, last_topup = ? WHERE id = 1", (DAILY_FLOOR, today))
        conn.execute("INSERT INTO ledger (at, delta, balance, reason) VALUES (?, ?, ?, 'topup')",
                     (now.isoformat(timespec="seconds"), delta, DAILY_FLOOR))
        return delta


def _check_bot_key(name: str, level: str) -> tuple[str, str]:
    clean = check_name(name, "bot name")
    if not isinstance(level, str) or not level.isidentifier():
        raise StoreError(f"bot level: expected a level name, got {level!r}")
    return clean, level


def bot_balance(conn: sqlite3.Connection, name: str, level: str) -> int:
    """The bot's chips for a new table: its stored balance, or a fresh grant if it is new or broke."""
    name, level = _check_bot_key(name, level)
    with transaction(conn):
        row = conn.execute("SELECT balance FROM bot_balances WHERE name = ? AND level = ?", (name, level)).fetchone()
        if row is not None and row[0] >= DAILY_FLOOR:
            return int(row[0])
        conn.execute("INSERT INTO bot_balances (name, level, balance) VALUES (?, ?, ?) "
                     "ON CONFLICT (name, level) DO UPDATE SET balance = excluded.balance",
                     (name, level, STARTING_GRANT))
        return STARTING_GRANT


def bot_balances(conn: sqlite3.Connection, bad: BadRows | None = None) -> dict[tuple[str, str], int]:
    """Every stored bot balance, keyed by (name, level); a row whose name cannot be read is left out."""
    rows = read_rows(conn, "SELECT name, level, balance FROM bot_balances ORDER BY 1, 2", (), "bots", bad)
    return {(n, lv): b for n, lv, b in rows}
