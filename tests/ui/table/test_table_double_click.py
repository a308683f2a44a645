"""A double-click discards the card the first click hit, though the card rose (selected) between the two clicks
and its neighbour now shows under the pointer; nothing is left raised."""

from __future__ import annotations

from tests.ui.table_helpers import Driver, make_services, make_table


def test_a_double_click_low_on_a_card_discards_it_and_raises_no_neighbour(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=1.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard" and not sc.anim.busy)
    drv.step(30)
    order, m = list(sc.hand.order), sc.model
    i = next(i for i in range(1, len(order)) if order[i] in m.discardable())
    card, left = order[i], order[i - 1]
    r = sc.hand.rect_of(card)
    pos = (r.x + 6, r.bottom - 6)                  # low on the card's visible strip
    assert sc.hand.card_at(pos) == card
    drv.click(pos)                                 # the first click selects it: it rises
    drv.step(5)                                    # the second click comes 0.2 s later
    assert sc.hand.selected == card and sc.hand.card_at(pos) == left     # its left neighbour is under the pointer
    drv.click(pos)
    drv.until(lambda: card in sc.model.piles[sc.model.me])
    drv.until(lambda: sc.accepting_input or sc.model.to_move != sc.model.me, limit=600)
    assert sc.hand.selected is None and not sc.hand.raised
    assert left in sc.hand.order and card not in sc.hand.order
    sc.close()


def test_two_slow_clicks_are_two_clicks(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=1.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard" and not sc.anim.busy)
    drv.step(30)
    order = list(sc.hand.order)
    card, left = order[2], order[1]
    r = sc.hand.rect_of(card)
    pos = (r.x + 6, r.bottom - 6)
    drv.click(pos)
    drv.step(20)                                   # two thirds of a second: no double-click
    assert sc.hand.card_at(pos) == left
    drv.click(pos)                                 # a click on what is under the pointer now
    assert sc.hand.selected == left and card in sc.hand.order
    sc.close()
