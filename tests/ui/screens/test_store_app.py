"""The app with its store: settings survive a restart, a game is paid once and shows in history and stats,
a deliberate leave is a settled Móm, a corrupt database is moved aside with a message and the app starts."""

from __future__ import annotations

import pygame

from tala_desktop.store import STARTING_GRANT, Store
from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.replay import ReplayScene
from tala_desktop.ui.screens.settings import SettingsScene
from tala_desktop.ui.screens.stats import StatsScene
from tala_desktop.ui.table.pause import PauseOverlay
from tests.ui.store_app_helpers import click, open_app, play_my_turns, run, two_player_choices


def test_settings_are_kept_across_a_restart(pg, tmp_path):
    app = open_app(tmp_path).app
    try:
        click(app, app.stack.top.buttons["settings"].rect.center)
        page = app.stack.top
        assert isinstance(page, SettingsScene)
        click(app, page.controls["table_colour"].rect_of("blue").center)
        click(app, page.controls["turn_seconds"].rect_of(45).center)
        click(app, page.controls["four_colour"].rect.center)
        click(app, page.controls["language"].rect_of("en").center)
        run(app, 3)
        assert app.services.cards.four_colour and app.stack.top.controls["language"].value == "en"
    finally:
        app.shutdown()
    again = open_app(tmp_path).app
    try:
        s = again.services.settings
        assert (s.language, s.table_colour, s.turn_seconds, s.four_colour) == ("en", "blue", 45, True)
        assert again.stack.top.buttons["play"].text == "Play against the computer"
        assert again.services.cards.four_colour
    finally:
        again.shutdown()
        pygame.event.clear()


def test_a_game_through_the_app_is_paid_once_and_shows_in_history_and_stats(pg, tmp_path):
    desktop = open_app(tmp_path)
    app, store = desktop.app, desktop.services.store
    try:
        table_scene = desktop.games.start_game(two_player_choices())
        client = desktop.games.clients[0]
        client.table.think_delay = 0.0
        assert client.table.balances == [STARTING_GRANT, store.bot_balance("Lan", "easy")]
        play_my_turns(app, client)
        net = client.table.state.outcome.net[0]
        assert store.count_games() == 1
        assert store.profile().balance == STARTING_GRANT + net
        assert not store.has_autosave()
        run(app, 5)
        table_scene.leave_table()                     # at the results: nothing more to pay
        assert isinstance(app.stack.top, MenuScene)
        assert store.count_games() == 1 and store.profile().balance == STARTING_GRANT + net
        ledger = [row for row in store.conn.execute("SELECT reason FROM ledger")]
        assert ledger.count(("game",)) == 1
        stats = store.stats()
        assert stats.games == 1 and stats.net_total == net
        menu = app.stack.top
        click(app, menu.buttons["history"].rect.center)
        history = app.stack.top
        assert isinstance(history, HistoryScene) and len(history.rows) == 1
        click(app, history.view_buttons[0].rect.center)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        replay.advisor.cancel()
        replay.last()
        assert replay.state.outcome.to_dict() == replay.entry.outcome
        app.stack.pop()
        app.stack.pop()
        click(app, app.stack.top.buttons["stats"].rect.center)
        page = app.stack.top
        assert isinstance(page, StatsScene) and page.stats.games == 1 and len(page.opponents) == 1
    finally:
        app.shutdown()


def test_leaving_mid_game_from_the_pause_menu_is_a_settled_mom(pg, tmp_path):
    desktop = open_app(tmp_path)
    app, store = desktop.app, desktop.services.store
    try:
        desktop.games.start_game(two_player_choices())
        client = desktop.games.clients[0]
        client.table.think_delay = 0.0
        play_my_turns(app, client, until_moves=4)
        assert store.has_autosave()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        run(app, 3)
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay)
        click(app, pause.buttons[1].rect.center)       # Rời bàn
        click(app, app.stack.top.confirm_button.rect.center)   # it costs Móm: yes
        assert isinstance(app.stack.top, MenuScene)
        games = store.list_games()
        assert len(games) == 1 and games[0].labels[0] == "mom"
        assert store.profile().balance == STARTING_GRANT + games[0].nets[0]
        assert not store.has_autosave() and not desktop.games.can_continue
    finally:
        app.shutdown()


def test_a_corrupt_database_is_moved_aside_with_a_message_and_the_app_starts(pg, tmp_path):
    (tmp_path / "tala.db").write_bytes(b"this is not a database" * 200)
    app = open_app(tmp_path).app
    try:
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        texts = menu.notices()
        assert texts and "hỏng" in texts[0]
        assert menu.notice_box.visible
        assert any(p.name.startswith("tala.db.corrupt-") for p in tmp_path.iterdir())
        assert app.services.store.profile().balance == STARTING_GRANT
        click(app, menu.notice_box.button.rect.center)
        assert not menu.notice_box.visible
        click(app, menu.buttons["stats"].rect.center)
        assert isinstance(app.stack.top, StatsScene)
    finally:
        app.shutdown()


def test_a_database_another_copy_holds_still_lets_the_app_start(pg, tmp_path):
    holder = Store(tmp_path)
    holder.conn.execute("BEGIN EXCLUSIVE")
    try:
        app = open_app(tmp_path).app
        try:
            assert app.services.store.data_dir != tmp_path
            assert "không được lưu" in app.stack.top.notices()[0]
        finally:
            app.shutdown()
    finally:
        holder.conn.execute("ROLLBACK")
        holder.close()


def test_daily_top_up_from_the_menu_when_broke(pg, tmp_path):
    with Store(tmp_path) as store:
        store.conn.execute("UPDATE profile SET balance = 120")
    app = open_app(tmp_path).app
    try:
        menu = app.stack.top
        assert menu.topup_button is None and menu.offer.button.visible    # too few for a bet: the offer has it
        click(app, menu.offer.button.rect.center)
        assert app.services.store.profile().balance == 2_000
        assert app.stack.top.topup_button is None and not app.stack.top.offer.shown
    finally:
        app.shutdown()


def test_daily_top_up_from_the_profile_card_under_the_floor(pg, tmp_path):
    with Store(tmp_path) as store:
        store.conn.execute("UPDATE profile SET balance = 1200")          # enough for a bet, under the floor
    app = open_app(tmp_path).app
    try:
        menu = app.stack.top
        assert menu.topup_button is not None and not menu.offer.shown
        click(app, menu.topup_button.rect.center)
        assert app.services.store.profile().balance == 2_000
        assert app.stack.top.topup_button is None
    finally:
        app.shutdown()
