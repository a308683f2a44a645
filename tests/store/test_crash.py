"""Settlement atomicity: kill the process at every step boundary; after a restart nothing is paid twice or lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.store import STARTING_GRANT, Store
from tala_desktop.store.faults import CRASH_EXIT_CODE, ENV_VAR, STEPS

from .helpers import drive, make_config

CHILD = Path(__file__).with_name("crash_child.py")
AFTER_GAME = tuple(s for s in STEPS if s != "autosave_written")


def _run_all(dirs: dict[str, Path], mode: str, crash: bool) -> dict[str, subprocess.CompletedProcess]:
    procs = {}
    for step, d in dirs.items():
        env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
        if crash:
            env[ENV_VAR] = step
        procs[step] = subprocess.Popen([sys.executable, str(CHILD), str(d), mode], env=env, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    done = {}
    for step, p in procs.items():
        out, err = p.communicate(timeout=60)
        done[step] = subprocess.CompletedProcess(p.args, p.returncode, out, err)
    return done


def _reference_game():
    """The game the child plays when nothing crashes (everything is seeded and bots decide synchronously)."""
    from tala_desktop.table import Table
    table = Table(make_config(seed=7), InlineRunner())
    table.start_game(0.0)
    drive(table)
    return table.state


def test_a_kill_at_any_step_never_pays_twice_or_loses_a_payment(tmp_path):
    ref = _reference_game()
    saves = len(ref.history) + 1  # one autosave after the deal and one after each move; the last is final
    mid_game = ("autosave_written@1", "autosave_written@9", f"autosave_written@{saves - 1}")
    dirs = {step: tmp_path / step.replace("@", "_") for step in mid_game + AFTER_GAME}
    crashed = _run_all(dirs, "play", crash=True)
    for step, res in crashed.items():
        assert res.returncode == CRASH_EXIT_CODE, f"{step}: the child did not crash there\n{res.stderr}"
    restarted = _run_all(dirs, "restart", crash=False)
    for step, res in restarted.items():
        assert res.returncode == 0, f"{step}: restart failed\n{res.stderr}"
        report = json.loads(res.stdout)
        assert report["errors"] == [], step
        assert report["resumed"] == (step in mid_game), step
        with Store(dirs[step]) as store:
            games = store.list_games()
            assert len(games) == 1, f"{step}: {len(games)} games recorded"
            net = games[0].nets
            assert store.profile().balance == STARTING_GRANT + net[0], f"{step}: the player's money is wrong"
            assert store.bot_balances() == {(s.name, s.level): STARTING_GRANT + net[i]
                                            for i, s in enumerate(games[0].seats) if s.kind == "bot"}, step
            assert [b for _, b in store.chips_over_time()] == [STARTING_GRANT, STARTING_GRANT + net[0]], step
            assert not store.has_autosave(), step
            assert store.check_replay(games[0].uid).matches, step
            if step not in mid_game:  # the game itself was never interrupted: it is the reference game
                assert store.get_game(games[0].uid).record["moves"] == [str(m) for m in ref.history], step
            assert store.recover() is None and store.count_games() == 1  # a further restart changes nothing
