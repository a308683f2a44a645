"""Table scene behaviour: lay and send by hand, redraw only when something changes, pause, spectating, instant speed."""

from __future__ import annotations

import pygame

from tala_desktop.table import LocalTableClient
from tala_desktop.ui.table.pause import PauseOverlay
from tala_desktop.ui.table.picture import ARMED_TARGET
from tala_desktop.ui.table.results import ResultsOverlay
from tests.ui.table_helpers import Driver, cards_drawn, in_the_air, make_services, make_table, play_my_turn


def _play_until(drv: Driver, pred, limit: int = 30000) -> dict[str, int]:
    """Let the mouse player play (starting new games from the results) until ``pred()``."""
    stats: dict[str, int] = {}
    sc = drv.scene
    for _ in range(limit):
        if pred():
            return stats
        play_my_turn(drv, stats)
        results = sc.results
        if isinstance(results, ResultsOverlay) and sc.stack is not None and sc.stack.top is results \
                and not results.clock.guarded:
            drv.click(results.new_button.rect.center)
        drv.step()
    raise AssertionError("never reached the wanted state")


def test_lowering_a_raised_card_explains_and_hạ_refuses(pg, fonts):
    drv = Driver(make_table(seed=3, players=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    def lay_shown() -> bool:                # what the frame shows: your lay-down turn, a three-card phỏm to lay
        hl = sc.view().highlights
        return (sc.accepting_input and hl.mode == "lay" and hl.lay_check is not None
                and any(m.bit_count() == 3 for m in hl.lay_check.melds))

    _play_until(drv, lay_shown)
    meld = next(m for m in sc.view().highlights.lay_check.melds if m.bit_count() == 3)
    card = next(c for c in cards_drawn(sc.view()) if meld >> c & 1)
    drv.click(drv.card_pos(card))
    assert card not in sc.view().highlights.raised
    check = sc.view().highlights.lay_check
    assert not check.ok and check.reason == "Các lá đã chọn không tạo thành phỏm"
    assert sc.status_line()[0] == check.reason
    before = [p.mask for p in drv.table.state.laid[0]]
    drv.click_button("lay")
    assert [p.mask for p in drv.table.state.laid[0]] == before and drv.table.state.phase.value == "lay"
    assert any(key[0] == "hand" for key in sc.view().anim.shakes)
    drv.step(15)
    drv.click(drv.card_pos(card))  # raise it again: the lay is valid and Hạ lays exactly the raised cards
    raised = set(sc.view().highlights.raised)
    drv.click_button("lay")
    drv.step(3)
    laid = {c for p in drv.table.state.laid[0] for c in p.cards()}
    assert laid == raised
    sc.close()


def test_send_by_hand_card_then_target_phom(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0))
    sc = drv.scene
    _play_until(drv, lambda: sc.accepting_input and sc.view().highlights.mode == "send"
                and bool(sc.view().highlights.send_arrows))
    card, (seat, k) = next(iter(sc.view().highlights.send_arrows.items()))
    drv.click(drv.card_pos(card))           # lower it
    assert card not in sc.view().highlights.raised
    drv.step(15)
    drv.click(drv.card_pos(card))           # raise it again: armed, its phỏm glow gold
    hl = sc.view().highlights
    assert card in hl.raised and hl.send_targets.get((seat, k)) == ARMED_TARGET
    m = sc.model
    group = sc.layout.laid_group_rects(seat, [len(ph) for ph in m.laid[seat]])[k]
    drv.click(group.center)
    drv.step(3)
    assert card in drv.table.state.laid[seat][k].cards()
    assert card not in cards_drawn(sc.view())
    sc.close()


def test_an_idle_table_asks_for_no_redraw_until_something_changes(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=2.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")  # you lead; no clock
    drv.step(30)
    redraws = []
    for _ in range(30):
        drv.step()
        redraws.append(sc.needs_redraw)
    assert not any(redraws)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=drv.card_pos(cards_drawn(sc.view())[0]), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    drv.step()
    assert sc.needs_redraw                          # the hovered card lifts
    drv.step(30)
    assert not sc.needs_redraw
    sc.close()


def test_the_clock_ring_redraws_a_few_times_a_second(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=30), make_services(fonts, speed=2.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")
    drv.step(30)
    redraws = 0
    for _ in range(60):                              # two seconds at 30 updates a second
        drv.step()
        redraws += sc.needs_redraw
    assert 8 <= redraws <= 2 * 8 + 4
    remaining, total = sc.clock_remaining(0)
    assert total == 30 and 20 < remaining < 29
    sc.close()


def test_escape_pauses_and_leaving_counts_as_mom(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step()
    pause = drv.stack.top
    assert isinstance(pause, PauseOverlay)
    drv.click(pause.buttons[0].rect.center)          # Tiếp tục
    assert drv.stack.top is sc
    drv.click(sc.view().controls[0].rect.center)     # the ≡ button opens it too
    pause = drv.stack.top
    assert isinstance(pause, PauseOverlay)
    drv.click(pause.buttons[1].rect.center)          # Rời bàn
    drv.click(drv.stack.top.confirm_button.rect.center)   # it costs four bets: yes, leave
    assert drv.left                                  # the app's on_leave ran
    st = drv.table.state
    assert st.left[0] and st.mom[0]
    sc.close()


def test_a_spectator_watches_bots_play_game_after_game(pg, fonts):
    table = make_table(levels=("easy", "normal", "easy", "normal"), human=False, seed=21)
    drv = Driver(table, make_services(fonts, speed=8.0), spectator=True)
    sc = drv.scene
    drv.until(lambda: isinstance(drv.stack.top, ResultsOverlay), limit=20000)
    assert sc.view().buttons == ()
    overlay = drv.stack.top
    drv.draw()
    drv.step(int(13 / (1 / 30)))                     # the auto-start countdown
    assert overlay not in drv.stack.scenes
    drv.until(lambda: sc.model is not None and sc.model.game_id == 2)
    sc.close()


def test_instant_speed_plays_batches_without_flights(pg, fonts):
    drv = Driver(make_table(seed=7), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.step(2)
    assert sc.model is not None and not sc.view().anim.flights and not sc.view().anim.hidden_cards
    drv.step(16)                                     # a new hand takes clicks after half a second
    assert len(cards_drawn(sc.view())) == 10 and sc.accepting_input
    sc.close()


def test_your_clock_ticks_in_the_last_five_seconds_then_the_table_plays_for_you(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=8), make_services(fonts, speed=4.0))
    sc = drv.scene
    sounds = sc.services.sounds
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")
    sounds.played.clear()
    drv.until(lambda: sc.clock_remaining(0)[0] < 5.3)
    assert "tick" not in sounds.played                      # quiet until the last five seconds
    drv.until(lambda: sc.clock_remaining(0)[0] < 3.5)
    assert sounds.played.count("tick") >= 2                 # one a second from then on
    assert sc.clock_remaining(0)[1] == 8
    drv.until(lambda: drv.table.state.piles[0] != [])       # the timeout discarded for you
    drv.until(lambda: any("Hết giờ" in line for line in sc.log_lines))
    sc.close()


def test_quit_from_the_pause_menu_posts_quit(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    sc.open_pause()
    pause = drv.stack.top
    assert isinstance(pause, PauseOverlay)
    pygame.event.clear()
    pause.buttons[2].click()                         # Thoát game: the app loop ends on QUIT
    drv.stack.top.confirm_button.click()             # after asking
    assert any(e.type == pygame.QUIT for e in pygame.event.get())
    sc.close()


def test_leaving_from_the_results_costs_nothing(pg, fonts):
    table = make_table(levels=("easy", "easy", "easy"), seed=2)
    drv = Driver(table, make_services(fonts, speed=8.0))
    sc = drv.scene
    _play_until(drv, lambda: isinstance(drv.stack.top, ResultsOverlay))
    balances = list(table.balances)
    overlay = drv.stack.top
    drv.until(lambda: not overlay.clock.guarded)
    drv.click(overlay.leave_button.rect.center)
    assert drv.left and overlay not in drv.stack.scenes
    assert table.balances == balances and not table.state.left[0]
    sc.close()


def test_a_watcher_without_a_seat_sees_every_seat_face_down_and_the_results(pg, fonts):
    table = make_table(levels=("easy", "normal", "easy", "normal"), human=False, seed=21)
    drv = Driver(table, make_services(fonts, speed=8.0), spectator=True, client=LocalTableClient(table, None))
    sc = drv.scene
    drv.until(lambda: sc.model is not None and not in_the_air(sc.view()))
    m = sc.model
    assert m.me == -1 and sc.layout.watching and sc.layout.slot_of(0) == "bottom"
    assert sc.view().hand.cards == () and sc.view().buttons == ()
    assert len(sc.layout.backs_rects(0, m.counts[0])) == 4               # seat 0's hand is a fan of backs
    drv.draw()
    frames = 0
    while not isinstance(drv.stack.top, ResultsOverlay):
        drv.step()
        frames += 1
        if frames % 15 == 0:
            drv.draw()
            assert sc.view().hand.cards == ()                              # no card of any hand is ever shown
        assert frames < 20000
    overlay = drv.stack.top
    assert all(h for h in overlay.hands)                                 # every hand is revealed at the end
    drv.step(60)
    drv.draw()
    drv.step(int(13 / (1 / 30)))
    drv.until(lambda: sc.model is not None and sc.model.game_id == 2)
    sc.close()
