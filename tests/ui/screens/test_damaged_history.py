"""A database with a damaged text cell, through the real app: History and Statistics open, leave the row out, say so."""

from __future__ import annotations

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Rules
from tala_desktop.store import SeatInfo, Store
from tala_desktop.table import SeatKind
from tala_desktop.ui.core.i18n import tr, tr_count
from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.stats import StatsScene
from tests.store.helpers import FakeClock, play_bot_game
from tests.ui.store_app_helpers import click, open_app, run

SEATS = [SeatInfo("Bạn", SeatKind.HUMAN), SeatInfo("Lan", SeatKind.BOT, BotLevel.EASY),
         SeatInfo("Minh", SeatKind.BOT, BotLevel.NORMAL)]


def _damaged_folder(folder) -> None:
    """Three paid games; the second has a seat name that is not UTF-8 (quick_check still says ok)."""
    clock = FakeClock()
    with Store(folder, clock) as store:
        rules = Rules.from_preset("zingplay", players=3)
        for seed in (1, 2, 3):
            clock.advance(minutes=10)
            store.settle(play_bot_game(rules, seed, ["easy", "easy", "normal"]), f"g-{seed}", SEATS)
        store.conn.execute("UPDATE game_seats SET name = CAST(X'C328' AS TEXT) WHERE seat = 2 AND game_id = "
                           "(SELECT id FROM games WHERE uid = 'g-2')")
        assert [r[0] for r in store.conn.execute("PRAGMA quick_check")] == ["ok"]


def test_history_and_stats_open_on_a_damaged_database_and_say_what_is_left_out(pg, tmp_path):
    _damaged_folder(tmp_path)
    app = open_app(tmp_path).app
    try:
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and menu.notices() == []
        click(app, menu.buttons["history"].rect.center)
        history = app.stack.top
        assert isinstance(history, HistoryScene)          # before: OperationalError out of the scene
        run(app, 5)
        assert [g.uid for g in history.rows] == ["g-3", "g-1"]
        assert history.message == tr_count("history.unreadable", 1, count=1)
        app.stack.pop()
        click(app, menu.buttons["stats"].rect.center)
        stats = app.stack.top
        assert isinstance(stats, StatsScene) and stats.stats is not None and stats.stats.games == 3
        run(app, 5)
        app.stack.pop()
        run(app, 5)
        assert menu.notices() == [tr("notice.rows_unreadable")]
    finally:
        app.shutdown()
