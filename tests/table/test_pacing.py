"""A bot's move is held back by the table's own time: stepped time paces it, and a table not updated holds it."""

from __future__ import annotations

import time

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.hard import HardBot
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Move, Rules
from tala_desktop.table import SeatConfig, Table, TableConfig


def wait_for_the_decision(table: Table) -> None:
    assert table.runner.wait_idle(10), "the bot's decision never came"


def test_a_bots_move_waits_its_think_delay_in_table_time(monkeypatch):
    seats = [SeatConfig("Lan", level="easy"), SeatConfig("Minh", level="easy")]
    table = Table(TableConfig(seats, rules=Rules(players=2, turn_seconds=30), seed=3, think_delay=0.8))
    try:
        table.start_game(0.0)
        table.update(0.0)                   # seat 0's bot is asked at table time 0
        wait_for_the_decision(table)        # decided (the machine's time), not yet played
        table.update(0.5)
        assert table.state.history == [], "the move was played before its think delay of table time"
        for clock in ("monotonic", "perf_counter", "time"):   # the machine's clocks jump an hour on
            later = getattr(time, clock)() + 3600
            monkeypatch.setattr(time, clock, lambda later=later: later)
        table.update(0.79)
        assert table.state.history == []    # the machine's time does not count: only the table's
        table.update(0.8)
        assert len(table.state.history) == 1 and table.state.history[0].seat == 0
    finally:
        table.close()


def test_the_think_delay_can_change_between_moves():
    seats = [SeatConfig("Lan", level="easy"), SeatConfig("Minh", level="easy")]
    table = Table(TableConfig(seats, rules=Rules(players=2, turn_seconds=30), seed=3, think_delay=5.0))
    try:
        table.think_delay = 0.0              # the tutorial's "faster"
        table.start_game(0.0)
        table.update(0.0)
        wait_for_the_decision(table)
        table.update(0.0)
        assert len(table.state.history) == 1
    finally:
        table.close()


def _hard_game(samples: int | None) -> list[Move]:
    seats = [SeatConfig("Lan", level=BotLevel.HARD), SeatConfig("Minh", level=BotLevel.HARD)]
    table = Table(TableConfig(seats, rules=Rules(players=2, turn_seconds=30), seed=4, think_delay=0.0,
                              hard_samples=samples), InlineRunner())
    try:
        table.start_game(0.0)
        for step in range(400):
            if table.state is None or table.state.is_over:
                break
            table.update(step * 0.01)
        assert table.state is not None and table.state.is_over
        assert all(isinstance(bot, HardBot) and bot.config.max_samples == samples for bot in table.bots)
        return list(table.state.history)
    finally:
        table.close()


def test_a_sample_bounded_hard_player_plays_the_same_game_from_the_same_seed():
    assert _hard_game(24) == _hard_game(24)


def test_a_hard_sample_count_must_be_a_positive_whole_number():
    seats = [SeatConfig("Lan", level=BotLevel.HARD), SeatConfig("Minh", level=BotLevel.HARD)]
    for bad in (0, -1, 2.5, True, 10**9):
        with pytest.raises(ValueError, match="hard samples"):
            TableConfig(seats, rules=Rules(players=2), hard_samples=bad)
