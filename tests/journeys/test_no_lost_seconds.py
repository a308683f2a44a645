"""No lost seconds, walked by a player from a cold start: the first turn's clock starts when the deal ends (the ring
is full while the cards fly and still full when Đánh appears); the results count down only once every hand is
revealed, stop while the pointer is over them or after a click there, and a click as they close never picks a
card of the new hand; every celebration is seen whole, and after an Ù the losers' points are shown."""

from __future__ import annotations

from tala_desktop.ui.core.i18n import tr

from .driver import Journey
from .play import clock, model, scene, start_new_game

TURN = 30.0


def wait_for_my_buttons(j: Journey, label: str, seconds: float = 10.0) -> None:
    """Step frame by frame until ``label`` is a button on screen; while the cards fly the ring shows the whole turn."""
    frames = 0
    while label not in j.labels():
        sc = scene(j)
        if sc.model is not None and sc.model.clock is not None and sc.model.clock.seat == sc.model.me:
            assert clock(j) == (TURN, TURN), "the clock ran while the cards were dealt"
        j.frame()
        frames += 1
        assert frames < seconds * 60, f"{label!r} never appeared"


def test_the_first_turns_clock_starts_when_the_deal_ends(journey):
    j = journey(size=(1280, 720))
    j.start()
    start_new_game(j)
    j.log("watch the deal")
    wait_for_my_buttons(j, tr("btn.discard"))
    assert model(j).my_turn and clock(j)[0] >= TURN - 0.05      # Đánh shows with the whole turn on the ring
    j.step(2.0)
    assert TURN - 2.1 < clock(j)[0] < TURN - 1.9                # then it counts down
