"""A process that starts a Hard search in the bot runner's process pool, prints the pids it started, then waits.

tests/bots/test_orphans.py and bench/orphans.py kill it with SIGKILL and look for what it left running.
"""

from __future__ import annotations

import multiprocessing.resource_tracker
import sys
import time

from tala_desktop.bots import make_bot
from tala_desktop.bots.runner import BotRunner
from tala_desktop.engine import GameState, Rules


def midgame() -> GameState:
    state = GameState.new(Rules(), seed=4)
    bot = make_bot("normal", 1)
    while state.phase.value != "discard" or len(state.history) < 9:
        state.push(bot.decide(state.view(state.to_move)).move)
    return state


def main() -> None:
    runner = BotRunner(workers=2)
    state = midgame()
    runner.request(make_bot("hard", 1, budget_ms=50), state.view(state.to_move)).result(timeout=60)
    procs = runner._procs
    workers = list(getattr(procs, "_processes", {}).keys()) if procs is not None else []
    tracker = getattr(multiprocessing.resource_tracker._resource_tracker, "_pid", None)
    print(" ".join(str(pid) for pid in [*workers, *([tracker] if tracker else [])]), flush=True)
    runner.request(make_bot("hard", 2, budget_ms=60_000), state.view(state.to_move))   # one still searching
    time.sleep(120)   # not a wait: this process stays alive, searching, until the test kills it (120 s at most)
    sys.exit(1)


if __name__ == "__main__":
    main()
