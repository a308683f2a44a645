"""The Normal bot's model of where a cạ's out comes from: high outs arrive sooner."""

from __future__ import annotations

from tala_desktop.bots.knowledge import DISCARD_RATE, ca_outs, out_weights, weighted_count
from tala_desktop.engine import parse_card
from tala_desktop.engine.cards import FULL_DECK


def mask(text: str) -> int:
    m = 0
    for t in text.split():
        m |= 1 << parse_card(t)
    return m


def test_the_measured_discard_rates_rise_with_points_on_a_first_discard():
    first = DISCARD_RATE[0]
    assert all(a <= b for a, b in zip(first, first[1:])), first
    assert first[12] > 20 * first[0]  # a king goes first far more often than an ace


def test_out_weights_favour_high_outs_and_flow_zero_counts_every_out_alike():
    w = out_weights(1.0, 3, 35)
    assert w[12] > w[9] > w[6] > w[0]
    assert out_weights(0.0, 3, 35) == (1.0,) * 13
    # face_value_10: J, Q and K are worth 10 points, so their outs weigh like a 10's
    w10 = out_weights(1.0, 3, 35, True)
    assert w10[10] == w10[11] == w10[12] == w10[9]


def test_a_high_ca_counts_more_live_outs_than_a_low_one():
    trash = mask("2c 3c Jd Qd")
    unseen = FULL_DECK & ~trash
    flat = ca_outs(trash, unseen, out_weights(0.0, 3, 35))
    assert flat[parse_card("2c")] == flat[parse_card("Jd")] == 2.0  # A♣ 4♣ / 10♦ K♦
    weighted = ca_outs(trash, unseen, out_weights(1.5, 3, 35))
    assert weighted[parse_card("Jd")] > 2 * weighted[parse_card("2c")]
    assert weighted[parse_card("Jd")] == weighted[parse_card("Qd")]


def test_dead_outs_count_nothing():
    trash = mask("Jd Qd 5s 5h")
    unseen = FULL_DECK & ~trash & ~mask("10d Kd 5c 5d")  # every out already on the table
    assert ca_outs(trash, unseen, out_weights(1.5, 3, 35)) == {}
    assert weighted_count(mask("Kd Ks"), out_weights(0.0, 2, 30)) == 2.0
