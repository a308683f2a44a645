"""Profile and wallet: the starting grant, name and avatar, the daily top-up, offline bots' balances."""

from __future__ import annotations

import pytest

from tala_desktop.store import DAILY_FLOOR, STARTING_GRANT, Store, StoreError


def set_balance(store: Store, chips: int) -> None:
    store.conn.execute("UPDATE profile SET balance = ? WHERE id = 1", (chips,))


def test_a_new_profile_gets_the_starting_grant_once(tmp_path, clock):
    with Store(tmp_path, clock) as store:
        p = store.profile()
        assert p.balance == STARTING_GRANT == 10_000
        assert store.chips_over_time() == [(clock().isoformat(timespec="seconds"), 10_000)]
        store.set_name("  Hoa  ")
        store.set_avatar(5)
    with Store(tmp_path, clock) as store:  # reopening never grants again
        p = store.profile()
        assert (p.name, p.avatar, p.balance) == ("Hoa", 5, 10_000)
        assert len(store.chips_over_time()) == 1


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "a\nb", 42])
def test_a_bad_name_is_refused_and_changes_nothing(store, name):
    with pytest.raises(StoreError):
        store.set_name(name)
    assert store.profile().name == "Bạn"


@pytest.mark.parametrize("avatar", [-1, 64, "3", True, 1.5])
def test_a_bad_avatar_is_refused(store, avatar):
    with pytest.raises(StoreError):
        store.set_avatar(avatar)
    assert store.profile().avatar == 0


def test_daily_top_up_only_when_broke_and_once_per_calendar_day(store, clock):
    assert not store.topup_available()
    assert store.claim_daily_topup() == 0  # not broke
    set_balance(store, 300)
    assert store.topup_available()
    assert store.claim_daily_topup() == DAILY_FLOOR - 300
    assert store.profile().balance == DAILY_FLOOR
    set_balance(store, 0)
    clock.advance(hours=14)  # 23:00 the same day
    assert not store.topup_available()
    assert store.claim_daily_topup() == 0
    assert store.profile().balance == 0
    clock.advance(hours=1, minutes=1)  # 00:01 the next day
    assert store.claim_daily_topup() == DAILY_FLOOR
    assert store.profile().last_topup == clock().date().isoformat()
    assert [b for _, b in store.chips_over_time()] == [STARTING_GRANT, DAILY_FLOOR, DAILY_FLOOR]


def test_bot_balances_are_kept_per_name_and_level_and_a_broke_bot_buys_back_in(store):
    assert store.bot_balance("Lan", "easy") == STARTING_GRANT
    store.conn.execute("UPDATE bot_balances SET balance = 12345 WHERE name = 'Lan'")
    assert store.bot_balance("Lan", "easy") == 12345
    assert store.bot_balance("Lan", "hard") == STARTING_GRANT  # another level is another opponent
    store.conn.execute("UPDATE bot_balances SET balance = 10 WHERE name = 'Lan' AND level = 'easy'")
    assert store.bot_balance("Lan", "easy") == STARTING_GRANT
    assert store.bot_balances() == {("Lan", "easy"): STARTING_GRANT, ("Lan", "hard"): STARTING_GRANT}
    with pytest.raises(StoreError):
        store.bot_balance("", "easy")
    with pytest.raises(StoreError):
        store.bot_balance("Lan", "very hard")


def test_the_next_top_up_is_now_when_it_can_be_claimed_and_the_next_midnight_once_it_was(store, clock):
    assert store.next_topup() is None                        # at or above the floor: nothing to top up
    set_balance(store, 300)
    assert store.next_topup() == clock()                     # 09:00: claimable now
    store.claim_daily_topup()
    set_balance(store, 100)                                  # lost it all again the same day
    midnight = clock().replace(day=2, hour=0, minute=0)
    assert store.next_topup() == midnight and store.next_topup().tzinfo == clock().tzinfo
    clock.advance(hours=14, minutes=59)                      # 23:59
    assert store.next_topup() == midnight
    clock.advance(minutes=1)                                 # 00:00 the next day: due
    assert store.next_topup() == clock() and store.topup_available()
