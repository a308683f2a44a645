"""Lay assist: eat helpers, the raised lay and its explanations, send order, move strings, hand sorting."""

from __future__ import annotations

from tala_desktop.engine import Phom, parse_card, parse_move
from tala_desktop.engine.cards import mask_of
from tala_desktop.ui.table import lay_assist as assist


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def test_eat_helpers_are_the_cards_that_complete_the_discard():
    hand = mask("7h 8h Js Jd 2c 5d Ks")
    assert assist.eat_helpers(hand, 0, parse_card("9h")) == set(cards("7h 8h"))
    assert assist.eat_helpers(hand, 0, parse_card("Jc")) == set(cards("Js Jd"))
    assert assist.eat_helpers(hand, 0, parse_card("3s")) == set()
    # a phỏm may hold only one eaten card: Jd already eaten cannot pair with a new eaten J
    assert assist.eat_helpers(hand, mask("Jd"), parse_card("Jc")) == set()


def test_suggest_lay_raises_the_best_phom_and_keeps_a_card():
    hand = mask("7h 8h 9h Js Jd Jc 2c 5d Ks Qd")
    melds = assist.suggest_lay(hand, 0, [])
    assert sorted(melds) == sorted([mask("7h 8h 9h"), mask("Js Jd Jc")])


def test_check_lay_accepts_the_raised_phom_and_builds_the_move():
    hand = mask("7h 8h 9h Js Jd Jc 2c 5d Ks Qd")
    check = assist.check_lay(mask("7h 8h 9h Js Jd Jc"), hand, 0)
    assert check.ok and len(check.melds) == 2
    move = assist.lay_move(0, check.melds)
    assert move.kind == "lay" and sorted(move.melds) == sorted(check.melds) and parse_move(str(move)) == move
    assert str(assist.lay_move(2, ())) == "2 lay"


def test_check_lay_explains_what_is_wrong():
    hand = mask("7h 8h 9h Js Jd Jc 2c 5d Ks Qd")
    broken = assist.check_lay(mask("7h 8h Js Jd Jc"), hand, 0)
    assert not broken.ok and "phỏm" in broken.reason
    assert broken.stray == set(cards("7h 8h"))
    eaten = assist.check_lay(mask("Js Jd Jc"), hand, mask("9h"))
    assert not eaten.ok and "9♥" in eaten.reason
    everything = assist.check_lay(hand, hand, 0)
    assert not everything.ok and everything.reason
    nothing = assist.check_lay(0, hand, 0)
    assert nothing.ok and nothing.melds == ()


def test_check_lay_finds_a_partition_that_respects_eaten_cards():
    # 7h 8h 9h 10h with 7h and 10h eaten must split... it cannot: one phỏm would hold both
    hand = mask("7h 8h 9h 10h 2c 5d")
    check = assist.check_lay(mask("7h 8h 9h 10h"), hand, mask("7h 10h"))
    assert not check.ok
    hand2 = mask("7h 8h 9h 7s 7d 2c")
    check2 = assist.check_lay(mask("7h 8h 9h 7s 7d"), hand2, mask("9h"))
    assert not check2.ok  # five cards, one eaten: 7h cannot be in both phỏm
    hand3 = mask("7h 8h 9h 7s 7d 7c 2c")
    check3 = assist.check_lay(mask("7h 8h 9h 7s 7d 7c"), hand3, mask("9h 7c"))
    assert check3.ok and sorted(check3.melds) == sorted([mask("7h 8h 9h"), mask("7s 7d 7c")])


def test_sends_follow_chains_in_a_working_order():
    targets = [(1, 0, Phom(mask("4d 5d 6d"))), (2, 0, Phom(mask("9s 9c 9h")))]
    hand = mask("2d 3d 7d 9d Kc")
    assert assist.sendable(hand, targets) == set(cards("2d 3d 7d 9d"))
    plan = assist.suggest_sends(hand, targets)
    assert {c for c, _, _ in plan} <= set(cards("2d 3d 7d 9d"))
    order, stuck = assist.order_sends(cards("2d 3d 9d"), targets, {})
    assert stuck == []
    assert [c for c, _, _ in order].index(parse_card("3d")) < [c for c, _, _ in order].index(parse_card("2d"))
    assert (parse_card("9d"), 2, 0) in order
    _, stuck = assist.order_sends(cards("Kc"), targets, {})
    assert stuck == cards("Kc")
    assert str(assist.send_move(0, parse_card("9d"), 2, 0)) == "0 send 9d 2:0"
    assert assist.fits(parse_card("7d"), targets) == [(1, 0)]


def test_sorting_by_phom_then_by_suit():
    hand = cards("Ks 8h 2c Jd 7h Js 9h 5d Jc")
    by_phom = assist.sort_by_phom(hand, 0)
    assert by_phom[:3] == cards("7h 8h 9h")
    assert set(by_phom[3:6]) == set(cards("Js Jc Jd"))
    assert by_phom[6:] == cards("2c 5d Ks")
    assert assist.sort_by_suit(hand) == cards("Js Ks 2c Jc 5d Jd 7h 8h 9h")


def test_every_string_key_the_table_uses_exists():
    from tala_desktop.ui.core import i18n
    from tala_desktop.ui.table.director import U_BANNERS
    from tala_desktop.ui.table.guide import ERROR_KEYS
    from tala_desktop.ui.table.modes import BUTTON_LOOKS
    from tala_desktop.ui.table.painter import BADGE_KEYS

    keys = [look.key for look in BUTTON_LOOKS.values()]
    keys += [*BADGE_KEYS.values(), *U_BANNERS.values(), *ERROR_KEYS.values()]
    assert [k for k in keys if not i18n.has_text(k)] == []
