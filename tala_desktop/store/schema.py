"""The database schema: ordered migrations, each bringing ``PRAGMA user_version`` one step up.

Version 1: the profile (one row), settings (key -> JSON value), finished
games with their full record, and one row per seat of every game.
Version 2: balances of offline bots (by name and level) and a chip ledger
(every change of the player's balance, for "chips over time"), backfilled
from the games already played.
Version 3: the ledger rebuilt (store/ledger_rebuild.py): version 2's backfill
had no grant or top-up, a negative balance where a game's balance before was
unknown, and rows in the text order of their times.
Version 4: LAN games (store/lan_games.py), apart from the wallet's games:
each as the player's seat saw it, with the names, labels and amounts of its
history line.

Add a migration by appending a function to ``MIGRATIONS``; never edit one
that has shipped. Each runs inside its own transaction together with the
version bump, so a crash mid-migration leaves the previous version intact.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from .ledger_rebuild import rebuild_ledger

Migration = Callable[[sqlite3.Connection], None]


def _v1(conn: sqlite3.Connection) -> None:
    conn.execute("""
        CREATE TABLE profile (
            id          INTEGER PRIMARY KEY CHECK (id = 1),
            name        TEXT    NOT NULL,
            avatar      INTEGER NOT NULL DEFAULT 0,
            balance     INTEGER NOT NULL CHECK (balance >= 0),
            created_at  TEXT    NOT NULL,
            last_topup  TEXT                      -- calendar day (YYYY-MM-DD) of the last daily top-up
        )""")
    conn.execute("""
        CREATE TABLE settings (
            key    TEXT PRIMARY KEY,
            value  TEXT NOT NULL                  -- JSON
        )""")
    conn.execute("""
        CREATE TABLE games (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            uid          TEXT    NOT NULL UNIQUE, -- settles a game at most once
            started_at   TEXT,
            finished_at  TEXT    NOT NULL,
            seed         INTEGER,
            players      INTEGER NOT NULL,
            bet          INTEGER NOT NULL,
            rules        TEXT    NOT NULL,        -- JSON, Rules.to_dict()
            kind         TEXT    NOT NULL,        -- showdown | u | u_tron | u_khan
            winner       INTEGER NOT NULL,
            human_seat   INTEGER,                 -- the player's seat; NULL for a game of bots only
            record       TEXT    NOT NULL,        -- JSON, engine.record.game_to_obj (deal + moves)
            outcome      TEXT    NOT NULL         -- JSON, Outcome.to_dict()
        )""")
    conn.execute("""
        CREATE TABLE game_seats (
            game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat            INTEGER NOT NULL,
            name            TEXT    NOT NULL,
            kind            TEXT    NOT NULL,     -- human | bot | remote
            level           TEXT,                 -- bot level, NULL for people
            label           TEXT    NOT NULL,     -- nhat nhi ba bet mom | u u_tron u_khan den lose
            points          INTEGER NOT NULL,
            net             INTEGER NOT NULL,     -- chips won (+) or lost (-) in this game
            balance_before  INTEGER,
            PRIMARY KEY (game_id, seat)
        )""")


def _v2(conn: sqlite3.Connection) -> None:
    conn.execute("""
        CREATE TABLE bot_balances (
            name     TEXT    NOT NULL,
            level    TEXT    NOT NULL,
            balance  INTEGER NOT NULL CHECK (balance >= 0),
            PRIMARY KEY (name, level)
        )""")
    conn.execute("""
        CREATE TABLE ledger (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            at        TEXT    NOT NULL,
            delta     INTEGER NOT NULL,
            balance   INTEGER NOT NULL,           -- the player's balance after this change
            reason    TEXT    NOT NULL,           -- grant | topup | game
            game_uid  TEXT    UNIQUE
        )""")
    conn.execute("CREATE INDEX games_by_finish ON games (finished_at, id)")
    # Backfill: one ledger row per game the player sat in, in the order they finished.
    conn.execute("""
        INSERT INTO ledger (at, delta, balance, reason, game_uid)
        SELECT g.finished_at, s.net, COALESCE(s.balance_before, 0) + s.net, 'game', g.uid
        FROM games g JOIN game_seats s ON s.game_id = g.id AND s.seat = g.human_seat
        ORDER BY g.finished_at, g.id""")


def _v3(conn: sqlite3.Connection) -> None:
    rebuild_ledger(conn)


def _v4(conn: sqlite3.Connection) -> None:
    conn.execute("""
        CREATE TABLE lan_games (
            id           INTEGER PRIMARY KEY,
            uid          TEXT    NOT NULL UNIQUE,  -- lan-<server id>-<table>-<game>
            finished_at  TEXT    NOT NULL,
            table_name   TEXT    NOT NULL,
            seat         INTEGER NOT NULL,         -- the player's seat
            players      INTEGER NOT NULL,
            bet          INTEGER NOT NULL,
            kind         TEXT    NOT NULL,
            winner       INTEGER NOT NULL,
            names        TEXT    NOT NULL,         -- JSON, per seat
            labels       TEXT    NOT NULL,         -- JSON, per seat
            nets         TEXT    NOT NULL,         -- JSON, per seat: the table's chips
            record       TEXT    NOT NULL          -- JSON, lan_games.LanRecord (events and final view of the seat)
        )""")
    conn.execute("CREATE INDEX lan_games_by_finish ON lan_games (finished_at, id)")


def _v5(conn: sqlite3.Connection) -> None:
    conn.execute("""
        CREATE TABLE lan_identity (
            id          INTEGER PRIMARY KEY CHECK (id = 1),
            secret      BLOB    NOT NULL,          -- the player secret: never leaves the folder (lan_seats.py)
            created_at  TEXT    NOT NULL
        )""")
    conn.execute("""
        CREATE TABLE lan_seats (
            host         TEXT    NOT NULL,         -- the address as the app dialed it
            port         INTEGER NOT NULL,
            server_id    TEXT    NOT NULL,         -- the server that answered there
            token        TEXT    NOT NULL,         -- its token for this player: sent back only there
            server_name  TEXT    NOT NULL,
            table_id     INTEGER,                  -- the table the player is at (NULL: none)
            seat         INTEGER,                  -- the seat they hold or last held there (NULL: none)
            seated       INTEGER NOT NULL,         -- 1: a seat in a started game, kept for the grace after a drop
            alive_at     REAL    NOT NULL,         -- when the app last knew it had that seat (epoch seconds)
            grace        REAL    NOT NULL,         -- the server's reconnect_seconds
            hosted       INTEGER NOT NULL,         -- 1: the app ran that server itself
            PRIMARY KEY (host, port, server_id)
        )""")
    conn.execute("""
        CREATE TABLE lan_evenings (
            id           INTEGER PRIMARY KEY,
            uid          TEXT    NOT NULL UNIQUE,  -- lan-<server id>-<table>: one evening at one table
            ended_at     TEXT    NOT NULL,
            table_name   TEXT    NOT NULL,
            rows         TEXT    NOT NULL          -- JSON: the scoreboard, a row per person (lan_evenings.py)
        )""")
    conn.execute("CREATE INDEX lan_evenings_by_end ON lan_evenings (ended_at, id)")
    # per seat, the turns the computer played for a player who was away (JSON; [] for none)
    conn.execute("ALTER TABLE lan_games ADD COLUMN auto TEXT NOT NULL DEFAULT '[]'")


MIGRATIONS: tuple[Migration, ...] = (_v1, _v2, _v3, _v4, _v5)
CURRENT_VERSION = len(MIGRATIONS)


def version_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = CURRENT_VERSION) -> list[int]:
    """Apply the migrations above the database's version up to ``target``; returns the versions applied.

    ``conn`` must be in autocommit mode (``isolation_level=None``).
    """
    if not 0 <= target <= CURRENT_VERSION:
        raise ValueError(f"schema version {target}: expected 0-{CURRENT_VERSION}")
    applied = []
    for version in range(version_of(conn) + 1, target + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version - 1](conn)
            conn.execute(f"PRAGMA user_version = {version:d}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        applied.append(version)
    return applied
