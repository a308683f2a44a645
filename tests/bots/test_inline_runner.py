"""InlineRunner: the bots decided at once on the caller's thread, with the moves the threaded runner would give."""

from __future__ import annotations

import pytest

from tala_desktop.bots import Bot, BotLevel, Decision, make_bot
from tala_desktop.bots.runner import BotRunner, InlineRunner, Runner
from tala_desktop.engine import GameState, Rules, SeatView
from tala_desktop.table import SeatConfig, Table, TableConfig


class Broken(Bot):
    def decide(self, view: SeatView) -> Decision:
        raise RuntimeError("no move")


def test_a_decision_is_there_at_once_and_is_the_one_the_bot_makes():
    st = GameState.new(Rules(), seed=4)
    runner: Runner = InlineRunner()
    fut = runner.request(make_bot("normal", 1), st.view(st.to_move))
    assert fut.done() and runner.busy == 0
    assert fut.result() == make_bot("normal", 1).decide(st.view(st.to_move))


def test_a_failing_bot_fails_its_future_and_a_shut_runner_refuses():
    st = GameState.new(Rules(), seed=4)
    runner = InlineRunner()
    fut = runner.request(Broken(), st.view(st.to_move))
    assert isinstance(fut.exception(), RuntimeError)
    runner.shutdown()
    with pytest.raises(RuntimeError, match="shut down"):
        runner.request(make_bot("easy", 1), st.view(st.to_move))


def _game(runner: Runner) -> tuple[list[str], list[float]]:
    """A bot-only game stepped by a quarter second of table time: its moves, and the time each was played."""
    seats = [SeatConfig("Lan", level=BotLevel.EASY), SeatConfig("Minh", level=BotLevel.NORMAL),
             SeatConfig("Hùng", level=BotLevel.HARD)]
    config = TableConfig(seats, rules=Rules(players=3, turn_seconds=0), seed=9, think_delay=0.5, hard_budget_ms=5)
    table = Table(config, runner)
    table.start_game(0.0)
    st = table.state
    assert st is not None
    now, played = 0.0, []
    while not st.is_over and now < 1000:
        now += 0.25
        before = len(st.history)
        table.update(now)
        assert table.runner.wait_idle(30)   # the threaded runner: its decision arrives meanwhile
        table.update(now)
        played += [now] * (len(st.history) - before)
    table.close()
    assert st.is_over
    return [str(m) for m in st.history], played


def test_a_table_on_the_inline_runner_plays_the_threaded_tables_game_at_its_pace():
    """The same seeds give the same game on both runners; the think delay still holds each move back (asked at
    the first update, 0.25, the first move is played at 0.75)."""
    inline, times = _game(InlineRunner())
    with BotRunner(workers=1, processes=False) as threads:
        threaded, _ = _game(threads)
    assert inline == threaded and len(inline) > 20
    assert times[0] == 0.75 and all(b - a >= 0.5 for a, b in zip(times, times[1:]))
