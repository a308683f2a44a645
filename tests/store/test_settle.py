"""Settlement: a finished game's money and history in one transaction, at most once; history and stats."""

from __future__ import annotations

import sqlite3

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import GameState, Rules
from tala_desktop.store import STARTING_GRANT, OfflineSession, SeatInfo, SettleError
from tala_desktop.store.stats import WIN_LABELS
from tala_desktop.table import SeatKind

from .helpers import drive, make_config, play_bot_game

SEATS = [SeatInfo("Bạn", SeatKind.HUMAN), SeatInfo("Lan", SeatKind.BOT, BotLevel.EASY),
         SeatInfo("Minh", SeatKind.BOT, BotLevel.NORMAL)]


def test_a_game_is_paid_once_however_often_it_is_settled(store):
    st = play_bot_game(Rules(players=3), 11, ["normal", "easy", "normal"])
    first = store.settle(st, "g-1", SEATS, 0, "2026-03-01T08:55:00+07:00")
    assert first.paid and first.balance == STARTING_GRANT + st.outcome.net[0]
    again = store.settle(st, "g-1", SEATS, 0)
    assert not again.paid and again.balance == first.balance
    assert store.profile().balance == first.balance
    assert store.bot_balances() == {("Lan", "easy"): STARTING_GRANT + st.outcome.net[1],
                                    ("Minh", "normal"): STARTING_GRANT + st.outcome.net[2]}
    assert store.count_games() == 1 and len(store.chips_over_time()) == 2
    entry = store.get_game("g-1")
    assert entry.summary.seats == tuple(SEATS) and entry.summary.nets == st.outcome.net
    assert entry.summary.started_at == "2026-03-01T08:55:00+07:00"
    assert entry.record["moves"] == [str(m) for m in st.history] and entry.seed == 11
    assert entry.outcome == st.outcome.to_dict()
    assert store.check_replay("g-1").matches


def test_bad_settlements_are_refused_and_change_nothing(store):
    st = play_bot_game(Rules(players=3), 12, ["easy", "easy", "easy"])
    unfinished = GameState.new(Rules(players=3), seed=1)
    cases = [
        (unfinished, "g", SEATS, 0),
        (st, "", SEATS, 0),
        (st, "g", SEATS[:2], 0),
        (st, "g", SEATS, 1),                                              # seat 1 is a bot
        (st, "g", [SEATS[0], SeatInfo("Lan", "bot"), SEATS[2]], 0),       # a bot without a level
        (st, "g", [SEATS[0], SeatInfo("Lan", "alien", "x"), SEATS[2]], 0),
    ]
    for game, uid, seats, human in cases:
        with pytest.raises(SettleError):
            store.settle(game, uid, seats, human)
    assert store.count_games() == 0 and store.profile().balance == STARTING_GRANT and store.bot_balances() == {}


def test_a_failure_inside_the_transaction_rolls_everything_back(store, monkeypatch):
    st = play_bot_game(Rules(players=3), 13, ["easy", "normal", "easy"])
    from tala_desktop.store import history

    def boom(name: str) -> None:
        if name == "bots_paid":
            raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(history, "crash_point", boom)
    with pytest.raises(sqlite3.OperationalError):
        store.settle(st, "g-2", SEATS, 0)
    assert store.count_games() == 0 and store.profile().balance == STARTING_GRANT
    assert store.bot_balances() == {} and len(store.chips_over_time()) == 1
    monkeypatch.undo()
    assert store.settle(st, "g-2", SEATS, 0).paid


def test_stats_count_wins_u_mom_streaks_and_opponents(store):
    rules = Rules(players=3)
    labels = []
    for seed in range(40):
        st = play_bot_game(rules, seed, ["normal", "easy", "normal"])
        store.settle(st, f"g{seed}", SEATS, 0)
        labels.append(st.outcome.labels[0])
    s = store.stats()
    wins = [lab in WIN_LABELS for lab in labels]
    best = run = 0
    for w in wins:
        run = run + 1 if w else 0
        best = max(best, run)
    assert s.games == 40 and s.wins == sum(wins) and s.win_rate == pytest.approx(sum(wins) / 40)
    assert s.u_count == sum(lab in ("u", "u_tron", "u_khan") for lab in labels)
    assert s.mom_count == labels.count("mom") and s.mom_rate == pytest.approx(labels.count("mom") / 40)
    assert (s.best_streak, s.current_streak) == (best, run)
    assert s.net_total == store.profile().balance - STARTING_GRANT
    assert 0 < s.wins < 40 and s.mom_count > 0  # the sample exercises each count
    chips = store.chips_over_time()
    assert len(chips) == 41 and chips[-1][1] == store.profile().balance
    assert store.chips_over_time(limit=5) == chips[-5:]
    opp = {(o.name, o.level): o for o in store.opponents()}
    assert set(opp) == {("Lan", "easy"), ("Minh", "normal")}
    assert all(o.games == 40 and o.your_wins == sum(wins) and o.your_net == s.net_total for o in opp.values())
    assert opp[("Lan", "easy")].their_wins + opp[("Minh", "normal")].their_wins == 40 - sum(wins)
    games = store.list_games(limit=10)
    assert [g.uid for g in games] == [f"g{i}" for i in range(39, 29, -1)]  # newest first
    assert [g.uid for g in store.list_games(limit=3, offset=38)] == ["g1", "g0"]


def test_stats_of_a_new_player_are_zero(store):
    s = store.stats()
    assert (s.games, s.win_rate, s.mom_rate, s.best_streak) == (0, 0.0, 0.0, 0)
    assert store.opponents() == [] and store.list_games() == []


def test_the_offline_session_settles_each_game_with_the_wallets_money(store):
    store.conn.execute("UPDATE profile SET balance = 5000")
    config = make_config(seed=21, levels=("easy", "normal"))
    session = OfflineSession.new(store, config, runner=InlineRunner())
    assert session.table.balances == [5000, STARTING_GRANT, STARTING_GRANT]
    table = session.table
    table.start_game(0.0)
    drive(table)
    net = table.state.outcome.net
    assert [s.paid for s in session.settlements] == [True] and not store.has_autosave()
    table.next_game()
    drive(table)
    total = [a + b for a, b in zip(net, table.state.outcome.net)]
    assert store.profile().balance == 5000 + total[0] == table.balances[0]
    assert store.bot_balances() == {("Lan", "easy"): STARTING_GRANT + total[1],
                                    ("Minh", "normal"): STARTING_GRANT + total[2]}
    assert store.count_games() == 2 and session.errors == []
