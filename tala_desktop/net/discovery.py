"""LAN discovery: a server's UDP beacon and the browser that lists live servers, bounded and keyed by identity.

Choice: a UDP broadcast beacon, not zeroconf/mDNS. The beacon is a ~150-line
standard-library module: no dependency (python-zeroconf brings itself plus
ifaddr and compiled extensions, several MB in the frozen app), nothing to
register or unregister, and a server shows up within one beacon interval
(1 s) instead of waiting for an mDNS query/announce cycle. What we give up:
mDNS's service names and its reach across some managed networks; both
approaches stay inside one subnet in practice, and where discovery is
blocked the "Nhập địa chỉ" (enter address) path joins by host:port.

A beacon is one small JSON datagram (``type`` "tala_beacon") sent every
second to ``target``: 127.0.0.1 (or ::1) and a test port in tests, so tests
never broadcast; in the app the limited broadcast address 255.255.255.255
on port 37020, which stands for every IPv4 network of the machine. A
datagram to 255.255.255.255 leaves through one adapter only (on Windows
often a VirtualBox, Hyper-V or WSL one), so the beacon also goes to the
directed broadcast address of each IPv4 interface (192.168.1.255 for
192.168.1.7/24; from ``ifaddr``, looked up again every
``INTERFACES_EVERY`` seconds as networks come and go), and the routing
table sends each out of its own adapter. The browser listens on a UDP port
of every interface in a daemon thread, validates each datagram with
msgspec and forgets a server that has been silent for ``expiry`` seconds.

Anyone on the network can send a beacon, so the browser takes each as a
hostile claim. A row is keyed by the server's identity (``id``, the lasting
one of net/identity.py) **and** the address the datagram came from: a
beacon updates only the row of its own (identity, address), so one sent
from elsewhere with a copied identity, or with a forged source address and
an identity of its own, makes a row of its own and never rewrites a
friend's. One address has at most ``MAX_PER_ADDRESS`` rows and the list at
most ``MAX_SERVERS``; a full address or list refuses newcomers (the rows
already there stay until they fall silent). The texts are cleaned before
anything keeps them: ``host_name`` must be a valid player name (each app
words the row itself, "Bàn của Tuấn"); a server's own ``name`` is cleaned
by ``clean_server_name`` (NFC, no invisible characters, one plain space,
other scripts shown as "?"), and the app shows it quoted, so it never
passes for an app's "Bàn của …" row. How a row looks (sorted by the title
shown, its address and code, a mark on rows that look alike) is the LAN
page's (ui/lan/server_rows.py).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
import time
import unicodedata
from collections.abc import Callable
from typing import Annotated, Any

import ifaddr
import msgspec

from .chat_text import default_ignorable
from .identity import new_identity, short_code
from .protocol import MAX_NAME, allowed_name_char, clean_name

log = logging.getLogger(__name__)

BEACON_PORT = 37020
MAX_DATAGRAM = 1024
LIMITED_BROADCAST = "255.255.255.255"
INTERFACES_EVERY = 10.0   # seconds between two looks at the machine's networks
RECEIVE_ERROR_LOG_EVERY = 60.0   # seconds between two log lines about datagrams the browser could not receive
MAX_PER_ADDRESS = 4       # rows one address may have in the list (a machine running a few servers)
MAX_SERVERS = 64          # rows in the list at once
MAX_SERVER_NAME = 40
MAX_ADDRS = 8             # addresses a beacon names
TITLE_PUNCT = frozenset("&#:!,+/")   # beside the names' own punctuation, what a server's name may show


class BeaconInfo(msgspec.Struct, tag="tala_beacon", tag_field="type", kw_only=True):
    """What a beacon says about a server."""

    v: int = 2                # 2: ``id`` is the server's lasting identity; ``pin``
    id: Annotated[str, msgspec.Meta(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
    name: Annotated[str, msgspec.Meta(max_length=MAX_SERVER_NAME)]
    port: Annotated[int, msgspec.Meta(ge=1, le=65535)]
    players: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    tables: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    open: Annotated[int, msgspec.Meta(ge=0, le=10_000)] = 0
    bet: Annotated[int, msgspec.Meta(ge=1)] | None = None
    password: bool = False    # the server asks a password in every hello (``tala-server --password``)
    host_name: Annotated[str, msgspec.Meta(max_length=MAX_NAME)] | None = None   # the hosting player, if one
    pin: bool = False         # a table of the server asks for a PIN
    addrs: Annotated[list[Annotated[str, msgspec.Meta(max_length=15)]], msgspec.Meta(max_length=MAX_ADDRS)] = []
    # the server's own IPv4 addresses: its beacon goes out from each, and the list shows one row for them


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
    host_name: str | None = None    # the hosting player (a valid name), or None: show ``name``
    id: str = ""                    # the server's identity (with ``host``, the row's key)
    pin: bool = False               # a table there asks for a PIN
    addrs: tuple[str, ...] = ()     # the addresses the server says it has (valid IPv4 only)

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def code(self) -> str:
        """The short code of the server's identity, as its host's lobby shows it."""
        return short_code(self.id)


def _host_name(value: str | None) -> str | None:
    """A beacon's host name if it is a valid player name (net/protocol.py's rules), else None."""
    if value is None:
        return None
    try:
        return clean_name(value)
    except ValueError:
        return None


def clean_server_name(value: str) -> str:
    """A beacon's ``name`` as a row may show it: NFC; controls, format, invisible characters and marks left over
    after composing dropped; every run of spaces one plain space, trimmed; a character outside the names'
    alphabet and ``TITLE_PUNCT`` (another script's look-alike letter, a symbol, an emoji) shown as "?"; at most
    ``MAX_SERVER_NAME`` characters ("" when nothing visible is left)."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", value[:4 * MAX_SERVER_NAME]):
        cat = unicodedata.category(ch)
        if ch.isspace() or cat == "Zs":
            if out and out[-1] != " ":
                out.append(" ")
        elif cat[0] in "CM" or default_ignorable(ord(ch)):
            continue
        else:
            out.append(ch if allowed_name_char(ch) or ch in TITLE_PUNCT else "?")
    return "".join(out).strip()[:MAX_SERVER_NAME].strip()


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _networks() -> list[tuple[str, int]]:
    """Each IPv4 address of this machine with its prefix length (none when they cannot be listed)."""
    try:
        return [(ip.ip, ip.network_prefix) for adapter in ifaddr.get_adapters() for ip in adapter.ips
                if isinstance(ip.ip, str)]
    except (OSError, ValueError) as exc:  # no way to list them here
        log.debug("cannot list the network interfaces: %s", exc)
        return []


def local_addresses(networks: list[tuple[str, int]] | None = None) -> list[str]:
    """The IPv4 addresses of this machine (or of ``networks``) a friend can type to reach it: loopback,
    link-local (169.254.x.x: no network answered) and malformed ones left out, in order."""
    found = set()
    for address, _ in _networks() if networks is None else networks:
        try:
            ip = ipaddress.IPv4Address(address)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast):
            found.add(ip)
    return [str(ip) for ip in sorted(found)]


def directed_broadcasts(networks: list[tuple[str, int]] | None = None) -> list[str]:
    """The directed broadcast address of each IPv4 network (``address``, prefix length) of this machine, or of
    ``networks``: loopback, single-address (/31, /32: point-to-point links, VPNs) and malformed ones left out."""
    if networks is None:
        networks = _networks()        # none: the limited broadcast alone
    found = set()
    for address, prefix in networks:
        try:
            net = ipaddress.IPv4Interface(f"{address}/{prefix}").network
        except ValueError:
            continue
        if not net.is_loopback and net.prefixlen < 31:
            found.add(net.broadcast_address)
    return [str(a) for a in sorted(found)]


def beacon_targets(target: tuple[str, int], networks: list[tuple[str, int]] | None = None) -> list[tuple[str, int]]:
    """Where one beacon goes: ``target``, and for the limited broadcast also every directed broadcast."""
    host, port = target
    if host != LIMITED_BROADCAST:
        return [target]
    return [(LIMITED_BROADCAST, port), *((a, port) for a in directed_broadcasts(networks))]


class Beacon:
    """Sends the server's ``BeaconInfo`` every ``every`` seconds from the server's event loop.

    The datagrams go straight through a non-blocking socket rather than an asyncio transport, which would hand a
    failed send to its protocol without saying which target failed."""

    def __init__(self, target: tuple[str, int], every: float, info: Callable[[], dict[str, Any]],
                 identity: str | None = None) -> None:
        self.target = target
        self.every = every
        self.info = info
        self.id = identity or new_identity()    # the server's lasting identity (net/identity.py)
        self.sent = 0
        self.failed: dict[str, str] = {}        # target address -> why its last send failed (none: all went)
        self._targets: list[tuple[str, int]] = [target]
        self._targets_at = -INTERFACES_EVERY
        self.addrs: list[str] = []               # this machine's IPv4 addresses, told in the beacon
        self._sock: socket.socket | None = None
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        family = _family(self.target[0])
        sock = socket.socket(family, socket.SOCK_DGRAM)
        if family == socket.AF_INET:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.setblocking(False)
        self._sock = sock
        self._task = asyncio.get_running_loop().create_task(self._run())

    def datagram(self) -> bytes:
        self.targets()                           # the machine's addresses too, looked up as often
        return msgspec.json.encode(BeaconInfo(id=self.id, addrs=self.addrs, **self.info()))

    def targets(self) -> list[tuple[str, int]]:
        """Where the beacons go now (the machine's networks looked up again every ``INTERFACES_EVERY`` s)."""
        now = time.monotonic()
        if now - self._targets_at >= INTERFACES_EVERY:
            self._targets, self._targets_at = beacon_targets(self.target), now
            self.addrs = local_addresses()[:MAX_ADDRS]
        return self._targets

    def send_once(self) -> None:
        """One beacon to every target; a target that fails (no network there, a full buffer, or on macOS no
        local-network permission: "No route to host") is tried again next time, and the others still go."""
        if self._sock is None:
            return
        data = self.datagram()
        for target in self.targets():
            try:
                self._sock.sendto(data, target)
            except OSError as exc:
                if self.failed.get(target[0]) != str(exc):
                    log.info("LAN beacon to %s failed: %s", target[0], exc)
                self.failed[target[0]] = str(exc)
            else:
                self.failed.pop(target[0], None)
        self.sent += 1

    async def _run(self) -> None:
        while self._sock is not None:
            self.send_once()
            await asyncio.sleep(self.every)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class Browser:
    """Listens for beacons in a daemon thread; ``servers()`` lists the live ones, a row per (identity, address)."""

    _decoder = msgspec.json.Decoder(BeaconInfo)

    def __init__(self, bind: tuple[str, int] = ("0.0.0.0", BEACON_PORT), expiry: float = 3.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.expiry = expiry
        self.clock = clock
        self._lock = threading.Lock()
        self._servers: dict[tuple[str, str], LanServer] = {}    # (identity, address) -> what it last said
        self._sock = socket.socket(_family(bind[0]), socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        self._sock.bind(bind)
        self._sock.settimeout(0.2)
        self.port: int = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lan-browser", daemon=True)
        self.ignored = 0          # datagrams that are not beacons, or that the socket could not take
        self.refused = 0          # beacons of a new row when its address (or the list) was full
        self._logged_at: float | None = None

    def start(self) -> Browser:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, addr = self._sock.recvfrom(MAX_DATAGRAM + 1)
            except TimeoutError:
                continue
            except OSError as exc:
                if self._stop.is_set() or self._sock.fileno() < 0:
                    break                       # stopped: the socket is closed
                self._not_received(exc)
                continue
            self.feed(data, addr[0])

    def _not_received(self, exc: OSError) -> None:
        """A datagram the socket could not take is ignored and the browser listens on: Windows raises
        WSAEMSGSIZE (10040) for one over the buffer where Linux truncates it, and WSAECONNRESET after a port
        unreachable report. Logged at most once every ``RECEIVE_ERROR_LOG_EVERY`` seconds."""
        self.ignored += 1
        now = time.monotonic()
        if self._logged_at is None or now - self._logged_at >= RECEIVE_ERROR_LOG_EVERY:
            self._logged_at = now
            log.info("LAN browser: a datagram could not be received (%s); listening on", exc)
        self._stop.wait(0.005)                  # an error that repeats at once cannot spin a core

    def feed(self, data: bytes, host: str) -> LanServer | None:
        """Take one datagram from ``host``: a valid beacon updates the row of its (identity, ``host``), or makes
        one if the address and the list have room; anything else is ignored."""
        if len(data) > MAX_DATAGRAM:
            self.ignored += 1
            return None
        try:
            info = self._decoder.decode(data)
        except msgspec.DecodeError:
            self.ignored += 1
            return None
        now = self.clock()
        server = LanServer(host=host, port=info.port, name=clean_server_name(info.name), players=info.players,
                           tables=info.tables, open=info.open, bet=info.bet, password=info.password,
                           seen=now, host_name=_host_name(info.host_name), id=info.id, pin=info.pin,
                           addrs=tuple(local_addresses([(a, 32) for a in info.addrs])))
        key = (info.id, host)
        with self._lock:
            if key not in self._servers:
                self._expire(now)
                full = len(self._servers) >= MAX_SERVERS
                if full or sum(1 for _, h in self._servers if h == host) >= MAX_PER_ADDRESS:
                    self.refused += 1
                    return None
            self._servers[key] = server
        return server

    def _expire(self, now: float) -> None:
        for key in [k for k, s in self._servers.items() if now - s.seen > self.expiry]:
            del self._servers[key]

    def servers(self) -> list[LanServer]:
        """Servers heard from within ``expiry`` seconds, by address (the page sorts them by what it shows)."""
        now = self.clock()
        with self._lock:
            self._expire(now)
            return sorted(self._servers.values(), key=lambda s: (s.host, s.port, s.id))

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=1)
        self._sock.close()
