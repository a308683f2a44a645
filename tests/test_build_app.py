"""tools/build_app.py's checks of a built app, on stand-in executables: they read any bytes the app writes, and
stopping the LAN server stops everything it started (a one-file app's bootloader leaves its child otherwise)."""

from __future__ import annotations

import contextlib
import os
import sys
import textwrap
from pathlib import Path

import pytest

from tests.test_platforms import _load_tool

pytest.importorskip("psutil", reason="tools/build_app.py stops a process tree with psutil (the build extra)")
build_app = _load_tool("build_app")

# what a Windows app writes to a pipe in the ANSI code page: "Tá Lả" in cp1252 (ả is not in it)
CP1252_LINE = "print('T\\xe1 L\\xe1 Desktop 0.1.0 on win32'.encode('cp1252').decode('latin-1'), file=sys.stderr)"


def _script(tmp_path: Path, name: str, body: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return [sys.executable, str(path)]


def _stand_in_server(tmp_path: Path, child_pid_file: Path) -> list[str]:
    """A 'server' that starts a child outside its own process group (as a one-file app's bootloader runs the
    app in a child process), writes a line in the ANSI code page and its port, then serves until ended. The
    child only sleeps: it stands for the app, running until the check ends it (120 s at most)."""
    return _script(tmp_path, "server", f"""
        import socket, subprocess, sys, time
        sys.stderr.reconfigure(encoding="latin-1")
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"],
                                 start_new_session=sys.platform != "win32")
        open({str(child_pid_file)!r}, "w").write(str(child.pid))
        listener = socket.create_server(("127.0.0.1", 0))
        {CP1252_LINE}
        print("tala-server listening on 127.0.0.1:%d" % listener.getsockname()[1], file=sys.stderr, flush=True)
        while True:
            listener.settimeout(0.2)
            try:
                listener.accept()[0].close()
            except OSError:
                pass
        """)


def _wait_ended(pid: int, timeout: float) -> None:
    """Block until ``pid`` ends, at most ``timeout`` seconds (psutil waits for a process that is not our child)."""
    import psutil

    with contextlib.suppress(psutil.NoSuchProcess, psutil.TimeoutExpired):
        psutil.Process(pid).wait(timeout)


def _alive(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_the_server_check_stops_the_servers_whole_process_tree(tmp_path):
    pid_file = tmp_path / "child.pid"
    port = build_app.check_server(_stand_in_server(tmp_path, pid_file))
    assert port > 0
    child = int(pid_file.read_text())
    _wait_ended(child, 5.0)
    try:
        assert not _alive(child), "the server's child process was left running"
    finally:
        if _alive(child):
            os.kill(child, 9)


def test_the_first_frame_is_read_from_a_log_that_is_not_utf8(tmp_path):
    """A frozen Windows app that wrote in the ANSI code page: its start-up is still read, nothing raised."""
    command = _script(tmp_path, "app", f"""
        import sys, time
        sys.stderr.reconfigure(encoding="latin-1")
        {CP1252_LINE}
        stamp = time.strftime("%Y-%m-%d %H:%M:%S,000")
        print(stamp + " tala_desktop.ui.shell.app_loop INFO first frame 480 ms after start", file=sys.stderr)
        """)
    launch, since_main = build_app.first_frame(command)
    assert since_main == 480.0 and launch > -2000


def test_a_first_frame_that_never_comes_fails_the_check_with_the_log(tmp_path):
    command = _script(tmp_path, "app", f"""
        import sys
        sys.stderr.reconfigure(encoding="latin-1")
        {CP1252_LINE}
        sys.exit(3)
        """)
    with pytest.raises(build_app.CheckFailed, match="exited 3 without a first frame:\n.*T\ufffd L\ufffd Desktop"):
        build_app.first_frame(command)
