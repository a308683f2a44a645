"""A text cell that is not UTF-8 (it passes quick_check): every read skips its row with a notice, never raises."""

from __future__ import annotations

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Rules
from tala_desktop.store import STARTING_GRANT, SeatInfo, Store
from tala_desktop.store.profile import DEFAULT_NAME
from tala_desktop.table import SeatKind

from .helpers import play_bot_game

BAD = "CAST(X'C328' AS TEXT)"          # "\xc3(": not UTF-8
SEATS = [SeatInfo("Bạn", SeatKind.HUMAN), SeatInfo("Lan", SeatKind.BOT, BotLevel.EASY),
         SeatInfo("Minh", SeatKind.BOT, BotLevel.NORMAL)]


@pytest.fixture
def filled(tmp_path, clock):
    """A real database with three paid games (uids g-1..g-3) and the bots' balances."""
    with Store(tmp_path, clock) as store:
        rules = Rules.from_preset("zingplay", players=3)
        for seed in (1, 2, 3):
            clock.advance(minutes=10)
            store.settle(play_bot_game(rules, seed, ["easy", "easy", "normal"]), f"g-{seed}", SEATS)
    return tmp_path


def spoil(folder, sql: str) -> None:
    """Write one bad cell with SQL, as a damaged disk or another program would."""
    with Store(folder) as store:
        store.conn.execute(sql.replace("BAD", BAD))
        assert [r[0] for r in store.conn.execute("PRAGMA quick_check")] == ["ok"]


def test_a_bad_cell_passes_the_checks_at_open(filled, clock):
    spoil(filled, "UPDATE games SET finished_at = BAD WHERE uid = 'g-2'")
    with Store(filled, clock) as store:
        assert store.notices == []                       # nothing to see until the row is read


def test_history_leaves_out_a_game_with_a_bad_cell_and_tells_once(filled, clock):
    spoil(filled, "UPDATE games SET finished_at = BAD WHERE uid = 'g-2'")
    spoil(filled, "UPDATE game_seats SET name = BAD WHERE seat = 1 AND game_id = (SELECT id FROM games "
                  "WHERE uid = 'g-3')")
    with Store(filled, clock) as store:
        for _ in range(3):                                # paging back and forth
            assert [g.uid for g in store.list_games()] == ["g-1"]
        assert store.count_games() == 3 and store.unreadable_games == 2
        assert [n.code for n in store.notices] == ["rows_unreadable"]
        assert store.get_game("g-3") is None and store.get_game("g-1") is not None
        assert store.check_replay("g-1").matches


@pytest.mark.parametrize("cell", ["record = BAD", "outcome = BAD", "record = '{not json'", "outcome = '[1, 2'"])
def test_a_game_whose_record_cannot_be_read_is_not_opened(filled, clock, cell):
    spoil(filled, f"UPDATE games SET {cell} WHERE uid = 'g-1'")
    with Store(filled, clock) as store:
        assert store.get_game("g-1") is None
        assert store.unreadable_games == 1 and [n.code for n in store.notices] == ["rows_unreadable"]
        assert len(store.list_games()) == 3               # the list needs neither record nor outcome


def test_statistics_leave_out_bad_rows(filled, clock):
    spoil(filled, "UPDATE game_seats SET name = BAD WHERE seat = 2")
    spoil(filled, "UPDATE ledger SET at = BAD WHERE id = 2")
    with Store(filled, clock) as store:
        assert store.stats().games == 3                   # counts read no text
        assert [o.name for o in store.opponents()] == ["Lan"]
        chips = store.chips_over_time()
        assert len(chips) == 3 and chips[0] == (chips[0][0], STARTING_GRANT)
        assert [n.code for n in store.notices] == ["rows_unreadable"]


def test_a_bad_player_name_reads_as_the_default_and_can_be_set_again(filled, clock):
    spoil(filled, "UPDATE profile SET name = BAD")
    with Store(filled, clock) as store:
        p = store.profile()
        assert p.name == DEFAULT_NAME and p.balance > 0
        settings = store.load_settings()                  # the name is also a setting
        assert settings.player_name == DEFAULT_NAME
        store.save_settings({"language": "en"})
        assert [n.code for n in store.notices] == ["rows_unreadable"]
        store.set_name("Hoa")
    with Store(filled, clock) as store:
        assert store.profile().name == "Hoa" and store.notices == []


def test_a_bad_setting_is_its_default_with_a_notice(filled, clock):
    with Store(filled, clock) as store:
        store.save_settings({"language": "en", "default_bet": 500})
    spoil(filled, "UPDATE settings SET value = BAD WHERE key = 'language'")
    with Store(filled, clock) as store:
        loaded = store.load_settings()
        assert loaded.language == "vi" and loaded.default_bet == 500
        assert [n.code for n in store.notices] == ["settings_invalid"]


def test_bot_balances_and_stale_checks_skip_bad_rows(filled, clock):
    spoil(filled, "UPDATE bot_balances SET name = BAD WHERE name = 'Lan'")
    spoil(filled, "UPDATE games SET uid = BAD WHERE uid = 'g-3'")
    with Store(filled, clock) as store:
        assert [name for name, _ in store.bot_balances()] == ["Minh"]
        assert store.bot_balance("Lan", "easy") == STARTING_GRANT   # a bot whose row is unreadable buys in again
        from tala_desktop.store import history
        assert history.later_game_settled(store.conn, "g", 1) is True   # g-2 is still readable
        assert [n.code for n in store.notices] == ["rows_unreadable"]
