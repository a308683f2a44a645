"""Opening the SQLite database: WAL mode, integrity check, migrations, and recovery from a corrupt file.

A database that SQLite cannot read (garbled, truncated, malformed, missing
our tables) or that a newer version of the game wrote is moved aside as
``tala.db.corrupt-<timestamp>`` and a fresh one is made, so the app always
starts; the caller gets a ``Notice`` saying what happened. A database that is
merely busy (another copy of the game has it) is never moved: that raises
``StoreError``.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .errors import StoreError
from .paths import move_aside
from .schema import CURRENT_VERSION, migrate, version_of

log = logging.getLogger(__name__)

HEADER_SIZE = 100           # every SQLite database file starts with a 100-byte header
REQUIRED_TABLES = frozenset({"profile", "settings", "games", "game_seats", "bot_balances", "ledger"})
_CORRUPT_CODES = frozenset({"SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CORRUPT_INDEX", "SQLITE_CORRUPT_SEQUENCE",
                            "SQLITE_CORRUPT_VTAB"})
_CORRUPT_WORDS = ("not a database", "malformed", "corrupt")


# Every code of a Notice the store makes (the UI has a translated text for each).
NOTICE_CODES = ("db_corrupt", "db_newer", "db_empty", "db_lost", "db_missing", "autosave_corrupt", "autosave_unfit",
                "settings_invalid", "game_settled", "autosave_paid", "autosave_stale", "autosave_stuck",
                "rows_unreadable")
REPLACED_CODES = frozenset({"db_corrupt", "db_newer", "db_empty"})   # the database was moved aside, a fresh one made


@dataclass(frozen=True)
class Notice:
    """Something the player should be told. ``code`` is for translation (one of NOTICE_CODES, or the UI's own);
    ``message`` is English, for the log; ``facts`` are the values a translated text may show (a folder, a count)."""

    code: str
    message: str
    moved_to: str | None = None
    facts: dict[str, str | int] = field(default_factory=dict)


class _Unusable(Exception):
    """The file is readable by nobody: move it aside."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(why)
        self.code = code


def is_corruption(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", None)  # Python 3.11+
    if name is not None and name in _CORRUPT_CODES:
        return True
    text = str(exc).lower()
    return any(word in text for word in _CORRUPT_WORDS)


def _check_size(path: Path) -> None:
    """SQLite takes a file shorter than its header for a new, empty database and starts afresh: refuse it."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    if size == 0:
        raise _Unusable("db_empty", "the file is empty (0 bytes)")
    if size < HEADER_SIZE:
        raise _Unusable("db_corrupt", f"it is too short to be a database ({size} bytes)")


def _connect(path: Path) -> sqlite3.Connection:
    _check_size(path)
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=5.0)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            log.warning("SQLite refused WAL mode for %s (mode %s)", path, mode)
        conn.execute("PRAGMA synchronous = FULL")  # money: a commit survives a power cut
        check = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if check != ["ok"]:
            raise _Unusable("db_corrupt", f"integrity check failed: {'; '.join(map(str, check[:3]))}")
        version = version_of(conn)
        if version > CURRENT_VERSION:
            raise _Unusable("db_newer", f"it was written by a newer version of the game (schema {version}, "
                                        f"this version knows up to {CURRENT_VERSION})")
        migrate(conn)
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = REQUIRED_TABLES - tables
        if missing:
            raise _Unusable("db_corrupt", f"tables missing: {', '.join(sorted(missing))}")
    except BaseException:
        conn.close()
        raise
    return conn


def open_database(path: Path, now: datetime) -> tuple[sqlite3.Connection, list[Notice]]:
    """Open (creating or migrating) the database at ``path``; a corrupt one is moved aside and replaced."""
    notices: list[Notice] = []
    try:
        return _connect(path), notices
    except _Unusable as exc:
        code, why = exc.code, str(exc)
    except sqlite3.Error as exc:
        if not is_corruption(exc):
            raise StoreError(f"cannot open the game database {path}: {exc}") from None
        code, why = "db_corrupt", f"SQLite cannot read it ({exc})"
    moved = move_aside(path, now, why)
    message = (f"The saved data ({path.name}) could not be used: {why}. It was kept as {moved.name} "
               f"and a fresh profile was started.")
    log.warning(message)
    notices.append(Notice(code, message, str(moved)))
    try:
        return _connect(path), notices
    except (sqlite3.Error, _Unusable) as exc:
        raise StoreError(f"cannot create a fresh game database at {path}: {exc}") from None


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``; any exception rolls everything back."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
