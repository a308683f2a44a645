"""The LAN list against hostile beacons: a row per (identity, address), bounded per address and in all, texts cleaned.

Datagrams are fed to the browser as if they came from the given address (``Browser.feed``), so forged source
addresses and floods from one machine need no network."""

from __future__ import annotations

import unicodedata

import msgspec

from tala_desktop.net.discovery import MAX_PER_ADDRESS, MAX_SERVERS, Browser, clean_server_name
from tala_desktop.net.identity import CODE_ALPHABET, CODE_LENGTH, new_identity, short_code

FRIEND = "5f0c" * 8


def beacon(ident: str = FRIEND, port: int = 8765, **fields: object) -> bytes:
    return msgspec.json.encode({"type": "tala_beacon", "id": ident, "name": "Bàn của Tuấn", "port": port,
                                "players": 1, "tables": 1, "open": 1, "bet": 100, **fields})


def rows(browser: Browser) -> list[tuple[str, str, int, str | None]]:
    return [(s.id, s.host, s.port, s.host_name) for s in browser.servers()]


def test_a_forged_source_address_cannot_rewrite_a_friends_row():
    now = [10.0]
    browser = Browser(bind=("127.0.0.1", 0), clock=lambda: now[0])
    try:
        browser.feed(beacon(host_name="Tuấn"), "192.168.1.7")
        rogue = "e" * 32
        # the same source address and port, another identity: a row of its own, the friend's untouched
        browser.feed(beacon(rogue, host_name="Trộm", pin=True), "192.168.1.7")
        # the friend's identity copied, sent from the rogue's own address: a row of its own too
        browser.feed(beacon(FRIEND, port=9999, host_name="Tuấn"), "192.168.1.66")
        assert sorted(rows(browser)) == sorted([(FRIEND, "192.168.1.7", 8765, "Tuấn"),
                                                (rogue, "192.168.1.7", 8765, "Trộm"),
                                                (FRIEND, "192.168.1.66", 9999, "Tuấn")])
        friend = next(s for s in browser.servers() if s.id == FRIEND and s.host == "192.168.1.7")
        assert not friend.pin and friend.code == short_code(FRIEND)
        # the friend's own next beacon still updates its row (players, a new port after a restart)
        browser.feed(beacon(port=8766, host_name="Tuấn", players=3), "192.168.1.7")
        friend = next(s for s in browser.servers() if s.id == FRIEND and s.host == "192.168.1.7")
        assert (friend.port, friend.players) == (8766, 3)
    finally:
        browser.stop()


def test_a_flood_from_one_address_gets_a_few_rows_and_the_list_stays_bounded():
    now = [10.0]
    browser = Browser(bind=("127.0.0.1", 0), clock=lambda: now[0])
    try:
        browser.feed(beacon(host_name="Tuấn"), "192.168.1.7")
        for i in range(2000):                      # one machine, 2,000 identities
            browser.feed(beacon(f"{i:032x}", port=10000 + i % 50000, host_name="Tuấn"), "192.168.1.66")
        listed = rows(browser)
        assert sum(1 for r in listed if r[1] == "192.168.1.66") == MAX_PER_ADDRESS
        assert (FRIEND, "192.168.1.7", 8765, "Tuấn") in listed
        assert browser.refused == 2000 - MAX_PER_ADDRESS
        for i in range(2000):                      # 2,000 machines (forged sources), one row each
            browser.feed(beacon(f"{i:032x}"), f"10.{i // 250}.{i % 250}.1")
        listed = rows(browser)
        assert len(listed) == MAX_SERVERS and (FRIEND, "192.168.1.7", 8765, "Tuấn") in listed
        now[0] += 10                               # they all fall silent: the list has room again
        browser.feed(beacon(host_name="Tuấn"), "192.168.1.7")
        assert rows(browser) == [(FRIEND, "192.168.1.7", 8765, "Tuấn")]
    finally:
        browser.stop()


def test_hostile_beacon_texts_are_cleaned_before_the_list_keeps_them():
    browser = Browser(bind=("127.0.0.1", 0))
    try:
        hostile = [unicodedata.normalize("NFD", "Tuấn"), "  Tuấn ", "Tu\u200bấn", "Тuấn", "\u202eTuấn", "Tuấn\u200d"]
        for i, name in enumerate(hostile):       # NFD, padded, invisible, Cyrillic, bidi, joiner
            browser.feed(beacon(f"{i:032x}", host_name=name), f"10.0.0.{i + 1}")
        shown = {s.host: s.host_name for s in browser.servers()}
        # a valid name after NFC and trimming stays (it then looks like the friend's: the page marks both rows);
        # one with an invisible, format or look-alike character is no player's name, and is dropped
        assert shown == {"10.0.0.1": "Tuấn", "10.0.0.2": "Tuấn", "10.0.0.3": None, "10.0.0.4": None,
                         "10.0.0.5": None, "10.0.0.6": None}
        too_long = beacon("f" * 32, host_name="x" * 21)
        assert browser.feed(too_long, "10.0.0.9") is None and browser.feed(beacon("g" * 33), "10.0.0.9") is None
    finally:
        browser.stop()


def test_a_servers_own_name_shows_no_invisible_padding_or_look_alike_letters():
    assert clean_server_name(unicodedata.normalize("NFD", "Bàn của Tuấn")) == "Bàn của Tuấn"
    assert clean_server_name("  Bàn \u3000 của\t\tTuấn\u00a0 ") == "Bàn của Tuấn"
    assert clean_server_name("Bàn\u200b của\u2060 Tuấn\u202e\ufeff") == "Bàn của Tuấn"
    assert clean_server_name("Bàn của Тuấn") == "Bàn của ?uấn"           # a Cyrillic Т shows as "?"
    assert clean_server_name("Tuấ\u0301\u0301n") == "Tuấn"                # marks left over after composing go
    assert clean_server_name("\u200b\u3164 ") == ""
    assert clean_server_name("Nhà Minh & bạn: #1!") == "Nhà Minh & bạn: #1!"
    assert len(clean_server_name("a" * 40)) == 40


def test_an_identitys_code_is_short_and_easy_to_read_aloud():
    codes = {short_code(new_identity()) for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(codes) > 190                       # they tell servers apart
    assert not set(CODE_ALPHABET) & set("0O1IL2Z5S8BUV")
    assert short_code(FRIEND) == short_code(FRIEND)


def test_the_addresses_a_beacon_names_are_kept_only_when_they_are_ipv4_a_friend_can_reach():
    browser = Browser(bind=("127.0.0.1", 0))
    try:
        named = ["10.0.0.5", "::1", "127.0.0.1", "169.254.1.1", "10.0.0.300", "192.168.1.7"]
        got = browser.feed(beacon(addrs=named), "192.168.1.7")
        assert got is not None and got.addrs == ("10.0.0.5", "192.168.1.7")
        assert browser.feed(beacon("e" * 32, addrs=[f"10.0.0.{i}" for i in range(9)]), "10.0.0.1") is None
    finally:
        browser.stop()
