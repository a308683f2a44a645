"""Tạm dừng and the clock: offline the pause menu stops the table clock, the bots and the animations; at a LAN
table it is a menu that says the game goes on. Leaving mid-game and quitting ask first, saying what it costs. The
lay-down turn warns before the clock makes you Móm, the ring thickens and pulses, your next action replaces a
refusal at once, and every seat banner has the same size and time."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.engine import Move, MoveKind
from tala_desktop.table import LocalTableClient
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.table.pause import PauseOverlay
from tests.ui.table_helpers import Driver, in_the_air, make_services, make_table, play_to_results


class RemoteLikeClient(LocalTableClient):
    """A client whose table runs on its own clock, as at a LAN table: it cannot pause."""

    can_pause = False


def press_escape(drv: Driver) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step()


def escape(drv: Driver) -> PauseOverlay:
    press_escape(drv)
    pause = drv.stack.top
    assert isinstance(pause, PauseOverlay)
    return pause


def test_pausing_offline_stops_the_clock_the_bots_and_the_flights(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=30), make_services(fonts, speed=0.5))
    sc, table = drv.scene, drv.table
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard")   # you lead, with a 30 s clock
    drv.step(15)
    left = sc.clock_remaining(0)[0]
    pause = escape(drv)
    assert pause.title == tr("pause.title")
    drv.step(300)                                     # ten seconds of frames under the menu
    assert sc.clock_remaining(0)[0] == left and table.state.to_move == 0
    drv.click(pause.buttons[0].rect.center)           # Tiếp tục
    assert drv.stack.top is sc
    drv.step(30)
    assert sc.clock_remaining(0)[0] < left - 0.5      # the clock runs again
    card = next(c for c in sc.hand.order if c in sc.model.discardable())
    drv.double_click(drv.card_pos(card))
    drv.until(lambda: table.state.to_move != 0 and bool(sc.view().anim.flights))    # your discard flies, a bot is next
    moves, flights = len(table.state.history), sc.view().anim.flights
    escape(drv)
    drv.step(120)                                     # two seconds: the bots would have played by now
    assert len(table.state.history) == moves and sc.view().anim.flights == flights    # the cards hang still
    assert not sc.needs_redraw                        # a paused table asks for no frames
    press_escape(drv)                                 # Esc closes the menu again
    assert drv.stack.top is sc
    drv.until(lambda: len(table.state.history) > moves)
    sc.close()


def test_the_pause_menu_stays_in_the_middle_when_the_window_changes_shape(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=30), make_services(fonts, speed=0.5))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    drv.draw()
    pause = escape(drv)
    assert pause.panel.center == (640, 360)
    drv.surface = pygame.Surface((1280, 960))          # the window turned 4:3 under the menu
    drv.draw()
    drv.step()
    assert sc.layout.size == (1280, 960) and pause.panel.center == (640, 480)
    assert all(pause.panel.contains(b.rect) for b in pause.buttons)
    drv.click(pause.buttons[0].rect.center)            # Tiếp tục, where it is drawn now
    assert drv.stack.top is sc and not sc.paused
    sc.close()


def test_a_lan_table_menu_is_worded_as_a_menu_and_the_game_goes_on(pg, fonts):
    table = make_table(seed=3, seconds=30)
    drv = Driver(table, make_services(fonts, speed=0.0), client=RemoteLikeClient(table, 0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    pause = escape(drv)
    assert pause.title == tr("pause.menu_title") and pause.buttons[0].text == tr("pause.back")
    assert pause.note == tr("pause.lan_note")
    before = sc.clock_remaining(0)[0]
    drv.step(60)
    assert sc.clock_remaining(0)[0] < before - 1.5
    sc.close()


def test_leaving_mid_game_asks_first_and_says_it_costs_four_bets(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    pause = escape(drv)
    drv.click(pause.buttons[1].rect.center)           # Rời bàn
    ask = drv.stack.top
    assert isinstance(ask, ConfirmOverlay) and not drv.left
    assert ask.message.startswith(tr("confirm.leave_text", bets=4, amount="400"))   # then the rest of the cost
    assert tr("confirm.leave_rest", amount="400") in ask.message     # eats, chốt, an Ù: out of those 400
    drv.click(ask.cancel_button.rect.center)          # Ở lại
    assert drv.stack.top is pause and not drv.table.state.left[0]
    drv.click(pause.buttons[1].rect.center)
    drv.click(drv.stack.top.confirm_button.rect.center)
    assert drv.left and drv.table.state.left[0] and drv.table.state.mom[0]
    sc.close()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_wallet_short_of_the_mom_is_told_it_loses_what_it_has_left(pg, fonts, lang):
    set_language(lang)
    table = make_table(seed=3)
    table.balances[0] = 250
    drv = Driver(table, make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    pause = escape(drv)
    drv.click(pause.buttons[1].rect.center)           # Rời bàn
    ask = drv.stack.top
    assert isinstance(ask, ConfirmOverlay)
    assert ask.message.startswith(tr("confirm.leave_all", amount="250"))
    assert tr("confirm.leave_rest", amount="250") in ask.message and "400" not in ask.message
    sc.close()


def test_quitting_asks_first(pg, fonts):
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    pause = escape(drv)
    pygame.event.clear()
    drv.click(pause.buttons[2].rect.center)           # Thoát game
    ask = drv.stack.top
    assert isinstance(ask, ConfirmOverlay) and ask.message == tr("confirm.quit_unsaved")   # no store: not saved
    assert not any(e.type == pygame.QUIT for e in pygame.event.get())
    ask.confirm_button.click()
    assert any(e.type == pygame.QUIT for e in pygame.event.get())
    sc.close()


# ---------------------------------------------------------------------- the lay-down turn's clock
def test_the_lay_down_turn_warns_before_the_clock_makes_you_mom(pg, fonts):
    from tala_desktop.ui.art.theme import WARNING
    from tests.ui.table_positions import SEND_DRAWS, SEND_HANDS, SEND_MOVES, deal_table, play

    table = deal_table(SEND_HANDS, SEND_DRAWS, seconds=20)
    drv = Driver(table, make_services(fonts, speed=1.0))
    play(table, SEND_MOVES)                                            # your lay-down turn, 20 s
    sc, sounds = drv.scene, drv.services.sounds
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "lay")
    text, _ = sc.status_line()
    assert text.startswith(tr("status.lay_clock_mom"))              # the guide warns while the phỏm are raised
    drv.until(lambda: sc.clock_remaining(0)[0] < 10.4)
    assert "tick" not in sounds.played and not sc.view().anim.banners
    drv.until(lambda: sc.clock_remaining(0)[0] < 9.5)
    assert sounds.played.count("tick") == 1                          # the tick starts at 10 s here
    assert [b.text for b in sc.view().anim.banners] == [tr("status.lay_clock")]
    text, colour = sc.status_line()
    assert text.startswith(tr("status.lay_clock_mom")) and colour == WARNING   # red-orange from 10 s
    drv.until(lambda: sc.clock_remaining(0)[0] < 7.5)
    assert sounds.played.count("tick") == 3
    sc.close()


def test_without_a_phom_to_lay_the_lay_down_turn_does_not_warn(pg, fonts):
    from tests.ui.table_positions import SEND_DRAWS, SEND_HANDS, SEND_MOVES, deal_table, play

    hands = ("3h 10h 9s Jc 7d Kd Qs 2s Ac", SEND_HANDS[1])           # no phỏm in your hand, eaten or drawn
    table = deal_table(hands, SEND_DRAWS, seconds=20)
    drv = Driver(table, make_services(fonts, speed=1.0))
    play(table, SEND_MOVES)                                            # your lay-down turn: Móm whatever you do
    sc, sounds = drv.scene, drv.services.sounds
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "lay")
    assert not sc.hand.raised
    text, _ = sc.status_line()
    assert not text.startswith(tr("status.lay_clock_mom")) and tr("status.lay_clock") not in text
    drv.until(lambda: sc.clock_remaining(0)[0] < 6)
    assert "tick" not in sounds.played and not sc.view().anim.banners          # no warning for a Móm you cannot avoid
    drv.until(lambda: sc.clock_remaining(0)[0] < 4.5)
    assert sounds.played.count("tick") == 1                             # the last five seconds tick as every turn
    sc.close()


def test_the_ring_is_thick_and_pulses_in_the_last_five_seconds(pg, fonts):
    drv = Driver(make_table(seed=3, seconds=12), make_services(fonts, speed=1.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "discard")
    widths = []
    for _ in range(12):
        drv.step(3)
        widths.append(sc.painter.ring_width(sc.view(), 0))
    assert min(widths) == max(widths) >= sc.layout.px(9)             # steady above five seconds
    drv.until(lambda: sc.clock_remaining(0)[0] < 4.8)
    widths, redraws = [], 0
    for _ in range(30):                                              # one second
        drv.step()
        widths.append(sc.painter.ring_width(sc.view(), 0))
        redraws += sc.needs_redraw
    assert max(widths) > min(widths) >= sc.layout.px(9) and redraws >= 10
    sc.close()


# ---------------------------------------------------------------------- the status line and the banners
def test_your_next_action_replaces_a_refusal_at_once(pg, fonts):
    from tests.ui.table_positions import EAT_HANDS, EAT_MOVES, deal_table, play

    table = deal_table(EAT_HANDS)
    drv = Driver(table, make_services(fonts, speed=0.0))
    play(table, EAT_MOVES)
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "take")
    card = sc.hand.order[-1]
    drv.double_click(drv.card_pos(card))                  # discard before drawing: refused
    assert sc.status_line()[0] == tr("status.draw_first")
    drv.click(sc.layout.stock.center)                      # draw: the refusal goes at once
    assert sc.status_line()[0] != tr("status.draw_first")
    drv.until(lambda: sc.accepting_input and sc.highlights.mode == "discard")
    assert sc.status_line()[0] != tr("status.draw_first")
    sc.close()


def test_mom_gets_the_weight_and_time_of_an_eat(pg, fonts):
    from tests.ui.table_positions import EAT_HANDS, EAT_MOVES, SEND_DRAWS, SEND_HANDS, SEND_MOVES, deal_table, play

    def banner_after(hands, moves, draws, act):
        table = deal_table(hands, draws)
        drv = Driver(table, make_services(fonts, speed=1.0))
        play(table, moves)
        sc = drv.scene
        drv.until(lambda: sc.accepting_input)
        act(drv)
        drv.until(lambda: bool(sc.view().anim.banners), limit=60)
        banner = sc.view().anim.banners[0]                   # as the frame draws it
        shown = 0
        while any(b.text == banner.text for b in sc.view().anim.banners):
            drv.step()
            shown += 1
        sc.close()
        return banner, shown

    eat, eat_time = banner_after(EAT_HANDS, EAT_MOVES, "", lambda d: d.click_button("eat"))
    mom, mom_time = banner_after(SEND_HANDS, SEND_MOVES, SEND_DRAWS, lambda d: d.scene.send_move(Move(0, MoveKind.LAY)))
    assert eat.text == tr("banner.eat") and mom.text == tr("banner.mom")
    assert mom.size == eat.size and mom.scale == eat.scale              # the same weight, the same pop
    assert mom_time == eat_time and mom_time / 30 >= 1.2                 # frames shown: the same time on screen


# ---------------------------------------------------------------------- clicks after the results
def test_a_click_just_after_the_next_hand_appears_picks_no_card(pg, fonts):
    drv = Driver(make_table(levels=("easy", "easy", "easy"), seed=2), make_services(fonts, speed=0.0))
    sc = drv.scene
    results = play_to_results(drv, limit=20000)
    game = sc.model.game_id
    drv.click(results.new_button.rect.center)                       # Ván mới
    drv.until(lambda: sc.model.game_id == game + 1 and not in_the_air(sc.view()))
    card = sc.hand.order[0]
    drv.click(drv.card_pos(card))                                   # the player's second click lands here
    assert sc.hand.selected is None and not sc.hand.raised and not sc.accepting_input
    drv.step(18)                                                    # 0.6 s later the table takes clicks again
    assert sc.accepting_input or sc.model.to_move != sc.model.me
    drv.click(drv.card_pos(card))
    assert sc.hand.selected == card or card in sc.hand.raised
    sc.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_your_banner_clears_the_status_line_above_it(pg, fonts, size):
    """The lay-down warning, the longest of your banners, leaves air under the status line at every window size."""
    drv = Driver(make_table(seed=3), make_services(fonts, speed=1.0), size=size)
    sc = drv.scene
    drv.until(lambda: sc.model is not None)
    L = sc.layout
    sc.director.banner(L, tr("status.lay_clock"), sc.model.me, sc.model.me)
    banner = sc.view().anim.banners[-1]                  # as the frame draws it
    box = sc.painter.banner_image(banner).get_rect(center=banner.pos)
    assert box.top >= L.status.bottom + L.px(6), (size, box, L.status)
    sc.close()


def test_a_payments_amounts_sit_on_a_dark_pill_so_they_read_over_cards(pg, fonts):
    """"+100" / "-100" rise over the top seat's discards too: light text alone is lost on a white card."""
    from tests.ui.table_positions import EAT_HANDS, EAT_MOVES, deal_table, play

    table = deal_table(EAT_HANDS)
    drv = Driver(table, make_services(fonts, speed=1.0))
    play(table, EAT_MOVES)
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    drv.click_button("eat")                                        # you eat the top seat's 9♥: it pays you
    drv.until(lambda: bool(sc.view().anim.texts), limit=60)
    assert len(sc.view().anim.texts) == 2                          # the frame shows both amounts
    for t in sc.view().anim.texts:
        image = sc.painter.amount_image(t.amount)                    # as the frame draws it
        card = pygame.Surface(image.get_size())
        card.fill((250, 250, 245))                                   # a card face
        card.blit(image, (0, 0))
        w, h = card.get_size()
        pixels = [card.get_at((x, y)) for x in range(w) for y in range(h)]
        drawn = sorted(0.3 * c.r + 0.59 * c.g + 0.11 * c.b for c in pixels)
        assert drawn[len(drawn) // 2] < 100, drawn[len(drawn) // 2]   # mostly a dark backing, not the card
    sc.close()
