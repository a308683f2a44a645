"""The tests' one poll loop: step something until a condition holds, within a bounded wall time.

For what answers on its own time (a LAN server in its thread, sockets): each
round calls ``step()`` (pump a session, update and draw a scene stack), then
checks ``cond()``, and sleeps ``pause`` seconds before the next round; it
returns what ``cond()`` said once that is true. Past ``timeout`` seconds it
fails the test, saying what it waited for.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def poll_until(cond: Callable[[], T], step: Callable[[], object] | None = None, timeout: float = 10.0,
               pause: float = 0.005, what: str = "the condition") -> T:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if step is not None:
            step()
        if value := cond():
            return value
        time.sleep(pause)  # a socket or another thread answers on its own time: no event to wait on
    raise AssertionError(f"timed out waiting for {what}")
