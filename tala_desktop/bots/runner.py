"""Who runs the bots' decisions for a table: the ``Runner`` protocol, the app's ``BotRunner``, the ``InlineRunner``.

The table asks ``request(bot, view)`` and gets a ``concurrent.futures.Future``
of a ``Decision`` at once; it never blocks on it. ``BotRunner``, the app's,
computes the decision in a worker thread (Hard's search in a process pool),
then waits out the rest of ``think_delay`` so a human can follow, unless
cancelled; ``cancel_all()`` ends pending work when a game ends and
``shutdown()`` ends the threads. ``InlineRunner`` decides at once on the
caller's thread and hands back a finished future: no threads, the same
moves, for tests and tools that step a table by hand.

A searching bot (Hard) runs in a pool of processes. Each one watches its
parent's sentinel and exits the moment the parent is gone, however it
went (kill -9, a crash): nothing is left running after the app or the
server, and with the workers gone multiprocessing's resource tracker ends
too.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Protocol

from tala_desktop.engine import SeatView

from .base import Bot, Decision
from .pending import PendingRequests

log = logging.getLogger(__name__)

SEARCH_NICENESS = 5  # how far below the app's own priority the search processes run (POSIX nice steps)


class Cancelled(Exception):
    """The request was cancelled before its decision was delivered."""


class Runner(Protocol):
    """What a table needs of whoever runs its bots."""

    def request(self, bot: Bot, view: SeatView, think_delay: float | None = None) -> Future[Decision]:
        """``bot``'s decision for ``view``, now or later; never blocks the caller for long."""
        ...

    @property
    def busy(self) -> int:
        """How many requests are still being decided."""
        ...

    def wait_idle(self, timeout: float) -> bool:
        """Block until no request is being decided (each decided, failed or cancelled), at most ``timeout``
        seconds; whether none is."""
        ...

    def cancel_all(self) -> None:
        """Drop every request still pending (a game ended, a seat moved)."""
        ...

    def shutdown(self, wait: bool = True) -> None:
        """No more requests: end whatever runs them."""
        ...


class InlineRunner:
    """Bots decided at once on the caller's thread: deterministic, no threads, the think delay left to the table.

    ``request`` returns a finished future (its exception set if the bot failed), so a table
    stepped by hand plays a bot's move at its next ``update`` once its think delay has passed.
    """

    def __init__(self) -> None:
        self.decided = 0   # decisions asked for so far
        self.closed = False

    def request(self, bot: Bot, view: SeatView, think_delay: float | None = None) -> Future[Decision]:
        if self.closed:
            raise RuntimeError("the bot runner is shut down")
        fut: Future[Decision] = Future()
        self.decided += 1
        try:
            fut.set_result(bot.decide(view))
        except Exception as exc:  # noqa: BLE001 - the table plays the seat's timeout, as with a worker's failure
            fut.set_exception(exc)
        return fut

    @property
    def busy(self) -> int:
        return 0   # nothing is ever pending

    def wait_idle(self, timeout: float) -> bool:
        return True

    def cancel_all(self) -> None:
        pass

    def shutdown(self, wait: bool = True) -> None:
        self.closed = True


class BotRunner:
    """Runs bot decisions off the caller's thread (the app's ``Runner``)."""

    def __init__(self, workers: int = 3, think_delay: float = 0.0, processes: bool = True) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bot")
        self._workers = workers
        self._procs: ProcessPoolExecutor | None = None
        self.use_processes = processes
        self.think_delay = think_delay
        self._requests = PendingRequests("the bot runner is shut down")
        self._lock = threading.Lock()                  # the search processes start once

    def request(self, bot: Bot, view: SeatView, think_delay: float | None = None,
                cancel: threading.Event | None = None) -> Future[Decision]:
        """Start computing ``bot``'s decision for ``view``; returns a Future of a Decision. ``cancel``: the
        caller's own (a lane's, bots/lanes.py: its ``cancel_all`` stops only its requests); else this runner's."""
        own = self._requests.stop_event()
        cancel = own if cancel is None else cancel
        delay = self.think_delay if think_delay is None else think_delay
        procs = self._process_pool() if (self.use_processes and getattr(bot, "runs_in_process", False)) else None
        fut = self._pool.submit(self._work, bot, view, delay, cancel, procs)
        self._requests.track(fut)
        return fut

    def _process_pool(self) -> ProcessPoolExecutor:
        """Processes for searching bots, started on first use ('spawn': safe beside threads and pygame)."""
        with self._lock:
            if self._procs is None:
                ctx = multiprocessing.get_context("spawn")
                self._procs = ProcessPoolExecutor(max_workers=max(1, min(self._workers, multiprocessing.cpu_count())),
                                                  mp_context=ctx, initializer=start_search_process)
            return self._procs

    @staticmethod
    def _work(bot: Bot, view: SeatView, delay: float, cancel: threading.Event,
              procs: ProcessPoolExecutor | None) -> Decision:
        start = time.perf_counter()
        if cancel.is_set():
            raise Cancelled()
        if procs is not None:
            decision = _wait_remote(procs.submit(decide_remote, bot.spec(), view), cancel)
        else:
            if hasattr(bot, "stop"):
                bot.stop = cancel  # the Hard search checks it between samples
            decision = bot.decide(view)
        log.debug("seat %s decided %s in %.1f ms", view.seat, decision.move, (time.perf_counter() - start) * 1000)
        remaining = delay - (time.perf_counter() - start)
        if remaining > 0 and cancel.wait(remaining):
            raise Cancelled()
        if cancel.is_set():
            raise Cancelled()
        return decision

    def cancel_all(self) -> None:
        """Cancel every pending request (their futures raise Cancelled or are cancelled)."""
        self._requests.cancel_all()

    @property
    def busy(self) -> int:
        return self._requests.busy

    def wait_idle(self, timeout: float) -> bool:
        return self._requests.wait_idle(timeout)

    def shutdown(self, wait: bool = True) -> None:
        """Cancel everything and stop the worker threads."""
        self._requests.close()
        self._pool.shutdown(wait=wait, cancel_futures=True)
        if self._procs is not None:
            # a search in flight cannot be told to stop: end its process rather than wait for its budget
            for proc in list(getattr(self._procs, "_processes", {}).values()):
                proc.terminate()
            self._procs.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> BotRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()


def _wait_remote(fut: Future, cancel: threading.Event) -> Decision:
    while True:
        if cancel.is_set():
            fut.cancel()
            raise Cancelled()
        try:
            return fut.result(timeout=0.05)
        except FutureTimeout:
            continue


def start_search_process() -> None:
    """A search process starts: below the app's priority, and bound to its parent's life."""
    search_below_the_app()
    exit_with_parent()


def exit_with_parent() -> None:
    """End this worker process as soon as the process that started it is gone (watched on a daemon thread)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)              # no cleanup to run: the work was for a parent that is no more

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def search_below_the_app() -> None:
    """Start of a search process: run below the app's priority, so its 60 Hz loop gets a core when it needs one.

    The search fills its whole time budget on every core it has; at equal priority the
    frame loop waits for the scheduler behind it. Lowered, the search still gets every
    cycle the loop leaves (its time budget is wall time, so it only buys fewer samples).
    """
    try:
        if sys.platform == "win32":
            import ctypes

            below_normal = 0x4000  # BELOW_NORMAL_PRIORITY_CLASS
            kernel32 = ctypes.windll.kernel32
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)
        else:
            os.nice(SEARCH_NICENESS)
    except OSError as exc:  # not allowed here: search at the app's priority
        log.debug("search process keeps its priority: %s", exc)


def decide_remote(spec: tuple[str, int | None, dict], view: SeatView) -> Decision:
    """Run in a worker process: rebuild the bot from its spec and decide."""
    from . import make_bot

    level, seed, options = spec
    return make_bot(level, seed, **options).decide(view)
