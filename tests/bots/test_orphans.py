"""Nothing is left running after a crash: the Hard search's worker processes end with their parent, kill -9 too."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="SIGKILL, and process states read from /proc")
CHILD = Path(__file__).with_name("orphan_child.py")
ROOT = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    """The process runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def kill_and_count_left(timeout: float = 5.0) -> tuple[list[int], list[int]]:
    """Start a process searching in the bot pool, SIGKILL it; the pids it had started and those still running."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, str(CHILD)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        pids = [int(x) for x in child.stdout.readline().split()]
        assert pids and all(alive(pid) for pid in pids)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        if child.stdout is not None:
            child.stdout.close()
    wait_ended(pids, timeout)
    return pids, [pid for pid in pids if alive(pid)]


def wait_ended(pids: list[int], timeout: float) -> None:
    """Block until each of ``pids`` has ended, at most ``timeout`` seconds in all: a process's pidfd turns
    readable when it ends (these are not our children, so ``waitpid`` cannot wait for them)."""
    end = time.monotonic() + timeout
    for pid in pids:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue                          # ended and reaped already
        try:
            select.select([fd], [], [], max(0.0, end - time.monotonic()))
        finally:
            os.close(fd)


def test_the_search_processes_and_the_resource_tracker_end_when_their_parent_is_killed():
    for _ in range(2):
        pids, left = kill_and_count_left()
        for pid in left:                      # leave no orphan behind, even when the test fails
            os.kill(pid, signal.SIGKILL)
        assert len(pids) >= 2 and left == []
