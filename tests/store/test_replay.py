"""Replays: hundreds of simulated bot games stored through the store each replay to their recorded outcome."""

from __future__ import annotations

import pytest

from tala_desktop.engine import Rules
from tala_desktop.engine.record import dumps
from tala_desktop.store import SeatInfo, StoreError, positions, replay_record

from .helpers import play_bot_game

NAMES = ("Bạn", "Lan", "Minh", "Hùng")


def test_hundreds_of_stored_games_replay_to_their_recorded_outcome(store):
    presets = ("zingplay", "co_ban")
    kinds = set()
    games = 300
    for g in range(games):
        players = 2 + g % 3
        rules = Rules.from_preset(presets[g % 2], players=players)
        levels = [("easy", "normal")[(g + s) % 2] for s in range(players)]
        st = play_bot_game(rules, 1000 + g, levels, leader=g % players, bet=50 + g)
        seats = [SeatInfo(NAMES[0], "human")] + [SeatInfo(NAMES[s], "bot", levels[s]) for s in range(1, players)]
        assert store.settle(st, f"sim-{g}", seats, 0).paid
        kinds.add(st.outcome.kind)
    assert store.count_games() == games
    assert "showdown" in kinds and len(kinds) > 1  # Ù games are in the sample too
    for summary in store.list_games(limit=games):
        entry = store.get_game(summary.uid)
        check = store.check_replay(summary.uid)
        assert check.matches, (summary.uid, check.problem)
        assert dumps(replay_record(entry.record)) == dumps(replay_record(entry.record, record_events=False))


def test_positions_step_through_a_stored_game(store):
    st = play_bot_game(Rules(players=3), 77, ["normal", "easy", "normal"])
    store.settle(st, "g", [SeatInfo("Bạn", "human"), SeatInfo("Lan", "bot", "easy"),
                           SeatInfo("Minh", "bot", "normal")], 0)
    record = store.get_game("g").record
    steps = positions(record)
    assert len(steps) == len(st.history) + 1
    assert steps[0].history == [] and steps[0].hands[st.leader].bit_count() == 10
    assert steps[-1].is_over and steps[-1].outcome == st.outcome
    assert [str(m) for m in steps[5].history] == [str(m) for m in st.history[:5]]


def test_a_tampered_record_does_not_replay(store):
    st = play_bot_game(Rules(players=2), 3, ["easy", "easy"])
    store.settle(st, "g", [SeatInfo("Bạn", "human"), SeatInfo("Lan", "bot", "easy")], 0)
    store.conn.execute("UPDATE games SET record = json_set(record, '$.moves[3]', '1 u') WHERE uid = 'g'")
    check = store.check_replay("g")
    assert not check.matches and "move 3" in check.problem
    with pytest.raises(StoreError):
        positions(store.get_game("g").record)
    with pytest.raises(StoreError):
        store.check_replay("no such game")
