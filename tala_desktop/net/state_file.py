"""The server's state file on disk (SQLite): opened at start, read once, and written as the server core asks.

The server core never touches the file (net/core.py): after a change it
hands its adapter a ``SaveTables`` (or, when the server stops on purpose,
a ``ClearTables``) ahead of the frames that show the change, and the
adapter performs it here (``StateFile.perform``) before it sends them, so
a crash never takes back what a player saw. What is written, and how a
table resumes, is net/persist.py's. ``open_state`` is the adapter's start:
the file (or, with none, the identity file), the server's identity and the
rows to resume. A file that is not a database, is damaged or is empty is
moved aside and a new one started; a file that cannot be used (a folder,
no permission to write it) is left as it is and the server refuses to
start, saying why (``StateFileError``). A write that fails is logged (once
a minute at most) and the core is told, so it writes those tables again.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .identity import identity_in_file, new_identity, valid_identity
from .limits import ServerConfig
from .sessions import ClearTables, StateWrite

log = logging.getLogger(__name__)


class StateFileError(Exception):
    """The state file cannot be used and was left as it is: the message says why and what to do."""


CORRUPT = ("file is not a database", "malformed", "file is encrypted", "database disk image")


def _corrupt(exc: sqlite3.DatabaseError) -> bool:
    """The error means the file's content is broken (not a permission, a lock or a missing folder)."""
    return any(word in str(exc) for word in CORRUPT)


class StateFile:
    """One SQLite file holding a server's started tables, a row each."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.db = self._open()
        self._failed_at = -1e9

    def _open(self) -> sqlite3.Connection:
        """Open the file; move it aside only when it is really broken (not a database, damaged, or empty), and
        refuse with a StateFileError that says what to do when it cannot be used (a folder, no permission)."""
        if self.path.is_dir():
            raise StateFileError(f"the state file {self.path} is a folder: give a file (--state FILE)")
        if self.path.is_file() and self.path.stat().st_size == 0:
            self._move_aside("it is empty (0 bytes): what it held is lost")
            return self._connect_or_refuse()
        try:
            return self._connect()
        except sqlite3.DatabaseError as exc:
            if not _corrupt(exc):
                raise StateFileError(f"cannot use the state file {self.path}: {exc} (check that it can be "
                                     "written, or give another with --state FILE, or --no-state)") from None
            self._move_aside(f"it cannot be read ({exc})")
            return self._connect_or_refuse()

    def _connect_or_refuse(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.DatabaseError as exc:
            raise StateFileError(f"cannot start a state file at {self.path}: {exc}") from None

    def _move_aside(self, why: str) -> None:
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        log.error("the server's state file %s was set aside as %s: %s; starting afresh", self.path, aside, why)
        try:
            self.path.replace(aside)
        except OSError as exc:
            raise StateFileError(f"the state file {self.path} is broken and cannot be moved aside: {exc}") from None

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("CREATE TABLE IF NOT EXISTS rooms (id INTEGER PRIMARY KEY, data BLOB NOT NULL)")
            # the dealer's random state changes once a game: apart, so the rows written after each move stay small
            db.execute("CREATE TABLE IF NOT EXISTS dealers (id INTEGER PRIMARY KEY, rng BLOB NOT NULL)")
            # what the server keeps beside its tables: its lasting identity (net/identity.py)
            db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            db.execute("SELECT count(*) FROM rooms").fetchone()
            db.execute("BEGIN IMMEDIATE")            # the file can be written (a read-only one is refused here)
            try:
                db.execute("DELETE FROM rooms WHERE id = -1")
            finally:
                db.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def identity(self) -> str:
        """The server's lasting identity, made and kept here the first time (net/identity.py)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'identity'").fetchone()
        if row is not None and valid_identity(str(row[0])):
            return str(row[0])
        identity = new_identity()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('identity', ?)", (identity,))
        return identity

    def load(self) -> list[tuple[int, bytes, bytes | None]]:
        """Every saved room: (id, its row, its dealer's random state)."""
        rows = self.db.execute("SELECT r.id, r.data, d.rng FROM rooms r LEFT JOIN dealers d ON d.id = r.id "
                               "ORDER BY r.id")
        return [(int(i), bytes(data), None if rng is None else bytes(rng)) for i, data, rng in rows]

    def write(self, rows: list[tuple[int, bytes]], dealers: list[tuple[int, bytes]], gone: list[int]) -> None:
        """Save ``rows`` and ``dealers`` (id, JSON) and forget the rooms ``gone``, in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self._save(rows, dealers, gone)

    def _save(self, rows: Sequence[tuple[int, bytes]], dealers: Sequence[tuple[int, bytes]],
              gone: Sequence[int]) -> None:
        if rows:
            self.db.executemany("INSERT OR REPLACE INTO rooms (id, data) VALUES (?, ?)", rows)
        if dealers:
            self.db.executemany("INSERT OR REPLACE INTO dealers (id, rng) VALUES (?, ?)", dealers)
        if gone:
            self.db.executemany("DELETE FROM rooms WHERE id = ?", [(i,) for i in gone])
            self.db.executemany("DELETE FROM dealers WHERE id = ?", [(i,) for i in gone])

    def clear(self) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self._clear()

    def _clear(self) -> None:
        self.db.execute("DELETE FROM rooms")
        self.db.execute("DELETE FROM dealers")

    def close(self) -> None:
        self.db.close()

    def perform(self, write: StateWrite, now: float) -> bool:
        """Do what the core asked; False when the file could not be written (logged once a minute at most)."""
        return self.perform_all([write], now)

    def perform_all(self, writes: Sequence[StateWrite], now: float) -> bool:
        """Do what the core asked in these writes, in order, in one transaction (one commit for several calls of the
        core: net/server.py); False when the file could not be written (logged once a minute at most): none was."""
        try:
            with self.db:
                self.db.execute("BEGIN")
                for write in writes:
                    if isinstance(write, ClearTables):
                        self._clear()
                    else:
                        self._save(write.rows, write.dealers, write.gone)
        except sqlite3.Error as exc:
            if now - self._failed_at >= 60.0:
                self._failed_at = now
                log.error("cannot write the state file %s: %s (a restart would lose these games)", self.path, exc)
            return False
        return True


@dataclass
class Kept:
    """What a server starts from: its lasting identity (None: a new one each run) and the rows of its tables."""

    identity: str | None = None
    rows: list[tuple[int, bytes, bytes | None]] = field(default_factory=list)


def open_state(config: ServerConfig) -> tuple[StateFile | None, Kept]:
    """The adapter's start: the state file opened (None: the server keeps none) and what it kept; without one,
    the identity from ``config.identity_path`` when given."""
    if not config.state_path:
        return None, Kept(identity_in_file(config.identity_path) if config.identity_path else None)
    file = StateFile(config.state_path)
    return file, Kept(file.identity(), file.load())
