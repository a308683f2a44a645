"""Closing the app's LAN session that hosts the server: its own client goes first and never comes back, then the
server stops (telling the guests who closed it); nothing reconnects to a server on its way down."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.net.client import NetTableClient
from tala_desktop.net.server import TalaServer
from tala_desktop.ui.lan.session import LanSession
from tests.loops import poll_until

STOP_WAIT = 0.5     # the server's stop waits at most this (its guests' last frames drain for up to 3 s when loaded)


@pytest.fixture
def stop_after(monkeypatch: pytest.MonkeyPatch) -> list[threading.Event]:
    """The server's stop waits until each of these is set (at most ``STOP_WAIT``): a client still running while
    its server is on its way down has that long to (wrongly) reconnect to it."""
    ends: list[threading.Event] = []
    honest = TalaServer.stop

    async def after(self: TalaServer, reason: str = "shutdown", who: str | None = None) -> None:
        for end in ends:
            await asyncio.to_thread(end.wait, STOP_WAIT)
        await honest(self, reason, who)

    monkeypatch.setattr(TalaServer, "stop", after)
    return ends


def test_the_hosts_client_closes_first_and_never_reconnects_to_the_stopping_server(stop_after) -> None:
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2)
    stop_after.append(host.client.finished)                 # the stop waits for the host's client to end
    guest: NetTableClient | None = None
    try:
        poll_until(lambda: host.lobby is not None, lambda: host.pump(time.monotonic()), what="the host's lobby")
        server = host.server
        assert server is not None and host.lobby is not None
        guest = NetTableClient("127.0.0.1", server.port, "Minh")
        guest.join(host.lobby.id)
        poll_until(lambda: guest is not None and guest.seat == 1, lambda: host.pump(time.monotonic()),
                   what="the guest's seat")

        def cut(s: TalaServer) -> None:          # the host's connection breaks just as the app closes
            link = next(x for x in s.core.sessions.values() if x.name == "Hà").conn
            assert link is not None
            s.conns[link.id].ws.transport.abort()

        server.call(cut, server.server)
        before = host.client.reconnects
        host.close("host_quit")
        assert host.client.finished.is_set()                   # the host's client thread ended
        assert host.client.reconnects == before                # and tried no connection after close
        assert not server.thread.is_alive()                    # then the server stopped
        told = [m for m in guest.poll(time.monotonic()) if isinstance(m, (p.Closing, p.Disconnected))]
        poll_until(lambda: guest is not None and guest.finished.is_set(), what="the guest's end")
        told += [m for m in guest.poll(time.monotonic()) if isinstance(m, (p.Closing, p.Disconnected))]
        assert [type(m) for m in told] == [p.Closing, p.Disconnected]
        closing, end = told
        assert isinstance(closing, p.Closing) and (closing.reason, closing.who) == ("host_quit", "Hà")
        assert isinstance(end, p.Disconnected) and (end.reason, end.who) == ("host_quit", "Hà")
    finally:
        if guest is not None:
            guest.close()
        host.close()
