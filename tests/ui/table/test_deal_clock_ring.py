"""The first turn's clock starts when the deal ends: while the cards fly the leader's ring shows the whole turn,
and it still shows the whole turn when the Đánh (or Bốc) buttons appear; a bot that leads plays only after the
deal has been shown to you and its think delay has passed."""

from __future__ import annotations

from tests.ui.table_helpers import Driver, make_services, make_table

SECONDS = 30


def test_your_ring_shows_the_whole_turn_when_your_buttons_appear(pg, fonts):
    drv = Driver(make_table(seconds=SECONDS, deal_wait=6.0), make_services(fonts, speed=1.0))
    sc, table = drv.scene, drv.table
    drv.until(lambda: sc.model is not None and bool(sc.anim.flights))
    while sc.anim.blocking:                             # the cards fly: the ring is full, no Đánh button
        assert sc.clock_remaining(0) == (SECONDS, SECONDS)
        assert "discard" not in [name for name, _ in sc.shown_buttons()]
        drv.step()
    drv.until(lambda: sc.accepting_input and sc.actions.mode == "discard")
    assert "discard" in [name for name, _ in sc.shown_buttons()]        # Đánh shows from now
    assert sc.clock_remaining(0)[0] >= SECONDS - 0.05   # ... with the whole turn on the ring
    assert table.deadline is not None and table.deadline - table.now >= SECONDS - 0.05
    drv.step(30)
    assert SECONDS - 1.1 < sc.clock_remaining(0)[0] < SECONDS - 0.9     # and it counts down from there
    sc.close()


def test_a_bot_that_leads_waits_for_your_deal_then_thinks(pg, fonts):
    drv = Driver(make_table(seconds=SECONDS, deal_wait=6.0, think_delay=0.8, leader=1),
                 make_services(fonts, speed=1.0))
    sc, table = drv.scene, drv.table
    drv.until(lambda: sc.model is not None and bool(sc.anim.flights))
    drv.until(lambda: sc.model is not None and not sc.anim.blocking)
    assert table.state.history == []                    # nothing was played while your cards flew
    drv.until(lambda: bool(table.state.history), limit=45)   # your screen's guard, then its 0.8 s
    assert table.state.history[0].seat == 1
    sc.close()
