"""LAN discovery over loopback only: beacons reach a browser, which lists live servers and forgets silent ones."""

from __future__ import annotations

import logging
import socket

import msgspec
import pytest

from tala_desktop.net.discovery import BeaconInfo, Browser
from tala_desktop.net.host import start_in_thread
from tests.loops import poll_until

from .conftest import FAST, Player, close_all, make_client, pump_until


def wait_for(cond, timeout: float = 5.0):
    """What ``cond()`` says once it holds: the beacons come by UDP to the browser's thread."""
    return poll_until(cond, timeout=timeout, pause=0.01, what="the beacons")


def test_a_server_is_listed_with_players_and_bet_then_expires():
    browser = Browser(bind=("127.0.0.1", 0), expiry=0.4).start()
    srv = start_in_thread(announce=True, announce_target=("127.0.0.1", browser.port), announce_every=0.05,
                          name="Nhà Minh", **FAST)
    host = Player(make_client(srv, "Minh"))
    try:
        found = wait_for(lambda: browser.servers())
        assert [(s.name, s.host, s.port, s.players) for s in found] == [("Nhà Minh", "127.0.0.1", srv.port, 0)]
        host.client.create_table(seats=3, bet=250)
        pump_until([host], lambda: host.last("lobby") is not None, act=False)
        live = wait_for(lambda: [s for s in browser.servers() if s.players == 1])[0]
        assert (live.bet, live.tables, live.open, live.password) == (250, 1, 1, False)
        assert live.address == f"127.0.0.1:{srv.port}"
        close_all([host])
        srv.stop()
        wait_for(lambda: browser.servers() == [], timeout=3)
    finally:
        close_all([host])
        srv.stop()
        browser.stop()


def test_garbage_datagrams_are_ignored():
    browser = Browser(bind=("127.0.0.1", 0), expiry=5).start()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for junk in (b"", b"hello", b"{}", b'{"type": "tala_beacon"}', b'{"type":"tala_beacon","id":"x",'
                         b'"name":"N","port":99999}', b"[" * 2000, msgspec.json.encode({"type": "other"})):
                s.sendto(junk, ("127.0.0.1", browser.port))
            good = msgspec.json.encode(BeaconInfo(id="abc", name="OK", port=8765, players=2, bet=10))
            s.sendto(good, ("127.0.0.1", browser.port))
        found = wait_for(lambda: browser.servers())
        assert [(f.name, f.port, f.players, f.bet) for f in found] == [("OK", 8765, 2, 10)]
        assert browser.ignored == 7
    finally:
        browser.stop()


class _FailingFirst:
    """A socket whose ``recvfrom`` raises the given errors first (what Windows raises for a datagram over the
    buffer, WSAEMSGSIZE, or after a port-unreachable report, WSAECONNRESET), then receives as usual."""

    def __init__(self, sock: socket.socket, errors: list[OSError]) -> None:
        self.sock, self.errors = sock, errors

    def recvfrom(self, size: int) -> tuple[bytes, tuple[str, int]]:
        if self.errors:
            raise self.errors.pop(0)
        return self.sock.recvfrom(size)

    def __getattr__(self, name: str):
        return getattr(self.sock, name)


def test_a_datagram_the_socket_cannot_receive_is_ignored_and_the_browser_listens_on(caplog):
    caplog.set_level(logging.INFO, logger="tala_desktop.net.discovery")
    browser = Browser(bind=("127.0.0.1", 0), expiry=5)
    errors = [OSError(10040, "A message sent on a datagram socket was larger than the buffer"),
              ConnectionResetError(10054, "An existing connection was forcibly closed"), OSError(90, "too long")]
    browser._sock = _FailingFirst(browser._sock, errors)
    browser.start()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendto(msgspec.json.encode(BeaconInfo(id="abc", name="OK", port=8765)), ("127.0.0.1", browser.port))
        assert [f.name for f in wait_for(lambda: browser.servers())] == ["OK"]
        assert browser.ignored == 3 and errors == []
        logged = [r for r in caplog.records if "could not be received" in r.getMessage()]
        assert len(logged) == 1          # once, not once a datagram: a flood of them cannot fill the log
    finally:
        browser.stop()
    assert not browser._thread.is_alive()


def test_expiry_uses_the_clock():
    now = [100.0]
    browser = Browser(bind=("127.0.0.1", 0), expiry=3.0, clock=lambda: now[0])
    try:
        browser.feed(msgspec.json.encode(BeaconInfo(id="a", name="A", port=1)), "127.0.0.1")
        now[0] = 102.9
        assert [s.name for s in browser.servers()] == ["A"]
        now[0] = 103.1
        assert browser.servers() == []
    finally:
        browser.stop()


def test_ipv6_loopback():
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    try:
        browser = Browser(bind=("::1", 0), expiry=2).start()
    except OSError:
        pytest.skip("no IPv6 loopback")
    srv = start_in_thread(announce=True, announce_target=("::1", browser.port), announce_every=0.05, **FAST)
    try:
        found = wait_for(lambda: browser.servers())
        assert found[0].host == "::1" and found[0].address == f"[::1]:{srv.port}"
    finally:
        srv.stop()
        browser.stop()


def test_the_beacon_names_the_host_apart_from_the_server_name():
    """Each viewer builds "Bàn của Tuấn" / "Tuấn's table" itself: the beacon carries the host's name alone."""
    browser = Browser(bind=("127.0.0.1", 0), expiry=5).start()
    srv = start_in_thread(announce=True, announce_target=("127.0.0.1", browser.port), announce_every=0.05,
                          name="Bàn của Tuấn", host_name="Tuấn", **FAST)
    try:
        found = wait_for(lambda: browser.servers())
        assert [(s.name, s.host_name) for s in found] == [("Bàn của Tuấn", "Tuấn")]
    finally:
        srv.stop()
        browser.stop()


def test_an_old_beacon_and_a_hostile_host_name_are_read_safely():
    browser = Browser(bind=("127.0.0.1", 0), expiry=5)
    try:
        old = b'{"type":"tala_beacon","v":1,"id":"a","name":"Nh\\u00e0 Minh","port":8765}'
        assert browser.feed(old, "10.0.0.1") is not None
        bad = msgspec.json.encode({"type": "tala_beacon", "id": "b", "name": "B\x00\u2028", "port": 8766,
                                   "host_name": "Lan\x00\u202e"})
        assert browser.feed(bad, "10.0.0.2") is not None
        long = msgspec.json.encode({"type": "tala_beacon", "id": "c", "name": "C", "port": 8767,
                                    "host_name": "x" * 500})
        assert browser.feed(long, "10.0.0.3") is None
        servers = {s.port: s for s in browser.servers()}
        assert (servers[8765].name, servers[8765].host_name) == ("Nhà Minh", None)
        assert (servers[8766].name, servers[8766].host_name) == ("B", None)    # not a name: the server's name shows
        assert 8767 not in servers
    finally:
        browser.stop()
