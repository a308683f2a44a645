"""The rules object: defaults, presets, switches, validation and exact round trips."""

from __future__ import annotations

import random

import pytest

from tala_desktop.engine import PRESETS, Rules, RulesError

from .randomplay import random_rules


def test_defaults_are_the_zingplay_table():
    r = Rules()
    assert (r.u_khan, r.u_khan_pay, r.u_pay, r.u_tron_pay, r.progressive_eat, r.chot_pay) == (True, 5, 5, 10, True, 4)
    assert (r.den_three_eats, r.den_chot, r.mom_can_send, r.ace_high_run, r.face_value_10) == (True, True, False,
                                                                                               False, False)
    assert (r.reveal_eaten_phom, r.turn_seconds, r.rank_pay, r.mom_pay) == (False, 30, (1, 2, 3), 4)
    assert r.timeout_last_turn_is_mom and r.preset == "zingplay" and r.matches_preset()


def test_co_ban_preset_is_for_beginners():
    r = Rules.from_preset("co_ban", 3)
    assert r.players == 3 and not r.u_khan and not r.den_three_eats and not r.den_chot
    assert not r.progressive_eat and r.chot_pay == 1
    assert r.eat_pay(3, chot=False) == 1 and r.eat_pay(2, chot=True) == 1


def test_progressive_and_chot_payments():
    r = Rules()
    assert [r.eat_pay(k, chot=False) for k in (1, 2, 3)] == [1, 2, 3]
    assert r.eat_pay(1, chot=True) == 4 and r.eat_pay(3, chot=True) == 4
    assert [r.place_pay(p) for p in (1, 2, 3)] == [1, 2, 3]


def test_round_trip_is_exact_for_any_switches():
    rng = random.Random(4)
    for _ in range(200):
        r = random_rules(rng)
        assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict(Rules(turn_seconds=15).to_dict()) == Rules(turn_seconds=15)


def test_overrides_keep_the_preset_name_and_report_the_difference():
    r = Rules.from_dict({"preset": "co_ban", "players": 2, "chot_pay": 3})
    assert r.preset == "co_ban" and r.chot_pay == 3 and not r.matches_preset()
    assert Rules.from_dict({"preset": "zingplay", "turn_seconds": 0}).matches_preset()


@pytest.mark.parametrize("data, field", [
    ({"players": 5}, "players"), ({"u_pay": -1}, "u_pay"), ({"u_khan": 1}, "u_khan"),
    ({"rank_pay": [1, 2]}, "rank_pay"), ({"preset": "fast"}, "preset"), ({"bogus": True}, "bogus"),
    ({"turn_seconds": 9999}, "turn_seconds"), ("zingplay", "rules"),
])
def test_bad_rules_are_refused_naming_the_field(data, field):
    with pytest.raises(RulesError, match=field):
        Rules.from_dict(data)


def test_every_preset_builds_for_every_table_size():
    for name in PRESETS:
        for n in (2, 3, 4):
            assert Rules.from_preset(name, n).players == n
