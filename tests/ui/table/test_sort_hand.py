"""Xếp bài: its first order is Zingplay's (the phỏm first, as the meld finder lays them, then the trash by points,
lowest first), and each press after it gives the next order (by suit, by rank, phỏm again), never one that
changes nothing; an order you made by hand starts the round again at the phỏm.

Before, the trash after the phỏm came by suit, so on a hand with few phỏm the
first press looked like the suit order and the second changed nothing.
"""

from __future__ import annotations

from tala_desktop.engine.cards import parse_card
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.table import lay_assist as assist
from tests.ui.table_helpers import Driver, make_services, make_table


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_the_phom_come_first_then_the_trash_by_points_lowest_first():
    hand = cards("Ks 9s 8h 2c Jd 7h Js 3h 9h 5d Jc")
    by_phom = assist.sort_by_phom(hand, 0)
    assert by_phom[:3] == cards("7h 8h 9h")
    assert set(by_phom[3:6]) == set(cards("Js Jc Jd"))
    assert by_phom[6:] == cards("2c 3h 5d 9s Ks")                     # points 2, 3, 5, 9, 13
    assert assist.sort_by_phom(cards("Kh Qs Jd 10c"), 0, face10=True) == cards("10c Jd Qs Kh")   # all 10: by rank
    assert assist.sort_by_phom(cards("9s 9h 2c"), 0) == cards("2c 9s 9h")                        # a tie: by suit


def _at_my_discard(fonts) -> Driver:
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=0.0))
    drv.until(lambda: drv.scene.accepting_input and drv.scene.highlights.mode == "discard")
    drv.step(10)
    return drv


def _press_sort(drv: Driver) -> str:
    drv.click_button("sort")
    return drv.scene.status_line()[0]


def test_each_press_gives_the_next_order_and_never_one_that_changes_nothing(pg, fonts):
    drv = _at_my_discard(fonts)
    sc, m = drv.scene, drv.scene.model
    phom = assist.sort_by_phom(m.hand, m.eaten_mask, m.ace_high, m.face10)
    suit, rank = assist.sort_by_suit(m.hand), assist.sort_by_rank(m.hand)
    assert len({tuple(phom), tuple(suit), tuple(rank)}) == 3
    assert sc.hand.order == phom                                     # dealt in Zingplay's order
    seen = []
    for _ in range(4):
        said = _press_sort(drv)
        seen.append((list(sc.hand.order), said))
    assert seen == [(suit, tr("status.sort_suit")), (rank, tr("status.sort_rank")), (phom, tr("status.sort_phom")),
                    (suit, tr("status.sort_suit"))]
    own = list(reversed(rank))                                       # an order of your own (dragged by hand)
    sc.hand.order = list(own)
    assert _press_sort(drv) == tr("status.sort_phom") and sc.hand.order == phom
    sc.close()


def test_every_order_you_make_is_kept_and_a_saved_one_is_shown_first(pg, fonts):
    from tala_desktop.ui.table.hand_view import KeptOrder

    drv = _at_my_discard(fonts)
    sc = drv.scene
    kept: list[list[int]] = []
    sc.hand.kept = KeptOrder(None, kept.append)
    order = list(sc.hand.order)
    drv.drag(drv.card_pos(order[0]), (sc.hand.rect_of(order[-1]).right + 20, sc.hand.rect_of(order[-1]).centery))
    drv.step(20)
    assert kept == [order[1:] + order[:1]] == [sc.hand.order]            # a drag: kept at once
    _press_sort(drv)
    assert len(kept) == 2 and kept[-1] == sc.hand.order                   # Xếp bài: kept too
    m = sc.model
    saved = list(reversed(m.hand))[:-1]                                   # a card is missing from the saved order
    sc.hand.clear()
    sc.hand.kept = KeptOrder(saved, kept.append)
    sc.hand.take(m, new_game=True)
    assert sc.hand.order == saved + [c for c in m.hand if c not in saved] and sc.hand.kept.saved is None
    assert len(kept) == 2                                                 # showing a saved order keeps nothing new
    sc.close()
