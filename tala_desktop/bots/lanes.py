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

from concurrent.futures import Future

from tala_desktop.engine import SeatView

from .base import Bot, Decision
from .pending import PendingRequests
from .runner import BotRunner, Runner


class Lane:
    """One table's share of a shared runner (a ``Runner`` itself)."""

    def __init__(self, shared: Runner) -> None:
        self._shared = shared
        self._requests = PendingRequests("this table's bots are shut down")

    def request(self, bot: Bot, view: SeatView, think_delay: float | None = None) -> Future[Decision]:
        stop = self._requests.stop_event()
        if isinstance(self._shared, BotRunner):
            fut = self._shared.request(bot, view, think_delay, cancel=stop)
        else:
            fut = self._shared.request(bot, view, think_delay)
        self._requests.track(fut)
        return fut

    @property
    def busy(self) -> int:
        return self._requests.busy

    def wait_idle(self, timeout: float) -> bool:
        return self._requests.wait_idle(timeout)

    def cancel_all(self) -> None:
        """Stop this lane's requests (the other tables' go on)."""
        self._requests.cancel_all()

    def shutdown(self, wait: bool = True) -> None:
        """The table closed: its requests stop and it asks no more (the shared runner goes on for the others)."""
        self._requests.close()
        if wait:
            self.wait_idle(5.0)
