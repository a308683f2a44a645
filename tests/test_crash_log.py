"""A crash leaves a trace: with -v or in the packaged app, logs/tala.log in the data folder (rotating), and an
error nothing caught writes its traceback there and shows a window naming the log, in both languages.

Each run is the real ``tala_desktop.app.main`` in its own interpreter (headless), with the game's loop made to fail
and the native message box replaced by a print of what it would say."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tala_desktop.app.crash import crash_text
from tala_desktop.app.logs import LogFile

ROOT = Path(__file__).resolve().parent.parent
CRASHING = """
    import sys
    from tala_desktop import app
    from tala_desktop.app import crash
    from tala_desktop.ui.shell import app_loop
    if {frozen}:
        sys.frozen = True
    def catch_fire(*args, **kwargs):
        raise RuntimeError("the felt caught fire")
    app_loop.run_app = catch_fire
    crash.show_crash_window = lambda text: print("WINDOW<" + text + ">")
    sys.exit(app.main([*{args}, "--windowed", "960x540", "--data-dir", {data!r}]))
"""


def run_crashing(data: Path, *args: str, frozen: bool = False) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = textwrap.dedent(CRASHING.format(frozen=frozen, args=list(args), data=str(data)))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env=environ, encoding="utf-8")


def test_with_v_a_crash_writes_its_traceback_to_the_log_and_says_where_it_is(tmp_path):
    done = run_crashing(tmp_path / "data", "-v")
    assert done.returncode == 1, done.stderr
    log = tmp_path / "data" / "logs" / "tala.log"
    text = log.read_text(encoding="utf-8")
    assert "Tá Lả Desktop stopped on an error" in text and "Traceback (most recent call last)" in text
    assert "RuntimeError: the felt caught fire" in text
    window = done.stdout.split("WINDOW<", 1)[1].split(">", 1)[0]
    assert "Tá Lả gặp lỗi" in window and "ran into an error" in window
    assert window.count(str(log)) == 2                                    # the path, under each language


def test_the_packaged_app_keeps_a_log_without_v(tmp_path):
    done = run_crashing(tmp_path / "data", frozen=True)
    assert done.returncode == 1
    text = (tmp_path / "data" / "logs" / "tala.log").read_text(encoding="utf-8")
    assert "(packaged)" in text and "RuntimeError: the felt caught fire" in text


def test_from_source_without_v_nothing_is_written_and_python_prints_the_traceback(tmp_path):
    done = run_crashing(tmp_path / "data")
    assert done.returncode == 1 and "RuntimeError: the felt caught fire" in done.stderr
    assert "WINDOW<" not in done.stdout
    assert not (tmp_path / "data" / "logs").exists()


def test_the_log_rotates_and_keeps_two_older_files(tmp_path):
    root = logging.getLogger()
    before = list(root.handlers), root.level
    try:
        log = LogFile()
        path = log.open_in(tmp_path, max_bytes=2000)
        assert log.path == path
        assert path == tmp_path / "logs" / "tala.log"
        for i in range(200):
            logging.getLogger("tala_desktop.test").info("line %d of a long game", i)
    finally:
        for handler in root.handlers[len(before[0]):]:
            handler.close()
            root.removeHandler(handler)
        root.setLevel(before[1])
    names = sorted(p.name for p in (tmp_path / "logs").iterdir())
    assert names == ["tala.log", "tala.log.1", "tala.log.2"]
    assert all(p.stat().st_size <= 2100 for p in (tmp_path / "logs").iterdir())
    assert "line 199 of a long game" in path.read_text(encoding="utf-8")


def test_a_folder_that_cannot_hold_a_log_leaves_the_game_without_one(tmp_path):
    (tmp_path / "logs").write_text("a file where the folder would be", encoding="utf-8")
    log = LogFile()
    assert log.open_in(tmp_path) is None and log.path is None


def test_the_crash_window_without_a_log_still_says_both_languages():
    text = crash_text(None)
    assert "Tá Lả gặp lỗi" in text and "ran into an error" in text and "log" not in text
