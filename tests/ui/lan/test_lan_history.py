"""LAN games in the History: the host's and a guest's games are kept in each one's own data folder, with the
table's chips (the wallet untouched), still there after a restart, listed and opened as their seat saw them."""

from __future__ import annotations

import time

import pygame
import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Rules
from tala_desktop.net.game_record import game_record
from tala_desktop.store import Store
from tala_desktop.table import SeatConfig, Table, TableConfig
from tala_desktop.table.messages import Snapshot
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.records import keep_record
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.screens.lan_replay import LanReplayScene
from tala_desktop.ui.screens.stats import StatsScene
from tests.loops import poll_until
from tests.net.conftest import choose
from tests.table.test_table import run_until_over
from tests.table.test_watchers import _finished
from tests.ui.table_helpers import make_services


def _play(session: LanSession) -> None:
    """Read the session and play its seat's first choice when it is its turn (what a table scene would send)."""
    session.pump(time.monotonic())
    snaps = [m for m in session.table_queue if isinstance(m, Snapshot)]
    session.table_queue.clear()
    if snaps and snaps[-1].outcome is None and snaps[-1].to_move == snaps[-1].seat and snaps[-1].legal:
        session.client.send_move(choose(snaps[-1].legal))


def _kept(store: Store) -> tuple[int, int]:
    """The LAN games and the LAN evenings ``store`` keeps."""
    return store.lan_games_kept("lan-"), sum(1 for g in store.history() if g.table == "lan_evening")


def test_the_host_and_a_guest_keep_their_lan_game_apart_from_the_wallet_across_a_restart(pg, fonts, tmp_path):
    stores = {who: Store(tmp_path / who) for who in ("host", "guest")}
    wallets = {who: s.profile().balance for who, s in stores.items()}
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    guest = None
    try:
        poll_until(lambda: host.lobby is not None, lambda: host.pump(time.monotonic()), what="the host's lobby")
        assert host.server is not None
        guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
        sessions = {"host": host, "guest": guest}
        for who, s in sessions.items():                   # each app's lobby keeps its games in its own store
            services = make_services(fonts)
            services.store = stores[who]
            LanLobbyScene(services, s)
        guest.client.join(host.lobby.id)
        poll_until(lambda: guest.you is not None, lambda: guest.pump(time.monotonic()), what="the guest's seat")
        guest.client.ready()
        poll_until(host.can_start, lambda: host.pump(time.monotonic()), what="both ready")
        host.client.start()
        # the game's record and then the evening's scoreboard come in two frames: wait for both in each store (the
        # scoreboard is kept at the pump after the record's when its frame comes a moment later)
        poll_until(lambda: all(_kept(s) == (1, 1) for s in stores.values()),
                   lambda: [_play(s) for s in sessions.values()], timeout=30, what="both games and evenings kept")
    finally:
        if guest is not None:
            guest.close()
        host.close()
    for who, store in stores.items():
        assert store.profile().balance == wallets[who] and store.count_games() == 0     # the wallet: untouched
        store.close()
    seats = {}
    for who in ("host", "guest"):
        with Store(tmp_path / who) as store:                                  # the app started again
            [row] = [g for g in store.history() if g.table == "lan"]
            assert row.uid.startswith("lan-") and len(row.nets) == 2
            [evening] = [g for g in store.history() if g.table == "lan_evening"]     # the evening's scoreboard
            assert evening.human_seat is not None and evening.games[evening.human_seat] == 1
            assert row.human_seat is not None and evening.nets[evening.human_seat] == row.nets[row.human_seat]
            game = store.get_lan_game(row.uid)
            assert game is not None and game.final.seat == row.human_seat
            seats[who] = row.human_seat
            assert store.profile().balance == wallets[who]
    assert seats["host"] != seats["guest"]
    assert host.notices == [] and guest.notices == []


@pytest.fixture
def kept(tmp_path):
    """A store and the record of a finished 4-seat game as seat 1 saw it."""
    table = _finished(2)
    record = game_record(table, 3, 1)
    table.close()
    assert record is not None
    store = Store(tmp_path)
    yield store, record
    store.close()


@pytest.mark.parametrize(("language", "note"), [("vi", "Bàn LAN · chip của bàn"),
                                                ("en", "LAN table · the table's chips")])
def test_the_history_says_a_lan_games_chips_were_the_tables_and_opens_it(pg, fonts, kept, language, note):
    i18n.set_language(language)
    store, record = kept
    assert keep_record(store, "srv", "10.0.0.1:8765", "Bàn của Hà", record, [], {3: {1}})
    stack, page = history_shown(fonts, store)
    surface = pygame.Surface((1280, 720))
    [row] = page.row_texts()
    assert row[4] == note
    assert row[1] == ", ".join(n for i, n in enumerate(record.final.names) if i != 1)
    page.open(0)
    replay = stack.top
    assert isinstance(replay, LanReplayScene)
    stack.draw(surface)
    texts = replay.shown_texts()
    assert note in texts[0] and len(texts) > 6
    assert texts[-1] == ("Trang 1/" if language == "vi" else "Page 1/") + str(replay.pages)
    others_draws = [t for t in texts if record.final.names[0] in t]
    assert others_draws                                                   # the other seats are told too
    while replay.page < replay.pages - 1:
        replay.next_page()
        stack.draw(surface)


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_statistics_leave_lan_games_out_and_say_so(pg, fonts, kept, language):
    i18n.set_language(language)
    store, record = kept
    services = make_services(fonts)
    services.store = store
    before = StatsScene(services)
    figures = before.shown_texts()
    assert keep_record(store, "srv", "a", "T", record, [], {3: {1}})
    after = StatsScene(services)
    net = record.final.outcome.net[1]
    words = {"vi": f"Không tính 1 ván LAN (chip của bàn: {'+' if net > 0 else ''}{i18n.money(net)})",
             "en": f"Not counted: 1 LAN game (the table's chips: {'+' if net > 0 else ''}{i18n.money(net)})"}
    assert after.shown_texts()[:-1] == figures                 # the wallet's figures: as before
    assert after.shown_texts()[-1].startswith(words[language])
    stack = SceneStack()
    stack.push(Scene())
    stack.push(after)
    stack.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize(("language", "bot"), [("vi", "Máy 4"), ("en", "Bot 4")])
def test_a_servers_bot_is_named_in_the_language_shown_in_the_history_and_the_replay(pg, fonts, tmp_path, language,
                                                                                      bot):
    """A LAN server calls its bots "Bot 4" on the wire; the table says "Máy 4" in Vietnamese, and so do the History's
    row and the kept game's replay (they said "Bot 4")."""
    i18n.set_language(language)
    seats = [SeatConfig(name, level=BotLevel.NORMAL) for name in ("Hà", "Minh", "Lan", "Bot 4")]
    table = Table(TableConfig(seats, rules=Rules(players=4, turn_seconds=30), bet=100, seed=2, think_delay=0.0,
                              hard_budget_ms=20), InlineRunner())
    table.start_game(0.0)
    run_until_over(table, None)
    record = game_record(table, 1, 1)
    table.close()
    assert record is not None and record.final.names[3] == "Bot 4"
    with Store(tmp_path) as store:
        assert keep_record(store, "srv", "10.0.0.1:8765", "Bàn của Hà", record, [], {1: {1}})
        stack, page = history_shown(fonts, store)
        surface = pygame.Surface((1280, 720))
        [row] = page.row_texts()
        assert row[1] == f"Hà, Lan, {bot}"
        page.open(0)
        replay = stack.top
        assert isinstance(replay, LanReplayScene)
        stack.draw(surface)
        assert [text.split(" · ")[0] for text, _, _ in replay.seat_rows()] == ["Hà", "Minh", "Lan", bot]


def history_shown(fonts, store: Store) -> tuple[SceneStack, HistoryScene]:
    """The History page of ``store`` on a stack of its own, drawn once."""
    services = make_services(fonts)
    services.store = store
    stack = SceneStack()
    stack.push(Scene())
    page = HistoryScene(services)
    stack.push(page)
    stack.draw(pygame.Surface((1280, 720)))
    return stack, page
