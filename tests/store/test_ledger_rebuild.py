"""An older database's chip ledger rebuilt: grant and top-ups backfilled, balances cumulative, UTC order."""

from __future__ import annotations

import sqlite3

from tala_desktop.engine import Rules
from tala_desktop.store import STARTING_GRANT, SeatInfo, Store
from tala_desktop.store.ledger_rebuild import rebuild_ledger
from tala_desktop.store.schema import migrate, version_of

from .helpers import play_bot_game

WALLET = 12_600


def old_database(path, target: int) -> None:
    """A database at ``target`` (1 or 2) whose player played three games, topped up once and has 12,600 chips:
    times written with different UTC offsets, one game that never knew the balance before it."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, target=target)
    conn.execute("INSERT INTO profile (id, name, avatar, balance, created_at, last_topup) "
                 "VALUES (1, 'Hoa', 0, ?, '2026-11-01T08:00:00+07:00', '2026-11-03')", (WALLET,))
    games = [   # finished at (local times, several offsets), net, balance before (None: not known)
        ("2026-11-02T09:00:00+07:00", -8_500, 10_000),      # 02:00 UTC
        ("2026-11-02T01:30:00+00:00", 300, None),           # 01:30 UTC: the first game, though its text sorts later
        ("2026-11-03T10:00:00+07:00", 600, 12_000),         # after a top-up to 2,000 and wins elsewhere
    ]
    for i, (at, net, before) in enumerate(games):
        cur = conn.execute("INSERT INTO games (uid, finished_at, players, bet, rules, kind, winner, human_seat, "
                           "record, outcome) VALUES (?, ?, 2, 100, '{}', 'showdown', 0, 0, '{}', '{}')", (f"g{i}", at))
        conn.execute("INSERT INTO game_seats VALUES (?, 0, 'Hoa', 'human', NULL, 'nhat', 0, ?, ?)",
                     (cur.lastrowid, net, before))
    if target == 2:   # what the old backfill wrote: one row a game, in text order, net alone when unknown
        conn.execute("DELETE FROM ledger")
        conn.execute("""INSERT INTO ledger (at, delta, balance, reason, game_uid)
            SELECT g.finished_at, s.net, COALESCE(s.balance_before, 0) + s.net, 'game', g.uid
            FROM games g JOIN game_seats s ON s.game_id = g.id AND s.seat = g.human_seat
            ORDER BY g.finished_at, g.id""")
    conn.close()


def check_rebuilt(store: Store) -> None:
    rows = store.conn.execute("SELECT at, delta, balance, reason, game_uid FROM ledger ORDER BY id").fetchall()
    assert rows[0][3] == "grant" and rows[-1][2] == WALLET == store.profile().balance
    assert all(balance >= 0 for _, _, balance, _, _ in rows)
    running = 0
    for _, delta, balance, _, _ in rows:
        running = max(0, running + delta)
        assert balance == running                           # cumulative, row after row
    assert [uid for *_, uid in rows if uid] == ["g1", "g0", "g2"]    # in UTC order
    assert "topup" in [reason for _, _, _, reason, _ in rows]
    chart = store.chips_over_time()
    assert chart[-1][1] == WALLET and min(b for _, b in chart) >= 0


def test_a_version_1_database_gets_a_ledger_that_ends_at_the_wallet(tmp_path, clock):
    old_database(tmp_path / "tala.db", target=1)
    with Store(tmp_path, clock) as store:
        assert version_of(store.conn) >= 3
        check_rebuilt(store)
        first = store.conn.execute("SELECT at, balance FROM ledger ORDER BY id LIMIT 1").fetchone()
        assert first == ("2026-11-01T08:00:00+07:00", STARTING_GRANT)    # the game that knew nothing before it


def test_a_ledger_the_old_backfill_wrote_is_rebuilt(tmp_path, clock):
    old_database(tmp_path / "tala.db", target=2)
    conn = sqlite3.connect(tmp_path / "tala.db")
    assert conn.execute("SELECT MIN(balance), SUM(delta) FROM ledger").fetchone() == (300, -7_600)  # the fault
    conn.close()
    with Store(tmp_path, clock) as store:
        check_rebuilt(store)


def test_a_right_ledger_is_written_again_unchanged(tmp_path, clock):
    with Store(tmp_path, clock) as store:
        for i in range(4):
            st = play_bot_game(Rules(players=2), 10 + i, ["normal", "easy"], bet=4_000)
            store.settle(st, f"g{i}", [SeatInfo("Hoa", "human"), SeatInfo("Lan", "bot", "easy")], human_seat=0)
            store.claim_daily_topup()
        before = store.conn.execute("SELECT at, delta, balance, reason, game_uid FROM ledger ORDER BY id").fetchall()
        assert len(before) >= 5
        rebuild_ledger(store.conn)
        after = store.conn.execute("SELECT at, delta, balance, reason, game_uid FROM ledger ORDER BY id").fetchall()
        assert after == before
