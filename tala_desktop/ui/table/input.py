"""Table input: where a mouse or key event at the table goes (the extras, Esc, the header, the buttons, your hand).

``route_event(table, event)`` reads one frozen ``TableInput`` (what the
scene shows now: its widgets, your hand to read, whether your input is
taken) and returns the ``Effects`` of the event for the scene to carry
out: the gesture your hand view makes, what you picked for the actions
(a card clicked or dragged off, the stock, a discard or a phỏm pressed, a
button), the pause menu, a redraw. The widgets it offers the event to
keep their own hover and press; the hand and the scene are not written
here, and nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..widgets.controls import Button
from .hand_view import HandReader, Release
from .header import TableHeader
from .highlights import NOTHING, ButtonPressed, CardDropped, CardPicked, Effects, HandGesture, Pick, TablePressed
from .layout import TableLayout
from .model import TableModel
from .modes import Gesture, TableButton
from .pointer import table_target
from .scene_layer import SceneLayer

REDRAW = Effects(redraw=True)
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
    menu_button: Button
    header: TableHeader
    buttons: tuple[tuple[TableButton, Button], ...]   # the table's buttons shown now
    extras: SceneLayer | None
    playing: bool             # you have a seat in a game shown (not watching)
    guarded: bool             # clicks wait: a new hand was just shown
    blocking: bool            # cards fly: presses on your hand and the table wait
    accepting: bool           # your commands are taken (nothing flies or waits for an answer)
    log: pygame.Rect | None = None   # where the game log is drawn (a click opens or folds it)


def route_event(table: TableInput, event: pygame.event.Event) -> Effects:
    """One input event at the table: your chat/extras first, Esc, the menu and header, then the buttons and
    your hand (clicks wait while a new hand is guarded)."""
    if table.extras is not None and table.extras.handle_event(event):
        return REDRAW
    if event.type == pygame.KEYDOWN:
        return Effects(pause=True) if event.key == pygame.K_ESCAPE else NOTHING
    if event.type == pygame.MOUSEMOTION:      # a move redraws only when it changes what is lit or lifted
        before = _lit(table)
        out = _route_mouse(table, event)
        return out + REDRAW if _lit(table) != before else out
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return REDRAW + _route_mouse(table, event)
    return NOTHING


def _lit(table: TableInput) -> tuple[bool, ...]:
    """Which buttons the pointer is over (the hand view says itself when the card it lifts changes)."""
    return tuple(b.hovered for b in (table.menu_button, *table.header.shown(), *(b for _, b in table.buttons)))


def _route_mouse(table: TableInput, event: pygame.event.Event) -> Effects:
    menu = table.menu_button
    if menu.handle_event(event):
        return Effects(pause=menu.consume_click())
    if table.header.handle_event(event):
        return NOTHING
    if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and table.log is not None
            and table.log.collidepoint(event.pos)):
        return Effects(log=True, redraw=True)        # the log opens or folds (watching too)
    if not table.playing:
        return NOTHING
    if event.type != pygame.MOUSEMOTION and table.guarded:
        return NOTHING
    for name, b in table.buttons:
        if b.handle_event(event):
            return Effects(pick=ButtonPressed(name)) if b.consume_click() else NOTHING
    pos = event.pos
    hand = table.hand
    if event.type == pygame.MOUSEMOTION:
        return Effects(gesture=HandGesture(Gesture.DRAG if hand.pressing else Gesture.HOVER, pos))
    if getattr(event, "button", 1) != 1:
        return NOTHING
    if event.type == pygame.MOUSEBUTTONDOWN:
        return _press(table, pos)
    if not hand.pressing:
        return NOTHING
    result = hand.outcome(pos)
    pick: Pick | None = None
    if result is not None and not table.blocking:
        what, card = result
        pick = CardPicked(card) if what is Release.CLICK else CardDropped(card) if what is Release.DISCARD else None
    return Effects(gesture=HandGesture(Gesture.RELEASE, pos), pick=pick)


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
