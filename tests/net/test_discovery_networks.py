"""LAN discovery on a real network: the beacon for "everywhere" goes to every IPv4 network's directed broadcast
too (one limited broadcast leaves through one adapter only), and one failing target does not stop the others.

Nothing here broadcasts: the sending tests aim the beacon at loopback browsers."""

from __future__ import annotations

import asyncio
import ipaddress
import time

import msgspec

from tala_desktop.net import discovery
from tala_desktop.net.discovery import LIMITED_BROADCAST, Beacon, BeaconInfo, Browser, beacon_targets

NETWORKS = [("192.168.1.7", 24), ("10.0.5.3", 16), ("127.0.0.1", 8), ("100.64.0.1", 32), ("172.16.0.9", 31),
            ("169.254.10.2", 16), ("192.168.56.1", 24), ("192.168.1.20", 24), ("not an address", 24), ("1.2.3.4", 99)]


def test_every_ipv4_network_gets_its_directed_broadcast():
    """Loopback, point-to-point (/31, /32) and malformed entries are left out; two addresses of one net count once."""
    assert discovery.directed_broadcasts(NETWORKS) == ["10.0.255.255", "169.254.255.255", "192.168.1.255",
                                                       "192.168.56.255"]


def test_the_beacon_for_everywhere_also_goes_to_each_network_and_a_given_target_only_there():
    targets = beacon_targets((LIMITED_BROADCAST, 37020), NETWORKS)
    assert targets[0] == (LIMITED_BROADCAST, 37020)
    assert targets[1:] == [(a, 37020) for a in ("10.0.255.255", "169.254.255.255", "192.168.1.255", "192.168.56.255")]
    assert beacon_targets(("127.0.0.1", 9999), NETWORKS) == [("127.0.0.1", 9999)]       # tests never broadcast


def test_this_machines_networks_are_read_and_a_failure_to_read_them_leaves_the_limited_broadcast(monkeypatch):
    found = discovery.directed_broadcasts()
    assert all(ipaddress.IPv4Address(a) and not a.startswith("127.") for a in found)

    def broken():
        raise OSError("no interface list here")
    monkeypatch.setattr(discovery.ifaddr, "get_adapters", broken)
    assert discovery.directed_broadcasts() == []
    assert beacon_targets((LIMITED_BROADCAST, 37020)) == [(LIMITED_BROADCAST, 37020)]


def test_one_beacon_reaches_every_target_though_one_of_them_fails(monkeypatch):
    browsers = [Browser(bind=("127.0.0.1", 0), expiry=5.0).start() for _ in range(2)]
    targets = [("127.0.0.1", browsers[0].port), ("256.0.0.1", 9), ("127.0.0.1", browsers[1].port)]
    monkeypatch.setattr(discovery, "beacon_targets", lambda target: targets)
    beacon = Beacon((LIMITED_BROADCAST, 37020), 0.05, lambda: {"name": "Nhà Minh", "port": 8765, "players": 1})

    async def run() -> None:
        await beacon.start()
        deadline = time.monotonic() + 5
        while not all(b.servers() for b in browsers) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)  # the beacon's sends run on this loop; the browsers hear them in their threads
        beacon.stop()
    try:
        asyncio.run(run())
        assert [[(s.name, s.port, s.players) for s in b.servers()] for b in browsers] == [[("Nhà Minh", 8765, 1)]] * 2
        assert list(beacon.failed) == ["256.0.0.1"] and beacon.sent >= 1
        assert beacon.targets() == targets
        decoded = msgspec.json.decode(beacon.datagram(), type=BeaconInfo)
        assert decoded.id == beacon.id and decoded.name == "Nhà Minh"
    finally:
        for b in browsers:
            b.stop()


def test_the_networks_are_looked_up_again_after_a_while(monkeypatch):
    looks = []
    monkeypatch.setattr(discovery, "beacon_targets", lambda target: looks.append(target) or [target])
    now = [1000.0]
    monkeypatch.setattr(discovery.time, "monotonic", lambda: now[0])
    beacon = Beacon((LIMITED_BROADCAST, 37020), 1.0, dict)
    beacon.targets()
    beacon.targets()
    now[0] += discovery.INTERFACES_EVERY
    beacon.targets()
    assert len(looks) == 2
