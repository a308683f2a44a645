"""LAN discovery: a server's UDP beacon and the browser that lists live servers with expiry.

Choice: a UDP broadcast beacon, not zeroconf/mDNS. The beacon is a ~150-line
standard-library module: no dependency (python-zeroconf brings itself plus
ifaddr and compiled extensions, several MB in the frozen app), nothing to
register or unregister, and a server shows up within one beacon interval
(1 s) instead of waiting for an mDNS query/announce cycle. What we give up:
mDNS's service names and its reach across some managed networks; both
approaches stay inside one subnet in practice, and where discovery is
blocked the "Nhập địa chỉ" (enter address) path joins by host:port.

A beacon is one small JSON datagram (``type`` "tala_beacon") sent every
second to ``target``: the limited broadcast address 255.255.255.255 on
port 37020 in the app, 127.0.0.1 (or ::1) and a test port in tests, so tests
never broadcast. The browser listens on a UDP port in a daemon thread,
validates each datagram with msgspec, keys servers by (address, port) and
forgets one that has been silent for ``expiry`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
import threading
import time
from collections.abc import Callable
from typing import Annotated, Any

import msgspec

log = logging.getLogger(__name__)

BEACON_PORT = 37020
MAX_DATAGRAM = 1024


class BeaconInfo(msgspec.Struct, tag="tala_beacon", tag_field="type", kw_only=True):
    """What a beacon says about a server."""

    v: int = 1
    id: Annotated[str, msgspec.Meta(max_length=32)]
    name: Annotated[str, msgspec.Meta(max_length=40)]
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)]
    players: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    tables: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    open: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    bet: Annotated[int, msgspec.Meta(ge=1)] | None = None
    password: bool = False


class LanServer(msgspec.Struct, kw_only=True):
    """A server the browser has heard from: where it is and what it last said."""

    host: str
    port: int
    name: str
    players: int
    tables: int
    open: int
    bet: int | None
    password: bool
    seen: float

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


class Beacon:
    """Sends the server's ``BeaconInfo`` every ``every`` seconds from the server's event loop."""

    def __init__(self, target: tuple[str, int], every: float, info: Callable[[], dict[str, Any]]) -> None:
        self.target = target
        self.every = every
        self.info = info
        self.id = secrets.token_hex(8)
        self.sent = 0
        self._transport: asyncio.DatagramTransport | None = None
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        family = _family(self.target[0])
        sock = socket.socket(family, socket.SOCK_DGRAM)
        if family == socket.AF_INET:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.setblocking(False)
        self._transport, _ = await loop.create_datagram_endpoint(asyncio.DatagramProtocol, sock=sock)
        self._task = loop.create_task(self._run())

    def datagram(self) -> bytes:
        return msgspec.json.encode(BeaconInfo(id=self.id, **self.info()))

    async def _run(self) -> None:
        while self._transport is not None:
            try:
                self._transport.sendto(self.datagram(), self.target)
                self.sent += 1
            except OSError as exc:  # no network: try again next time
                log.debug("beacon to %s failed: %s", self.target, exc)
            await asyncio.sleep(self.every)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._transport is not None:
            self._transport.close()
            self._transport = None


class Browser:
    """Listens for beacons in a daemon thread; ``servers()`` lists the live ones, newest info first."""

    _decoder = msgspec.json.Decoder(BeaconInfo)

    def __init__(self, bind: tuple[str, int] = ("0.0.0.0", BEACON_PORT), expiry: float = 3.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.expiry = expiry
        self.clock = clock
        self._lock = threading.Lock()
        self._servers: dict[tuple[str, int], LanServer] = {}
        self._sock = socket.socket(_family(bind[0]), socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self._sock.bind(bind)
        self._sock.settimeout(0.2)
        self.port: int = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lan-browser", daemon=True)
        self.ignored = 0

    def start(self) -> Browser:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, addr = self._sock.recvfrom(MAX_DATAGRAM + 1)
            except TimeoutError:
                continue
            except OSError:
                break
            self.feed(data, addr[0])

    def feed(self, data: bytes, host: str) -> LanServer | None:
        """Take one datagram from ``host``; anything that is not a valid beacon is ignored."""
        if len(data) > MAX_DATAGRAM:
            self.ignored += 1
            return None
        try:
            info = self._decoder.decode(data)
        except msgspec.DecodeError:
            self.ignored += 1
            return None
        server = LanServer(host=host, port=info.port, name=info.name, players=info.players, tables=info.tables,
                           open=info.open, bet=info.bet, password=info.password, seen=self.clock())
        with self._lock:
            self._servers[(host, info.port)] = server
        return server

    def servers(self) -> list[LanServer]:
        """Servers heard from within ``expiry`` seconds, by name."""
        now = self.clock()
        with self._lock:
            for key in [k for k, s in self._servers.items() if now - s.seen > self.expiry]:
                del self._servers[key]
            return sorted(self._servers.values(), key=lambda s: (s.name, s.host, s.port))

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=1)
        self._sock.close()
