"""Running a LAN server inside the app: its own asyncio loop in a background thread, a port and stop().

"Tạo bàn LAN" calls ``start_in_thread``; the host then joins it as a client
like everyone else. The thread never touches pygame or the UI's state.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from .limits import ServerConfig
from .server import TalaServer
from .sessions import FrameHook

log = logging.getLogger(__name__)
T = TypeVar("T")


class ServerThread:
    """A started server: ``port`` it listens on, ``stop()`` to tell the clients and end it."""

    def __init__(self, server: TalaServer, loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
        self.server = server
        self.loop = loop
        self.thread = thread
        self.port = server.port

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` on the server's loop and return its result (tests read the server's state so)."""
        async def run() -> T:
            return fn(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout=5)

    def stop(self, timeout: float = 5.0, reason: str = "shutdown", who: str | None = None) -> None:
        """Tell the clients why the server closes (``host_left``, ``host_quit``, ``shutdown``) and who, and end it."""
        if not self.thread.is_alive():
            return
        fut = asyncio.run_coroutine_threadsafe(self.server.stop(reason, who), self.loop)
        try:
            fut.result(timeout=timeout)
        except Exception:  # noqa: BLE001 - stopping must not raise into the UI
            log.exception("the LAN server did not stop cleanly")
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=timeout)


def start_in_thread(config: ServerConfig | None = None, frame_hook: FrameHook | None = None,
                    timeout: float = 5.0, **overrides: Any) -> ServerThread:
    """Start a server (port 0 = any free port) in a daemon thread; returns once it listens."""
    config = replace(config or ServerConfig(), **overrides)
    loop = asyncio.new_event_loop()
    server = TalaServer(config, frame_hook)
    ready = threading.Event()
    failure: list[BaseException] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(server.start())
        except BaseException as exc:  # noqa: BLE001 - reported to the caller below
            failure.append(exc)
            ready.set()
            loop.close()
            return
        ready.set()
        try:
            loop.run_forever()
        finally:
            # a stop that ran out of time (a loaded machine) leaves connection handlers pending: end them here,
            # or the closed loop destroys them mid-close
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    thread = threading.Thread(target=run, name="lan-server", daemon=True)
    thread.start()
    if not ready.wait(timeout):
        raise TimeoutError("the LAN server did not start")
    if failure:
        raise failure[0]
    return ServerThread(server, loop, thread)
