"""Silent losses made loud: a deleted WAL after a crash, an empty or missing tala.db are told, with a copy kept."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tala_desktop.store import STARTING_GRANT, Store

ROOT = Path(__file__).resolve().parents[2]

# A child that settles two games with the player at seat 0, then dies like a crash (no close, no checkpoint).
CRASH_AFTER_TWO_GAMES = textwrap.dedent("""
    import os, sys
    from tala_desktop.engine import Rules
    from tala_desktop.store import Store, SeatInfo
    from tests.store.helpers import play_bot_game
    store = Store(sys.argv[1])
    seats = [SeatInfo("Bạn", "human"), SeatInfo("Lan", "bot", "easy"), SeatInfo("Minh", "bot", "easy")]
    for seed in (1, 2):
        store.settle(play_bot_game(Rules.from_preset("zingplay", players=3), seed, ["easy"] * 3), f"t-{seed}", seats)
    print(store.profile().balance, flush=True)
    os._exit(0)
""")


def _crash_after_two_games(folder: Path) -> int:
    done = subprocess.run([sys.executable, "-c", CRASH_AFTER_TWO_GAMES, str(folder)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert (folder / "tala.db-wal").stat().st_size > 0        # the games are in the WAL only
    return int(done.stdout)


def test_a_wal_deleted_after_a_crash_is_told_and_the_database_as_found_is_kept(tmp_path, clock):
    Store(tmp_path, clock).close()                            # a profile, checkpointed into tala.db
    balance = _crash_after_two_games(tmp_path)
    assert balance != STARTING_GRANT
    (tmp_path / "tala.db-wal").unlink()                       # a clean-up tool, or a tidy player
    found = (tmp_path / "tala.db").read_bytes()
    with Store(tmp_path, clock) as store:
        assert [n.code for n in store.notices] == ["db_lost"]
        notice = store.notices[0]
        assert notice.facts == {"games": 2, "ledger": 2}
        assert notice.moved_to is not None and Path(notice.moved_to).name == "tala.db.found-20260301-090000"
        assert Path(notice.moved_to).read_bytes() == found
        assert store.count_games() == 0 and store.profile().balance == STARTING_GRANT
    with Store(tmp_path, clock) as store:                     # told once: the mark follows the database now
        assert store.notices == []


def test_an_empty_database_is_moved_aside_with_a_notice_not_silently_reset(tmp_path, clock):
    with Store(tmp_path, clock) as store:
        store.set_name("Hoa")
    (tmp_path / "tala.db").write_bytes(b"")
    with Store(tmp_path, clock) as store:
        assert [n.code for n in store.notices] == ["db_empty"]
        kept = Path(store.notices[0].moved_to)
        assert kept.name == "tala.db.corrupt-20260301-090000" and kept.read_bytes() == b""
        assert store.profile().name != "Hoa" and store.profile().balance == STARTING_GRANT


@pytest.mark.parametrize("size", [1, 57, 99])
def test_a_database_shorter_than_its_header_is_corrupt(tmp_path, clock, size):
    (tmp_path / "tala.db").write_bytes(b"\x00" * size)
    with Store(tmp_path, clock) as store:
        assert [n.code for n in store.notices] == ["db_corrupt"]
        assert "too short" in store.notices[0].message
        assert Path(store.notices[0].moved_to).stat().st_size == size


def test_a_missing_database_with_games_recorded_is_told(tmp_path, clock):
    Store(tmp_path, clock).close()
    _crash_after_two_games(tmp_path)
    for name in ("tala.db", "tala.db-wal", "tala.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    with Store(tmp_path, clock) as store:
        assert [n.code for n in store.notices] == ["db_missing"]
        assert store.notices[0].facts == {"games": 2, "ledger": 3}


def test_resetting_by_deleting_every_tala_db_file_is_not_a_loss(tmp_path, clock):
    Store(tmp_path, clock).close()
    _crash_after_two_games(tmp_path)
    for path in tmp_path.glob("tala.db*"):
        path.unlink()
    with Store(tmp_path, clock) as store:
        assert store.notices == [] and store.profile().balance == STARTING_GRANT


def test_a_mark_behind_the_database_is_no_loss_and_catches_up(tmp_path, clock):
    Store(tmp_path, clock).close()
    _crash_after_two_games(tmp_path)                           # the mark was written after each commit ...
    (tmp_path / "tala.db-mark").write_text(json.dumps({"format": "tala-db-mark", "games": 1, "ledger": 2}))
    with Store(tmp_path, clock) as store:                      # ... as if the crash came before the second one
        assert store.notices == [] and store.count_games() == 2
    assert json.loads((tmp_path / "tala.db-mark").read_text())["games"] == 2


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "tala-db-mark", "games": -1, "ledger": 0}',
                                  '{"format": "other", "games": 9, "ledger": 9}'])
def test_an_unreadable_mark_is_made_again(tmp_path, clock, text):
    Store(tmp_path, clock).close()
    (tmp_path / "tala.db-mark").write_text(text)
    with Store(tmp_path, clock) as store:
        assert store.notices == []
    assert json.loads((tmp_path / "tala.db-mark").read_text()) == {"format": "tala-db-mark", "games": 0, "ledger": 1}


def test_every_paid_game_and_top_up_moves_the_mark(store, tmp_path):
    from tala_desktop.engine import Rules
    from tala_desktop.store import SeatInfo

    from .helpers import play_bot_game
    mark = tmp_path / "tala.db-mark"
    assert json.loads(mark.read_text())["ledger"] == 1
    seats = [SeatInfo("Bạn", "human"), SeatInfo("Lan", "bot", "easy")]
    store.settle(play_bot_game(Rules.from_preset("zingplay", players=2), 4, ["easy"] * 2), "m-1", seats)
    assert json.loads(mark.read_text()) == {"format": "tala-db-mark", "games": 1, "ledger": 2}
    store.conn.execute("UPDATE profile SET balance = 10")
    assert store.claim_daily_topup() > 0
    assert json.loads(mark.read_text())["ledger"] == 3
