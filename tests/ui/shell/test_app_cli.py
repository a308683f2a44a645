"""The command line: --selftest plays a game headless and exits 0, failures exit 1, --help needs no pygame."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tala_desktop.app.cli import parser, window_size

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, timeout: float = 150, **env_vars: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}  # --selftest sets its own drivers
    env.update(env_vars)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_selftest_plays_a_game_to_its_results_and_exits_0(tmp_path):
    data = tmp_path / "profile" / "data"
    done = run("-m", "tala_desktop", "--selftest", "--seed", "3", "--data-dir", str(data))
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"selftest ok: one 4-bot game to its results .*\d+ moves, (showdown|u\w*), winner", done.stdout)
    assert f"recorded in {data}" in done.stdout
    from tala_desktop.store import Store

    store = Store(data_dir=data)                            # the game went through the store of that folder
    try:
        assert store.count_games() == 1
    finally:
        store.close()


def test_a_selftest_on_a_folder_an_open_app_holds_changes_nothing(tmp_path):
    from tala_desktop.app.already_open import ALREADY_OPEN_EXIT
    from tala_desktop.store import folder_lock

    lock = folder_lock.hold_folder(tmp_path)
    try:
        before = sorted(p.name for p in tmp_path.iterdir())
        done = run("-m", "tala_desktop", "--selftest", "--data-dir", str(tmp_path), timeout=60)
        assert done.returncode == ALREADY_OPEN_EXIT, done.stdout + done.stderr
        assert "already open" in done.stderr and sorted(p.name for p in tmp_path.iterdir()) == before
    finally:
        lock.release()


def test_frames_counts_loop_iterations_so_an_idle_menu_ends(tmp_path):
    """The idle menu stops drawing after its intro; --frames 90 must still end (it waited forever)."""
    done = run("-m", "tala_desktop", "--frames", "90", "--windowed", "640x480", "--data-dir", str(tmp_path / "d"),
               timeout=60, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="elsewhere there is always a screen to find")
def test_without_a_display_the_app_says_so_and_exits(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY") and not k.startswith("SDL_")}
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, "-m", "tala_desktop", "--data-dir", str(data)], capture_output=True,
                          text=True, timeout=60, cwd=ROOT, env=env)
    from tala_desktop.app.cli import NO_DISPLAY_EXIT

    assert done.returncode == NO_DISPLAY_EXIT
    assert "no display found" in done.stderr and "không tìm thấy màn hình" in done.stderr
    assert "SDL_VIDEODRIVER=dummy" in done.stderr and "Traceback" not in done.stderr
    assert not data.exists()                                # nothing was created or opened


def test_a_selftest_that_never_sees_its_results_exits_1_and_without_a_data_folder_keeps_nothing(tmp_path):
    code = ("import sys; from tala_desktop.app import composition; from tala_desktop.ui.shell import selftest; "
            "from tala_desktop.ui.shell.app_loop import AppOptions; "
            "selftest.results_shown = lambda app: False; options = AppOptions(seed=1); "
            "sys.exit(selftest.run_selftest(options, composition.selftest_desktop(options), time_limit=3))")
    env_code = "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'; os.environ['SDL_AUDIODRIVER'] = 'dummy'; "
    home = tmp_path / "home"
    home.mkdir()
    done = run("-c", env_code + code, HOME=str(home), XDG_DATA_HOME=str(home / "data"), LOCALAPPDATA=str(home))
    assert done.returncode == 1
    assert "selftest FAILED" in done.stderr and "did not reach its results" in done.stderr
    assert list(home.iterdir()) == []                       # no per-user data folder was made or opened


def test_the_text_demo_is_a_random_game_unless_seeded(capsys):
    from tala_desktop import app

    seeds = set()
    for _ in range(3):
        assert app.main(["--text-demo"]) == 0
        seeds.add(re.search(r"seed (\d+)", capsys.readouterr().out).group(1))
    assert len(seeds) == 3
    app.main(["--text-demo", "--seed", "2"])
    first = capsys.readouterr().out
    app.main(["--text-demo", "--seed", "2"])
    assert capsys.readouterr().out == first and "seed 2," in first


def test_help_and_the_text_demo_run_without_pygame():
    code = ("import sys, contextlib, io; from tala_desktop import app\n"
            "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()): app.main(['--help'])\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out: app.main(['--text-demo', '--seed', '2'])\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
            "print(len(out.getvalue()))")
    done = run("-c", code)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) > 100


@pytest.mark.parametrize("command", [["tala_desktop"], ["tala_desktop", "--server"], ["tala_desktop.net.cli"]])
def test_the_app_and_the_server_write_utf8_whatever_the_systems_code_page(command):
    """Windows gives a program's output to a pipe or a file the ANSI code page (cp1252 in the West), and a frozen
    app ignores PYTHONUTF8: the app and the LAN server write UTF-8 themselves, so a server's log reads right."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run([sys.executable, "-m", *command, "--help"], capture_output=True, timeout=60, cwd=ROOT,
                          env=env)
    assert done.returncode == 0, done.stderr.decode("utf-8", errors="replace")
    assert "Tá Lả" in done.stdout.decode("utf-8")


def test_the_window_size_flag_parses_and_checks():
    assert window_size("1920x1080") == (1920, 1080)
    args = parser().parse_args(["--windowed", "1024x600", "--seed", "5", "--selftest"])
    assert args.windowed == (1024, 600) and args.seed == 5 and args.selftest
    for bad in ("big", "10x10", "1280"):
        with pytest.raises(argparse.ArgumentTypeError):
            window_size(bad)


def test_the_hard_samples_flag_parses_and_checks(capsys):
    assert parser().parse_args(["--hard-samples", "60"]).hard_samples == 60
    assert parser().parse_args([]).hard_samples is None      # the app's Hard thinks for its time budget
    for bad in ("0", "-3", "many", "1000000"):
        with pytest.raises(SystemExit):
            parser().parse_args(["--hard-samples", bad])
        assert "--hard-samples" in capsys.readouterr().err
