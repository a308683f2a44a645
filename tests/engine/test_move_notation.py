"""The move notation's numbers: seats, target seats and phỏm indexes are ASCII digits, nothing else."""

from __future__ import annotations

import pytest

from tala_desktop.engine import MoveParseError, parse_move
from tala_desktop.engine.cards import parse_card


def test_ascii_numbers_parse():
    assert parse_move("1 draw").seat == 1
    m = parse_move("0 send Kh 2:1")
    assert (m.seat, m.card, m.target, m.index) == (0, parse_card("Kh"), 2, 1)
    assert parse_move(str(m)) == m


@pytest.mark.parametrize("text", ["² draw", "١ draw", "٣ discard Kh", "0 send Kh ²", "0 send Kh 1:²", "0 send Kh ١",
                                  "𝟙 draw", "+1 draw", "-1 draw", "1_0 draw", "0 send Kh 1:", "9999999 draw"])
def test_other_digits_and_signs_are_refused_with_a_parse_error(text):
    with pytest.raises(MoveParseError, match="is not a number|bad move"):
        parse_move(text)
