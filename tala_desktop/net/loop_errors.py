"""The server loop's exception handler: accept() failing at the descriptor limit is told once a minute, counted.

At the process's limit of open files (a slowloris holding every socket it
may open) the event loop cannot accept() a connection. asyncio then hands
its exception handler "socket.accept() out of system resource" with a
traceback, once for each connection waiting in the listen backlog (up to
100), and tries again a second later: measured, 160-270 tracebacks in 4.5 s
from one server, thousands in an evening's log. ``AcceptErrors`` writes one
line (no traceback) for the first failure and then one a minute at most,
with how many failed since the line before and why; a last line when the
server stops says how many were left untold. Every other error goes to the
handler that was there before (asyncio's default logs it with its
traceback).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ACCEPT_FAILED = "socket.accept() out of system resource"     # asyncio's selector loops (Linux, macOS)
ACCEPT_FAILED_PROACTOR = "Accept failed on a socket"         # its proactor loop (Windows)
Handler = Callable[[asyncio.AbstractEventLoop, dict[str, Any]], object]


class AcceptErrors:
    """An event loop's exception handler that counts failed accepts instead of logging each one."""

    def __init__(self, every: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 previous: Handler | None = None) -> None:
        self.every = every
        self.clock = clock
        self.previous = previous
        self.untold = 0                 # failures since the last line
        self.told_at = -float("inf")
        self.why = ""

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", ""))
        if not message.startswith((ACCEPT_FAILED, ACCEPT_FAILED_PROACTOR)):
            if self.previous is not None:
                self.previous(loop, context)
            else:
                loop.default_exception_handler(context)
            return
        self.untold += 1
        exc = context.get("exception")
        self.why = str(exc) if exc is not None else message
        if self.clock() - self.told_at >= self.every:
            self._tell()

    def _tell(self) -> None:
        log.error("cannot accept new connections: %s (%d times since the last line; the server is at its limit "
                  "of open files: raise it, or find who holds so many connections)", self.why, self.untold)
        self.untold, self.told_at = 0, self.clock()

    def flush(self) -> None:
        """The server stops: the failures not told yet, in one last line."""
        if self.untold:
            self._tell()

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        self.previous = loop.get_exception_handler()
        loop.set_exception_handler(self)

    def uninstall(self, loop: asyncio.AbstractEventLoop) -> None:
        self.flush()
        if loop.get_exception_handler() is self:
            loop.set_exception_handler(self.previous)
