"""The table's input is a value in and a value out: ``route_event`` reads a frozen TableInput and returns Effects
(your hand's gestures included) without writing into the hand or the scene; the scene carries them out."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from tala_desktop.ui.table.highlights import ButtonPressed, CardDropped, CardPicked, HandGesture, TablePressed
from tala_desktop.ui.table.input import route_event
from tala_desktop.ui.table.modes import Gesture, Mode, TableButton
from tala_desktop.ui.table.pointer import Target
from tests.ui.table.test_table_highlights import fingerprint
from tests.ui.table_helpers import Driver, make_services, make_table, moving, shown


def _event(kind: int, pos: tuple[int, int], **extra: Any) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        extra = {"rel": (0, 0), "buttons": (0, 0, 0), **extra}
    else:
        extra = {"button": 1, **extra}
    return pygame.event.Event(kind, pos=pos, **extra)


def _your_lead(fonts) -> Driver:
    drv = Driver(make_table(seed=3, seconds=0), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode is Mode.DISCARD and not moving(sc.view()))
    drv.step(10)
    return drv


def test_a_click_on_a_card_is_gestures_and_a_pick_the_scene_carries_out(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    card = next(c for c in sc.hand.order if c in sc.model.discardable())
    pos = drv.card_pos(card)
    hand, scene = fingerprint(sc.hand), fingerprint(sc)

    view = sc.input_view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.blocking = True
    move = route_event(view, _event(pygame.MOUSEMOTION, pos))
    assert move.gesture == HandGesture(Gesture.HOVER, pos) and move.pick is None and not move.moves
    assert fingerprint(sc.hand) == hand and fingerprint(sc) == scene        # nothing written yet
    sc.take_input(move)
    assert sc.hand.hover == card and sc.needs_redraw                          # the card lifts

    down = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, pos))
    assert down.gesture == HandGesture(Gesture.PRESS, pos, card) and down.redraw and down.pick is None
    assert not sc.hand.pressing
    sc.take_input(down)
    assert sc.hand.pressing

    up = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONUP, pos))
    assert up.gesture == HandGesture(Gesture.RELEASE, pos) and up.pick == CardPicked(card)
    assert sc.hand.pressing and sc.hand.selected is None                     # still only a value
    sc.take_input(up)
    assert not sc.hand.pressing and sc.hand.selected == card and sc.highlights.selected == card
    sc.close()


def test_a_card_dragged_up_is_a_drop_and_esc_the_pause_menu(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    card = next(c for c in sc.hand.order if c in sc.model.discardable())
    start = drv.card_pos(card)
    high = (start[0], start[1] - 3 * sc.layout.hand_card[1])
    sc.take_input(route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, start)))
    drag = route_event(sc.input_view(), _event(pygame.MOUSEMOTION, high, buttons=(1, 0, 0)))
    assert drag.gesture == HandGesture(Gesture.DRAG, high) and not sc.hand.dragging
    sc.take_input(drag)
    assert sc.hand.dragging
    up = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONUP, high))
    assert up.pick == CardDropped(card) and not up.moves                      # the actions make the discard
    assert shown(sc.view(), "discard")
    sc.take_input(up)
    assert not shown(sc.view(), "discard")                 # the discard went to the table: no Đánh until it answers
    drv.until(lambda: card in sc.model.piles[sc.model.me])

    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    effects = route_event(sc.input_view(), esc)
    assert effects.pause and drv.stack.top is sc
    sc.close()


def test_buttons_and_the_table_are_picks_too(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    drv.double_click(drv.card_pos(next(c for c in sc.hand.order if c in sc.model.discardable())))
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode is Mode.TAKE and not moving(sc.view()))
    drv.step(10)
    stock = sc.layout.stock.center
    assert route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, stock)).pick == TablePressed(Target("stock"))
    rect = drv.button("sort")
    assert rect is not None
    sc.take_input(route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, rect.center)))
    click = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONUP, rect.center))
    assert click.pick == ButtonPressed(TableButton.SORT)
    order = list(sc.hand.order)
    sc.take_input(click)
    assert sorted(sc.hand.order) == sorted(order) and sc.status_line()[0]     # sorted, and it says how
    sc.close()


def test_the_pointer_over_a_button_is_a_value_the_scene_stores(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    sort = next(look for name, look in sc.button_looks() if name is TableButton.SORT)
    before = sc.view()
    assert not any(b.hover or b.pressed for b in before.buttons + before.controls)
    over = route_event(sc.input_view(), _event(pygame.MOUSEMOTION, sort.rect.center))
    assert over.pointer is not None and over.pointer.over == TableButton.SORT and over.redraw
    assert sc.view() == before                               # nothing was written: the frame is the same
    sc.take_input(over)
    lit = next(b for b in sc.view().buttons if b.label == sort.label)
    assert lit.hover and not lit.pressed and lit.state == "hover"
    assert route_event(sc.input_view(), _event(pygame.MOUSEMOTION, sort.rect.move(0, 1).center)).pointer is None
    down = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, sort.rect.center))
    assert down.pointer is not None and down.pointer.held == TableButton.SORT and down.pick is None
    sc.take_input(down)
    assert next(b for b in sc.view().buttons if b.label == sort.label).state == "pressed"
    away = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONUP, sc.layout.stock.center))
    assert away.pick is None and away.pointer is not None and away.pointer.held is None   # let go off it: no click
    sc.take_input(away)
    assert not any(b.pressed for b in sc.view().buttons)
    sc.close()


def test_the_menu_and_header_say_what_was_clicked(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    menu, *_, sound = sc.input_view().controls
    assert menu[0] == "menu" and sound[0] == "sound"
    sc.take_input(route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, sound[1].rect.center)))
    click = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONUP, sound[1].rect.center))
    assert click.control == "sound" and not click.pause
    volume = sc.services.settings.sound_volume
    assert volume > 0                                        # the click is a value until the scene carries it out
    sc.take_input(click)
    assert sc.services.settings.sound_volume == 0
    sc.take_input(route_event(sc.input_view(), _event(pygame.MOUSEBUTTONDOWN, menu[1].rect.center)))
    opened = route_event(sc.input_view(), _event(pygame.MOUSEBUTTONUP, menu[1].rect.center))
    assert opened.pause and opened.control is None
    sc.close()


def test_the_chat_takes_its_events_before_the_table(pg, fonts):
    class Chat:
        def __init__(self) -> None:
            self.events: list[int] = []

        def handle_event(self, event: pygame.event.Event) -> bool:
            self.events.append(event.type)
            return event.type == pygame.KEYDOWN               # it takes the keys (typing), not the mouse

    drv = _your_lead(fonts)
    sc = drv.scene
    chat = Chat()
    sc.layer = chat
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert chat.events == [pygame.KEYDOWN] and drv.stack.top is sc       # Esc typed in the chat: no pause menu
    sc.layer = None
    sc.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert drv.stack.top is not sc
    sc.close()
