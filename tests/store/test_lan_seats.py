"""The LAN identity a data folder keeps: its secret, the key it shows each server, and the seats to go back to."""

from __future__ import annotations

import sqlite3

from tala_desktop.store import Store
from tala_desktop.store.lan_seats import LanSeat

from .helpers import FakeClock


def seat(store: Store, host: str = "192.168.1.5", port: int = 8765, server_key: str = "a1", token: str = "tok" * 8,
         seated: bool = True, hosted: bool = False, grace: float = 60.0) -> LanSeat:
    return LanSeat(host=host, port=port, server_key=server_key, token=token, server_name="Bàn của Hà", table=1, seat=2,
                   seated=seated, alive_at=store.clock().timestamp(), grace=grace, hosted=hosted)


def test_the_secret_is_made_once_and_each_address_gets_its_own_key(tmp_path, clock: FakeClock):
    with Store(tmp_path, clock) as store:
        a = store.lan_person("192.168.1.5", 8765)
        assert a == store.lan_person("192.168.1.5", 8765) == store.lan_person("192.168.1.5".upper(), 8765)
        others = {store.lan_person("192.168.1.6", 8765), store.lan_person("192.168.1.5", 8766)}
        assert a not in others and len(others) == 2
        assert 22 <= len(a) <= 64 and a.replace("-", "").replace("_", "").isalnum()
        secret = bytes(store.conn.execute("SELECT secret FROM lan_identity").fetchone()[0])
    assert len(secret) == 32 and secret.hex() not in a and secret.hex() not in a.lower()
    with Store(tmp_path, clock) as again:             # the same folder: the same person everywhere
        assert again.lan_person("192.168.1.5", 8765) == a
    with Store(tmp_path / "other", clock) as stranger:  # another app: another person
        assert stranger.lan_person("192.168.1.5", 8765) != a


def test_a_seat_is_kept_per_server_and_address_and_offered_within_its_grace(store: Store, clock: FakeClock):
    assert store.waiting_lan_seat() is None and store.lan_seat("192.168.1.5", 8765) is None
    store.keep_lan_seat(seat(store))
    kept = store.lan_seat("192.168.1.5", 8765)
    assert kept is not None and kept.token == "tok" * 8 and kept.server_name == "Bàn của Hà"
    clock.advance(seconds=45)
    waiting = store.waiting_lan_seat()
    assert waiting is not None and 14.0 <= waiting.seconds_left(clock().timestamp()) <= 15.0
    clock.advance(seconds=16)
    assert store.waiting_lan_seat() is None           # the grace is over: nothing to go back to
    assert store.lan_seat("192.168.1.5", 8765) is not None   # the token stays (the person is known there)


def test_another_server_at_the_address_replaces_the_old_one_and_its_token(store: Store):
    store.keep_lan_seat(seat(store, server_key="old", token="old" * 8))
    store.keep_lan_seat(seat(store, server_key="new", token="new" * 8))
    kept = store.lan_seat("192.168.1.5", 8765)
    assert kept is not None and kept.server_key == "new" and kept.token == "new" * 8
    assert store.conn.execute("SELECT COUNT(*) FROM lan_seats").fetchone()[0] == 1


def test_no_offer_for_a_watcher_a_table_this_app_hosted_or_a_seat_left(store: Store):
    store.keep_lan_seat(seat(store, seated=False))
    assert store.waiting_lan_seat() is None
    store.keep_lan_seat(seat(store, host="127.0.0.1", hosted=True))
    assert store.waiting_lan_seat() is None
    store.keep_lan_seat(seat(store, host="10.0.0.2"))
    assert store.waiting_lan_seat() is not None
    store.leave_lan_seat("10.0.0.2", 8765)
    assert store.waiting_lan_seat() is None and store.lan_seat("10.0.0.2", 8765) is not None


def test_a_damaged_seat_row_is_left_out(store: Store):
    store.keep_lan_seat(seat(store))
    store.conn.execute("UPDATE lan_seats SET grace = 'x', token = ?", (b"\xff\xfe",))
    assert store.waiting_lan_seat() is None and store.lan_seat("192.168.1.5", 8765) is None


def test_a_damaged_secret_is_made_again(tmp_path, clock: FakeClock):
    with Store(tmp_path, clock) as store:
        first = store.lan_person("h", 1)
        store.conn.execute("UPDATE lan_identity SET secret = ?", (b"short",))
        again = store.lan_person("h", 1)
        assert again != first and len(bytes(store.conn.execute("SELECT secret FROM lan_identity").fetchone()[0])) == 32
    try:
        conn = sqlite3.connect(tmp_path / "tala.db")
        assert conn.execute("SELECT COUNT(*) FROM lan_identity").fetchone()[0] == 1
    finally:
        conn.close()
