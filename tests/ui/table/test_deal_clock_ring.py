"""The first turn's clock starts when the deal ends: while the cards fly the leader's ring shows the whole turn,
and it still shows the whole turn when the Đánh (or Bốc) buttons appear; a bot that leads plays only after the
deal has been shown to you and its think delay has passed. While your move is on its way no second one is taken,
by a button or a double-click."""

from __future__ import annotations

import functools

from tala_desktop.table import LocalTableClient
from tests.ui.table_helpers import Driver, cards_drawn, in_the_air, make_services, make_table, shown, your_move

SECONDS = 30


def test_your_ring_shows_the_whole_turn_when_your_buttons_appear(pg, fonts):
    drv = Driver(make_table(seconds=SECONDS, deal_wait=6.0), make_services(fonts, speed=1.0))
    sc, table = drv.scene, drv.table
    drv.until(lambda: sc.model is not None and bool(sc.view().anim.flights))
    while in_the_air(view := sc.view()):                # the cards fly: the ring is full, no Đánh button
        assert view.remaining(0) == (SECONDS, SECONDS)
        assert not shown(view, "discard")
        drv.step()
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")
    assert shown(sc.view(), "discard")                  # Đánh shows from now
    assert sc.view().remaining(0)[0] >= SECONDS - 0.05  # ... with the whole turn on the ring
    assert table.deadline is not None and table.deadline - table.now >= SECONDS - 0.05
    drv.step(30)
    assert SECONDS - 1.1 < sc.view().remaining(0)[0] < SECONDS - 0.9    # and it counts down from there
    sc.close()


def test_a_bot_that_leads_waits_for_your_deal_then_thinks(pg, fonts):
    drv = Driver(make_table(seconds=SECONDS, deal_wait=6.0, think_delay=0.8, leader=1),
                 make_services(fonts, speed=1.0))
    sc, table = drv.scene, drv.table
    drv.until(lambda: sc.model is not None and bool(sc.view().anim.flights))
    drv.until(lambda: sc.model is not None and not in_the_air(sc.view()))
    assert table.state.history == []                    # nothing was played while your cards flew
    drv.until(lambda: bool(table.state.history), limit=45)   # your screen's guard, then its 0.8 s
    assert table.state.history[0].seat == 1
    sc.close()


class Courier(LocalTableClient):
    """Commands reach the table only when the test lets them, one at a time (a LAN connection's delay)."""

    def __init__(self, table, seat: int) -> None:
        super().__init__(table, seat)
        self.held: list = []

    def send_move(self, move) -> None:
        self.held.append(functools.partial(LocalTableClient.send_move, self, move))

    def deal_shown(self, game_id: int) -> None:
        self.held.append(functools.partial(LocalTableClient.deal_shown, self, game_id))

    def deliver(self) -> None:
        self.held.pop(0)()


def test_the_clock_starting_while_your_move_is_on_its_way_does_not_take_another(pg, fonts):
    table = make_table(seconds=SECONDS, deal_wait=6.0)
    courier = Courier(table, 0)
    drv = Driver(table, make_services(fonts, speed=0.0), client=courier)
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")
    assert len(courier.held) == 1                       # "the deal is shown", still on its way
    card, other = [c for c in reversed(cards_drawn(sc.view())) if c in sc.model.discardable()][:2]
    drv.double_click(drv.card_pos(card))                # your discard, on its way too
    assert len(courier.held) == 2 and not shown(sc.view(), "discard")     # no Đánh while it is on its way
    courier.deliver()                                   # the table starts your clock: everyone gets a snapshot
    drv.step(2)
    view = sc.view()
    assert view.remaining(0)[0] < SECONDS + 0.01 and view.highlights.mode == "discard"
    assert not shown(view, "discard") and not sc.accepting_input     # your move is still on its way: no second one
    drv.double_click(drv.card_pos(other))               # ... not by a double-click either
    assert len(courier.held) == 1
    courier.deliver()
    drv.step(2)
    assert card in sc.model.piles[0] and other in cards_drawn(sc.view())
    drv.until(lambda: your_move(sc.view()))             # the answer came: your next turn takes your move
    sc.close()
