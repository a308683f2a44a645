"""No lost seconds, walked by a player from a cold start: the first turn's clock starts when the deal ends (the ring
is full while the cards fly and still full when Đánh appears); the results count down only once every hand is
revealed, stop while the pointer is over them or after a click there, and a click as they close never picks a
card of the new hand; every celebration is seen whole, and after an Ù the losers' points are shown."""

from __future__ import annotations

from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.table.results import ResultsOverlay

from .driver import Journey
from .play import clock, game_over, model, play_turn, scene, start_new_game, wait_my_turn

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


def test_the_results_are_read_at_the_players_pace_and_no_click_crosses_into_the_next_hand(journey):
    j = journey(size=(1024, 600))
    j.start()
    start_new_game(j, players=2)
    sc = scene(j)
    for _ in range(80):                                  # my turns by clicks until the game ends
        wait_my_turn(j)
        if game_over(j) or sc.view().anim.celebrations:
            break
        play_turn(j)
    seen: list[bool] = []

    def results_after_the_celebration() -> bool:
        seen.append(bool(sc.view().anim.celebrations))   # the winner is celebrated first, whole
        return isinstance(j.top, ResultsOverlay)

    j.until(results_after_the_celebration, 15.0, "the results")
    assert any(seen) and not seen[-1]
    overlay = j.top
    assert isinstance(overlay, ResultsOverlay)
    j.point_at((4, 4))                                   # the pointer away from the results
    while overlay.tweens.busy:                           # every hand turns over: the countdown waits for it
        assert tr("table.auto_start", seconds=12) in j.text()
        j.frame()
    j.step(3.0)
    assert tr("table.auto_start", seconds=9) in j.text()
    j.point_at(overlay.panel.center)                     # resting on the results: the countdown stands still
    j.step(20.0)
    assert isinstance(j.top, ResultsOverlay) and tr("results.paused", seconds=9) in j.text()
    j.click(tr("results.keep_looking"))                  # Xem tiếp: Ván mới waits
    j.point_at((4, 4))
    j.step(20.0)
    assert isinstance(j.top, ResultsOverlay) and tr("results.held") in j.text()
    assert tr("results.keep_looking") not in j.labels()
    j.click(tr("btn.new_game"))
    assert not isinstance(j.top, ResultsOverlay)
    j.log("click where Ván mới was, on the new hand, as it is dealt")
    for _ in range(20):
        j.click_at(overlay.new_button.rect.center)
        assert scene(j).highlights.selected is None      # no click crossed into the new hand
    assert model(j).game_id == 2
