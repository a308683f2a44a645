"""Detecting lost commits: a mark beside the database of how many games and chip changes it held when last written.

SQLite in WAL mode keeps the latest commits in ``tala.db-wal`` until a
checkpoint copies them into ``tala.db``. If that file is deleted after a
crash (a clean-up tool, a user tidying the folder), the database opens
without complaint, just older: the games since the last checkpoint are gone.
``tala.db-mark`` is a small JSON file the store rewrites after every paid
game and every chip change, holding the number of ``games`` and ``ledger``
rows it has just committed. At open, a database with fewer rows than its mark
lost commits, and the player is told (see ``Store``). The mark is written
after the commit, so a crash between the two leaves it behind the database,
never ahead of it (no false alarm); a missing or unreadable mark is simply
made again. Resetting by deleting ``tala.db*`` deletes the mark too.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from .paths import write_atomic

log = logging.getLogger(__name__)

MARK_SUFFIX = "-mark"
FORMAT = "tala-db-mark"


@dataclass(frozen=True)
class Counts:
    """How many settled games and chip changes (ledger rows) a database holds."""

    games: int
    ledger: int

    def lost_since(self, mark: Counts) -> Counts | None:
        """What ``mark`` recorded that this database no longer has, or None if nothing is missing."""
        if self.games >= mark.games and self.ledger >= mark.ledger:
            return None
        return Counts(max(0, mark.games - self.games), max(0, mark.ledger - self.ledger))


def mark_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + MARK_SUFFIX)


def count_rows(conn: sqlite3.Connection) -> Counts:
    games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    ledger = conn.execute("SELECT COUNT(*) FROM ledger").fetchone()[0]
    return Counts(int(games), int(ledger))


def read_mark(path: Path) -> Counts | None:
    """The counts in the mark at ``path``; None if there is none or it cannot be read (it is made again)."""
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        log.warning("the database mark %s is unreadable (%s); it is made again", path, exc)
        return None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        log.warning("the database mark %s is not ours; it is made again", path)
        return None
    games, ledger = obj.get("games"), obj.get("ledger")
    if not (_count(games) and _count(ledger)):
        log.warning("the database mark %s has bad counts; it is made again", path)
        return None
    return Counts(games, ledger)


def _count(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def write_mark(path: Path, counts: Counts) -> bool:
    """Replace the mark atomically; False (logged) if the folder cannot be written: detection only, never fatal."""
    try:
        write_atomic(path, json.dumps({"format": FORMAT, "games": counts.games, "ledger": counts.ledger}))
    except OSError as exc:
        log.warning("cannot write the database mark %s: %s", path, exc.strerror or exc)
        return False
    return True
