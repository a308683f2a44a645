"""The database file: WAL mode, migrations from version 1, and recovery from a corrupt or foreign file."""

from __future__ import annotations

import contextlib
import json
import sqlite3

import pytest

from tala_desktop.engine import Rules
from tala_desktop.engine.record import game_to_obj
from tala_desktop.store import STARTING_GRANT, SeatInfo, Store, StoreError
from tala_desktop.store.schema import CURRENT_VERSION, MIGRATIONS, migrate, version_of

from .helpers import play_bot_game


def test_a_new_database_is_current_and_in_wal_mode(store):
    assert version_of(store.conn) == CURRENT_VERSION == len(MIGRATIONS) >= 2
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db_path.parent == store.data_dir


def test_upgrade_from_version_1_keeps_the_data_and_backfills_the_ledger(tmp_path, clock):
    path = tmp_path / "tala.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == [1]
    conn.execute("INSERT INTO profile (id, name, avatar, balance, created_at) VALUES (1, 'Hoa', 3, 9700, 'T0')")
    conn.execute("INSERT INTO settings (key, value) VALUES ('language', '\"en\"')")
    st = play_bot_game(Rules(players=2), 5, ["normal", "easy"])
    for i, (fin, before) in enumerate([("T2", 10_000), ("T1", 9_000)]):
        cur = conn.execute(
            "INSERT INTO games (uid, finished_at, seed, players, bet, rules, kind, winner, human_seat, record, "
            "outcome) VALUES (?, ?, 5, 2, 100, '{}', ?, ?, 0, ?, ?)",
            (f"old{i}", fin, st.outcome.kind, st.outcome.winner, json.dumps(game_to_obj(st)),
             json.dumps(st.outcome.to_dict())))
        for seat, (name, kind, level) in enumerate([("Hoa", "human", None), ("Lan", "bot", "easy")]):
            conn.execute("INSERT INTO game_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (cur.lastrowid, seat, name, kind, level, st.outcome.labels[seat], st.outcome.points[seat],
                          st.outcome.net[seat], before))
    conn.close()

    with Store(tmp_path, clock) as store:
        assert version_of(store.conn) == CURRENT_VERSION
        assert store.notices == []
        p = store.profile()
        assert (p.name, p.avatar, p.balance) == ("Hoa", 3, 9700)  # no second starting grant
        assert store.load_settings().language == "en"
        net = st.outcome.net[0]
        assert store.chips_over_time() == [           # the grant, each game in finishing order, the top-up between
            ("T0", 9_000), ("T1", 9_000 + net), ("T2", 10_000), ("T2", 10_000 + net), ("T2", 9_700)]
        assert store.stats().games == 2
        assert store.check_replay("old0").matches
        assert store.bot_balance("Lan", "easy") == STARTING_GRANT


def test_a_failing_migration_leaves_the_previous_version(tmp_path, monkeypatch):
    with contextlib.closing(sqlite3.connect(tmp_path / "x.db", isolation_level=None)) as conn:
        migrate(conn, target=1)
        from tala_desktop.store import schema

        def broken(c):
            c.execute("CREATE TABLE half_done (x)")
            raise sqlite3.OperationalError("power cut")
        monkeypatch.setattr(schema, "MIGRATIONS", (schema.MIGRATIONS[0], broken))
        with pytest.raises(sqlite3.OperationalError):
            schema.migrate(conn, target=2)
        assert version_of(conn) == 1
        assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'").fetchone() is None
        with pytest.raises(ValueError):
            migrate(conn, target=99)


def _damage(path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncate":
        path.write_bytes(data[: len(data) // 3])
    elif how == "garble":
        path.write_bytes(data[:100] + bytes(range(256)) * ((len(data) - 100) // 256 + 1))
    elif how == "header":
        path.write_bytes(b"this is not a database at all" + data[30:])
    elif how == "text":
        path.write_text("hello")


@pytest.mark.parametrize("how", ["truncate", "garble", "header", "text"])
def test_a_corrupt_database_is_moved_aside_and_a_fresh_one_made(tmp_path, clock, how):
    with Store(tmp_path, clock) as store:
        store.set_name("Hoa")
        for seed in range(30):  # enough pages that damage lands in the tables
            st = play_bot_game(Rules(players=2), seed, ["easy", "easy"])
            store.settle(st, f"g{seed}", [SeatInfo("Hoa", "human"), SeatInfo("Lan", "bot", "easy")], 0)
    db = tmp_path / "tala.db"
    assert not (tmp_path / "tala.db-wal").exists()  # closed cleanly: everything is in the main file
    _damage(db, how)
    with Store(tmp_path, clock) as store:  # the app still starts
        assert [n.code for n in store.notices] == ["db_corrupt"]
        notice = store.notices[0]
        assert "tala.db" in notice.message and notice.moved_to.endswith(".corrupt-20260301-090000")
        assert store.profile().balance == STARTING_GRANT and store.count_games() == 0
    aside = [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert aside == ["tala.db.corrupt-20260301-090000"]


def test_a_database_from_a_newer_version_is_kept_aside(tmp_path, clock):
    Store(tmp_path, clock).close()
    conn = sqlite3.connect(tmp_path / "tala.db")
    conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
    conn.close()
    clock.advance(seconds=5)
    with Store(tmp_path, clock) as store:
        assert [n.code for n in store.notices] == ["db_newer"]
        assert (tmp_path / "tala.db.corrupt-20260301-090005").exists()
        assert version_of(store.conn) == CURRENT_VERSION


def test_a_busy_database_is_not_moved(tmp_path, clock, monkeypatch):
    Store(tmp_path, clock).close()
    from tala_desktop.store import db

    def busy(path):
        raise sqlite3.OperationalError("database is locked")
    monkeypatch.setattr(db, "_connect", busy)
    with pytest.raises(StoreError, match="locked"):
        Store(tmp_path, clock)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tala.db", "tala.db-mark", "tala.lock"]


def test_the_default_data_dir_is_the_per_user_folder(monkeypatch, tmp_path):
    import platformdirs

    from tala_desktop.store import default_data_dir
    assert default_data_dir().name == "TaLaDesktop"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "user" / "TaLaDesktop"))
    with Store() as store:
        assert store.data_dir == tmp_path / "user" / "TaLaDesktop" and store.db_path.exists()


def test_a_data_dir_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError):
        Store(tmp_path / "file")

