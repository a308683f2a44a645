"""Table input: where a mouse or key event at the table goes (Esc, the controls, the log, the buttons, your hand).

``route_event(table, event)`` reads one frozen ``TableInput`` (what the
scene shows now: the looks of its buttons by key, the ``ButtonPointer``
saying which one the pointer is over and which one a press holds, your
hand to read, whether your input is taken) and returns the ``Effects`` of
the event for the scene to carry out: the buttons now under the pointer,
the gesture your hand view makes, what you picked for the actions (a card
clicked or dragged off, the stock, a discard or a phỏm pressed, a button),
the pause menu, a header control clicked, a redraw. Nothing is written
here: no widget's hover or press, not the hand, not the scene, and nothing
is drawn. The layer over the table (the chat, a coach) is offered each event
first, by the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import pygame

from ..widgets.button_look import ButtonLook
from ..widgets.controls import Button
from .hand_view import HandReader, Release
from .highlights import (
    NOTHING,
    ButtonPointer,
    ButtonPressed,
    CardDropped,
    CardPicked,
    Effects,
    HandGesture,
    Pick,
    TablePressed,
)
from .layout import TableLayout
from .model import TableModel
from .modes import Gesture, TableButton
from .pointer import table_target

REDRAW = Effects(redraw=True)
K = TypeVar("K", bound=str)
MENU = "menu"              # the ≡ button's key among the controls (the header's are named by the header)
BUTTON_NAMES = frozenset(b.value for b in TableButton)
INPUT_GUARD = 0.5          # seconds a screen takes no click once it is shown (a new hand, the results, the table again)


@dataclass
class InputGuard:
    """When the table takes clicks again: a moment after a new hand has landed or the table came back on top (a
    click meant for the screen before does nothing here); and when to tell the table a deal has been shown."""

    until: float = -1.0              # a new hand settles until then: no click, and your step's buttons wait
    quiet_until: float = -1.0        # the table came back on top: no click until then (the buttons show)
    fresh_hand: bool = False         # a new hand is being dealt: the guard starts once it has landed
    deal_to_tell: int | None = None  # the game whose deal the table is told about, once its hand is settled

    def new_game(self, game_id: int) -> None:
        self.fresh_hand, self.deal_to_tell = True, game_id

    def screen_changed(self, clock: float) -> None:
        self.quiet_until = max(self.quiet_until, clock + INPUT_GUARD)

    def settling(self, clock: float) -> bool:
        """A new hand is still settling: your step's buttons are not shown yet."""
        return self.fresh_hand or clock < self.until

    def guarded(self, clock: float) -> bool:
        """No click on the table now."""
        return clock < max(self.until, self.quiet_until)

    def settle(self, clock: float, landed: bool, tell: Callable[[int], None]) -> None:
        """Once a frame (``landed``: the dealt cards are in place): once the new hand has landed and its moment
        passed (your buttons show from now), ``tell`` the table its game's deal was shown, once."""
        if self.fresh_hand and landed:
            self.fresh_hand = False
            self.until = clock + INPUT_GUARD
        if self.deal_to_tell is not None and not self.settling(clock):
            told, self.deal_to_tell = self.deal_to_tell, None
            tell(told)


@dataclass(frozen=True)
class TableInput:
    """What the table's input reads at one event."""

    layout: TableLayout
    model: TableModel | None
    hand: HandReader
    controls: tuple[tuple[str, ButtonLook], ...]            # the menu button and the header's, by name
    buttons: tuple[tuple[TableButton, ButtonLook], ...]     # the table's buttons shown now
    pointer: ButtonPointer    # the buttons under the pointer before this event
    playing: bool             # you have a seat in a game shown (not watching)
    guarded: bool             # clicks wait: a new hand was just shown
    blocking: bool            # cards fly: presses on your hand and the table wait
    accepting: bool           # your commands are taken (nothing flies or waits for an answer)
    log: pygame.Rect | None = None   # where the game log is drawn (a click opens or folds it)


def pointed(named: Iterable[tuple[K, Button]], pointer: ButtonPointer) -> tuple[tuple[K, ButtonLook], ...]:
    """The looks of ``named`` buttons, lit and pressed as ``pointer`` says."""
    return tuple((key, b.look(pointer.over == key, pointer.held == key)) for key, b in named)


def route_event(table: TableInput, event: pygame.event.Event) -> Effects:
    """One input event at the table (the layer has passed on it): Esc, the menu and header, the log, then the
    buttons and your hand (clicks wait while a new hand is guarded). Reads only ``table``."""
    if event.type == pygame.KEYDOWN:
        return Effects(pause=True) if event.key == pygame.K_ESCAPE else NOTHING
    if event.type == pygame.MOUSEMOTION:      # a move redraws only when it changes what is lit or lifted
        over = next((key for key, look in _shown(table) if look.rect.collidepoint(event.pos)), None)
        out = _route_mouse(table, event)
        if over == table.pointer.over:
            return out
        return out + Effects(pointer=ButtonPointer(over, table.pointer.held), redraw=True)
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return REDRAW + _route_mouse(table, event)
    return NOTHING


def _shown(table: TableInput) -> tuple[tuple[str, ButtonLook], ...]:
    """The buttons the pointer can light now: the controls, and the table's buttons while you play."""
    return (*table.controls, *(table.buttons if table.playing else ()))


def _route_mouse(table: TableInput, event: pygame.event.Event) -> Effects:
    left = getattr(event, "button", 1) == 1
    if event.type == pygame.MOUSEBUTTONUP and left and table.pointer.held is not None:
        return _release(table, event.pos)
    if event.type == pygame.MOUSEBUTTONDOWN and left:
        for key, look in table.controls:
            if look.enabled and look.rect.collidepoint(event.pos):
                return Effects(pointer=ButtonPointer(table.pointer.over, key))
    if event.type == pygame.MOUSEBUTTONDOWN and left and table.log is not None and table.log.collidepoint(event.pos):
        return Effects(log=True, redraw=True)        # the log opens or folds (watching too)
    if not table.playing:
        return NOTHING
    if event.type != pygame.MOUSEMOTION and table.guarded:
        return NOTHING
    if event.type == pygame.MOUSEBUTTONDOWN and left:
        for name, look in table.buttons:
            if look.enabled and look.rect.collidepoint(event.pos):
                return Effects(pointer=ButtonPointer(table.pointer.over, name))
    pos = event.pos
    hand = table.hand
    if event.type == pygame.MOUSEMOTION:
        return Effects(gesture=HandGesture(Gesture.DRAG if hand.pressing else Gesture.HOVER, pos))
    if not left:
        return NOTHING
    if event.type == pygame.MOUSEBUTTONDOWN:
        return _press(table, pos)
    if not hand.pressing:
        return NOTHING
    result = hand.outcome(pos)
    pick: Pick | None = None
    if result is not None and table.accepting:     # not while cards fly or a command of yours is on its way
        what, card = result
        pick = CardPicked(card) if what is Release.CLICK else CardDropped(card) if what is Release.DISCARD else None
    return Effects(gesture=HandGesture(Gesture.RELEASE, pos), pick=pick)


def _release(table: TableInput, pos: tuple[int, int]) -> Effects:
    """A left release while a button is held: it lets go, and clicks the button when the pointer is still on it
    (the menu opens the pause menu, a header control does its job, a table button is your pick while you play and
    clicks are taken)."""
    held = table.pointer.held
    let_go = Effects(pointer=ButtonPointer(table.pointer.over, None))
    looks = dict(table.controls)
    look = looks.get(held) if held is not None else None
    if look is not None:
        if not look.rect.collidepoint(pos):
            return let_go
        return let_go + (Effects(pause=True) if held == MENU else Effects(control=held))
    table_look = dict(table.buttons).get(TableButton(held)) if held in BUTTON_NAMES else None
    if table_look is None or not table_look.rect.collidepoint(pos) or not table.playing or table.guarded:
        return let_go
    return let_go + Effects(pick=ButtonPressed(TableButton(held)))


def _press(table: TableInput, pos: tuple[int, int]) -> Effects:
    if table.blocking:
        return NOTHING
    card = table.hand.press_target(pos)
    if card is not None:
        return Effects(gesture=HandGesture(Gesture.PRESS, pos, card))
    if table.accepting and table.model is not None:
        target = table_target(table.layout, table.model, pos)
        if target is not None:
            return Effects(pick=TablePressed(target))
    return NOTHING
