"""The results' clock: the countdown to the next game starts once every hand is revealed; it stops while the
pointer is over the results and for good after a click there ("Xem tiếp"), when "Ván mới" waits; a press on
"Rời bàn" as the countdown ends still leaves; and no click crosses from one screen to the next (the results take
no click in their first moment, the table none in its first moment after them)."""

from __future__ import annotations

import math

import pygame

from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.table.input import INPUT_GUARD
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.results_clock import AUTO_START
from tests.ui.table_helpers import Driver, in_the_air, make_services, make_table

DT = 1 / 60


def _to_results(fonts, speed: float = 1.0, players: int = 4) -> tuple[Driver, ResultsOverlay]:
    table = make_table(seed=5, players=players)
    drv = Driver(table, make_services(fonts, speed=speed))
    drv.until(lambda: drv.scene.model is not None and not in_the_air(drv.scene.view()))
    table.play_out()                                    # the game ends at once: its results follow
    drv.until(lambda: isinstance(drv.stack.top, ResultsOverlay), limit=6000)
    overlay = drv.stack.top
    assert isinstance(overlay, ResultsOverlay)
    return drv, overlay


def _post(kind: int, pos: tuple[int, int], **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **attrs))


def _move(pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0))


def _outside(overlay: ResultsOverlay) -> tuple[int, int]:
    return (overlay.panel.right + 4, overlay.panel.bottom + 4) if overlay.panel.right + 4 < overlay.layout.size[0] \
        else (2, 2)


def test_the_countdown_starts_once_every_hand_is_revealed(pg, fonts):
    drv, overlay = _to_results(fonts)
    revealing = 0
    while overlay.tweens.busy:                          # hands turn over, chips fly, the amounts fade in
        assert overlay.countdown == AUTO_START
        drv.step(1, DT)
        revealing += 1
    assert revealing * DT > 1.0
    assert tr("table.auto_start", seconds=round(AUTO_START)) in overlay.note
    drv.step(60, DT)
    assert AUTO_START - 1.05 < overlay.countdown < AUTO_START - 0.95    # the whole countdown is left to read
    drv.scene.close()


def test_the_pointer_over_the_results_holds_the_countdown_and_leaving_them_lets_it_run(pg, fonts):
    drv, overlay = _to_results(fonts, speed=0.0)
    drv.step(2, DT)
    _move(overlay.panel.center)
    drv.step(round(2 * AUTO_START / DT), DT)            # twice the countdown, the pointer resting on the results
    assert drv.stack.top is overlay and overlay.countdown > AUTO_START - 0.2
    assert tr("results.paused", seconds=math.ceil(overlay.countdown)) == overlay.note
    _move(_outside(overlay))
    drv.step(60, DT)
    assert overlay.countdown < AUTO_START - 0.9         # off the results: it runs again
    drv.until(lambda: drv.stack.top is not overlay, limit=round(AUTO_START / DT) + 10)
    drv.scene.close()


def test_a_click_on_the_results_stops_the_countdown_for_good_and_the_next_game_waits_for_van_moi(pg, fonts):
    drv, overlay = _to_results(fonts, speed=0.0)
    drv.step(round(INPUT_GUARD / DT) + 2, DT)
    name = overlay.room().people[1].name
    drv.click(name.center)                              # a click on a row (a name in it): "keep looking"
    _move(_outside(overlay))
    drv.step(round(2 * AUTO_START / DT), DT)
    assert drv.stack.top is overlay and overlay.clock.held
    assert overlay.note == tr("results.held")
    assert overlay.keep_button not in overlay.shown_buttons()       # nothing left to stop
    drv.click(overlay.new_button.rect.center)
    assert drv.stack.top is not overlay
    drv.until(lambda: drv.scene.model is not None and drv.scene.model.game_id == 2)
    drv.scene.close()


def test_xem_tiep_holds_the_results(pg, fonts):
    drv, overlay = _to_results(fonts, speed=0.0)
    drv.step(round(INPUT_GUARD / DT) + 2, DT)
    assert overlay.keep_button in overlay.shown_buttons()
    drv.click(overlay.keep_button.rect.center)
    _move(_outside(overlay))
    drv.step(round(2 * AUTO_START / DT), DT)
    assert drv.stack.top is overlay and overlay.clock.held
    drv.scene.close()


def test_a_press_on_roi_ban_as_the_countdown_ends_still_leaves_and_picks_no_card(pg, fonts):
    drv, overlay = _to_results(fonts, speed=0.0)
    _move(_outside(overlay))
    drv.step(1, DT)
    drv.until(lambda: overlay.countdown < 2 * DT, limit=round(2 * AUTO_START / DT))
    pos = overlay.leave_button.rect.center
    _move(pos)
    _post(pygame.MOUSEBUTTONDOWN, pos, button=1)
    drv.step(8, DT)                                     # the countdown would have ended while the button is down
    _post(pygame.MOUSEBUTTONUP, pos, button=1)
    drv.step(1, DT)
    assert drv.left                                     # Rời bàn, as meant
    assert drv.scene.highlights.selected is None and not drv.scene.highlights.raised
    drv.scene.close()


def test_the_results_take_no_click_in_their_first_moment(pg, fonts):
    drv, overlay = _to_results(fonts, speed=0.0)
    drv.click(overlay.leave_button.rect.center)         # a click meant for the table, landing as they appear
    assert not drv.left and drv.stack.top is overlay and not overlay.clock.held
    drv.step(round(INPUT_GUARD / DT), DT)
    drv.click(overlay.leave_button.rect.center)
    assert drv.left
    drv.scene.close()


def test_no_click_on_the_results_lands_on_the_new_hand(pg, fonts):
    drv, overlay = _to_results(fonts, speed=0.0)
    drv.step(round(INPUT_GUARD / DT) + 2, DT)
    pos = overlay.new_button.rect.center
    _move(pos)
    _post(pygame.MOUSEBUTTONDOWN, pos, button=1)
    drv.step(1, DT)
    _post(pygame.MOUSEBUTTONUP, pos, button=1)           # Ván mới: the new hand is dealt at once (instant speed)
    drv.step(1, DT)
    sc = drv.scene
    assert drv.stack.top is sc
    for frame in range(round(INPUT_GUARD / DT) - 2):    # a second click, or a stray one, in the next moment
        card = sc.hand.order[len(sc.hand.order) // 2]
        drv.click(drv.card_pos(card), pump=False)
        drv.step(1, DT)
        assert sc.highlights.selected is None, f"a card was picked {frame} frames after the results closed"
    sc.close()


def test_the_table_takes_no_click_in_its_first_moment_back_and_no_press_carries_over(pg, fonts):
    from tala_desktop.ui.table.pause import PauseOverlay

    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")
    card = sc.hand.order[0]
    _move(drv.card_pos(card))
    _post(pygame.MOUSEBUTTONDOWN, drv.card_pos(card), button=1)          # a press on a card ...
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step(1, DT)                                                      # ... and Esc: the menu opens over it
    pause = drv.stack.top
    assert isinstance(pause, PauseOverlay)
    drv.click(pause.buttons[0].rect.center, pump=False)                 # Tiếp tục, clicked twice
    drv.step(1, DT)
    assert drv.stack.top is sc
    for _ in range(3):
        drv.click(drv.card_pos(card), pump=False)                        # the second click lands on the hand
        drv.step(1, DT)
        assert sc.highlights.selected is None and sc.hand.press is None
    drv.step(round(INPUT_GUARD / DT), DT)
    drv.click(drv.card_pos(card), pump=False)                            # a moment later a click picks it
    drv.step(1, DT)
    assert sc.highlights.selected == card
    sc.close()
