"""A double-click discards the card the first click hit, though the card rose (selected) between the two clicks
and its neighbour now shows under the pointer; nothing is left raised."""

from __future__ import annotations

from tests.ui.table_helpers import Driver, card_under, cards_drawn, make_services, make_table, moving


def test_a_double_click_low_on_a_card_discards_it_and_raises_no_neighbour(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=1.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard" and not moving(sc.view()))
    drv.step(30)
    order, m = cards_drawn(sc.view()), sc.model
    i = next(i for i in range(1, len(order)) if order[i] in m.discardable())
    card, left = order[i], order[i - 1]
    r = sc.view().hand.rect_of(card)
    pos = (r.x + 6, r.bottom - 6)                  # low on the card's visible strip
    assert card_under(sc.view(), pos) == card
    drv.click(pos)                                 # the first click selects it: it rises
    drv.step(5)                                    # the second click comes 0.2 s later
    view = sc.view()
    assert view.highlights.selected == card and card_under(view, pos) == left   # its left neighbour is under it now
    drv.click(pos)
    drv.until(lambda: card in sc.model.piles[sc.model.me])
    drv.until(lambda: sc.accepting_input or sc.model.to_move != sc.model.me, limit=600)
    view = sc.view()
    assert view.highlights.selected is None and not view.highlights.raised
    assert left in cards_drawn(view) and card not in cards_drawn(view)
    sc.close()


def test_two_slow_clicks_are_two_clicks(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=1.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard" and not moving(sc.view()))
    drv.step(30)
    order = cards_drawn(sc.view())
    card, left = order[2], order[1]
    r = sc.view().hand.rect_of(card)
    pos = (r.x + 6, r.bottom - 6)
    drv.click(pos)
    drv.step(20)                                   # two thirds of a second: no double-click
    assert card_under(sc.view(), pos) == left
    drv.click(pos)                                 # a click on what is under the pointer now
    assert sc.view().highlights.selected == left and card in cards_drawn(sc.view())
    sc.close()
