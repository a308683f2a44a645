"""BotRunner: decisions off the caller's thread, with pacing, deadlines and cancellation."""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import CancelledError

import pytest

from tala_desktop.bots import make_bot
from tala_desktop.bots.runner import SEARCH_NICENESS, BotRunner, Cancelled, InlineRunner
from tala_desktop.engine import GameState, Rules


def midgame(seed: int = 4) -> GameState:
    st = GameState.new(Rules(), seed=seed)
    bot = make_bot("normal", 1)
    for _ in range(9):  # a few turns in, so the Hard bot has real choices
        st.push(bot.decide(st.view(st.to_move)).move)
    while st.phase.value != "discard":
        st.push(bot.decide(st.view(st.to_move)).move)
    return st


def test_decision_arrives_through_a_future_without_blocking_the_caller():
    st = midgame()
    with BotRunner(workers=1) as runner:
        fut = runner.request(make_bot("normal", 2), st.view(st.to_move))
        d = fut.result(timeout=10)
        assert st.is_legal(d.move)


def test_think_delay_holds_the_move_back():
    st = midgame()
    with BotRunner(workers=1, think_delay=0.3) as runner:
        t0 = time.perf_counter()
        fut = runner.request(make_bot("easy", 2), st.view(st.to_move))
        assert not fut.done()
        fut.result(timeout=10)
        assert time.perf_counter() - t0 >= 0.29


def test_wait_idle_returns_once_every_decision_is_in_or_cancelled():
    st = midgame()
    with BotRunner(workers=2, processes=False) as runner:
        assert runner.wait_idle(0.0)                                   # nothing asked: idle at once
        quick = runner.request(make_bot("easy", 2), st.view(st.to_move), think_delay=0.2)
        slow = runner.request(make_bot("hard", 3, budget_ms=60_000), st.view(st.to_move))
        assert st.is_legal(quick.result(timeout=20).move)
        assert not runner.wait_idle(0.05) and not slow.done()          # the search goes on
        runner.cancel_all()
        assert runner.wait_idle(20) and slow.done() and runner.busy == 0
    assert InlineRunner().wait_idle(0.0)                               # decides at once: never waits


def test_hard_bot_answers_within_its_budget_in_a_thread():
    st = midgame()
    bot = make_bot("hard", 3, budget_ms=150)
    with BotRunner(workers=1, processes=False) as runner:
        d = runner.request(bot, st.view(st.to_move)).result(timeout=30)
    assert st.is_legal(d.move)
    assert bot.last_samples >= 1


def test_hard_bot_searches_in_a_process_and_decides_like_in_a_thread():
    st = midgame()
    view = st.view(st.to_move)
    with BotRunner(workers=1) as runner:
        remote = runner.request(make_bot("hard", 3, max_samples=4), view).result(timeout=60)
    local = make_bot("hard", 3, max_samples=4).decide(view)
    assert remote == local  # seeded per position: the same samples in any process


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX niceness; Windows lowers the priority class")
def test_the_search_processes_run_below_the_app_so_its_frame_loop_keeps_a_core():
    with BotRunner(workers=1) as runner:
        child = runner._process_pool().submit(os.nice, 0).result(timeout=60)
    assert child == min(19, os.nice(0) + SEARCH_NICENESS)


def test_cancel_stops_a_long_search_and_pending_requests():
    st = midgame()
    slow = make_bot("hard", 3, budget_ms=60_000)
    searching = threading.Event()
    search = slow.decide
    slow.decide = lambda view: searching.set() or search(view)
    with BotRunner(workers=1, processes=False) as runner:
        first = runner.request(slow, st.view(st.to_move))
        queued = runner.request(make_bot("normal", 1), st.view(st.to_move))
        assert searching.wait(20)                                 # the search runs: cancel stops it midway
        t0 = time.perf_counter()
        runner.cancel_all()
        with pytest.raises((Cancelled, CancelledError)):
            first.result(timeout=20)
        with pytest.raises((Cancelled, CancelledError)):
            queued.result(timeout=20)
        assert time.perf_counter() - t0 < 20
        # the runner still works after a cancel
        assert st.is_legal(runner.request(make_bot("easy", 1), st.view(st.to_move)).result(timeout=10).move)


def test_shutdown_ends_the_worker_threads():
    before = {t.ident for t in threading.enumerate()}
    runner = BotRunner(workers=2)
    st = midgame()
    runner.request(make_bot("normal", 1), st.view(st.to_move)).result(timeout=10)
    runner.shutdown()
    left = [t for t in threading.enumerate() if t.ident not in before and t.name.startswith("bot")]
    assert left == []
    with pytest.raises(RuntimeError):
        runner.request(make_bot("normal", 1), st.view(st.to_move))


def test_cancel_returns_at_once_when_the_search_runs_in_a_process():
    st = midgame()
    runner = BotRunner(workers=1)
    fut = runner.request(make_bot("hard", 3, budget_ms=30_000), st.view(st.to_move))
    # Waits on a real process: the search runs in a spawned worker, and nothing in the process pool says when
    # a worker has taken a call; half a second lets it start searching, so shutdown has a running search to end.
    time.sleep(0.5)
    runner.cancel_all()
    with pytest.raises((Cancelled, CancelledError)):
        fut.result(timeout=10)
    t0 = time.perf_counter()
    runner.shutdown()  # ends the searching process instead of waiting 30 s
    assert time.perf_counter() - t0 < 10
