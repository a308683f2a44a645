"""The standalone server: ``tala-server`` on a free loopback port; SIGTERM tells the clients and exits cleanly."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time

import pytest

from tala_desktop.net.cli import parse_args
from tala_desktop.net.client import NetTableClient

from .conftest import Player, pump_until


def wait_for_port(proc: subprocess.Popen) -> int:
    """The port a starting ``tala-server`` says it listens on (it prints one line to stderr)."""
    assert proc.stderr is not None
    end = time.monotonic() + 15
    while time.monotonic() < end:
        line = proc.stderr.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            return int(m.group(1))
        if not line and proc.poll() is not None:
            break
    raise AssertionError("the server did not start")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM ends a Windows process at once (Ctrl-C stops it there)")
def test_tala_server_serves_and_shuts_down_on_sigterm():
    proc = subprocess.Popen([sys.executable, "-m", "tala_desktop.net.cli", "--host", "127.0.0.1", "--port", "0",
                             "--tables", "2", "--password", "pw", "--no-announce"],
                            stderr=subprocess.PIPE, text=True)
    player = None
    try:
        port = wait_for_port(proc)
        player = Player(NetTableClient("127.0.0.1", port, "An", password="pw", reconnect_for=0.5))
        pump_until([player], lambda: player.last("welcome") is not None, act=False)
        proc.send_signal(signal.SIGTERM)
        pump_until([player], lambda: player.errors and player.codes()[-1] == "disconnected", act=False)
        assert player.codes() == ["server_shutdown", "disconnected"]
        assert proc.wait(timeout=10) == 0
        log = proc.stderr.read()
        assert "shutting down" in log and "server stopped" in log
    finally:
        if player is not None:
            player.client.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()


@pytest.mark.parametrize("argv", [["--port", "70000"], ["--tables", "0"], ["--announce-to", "nowhere"],
                                  ["--announce-to", "127.0.0.1:³⁷⁰²⁰"]])
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit):
        parse_args(argv)
    assert "expected" in capsys.readouterr().err
