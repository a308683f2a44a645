"""LAN evenings in the history: the scoreboard of a LAN table (each person's games and chips), the latest one kept.

The server tells it after each game and when the player's evening at that
table ends (net/scoreboard.py); each one replaces the one before for the same
table of the same server (``uid``: ``lan-<server id>-<table>``), so the row is
the evening as it ended. Like a LAN game it is the table's chips, never the
wallet's. What comes from a server is checked here again (a rogue server is
hostile): 1-64 rows, printable names, bounded games and amounts, at most one
row that is the player's. A row that cannot be read is left out.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from tala_desktop.table import SeatKind

from .db import transaction
from .errors import StoreError
from .history import GameSummary, SeatInfo
from .rows import BadRows, Row, read_rows

MAX_ROWS = 64
MAX_NAME = 48
MAX_CHIPS = 10 ** 12
EVENING_KIND = "lan_evening"      # GameSummary.table of an evening


@dataclass(frozen=True)
class EveningRow:
    """One person's evening: their name at the table, games, chips won (+) or lost (-), and whether it is you."""

    name: str
    games: int
    net: int
    you: bool = False


@dataclass(frozen=True)
class LanEvening:
    uid: str
    ended_at: str
    table_name: str
    rows: tuple[EveningRow, ...]

    @property
    def mine(self) -> EveningRow | None:
        return next((r for r in self.rows if r.you), None)


def _fits(rows: object) -> bool:
    return (isinstance(rows, list | tuple) and 1 <= len(rows) <= MAX_ROWS
            and all(isinstance(r, EveningRow) and isinstance(r.name, str) and 1 <= len(r.name) <= MAX_NAME
                    and r.name.isprintable() and isinstance(r.games, int) and 0 <= r.games <= 1_000_000
                    and isinstance(r.net, int) and -MAX_CHIPS <= r.net <= MAX_CHIPS for r in rows)
            and sum(1 for r in rows if r.you) <= 1)


def keep_lan_evening(conn: sqlite3.Connection, uid: str, table: str, rows: list[EveningRow], now: datetime) -> None:
    """Keep (or bring up to date) the evening ``uid``; StoreError and no change if it is not a scoreboard."""
    if not isinstance(uid, str) or not 1 <= len(uid) <= 200 or not _fits(rows):
        raise StoreError("LAN evening: expected 1-64 rows of a name, games and chips, one of them at most yours")
    data = json.dumps([[r.name, r.games, r.net, r.you] for r in rows], ensure_ascii=False)
    with transaction(conn):
        conn.execute("INSERT INTO lan_evenings (uid, ended_at, table_name, rows) VALUES (?, ?, ?, ?) "
                     "ON CONFLICT(uid) DO UPDATE SET ended_at = excluded.ended_at, table_name = excluded.table_name, "
                     "rows = excluded.rows", (uid, now.isoformat(timespec="seconds"), table[:64], data))


def _evening(row: Row) -> LanEvening | None:
    uid, ended, table, data = row
    try:
        cells = json.loads(data)
        rows = tuple(EveningRow(n, g, v, y) for n, g, v, y in cells)
    except (TypeError, ValueError):
        return None
    if not (isinstance(uid, str) and isinstance(ended, str) and isinstance(table, str)) or not _fits(rows) \
            or not all(isinstance(r.you, bool) for r in rows):
        return None
    return LanEvening(uid, ended, table, rows)


def _summary(evening: LanEvening) -> GameSummary:
    rows = evening.rows
    you = next((i for i, r in enumerate(rows) if r.you), None)
    seats = tuple(SeatInfo(r.name, SeatKind.HUMAN if r.you else SeatKind.REMOTE) for r in rows)
    return GameSummary(evening.uid, evening.ended_at, None, len(rows), 0, "evening", 0, you, seats,
                       tuple("" for _ in rows), tuple(r.net for r in rows), table=EVENING_KIND,
                       games=tuple(r.games for r in rows))


def _ident(row: Row) -> Row:
    return ("lan_evening", row[0])


def list_lan_evenings(conn: sqlite3.Connection, limit: int, bad: BadRows | None = None) -> list[GameSummary]:
    """The newest ``limit`` evenings as history lines, newest first (a damaged row is left out, added to ``bad``)."""
    out = []
    for row in read_rows(conn, "SELECT uid, ended_at, table_name, rows FROM lan_evenings ORDER BY ended_at DESC, "
                               "id DESC LIMIT ?", (limit,), "games", bad, _ident):
        evening = _evening(row)
        if evening is None:
            if bad is not None:
                bad.add("games", _ident(row))
            continue
        out.append(_summary(evening))
    return out


def count_lan_evenings(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COUNT(*) FROM lan_evenings").fetchone()[0])


def get_lan_evening(conn: sqlite3.Connection, uid: str, bad: BadRows | None = None) -> LanEvening | None:
    rows = read_rows(conn, "SELECT uid, ended_at, table_name, rows FROM lan_evenings WHERE uid = ?", (uid,), "games",
                     bad, _ident)
    evening = _evening(rows[0]) if rows else None
    if rows and evening is None and bad is not None:
        bad.add("games", _ident(rows[0]))
    return evening
