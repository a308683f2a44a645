"""LAN games in the history: each kept as the player's seat saw it, apart from the wallet, its ledger and the stats.

A LAN game is played with the table's chips, not the wallet's: keeping one
changes no balance and adds no ledger row, and the statistics (stats.py)
read only the offline ``games`` table. What is kept is the game's events as
the seat was told them and its final view (``table.messages``: ``Story``
events and a ``Snapshot``), never the deal or the stock, which the server
keeps to itself. The record is checked again here and when read back (a
damaged file is as hostile as a rogue server): a row that does not decode
is left out and counted like an unreadable offline game.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass
from datetime import datetime

import msgspec

from tala_desktop.engine.scoring import PLACE_LABELS
from tala_desktop.table import SeatKind
from tala_desktop.table.messages import MAX_STORY, EventMessage, Snapshot

from .db import transaction
from .errors import StoreError
from .history import GameSummary, SeatInfo
from .rows import BadRows, Row, read_rows

log = logging.getLogger(__name__)

LABELS = frozenset((*PLACE_LABELS, "mom", "u", "u_tron", "u_khan", "den", "lose"))
MAX_TABLE_NAME = 64
MAX_SHOWN_NAME = 40         # a seat's name as a snapshot carries it
LAN_KIND = "lan"            # GameSummary.table of a LAN game


class LanRecord(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What is kept of a LAN game: its events as your seat saw them, and your final view."""

    events: list[EventMessage]
    final: Snapshot
    auto: list[int] = []        # per seat, the turns the computer played for its player who was away


@dataclass(frozen=True)
class LanGame:
    """A kept LAN game: its history line and what the seat saw."""

    summary: GameSummary
    events: tuple[EventMessage, ...]
    final: Snapshot


_decoder = msgspec.json.Decoder(LanRecord)


def check_lan_record(events: list[EventMessage], final: Snapshot) -> None:
    """StoreError unless this is one finished game seen from one seat, with names and labels a page can show."""
    out, n = final.outcome, final.n
    if final.seat is None or not 0 <= final.seat < n or out is None or final.reveal is None:
        raise StoreError("LAN game: expected a finished game seen from a seat")
    if not events or len(events) > MAX_STORY or any(e.game_id != final.game_id for e in events):
        raise StoreError("LAN game: expected the events of that one game")
    if len(final.names) != n or len(out.labels) != n or len(out.net) != n or not 0 <= out.winner < n:
        raise StoreError("LAN game: expected one name, label and amount per seat")
    if not all(label in LABELS for label in out.labels):
        raise StoreError(f"LAN game: unknown result labels {list(out.labels)!r}")
    for i, name in enumerate(final.names):
        if not _shown_name(name):
            raise StoreError(f"LAN game: seat {i}'s name is not 1-{MAX_SHOWN_NAME} printable characters")


def _shown_name(name: object) -> bool:
    return isinstance(name, str) and 1 <= len(name) <= MAX_SHOWN_NAME and name.isprintable()


def keep_lan_game(conn: sqlite3.Connection, uid: str, table: str, events: list[EventMessage], final: Snapshot,
                  now: datetime, auto: list[int] | None = None) -> bool:
    """Keep a finished LAN game once (False: ``uid`` is kept already); the wallet is not touched. ``auto``: per
    seat, the turns the computer played for its player who was away."""
    if not isinstance(uid, str) or not 1 <= len(uid) <= 200:
        raise StoreError("LAN game: expected a game id")
    check_lan_record(events, final)
    auto = list(auto or [])
    if auto and (len(auto) != final.n or not all(isinstance(a, int) and 0 <= a <= 1000 for a in auto)):
        raise StoreError("LAN game: expected, per seat, the turns the computer played")
    out = final.outcome
    assert out is not None and final.seat is not None
    record = msgspec.json.encode(LanRecord(events=list(events), final=final, auto=auto)).decode()
    with transaction(conn):
        cur = conn.execute(
            "INSERT OR IGNORE INTO lan_games (uid, finished_at, table_name, seat, players, bet, kind, winner, names, "
            "labels, nets, record, auto) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (uid, now.isoformat(timespec="seconds"), table[:MAX_TABLE_NAME], final.seat, final.n, final.bet,
             str(out.kind), out.winner, json.dumps(final.names, ensure_ascii=False), json.dumps(list(out.labels)),
             json.dumps(list(out.net)), record, json.dumps(auto)))
    kept = cur.rowcount == 1
    if kept:
        log.info("kept LAN game %s: %s", uid, list(out.net))
    return kept


def _lan_id(row: Row) -> Row:
    """A LAN game's identity among the unreadable games (apart from the offline game of the same id)."""
    return ("lan", row[0])


_COLUMNS = "id, uid, finished_at, players, bet, kind, winner, seat, names, labels, nets, auto"


def _summary(row: Row) -> GameSummary | None:
    gid, uid, fin, players, bet, kind, winner, seat, names, labels, nets, auto = row
    try:
        names, labels, nets, auto = json.loads(names), json.loads(labels), json.loads(nets), json.loads(auto)
    except (TypeError, ValueError):
        return None
    if not (isinstance(auto, list) and len(auto) in (0, players) and all(isinstance(a, int) for a in auto)):
        return None
    if not (isinstance(names, list) and isinstance(labels, list) and isinstance(nets, list)
            and len(names) == len(labels) == len(nets) == players and isinstance(seat, int) and 0 <= seat < players
            and all(_shown_name(n) for n in names) and all(isinstance(v, int) for v in nets)
            and all(label in LABELS for label in labels)):
        return None
    seats = tuple(SeatInfo(n, SeatKind.HUMAN if i == seat else SeatKind.REMOTE) for i, n in enumerate(names))
    return GameSummary(uid, fin, None, players, bet, kind, winner, seat, seats, tuple(labels), tuple(nets),
                       table=LAN_KIND, auto=tuple(auto))


def list_lan_games(conn: sqlite3.Connection, limit: int, bad: BadRows | None = None) -> list[GameSummary]:
    """The newest ``limit`` LAN games, newest first; a row that cannot be read is left out (added to ``bad``)."""
    rows = read_rows(conn, f"SELECT {_COLUMNS} FROM lan_games ORDER BY finished_at DESC, id DESC LIMIT ?",
                     (limit,), "games", bad, _lan_id)
    out = []
    for row in rows:
        summary = _summary(row)
        if summary is None:
            if bad is not None:
                bad.add("games", _lan_id(row))
            continue
        out.append(summary)
    return out


def count_lan_games(conn: sqlite3.Connection, prefix: str = "") -> int:
    """The LAN games kept (whose uid starts with ``prefix``: one server's table)."""
    if prefix:
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        return int(conn.execute("SELECT COUNT(*) FROM lan_games WHERE uid LIKE ? ESCAPE '\\'",
                                (pattern,)).fetchone()[0])
    return int(conn.execute("SELECT COUNT(*) FROM lan_games").fetchone()[0])


def lan_totals(conn: sqlite3.Connection, bad: BadRows | None = None) -> tuple[int, int]:
    """The LAN games kept and the table chips the player won (+) or lost (-) in them, readable rows only."""
    games = net = 0
    for row in read_rows(conn, f"SELECT {_COLUMNS} FROM lan_games", (), "games", bad, _lan_id):
        summary = _summary(row)
        if summary is None or summary.human_seat is None:
            if bad is not None:
                bad.add("games", _lan_id(row))
            continue
        games, net = games + 1, net + summary.nets[summary.human_seat]
    return games, net


def get_lan_game(conn: sqlite3.Connection, uid: str, bad: BadRows | None = None) -> LanGame | None:
    """Kept LAN game ``uid``; None if there is none or it cannot be read (added to ``bad``)."""
    rows = read_rows(conn, f"SELECT {_COLUMNS}, record FROM lan_games WHERE uid = ?", (uid,), "games", bad, _lan_id)
    if not rows:
        return None
    summary = _summary(rows[0][:-1])
    try:
        record = _decoder.decode(rows[0][-1])
        check_lan_record(record.events, record.final)
    except (msgspec.DecodeError, StoreError, TypeError) as exc:
        log.warning("LAN game %s: its stored record cannot be read: %s", uid, exc)
        summary = None
    if summary is None:
        if bad is not None:
            bad.add("games", _lan_id(rows[0]))
        return None
    return LanGame(summary, tuple(record.events), record.final)
