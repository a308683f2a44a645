"""One app per data folder, with real processes: a second copy touches nothing and exits 3; a killed one frees it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tala_desktop.app.already_open import ALREADY_OPEN_EXIT
from tests.loops import poll_until

ROOT = Path(__file__).resolve().parents[2]
READY = "sounds ready"          # logged (-v) once the first frame of the menu is on screen

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def _app(data: Path, *args: str, log: Path | None = None) -> subprocess.Popen:
    err = open(log, "w", encoding="utf-8") if log is not None else subprocess.PIPE  # noqa: SIM115
    try:
        return subprocess.Popen([sys.executable, "-m", "tala_desktop", "--data-dir", str(data), "--windowed",
                                 "640x360", *args], cwd=ROOT, env=_env(), stdout=subprocess.DEVNULL, stderr=err,
                                text=True)
    finally:
        if not isinstance(err, int):
            err.close()


def _wait_ready(proc: subprocess.Popen, log: Path, limit: float = 90.0) -> None:
    def ready() -> bool:            # a real app in its own process: its log file is all it tells, so it is read again
        if READY in log.read_text(encoding="utf-8"):
            return True
        if proc.poll() is not None:
            raise AssertionError(f"the first app exited {proc.returncode}:\n{log.read_text(encoding='utf-8')}")
        return False

    poll_until(ready, timeout=limit, pause=0.1, what="the first app to show its menu")


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of the folder: its bytes and its modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


def test_a_second_copy_touches_nothing_and_a_killed_first_copy_frees_the_folder(tmp_path):
    data = tmp_path / "data"
    first = _app(data, "-v", log=tmp_path / "first.log")
    try:
        _wait_ready(first, tmp_path / "first.log")
        before = _snapshot(data)
        assert "tala.db" in before
        second = _app(data, "-v", "--frames", "1")
        _, err = second.communicate(timeout=90)
        assert second.returncode == ALREADY_OPEN_EXIT, err
        assert "already open" in err and "đang mở" in err and f"process {first.pid}" in err
        assert "already-open window closed after 1 drawn frames" in err     # and the window said it too
        assert "Traceback" not in err
        assert _snapshot(data) == before                      # no database opened, no autosave, no .tmp file
        assert first.poll() is None                           # the first copy plays on
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    third = _app(data, "--frames", "1")
    _, err = third.communicate(timeout=90)
    assert third.returncode == 0, err                         # the dead copy's lock went with it
    assert (data / "tala.lock").read_text().strip() == str(third.pid)
