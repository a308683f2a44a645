"""The command line: --selftest plays a game headless and exits 0, failures exit 1, --help needs no pygame."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tala_desktop.app import _size, parser

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, timeout: float = 150) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}  # --selftest sets its own drivers
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_selftest_plays_a_game_to_its_results_and_exits_0(tmp_path):
    data = tmp_path / "profile" / "data"
    done = run("-m", "tala_desktop", "--selftest", "--seed", "3", "--data-dir", str(data))
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"selftest ok: one 4-bot game to its results .*\d+ moves, (showdown|u\w*), winner", done.stdout)
    assert data.is_dir()                                    # created for the store


def test_a_selftest_that_never_sees_its_results_exits_1():
    code = ("import sys; from tala_desktop.ui import selftest; from tala_desktop.ui.app_loop import AppOptions; "
            "selftest.results_shown = lambda app: False; "
            "sys.exit(selftest.run_selftest(AppOptions(seed=1), time_limit=3))")
    env_code = "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'; os.environ['SDL_AUDIODRIVER'] = 'dummy'; "
    done = run("-c", env_code + code)
    assert done.returncode == 1
    assert "selftest FAILED" in done.stderr and "did not reach its results" in done.stderr


def test_help_and_the_text_demo_run_without_pygame():
    code = ("import sys, contextlib, io; from tala_desktop import app\n"
            "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()): app.main(['--help'])\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out: app.main(['--text-demo', '--seed', '2'])\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
            "print(len(out.getvalue()))")
    done = run("-c", code)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) > 100


def test_the_window_size_flag_parses_and_checks():
    assert _size("1920x1080") == (1920, 1080)
    args = parser().parse_args(["--windowed", "1024x600", "--seed", "5", "--selftest"])
    assert args.windowed == (1024, 600) and args.seed == 5 and args.selftest
    for bad in ("big", "10x10", "1280"):
        with pytest.raises(argparse.ArgumentTypeError):
            _size(bad)
