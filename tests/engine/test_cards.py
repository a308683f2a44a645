"""A set of cards as a mask of 52 bits, listed in notation order: by rank A..K, then suit s c d h."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as hs

from tala_desktop.engine.cards import cards_of, mask_of, parse_cards


def test_cards_are_listed_by_rank_then_suit():
    assert cards_of(mask_of(parse_cards(["Kh", "As", "10d", "Ac", "2h", "Kc"]))) == parse_cards(
        ["As", "Ac", "2h", "10d", "Kc", "Kh"])
    assert cards_of(0) == []


@given(hs.sets(hs.integers(0, 51)))
def test_a_masks_cards_are_each_of_its_cards_once_in_notation_order(cards):
    listed = cards_of(mask_of(cards))
    assert sorted(listed) == sorted(cards)
    assert listed == sorted(cards, key=lambda c: (c % 13, c // 13))
