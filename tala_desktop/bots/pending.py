"""Pending requests: the decisions a runner (or one table's lane of it) has out, the event that stops them, and
whether it still takes more.

``BotRunner`` (runner.py) and ``Lane`` (lanes.py) keep their requests the same
way: each request is handed the current stop event and its future tracked
until done; ``cancel_all`` sets that event (a request checks it before,
during and after deciding), hands out a fresh one for the requests to come
and cancels the futures not yet started; ``wait_idle`` waits for the last
one; once ``close`` is called a new request is refused.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Any


class PendingRequests:
    """The futures out, the stop event handed to new requests, and whether closed."""

    def __init__(self, closed_message: str) -> None:
        self._closed_message = closed_message          # the error a request after ``close`` raises
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)   # notified when the last pending request is done
        self._stop = threading.Event()
        self._pending: set[Future[Any]] = set()
        self._closed = False

    def stop_event(self) -> threading.Event:
        """The event a new request stops on; RuntimeError once closed."""
        with self._lock:
            if self._closed:
                raise RuntimeError(self._closed_message)
            return self._stop

    def track(self, fut: Future[Any]) -> None:
        """Count ``fut`` as pending until it is done (decided, failed or cancelled)."""
        with self._lock:
            self._pending.add(fut)
        fut.add_done_callback(self._forget)

    def _forget(self, fut: Future[Any]) -> None:
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
        """Stop every request so far (their futures raise Cancelled or are cancelled); later ones go on."""
        with self._lock:
            old, self._stop = self._stop, threading.Event()
            pending = list(self._pending)
        old.set()
        for fut in pending:
            fut.cancel()

    def close(self) -> None:
        """Take no more requests, and stop those out."""
        with self._lock:
            self._closed = True
        self.cancel_all()
