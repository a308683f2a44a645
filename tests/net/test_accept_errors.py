"""At the descriptor limit a slowloris must not fill the server's log: accept() failing is told once a minute with a
count, never a traceback a second."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from tala_desktop.net.loop_errors import ACCEPT_FAILED, AcceptErrors

SERVER = """
import resource, sys
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (48, hard))
from tala_desktop.net.cli import main
sys.exit(main(["--host", "127.0.0.1", "--port", "0", "--no-state", "--no-announce", "--log-level", "INFO"]))
"""


def test_a_thousand_failed_accepts_make_a_line_a_minute_with_their_count(caplog: pytest.LogCaptureFixture):
    now = [0.0]
    passed: list[str] = []
    errors = AcceptErrors(every=60.0, clock=lambda: now[0], previous=lambda loop, ctx: passed.append(ctx["message"]))
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING, logger="tala_desktop.net.loop_errors"):
            for i in range(3000):                             # one a second for 50 minutes, as asyncio retries
                now[0] = float(i)
                errors(loop, {"message": ACCEPT_FAILED, "exception": OSError(24, "Too many open files")})
            errors(loop, {"message": "Task exception was never retrieved"})     # anything else: as before
            errors.flush()
    finally:
        loop.close()
    lines = [r for r in caplog.records if r.name == "tala_desktop.net.loop_errors"]
    assert 50 <= len(lines) <= 52, len(lines)
    assert all(r.exc_info is None for r in lines)             # no traceback
    assert "Too many open files" in lines[0].getMessage()
    counts = [int(re.search(r"\((\d+) times", r.getMessage()).group(1)) for r in lines]  # type: ignore[union-attr]
    assert sum(counts) == 3000                               # every failure counted
    assert passed == ["Task exception was never retrieved"]


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "fork"), reason="descriptor limits of POSIX")
def test_a_server_at_its_descriptor_limit_logs_no_traceback_a_second():
    proc = subprocess.Popen([sys.executable, "-c", SERVER], stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    held: list[socket.socket] = []
    try:
        assert proc.stderr is not None
        port = 0
        deadline = time.monotonic() + 20
        while not port and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if "listening on" in line:
                port = int(line.rsplit(":", 1)[1])
        assert port, "the server did not start"
        for _ in range(80):                                   # a slowloris: connect, say nothing, hold on
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            held.append(s)
        # the subject is time passing on a real server process: asyncio tries accept() again every second, and
        # four tries must leave one line, not four
        time.sleep(4.5)
    finally:
        proc.send_signal(signal.SIGTERM)
        for s in held:
            s.close()
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    assert err.count("Traceback") == 0, err[-3000:]
    told = [line for line in err.splitlines() if "cannot accept" in line]
    assert len(told) == 2, err[-3000:]                        # the first failure, and the count at the stop
