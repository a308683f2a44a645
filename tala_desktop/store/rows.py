"""Reading rows that may hold damaged text: a row with a text cell that is not UTF-8 is skipped and remembered.

SQLite stores whatever bytes it is given as TEXT and ``PRAGMA quick_check``
does not look inside them, so one bad cell (a disk error, another program
writing the file) passes every check at open; Python's ``sqlite3`` then
raises ``OperationalError`` when the row is fetched, and a cursor that hit it
cannot move past it. ``read_rows`` runs the query as usual; only if a row
cannot be decoded does it run it again with raw bytes, decode each row itself
and leave out the ones that fail. ``BadRows`` remembers what was left out
(once per row, by what it is), for the store's notice and the pages' counts.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

Row = tuple[Any, ...]


class BadRows:
    """The rows of one store that could not be read, by kind ("games", "chips", "opponents", ...)."""

    def __init__(self) -> None:
        self._seen: dict[str, set[Row]] = {}

    def add(self, kind: str, raw: Row) -> None:
        self._seen.setdefault(kind, set()).add(raw)

    def rows(self, kind: str) -> list[Row]:
        """The bad rows of ``kind`` (as their identities), in no particular order."""
        return list(self._seen.get(kind, ()))

    def count(self, kind: str | None = None) -> int:
        """Distinct bad rows met so far (of ``kind``, or of every kind)."""
        if kind is not None:
            return len(self._seen.get(kind, ()))
        return sum(len(rows) for rows in self._seen.values())


def by_id(row: Row) -> Row:
    """A row's identity for ``BadRows``: its first column, the record's id."""
    return row[:1]


def is_decode_error(exc: sqlite3.Error) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and "Could not decode to UTF-8" in str(exc)


def _fetch_raw(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[Row]:
    """The query's rows with every TEXT cell as the bytes stored."""
    previous = conn.text_factory
    conn.text_factory = bytes
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.text_factory = previous


def _decoded(raw: Row) -> Row | None:
    try:
        return tuple(v.decode("utf-8") if isinstance(v, bytes) else v for v in raw)
    except UnicodeDecodeError:
        return None


def read_rows(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = (), kind: str = "rows",
              bad: BadRows | None = None, ident: Callable[[Row], Row] | None = None) -> list[Row]:
    """Every row of the query whose text decodes; the others are left out and added to ``bad`` as ``kind``
    (by ``ident(row)``, e.g. its id, so one record counts once however many of its cells are bad).

    The tables hold no BLOBs, so every ``bytes`` value of the slow path is a TEXT cell.
    """
    try:
        return conn.execute(sql, params).fetchall()
    except sqlite3.OperationalError as exc:
        if not is_decode_error(exc):
            raise
    rows: list[Row] = []
    for raw in _fetch_raw(conn, sql, params):
        row = _decoded(raw)
        if row is not None:
            rows.append(row)
        elif bad is not None:
            bad.add(kind, ident(tuple(raw)) if ident is not None else tuple(raw))
    return rows


def read_row_salvaged(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> tuple[Row | None, list[int]]:
    """One row whose bad text cells are ``None`` (for a row that cannot be left out: the profile); with the
    indexes of those cells."""
    try:
        return conn.execute(sql, params).fetchone(), []
    except sqlite3.OperationalError as exc:
        if not is_decode_error(exc):
            raise
    found = _fetch_raw(conn, sql, params)
    if not found:
        return None, []
    raw = found[0]
    cells: list[Any] = []
    broken: list[int] = []
    for i, v in enumerate(raw):
        if isinstance(v, bytes):
            try:
                v = v.decode("utf-8")
            except UnicodeDecodeError:
                v = None
                broken.append(i)
        cells.append(v)
    return tuple(cells), broken
