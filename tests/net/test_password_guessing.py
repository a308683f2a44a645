"""Guessing a table's PIN takes days: wrong tries counted per address and table, never forgiven elsewhere, capped.

The attack that once took 143 s: guess the victim table's PIN, and after
each wrong guess clear the address's count with a password it knows (its
own locked table's, or the server's in hello). Run here on the server's
own command handling (the server core) with a fake clock, it must need days for all 10,000
PINs, from one address or from fifty.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tala_desktop.net import protocol as p
from tala_desktop.net.core import ServerCore
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.rooms import RoomError
from tala_desktop.net.sessions import Session

DAY = 86_400.0
VICTIM_PIN, OWN_PIN, SERVER_PASSWORD = "9999", "1111", "phom"


def table(server: ServerCore, host: Session, pin: str) -> int:
    server._dispatch(host, p.CreateTable(seats=4, password=pin), 0.0)
    assert host.room is not None
    return host.room.id


def waited(exc: RoomError | str) -> float:
    """The wait a refusal names ("… wait 12 s"), as an attacker reads it (at least a quarter second)."""
    found = re.search(r"wait (\d+) s", str(exc))
    assert found is not None, str(exc)
    return max(0.25, float(found.group(1)))


def crack(server: ServerCore, victim: int, addresses: list[str], bypass: Callable[[str, float], None],
          give_up: float = 30 * DAY) -> tuple[float, int]:
    """Try every PIN from 0000 at ``victim`` (rotating ``addresses``), calling ``bypass`` after each wrong one;
    the fake time it took to get in, and the tries made."""
    now = 0.0
    guessers = [Session("Kẻ đoán", addr) for addr in addresses]
    for guess in range(10_000):
        s = guessers[guess % len(guessers)]
        while True:
            try:
                server._dispatch(s, p.Watch(table=victim, password=f"{guess:04d}"), now)
                return now, guess + 1
            except RoomError as exc:
                if exc.code == "rate_limited":        # arrivals are paced too (net/pacing.py): a second more
                    now += 1.0
                    continue
                if exc.code != "retry_later":
                    assert exc.code == "bad_password"
                    break
                now += waited(exc)
                if now > give_up:
                    return now, guess
        bypass(s.addr, now)
    raise AssertionError("no PIN let the guesser in")


def test_a_known_pin_of_your_own_table_does_not_clear_your_wrong_guesses_at_another():
    server = ServerCore(ServerConfig(max_tables_per_address=4))
    victim = table(server, Session("Tuấn", "10.0.0.9"), VICTIM_PIN)
    mine = Session("Kẻ đoán", "10.0.0.66")
    own = table(server, mine, OWN_PIN)
    helper = Session("Kẻ đoán 2", "10.0.0.66")

    def sit_at_my_own_table(addr: str, now: float) -> None:
        try:
            server._dispatch(helper, p.Watch(table=own, password=OWN_PIN), now)
        except RoomError as exc:                  # its arrivals are paced: this bypass is skipped
            assert exc.code == "rate_limited"
            return
        server._dispatch(helper, p.Leave(), now)

    took, tries = crack(server, victim, ["10.0.0.66"], sit_at_my_own_table)
    assert took >= 2 * DAY and tries <= 10_000, f"{took / DAY:.2f} days for {tries} tries"


def test_the_servers_password_in_hello_does_not_clear_them_either():
    server = ServerCore(ServerConfig(password=SERVER_PASSWORD))
    victim = table(server, Session("Tuấn", "10.0.0.9"), VICTIM_PIN)

    ids = iter(range(1, 1_000_000))

    def hello_again(addr: str, now: float) -> None:
        conn = next(ids)
        server.connect(conn, addr, now)
        hello = p.Hello(name="Kẻ đoán", version=p.PROTOCOL_VERSION, password=SERVER_PASSWORD)
        server.receive(conn, p.encode_command(hello), now)
        link = server.links[conn]
        assert link.session is not None and not link.closing
        server.disconnect(conn, now)

    took, tries = crack(server, victim, ["10.0.0.66"], hello_again)
    assert took >= 2 * DAY, f"{took / DAY:.2f} days for {tries} tries"


def test_fifty_addresses_together_are_no_faster_than_a_try_every_half_minute():
    server = ServerCore(ServerConfig())
    victim = table(server, Session("Tuấn", "10.0.0.9"), VICTIM_PIN)
    took, tries = crack(server, victim, [f"10.0.1.{i}" for i in range(50)], lambda addr, now: None)
    assert took >= 2 * DAY, f"{took / DAY:.2f} days for {tries} tries"


def test_a_friend_who_mistypes_twice_gets_in_at_once_and_the_right_pin_clears_only_their_count():
    server = ServerCore(ServerConfig())
    victim = table(server, Session("Tuấn", "10.0.0.9"), VICTIM_PIN)
    friend = Session("Lan", "10.0.0.7")
    for pin in ("9998", "9989"):
        try:
            server._dispatch(friend, p.Watch(table=victim, password=pin), 1.0)
        except RoomError as exc:
            assert exc.code == "bad_password"
    server._dispatch(friend, p.Watch(table=victim, password=VICTIM_PIN), 2.0)
    assert friend.room is not None and friend.room.id == victim
    assert server.passwords.wait("10.0.0.7", str(victim), 2.0) == 0.0
