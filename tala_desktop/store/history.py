"""Settling finished games: the money and the history record in ONE transaction, at most once per game uid.

``settle`` writes the game (seed, rules, seats, deal and moves from
``engine.record``, outcome, timestamps), pays the player's net into the
profile and each offline bot's net into its balance, and adds a ledger row,
all inside one ``BEGIN IMMEDIATE`` transaction. A second call with the same
uid changes nothing. A crash before COMMIT leaves nothing; after COMMIT the
game is paid exactly once, so a restart that settles again is harmless.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tala_desktop.bots import BotLevel
from tala_desktop.engine import GameState
from tala_desktop.engine.record import game_to_obj
from tala_desktop.table import TABLE_KINDS, SeatKind

from .db import transaction
from .errors import SettleError
from .faults import crash_point
from .profile import check_name
from .rows import BadRows, Row, by_id, read_rows

log = logging.getLogger(__name__)

@dataclass(frozen=True)
class SeatInfo:
    """Who sat in a seat: a name, ``human``/``bot``/``remote``, and the bot's level."""

    name: str
    kind: SeatKind = SeatKind.BOT
    level: BotLevel | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True)
class Settlement:
    """What ``settle`` did: ``paid`` False means the uid was already settled and nothing changed."""

    uid: str
    paid: bool
    balance: int               # the player's balance after this game


@dataclass(frozen=True)
class GameSummary:
    """One line of the history list."""

    uid: str
    finished_at: str
    started_at: str | None
    players: int
    bet: int
    kind: str
    winner: int
    human_seat: int | None
    seats: tuple[SeatInfo, ...]
    labels: tuple[str, ...]
    nets: tuple[int, ...]
    table: str | None = None   # None: an offline game paid from the wallet; "lan": a LAN table's chips;
                               # "lan_evening": a whole evening at a LAN table (one person a seat)
    games: tuple[int, ...] = ()    # an evening: the games each person played
    auto: tuple[int, ...] = ()     # a LAN game: the turns the computer played for each seat's player away


@dataclass(frozen=True)
class GameEntry:
    """A full history record: the summary plus the game record (replayable) and the outcome."""

    summary: GameSummary
    record: dict[str, Any]
    outcome: dict[str, Any]
    seed: int | None


def _check_seats(st: GameState, seats: list[SeatInfo], human_seat: int | None) -> None:
    if len(seats) != st.n:
        raise SettleError(f"seats: the game has {st.n} seats, got {len(seats)}")
    for i, s in enumerate(seats):
        if s.kind not in TABLE_KINDS:
            raise SettleError(f"seats[{i}].kind: expected human, bot or remote, got {s.kind!r}")
        check_name(s.name, f"seats[{i}].name")
        if s.kind == SeatKind.BOT and not (isinstance(s.level, str) and s.level.isidentifier()):
            raise SettleError(f"seats[{i}].level: a bot needs its level, got {s.level!r}")
    if human_seat is not None and not (isinstance(human_seat, int) and 0 <= human_seat < st.n
                                       and seats[human_seat].kind == SeatKind.HUMAN):
        raise SettleError(f"human_seat: {human_seat!r} is not a human seat of this game")


def settle(conn: sqlite3.Connection, st: GameState, uid: str, seats: list[SeatInfo], human_seat: int | None,
           now: datetime, started_at: str | None = None) -> Settlement:
    """Record the finished game ``st`` and pay it, once; see the module docstring."""
    if not isinstance(uid, str) or not uid:
        raise SettleError("uid: expected a non-empty game id")
    if not st.is_over or st.outcome is None:
        raise SettleError(f"game {uid}: not over, nothing to settle")
    _check_seats(st, seats, human_seat)
    out = st.outcome
    record = game_to_obj(st)
    before = record["balances"]
    at = now.isoformat(timespec="seconds")
    with transaction(conn):
        crash_point("settle_begun")
        if conn.execute("SELECT 1 FROM games WHERE uid = ?", (uid,)).fetchone():
            log.info("game %s is already settled", uid)
            balance = conn.execute("SELECT balance FROM profile WHERE id = 1").fetchone()[0]
            return Settlement(uid, False, balance)
        cur = conn.execute(
            "INSERT INTO games (uid, started_at, finished_at, seed, players, bet, rules, kind, winner, human_seat, "
            "record, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (uid, started_at, at, _sql_int(record["seed"]), st.n, st.bet, json.dumps(record["rules"], sort_keys=True),
             out.kind, out.winner, human_seat, json.dumps(record, ensure_ascii=False, sort_keys=True),
             json.dumps(out.to_dict(), sort_keys=True)))
        game_id = cur.lastrowid
        crash_point("history_inserted")
        conn.executemany(
            "INSERT INTO game_seats (game_id, seat, name, kind, level, label, points, net, balance_before) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, i, check_name(s.name), s.kind, s.level, out.labels[i], out.points[i], out.net[i],
              None if before is None else before[i]) for i, s in enumerate(seats)])
        crash_point("seats_inserted")
        balance = conn.execute("SELECT balance FROM profile WHERE id = 1").fetchone()[0]
        if human_seat is not None:
            balance = max(0, balance + out.net[human_seat])
            conn.execute("UPDATE profile SET balance = ? WHERE id = 1", (balance,))
        crash_point("profile_paid")
        for i, s in enumerate(seats):
            if s.kind == SeatKind.BOT:
                conn.execute(
                    "INSERT INTO bot_balances (name, level, balance) VALUES (?, ?, MAX(0, ? + ?)) "
                    "ON CONFLICT (name, level) DO UPDATE SET balance = MAX(0, balance + ?)",
                    (check_name(s.name), s.level, before[i] if before is not None else 0, out.net[i], out.net[i]))
        crash_point("bots_paid")
        if human_seat is not None:
            conn.execute("INSERT INTO ledger (at, delta, balance, reason, game_uid) VALUES (?, ?, ?, 'game', ?)",
                         (at, out.net[human_seat], balance, uid))
        crash_point("ledger_written")
    crash_point("settle_committed")
    log.info("settled game %s: %s", uid, list(out.net))
    return Settlement(uid, True, balance)


def _sql_int(v: Any) -> int | None:
    """``v`` if SQLite can hold it as an integer (the record keeps any seed in full)."""
    return v if isinstance(v, int) and -(2 ** 63) <= v < 2 ** 63 else None


_SUMMARY_COLUMNS = "g.id, g.uid, g.finished_at, g.started_at, g.players, g.bet, g.kind, g.winner, g.human_seat"


def _summaries(conn: sqlite3.Connection, rows: list[Row], bad: BadRows | None) -> list[GameSummary]:
    """Each game's summary with its seats; a game with an unreadable seat row is left out (kind "games")."""
    out = []
    for gid, uid, fin, start, players, bet, kind, winner, human in rows:
        seats = BadRows()
        seat_rows = read_rows(conn, "SELECT name, kind, level, label, net FROM game_seats WHERE game_id = ? "
                                    "ORDER BY seat", (gid,), "seats", seats)
        if seats.count():
            if bad is not None:
                bad.add("games", (gid,))
            continue
        out.append(GameSummary(uid, fin, start, players, bet, kind, winner, human,
                               tuple(SeatInfo(n, k, lv) for n, k, lv, _, _ in seat_rows),
                               tuple(r[3] for r in seat_rows), tuple(r[4] for r in seat_rows)))
    return out


def list_games(conn: sqlite3.Connection, limit: int = 50, offset: int = 0, bad: BadRows | None = None
               ) -> list[GameSummary]:
    """Finished games, newest first; a game whose text cannot be read is left out (and added to ``bad``)."""
    if not (isinstance(limit, int) and isinstance(offset, int) and limit >= 0 and offset >= 0):
        raise ValueError("limit and offset: expected non-negative whole numbers")
    rows = read_rows(conn, f"SELECT {_SUMMARY_COLUMNS} FROM games g ORDER BY g.finished_at DESC, g.id DESC "
                           "LIMIT ? OFFSET ?", (limit, offset), "games", bad, by_id)
    return _summaries(conn, rows, bad)


def count_games(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def get_game(conn: sqlite3.Connection, uid: str, bad: BadRows | None = None) -> GameEntry | None:
    """The full record of game ``uid``; None if there is no such game or it cannot be read (added to ``bad``)."""
    rows = read_rows(conn, f"SELECT {_SUMMARY_COLUMNS}, g.record, g.outcome, g.seed FROM games g WHERE g.uid = ?",
                     (uid,), "games", bad, by_id)
    if not rows:
        return None
    row = rows[0]
    summaries = _summaries(conn, [row[:9]], bad)
    try:
        record, outcome = json.loads(row[9]), json.loads(row[10])
    except (TypeError, ValueError) as exc:   # JSONDecodeError is a ValueError
        log.warning("game %s: its stored record cannot be read: %s", uid, exc)
        if bad is not None:
            bad.add("games", (row[0],))
        return None
    if not summaries or not isinstance(record, dict) or not isinstance(outcome, dict):
        if bad is not None:
            bad.add("games", (row[0],))
        return None
    return GameEntry(summaries[0], record, outcome, row[11])


def later_game_settled(conn: sqlite3.Connection, table_uid: str, game_id: int) -> bool:
    """True if a game after ``game_id`` of table ``table_uid`` is settled (uids are ``<table uid>-<game id>``);
    a game whose uid cannot be read does not count."""
    prefix = f"{table_uid}-"
    for (uid,) in read_rows(conn, "SELECT uid FROM games WHERE substr(uid, 1, ?) = ?", (len(prefix), prefix)):
        tail = uid[len(prefix):]
        if tail.isascii() and tail.isdigit() and int(tail) > game_id:
            return True
    return False


def is_settled(conn: sqlite3.Connection, uid: str) -> bool:
    return conn.execute("SELECT 1 FROM games WHERE uid = ?", (uid,)).fetchone() is not None
