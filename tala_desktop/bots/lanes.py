"""One bot runner shared by many tables: each table asks through a lane of its own, and cancels only its own requests.

A LAN server runs every table's bots in one runner (net/core.py): one pool
of worker threads, and of search processes for Hard bots, sized to the
machine, however many tables it hosts, instead of threads and processes
for each table. The tables still keep time themselves (a bot's move is
held back by the table's clock, which the server steps), so the runner
only decides. A table cancels its requests when its game ends or a seat
changes hands (``Runner.cancel_all``); through a ``Lane`` that cancels
that table's requests alone (with a ``BotRunner``, their searches stop at
once; queued ones never start), and a closed table's lane takes no more.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future

from tala_desktop.engine import SeatView

from .base import Bot, Decision
from .runner import BotRunner, Runner


class Lane:
    """One table's share of a shared runner (a ``Runner`` itself)."""

    def __init__(self, shared: Runner) -> None:
        self._shared = shared
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)   # notified when the lane's last pending request is done
        self._stop = threading.Event()                 # set by cancel_all: the lane's requests so far stop
        self._pending: set[Future[Decision]] = set()
        self._closed = False

    def request(self, bot: Bot, view: SeatView, think_delay: float | None = None) -> Future[Decision]:
        with self._lock:
            if self._closed:
                raise RuntimeError("this table's bots are shut down")
            stop = self._stop
        if isinstance(self._shared, BotRunner):
            fut = self._shared.request(bot, view, think_delay, cancel=stop)
        else:
            fut = self._shared.request(bot, view, think_delay)
        with self._lock:
            self._pending.add(fut)
        fut.add_done_callback(self._forget)
        return fut

    def _forget(self, fut: Future[Decision]) -> None:
        with self._lock:
            self._pending.discard(fut)
            if not self._pending:
                self._idle.notify_all()

    @property
    def busy(self) -> int:
        with self._lock:
            return len(self._pending)

    def wait_idle(self, timeout: float) -> bool:
        with self._lock:
            return self._idle.wait_for(lambda: not self._pending, timeout)

    def cancel_all(self) -> None:
        """Stop this lane's requests (the other tables' go on)."""
        with self._lock:
            old, self._stop = self._stop, threading.Event()
            pending = list(self._pending)
        old.set()
        for fut in pending:
            fut.cancel()

    def shutdown(self, wait: bool = True) -> None:
        """The table closed: its requests stop and it asks no more (the shared runner goes on for the others)."""
        with self._lock:
            self._closed = True
        self.cancel_all()
        if wait:
            self.wait_idle(5.0)
