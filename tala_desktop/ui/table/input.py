"""Table input: where a mouse or key event at the table goes (the extras, Esc, the header, the buttons, your hand).

``route_event(scene, event)`` is the table scene's ``handle_event``: it reads
the scene's parts and hands what you did to the actions as ``Effects`` the
scene carries out; it draws nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .pointer import table_target

if TYPE_CHECKING:
    from .scene import TableScene


def route_event(scene: TableScene, event: pygame.event.Event) -> None:
    """One input event at the table: your chat/extras first, Esc, the menu and header, then the buttons and
    your hand (clicks wait while a new hand is guarded)."""
    if scene.extras is not None and scene.extras.handle_event(event):
        scene.touch()
        return
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_ESCAPE:
            scene.open_pause()
        return
    if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return
    if event.type == pygame.MOUSEMOTION:      # a move redraws only when it changes what is lit or lifted
        before = _pointed(scene)
        _route_mouse(scene, event)
        if scene.hand.dragging or _pointed(scene) != before:
            scene.touch()
        return
    scene.touch()
    _route_mouse(scene, event)


def _pointed(scene: TableScene) -> tuple[object, ...]:
    """What the pointer lights up: the card it lifts, the buttons it is over."""
    buttons = [scene.menu_button, *scene.header.shown(), *scene.visible_buttons()]
    return (scene.hand.hover, tuple(b.hovered for b in buttons))


def _route_mouse(scene: TableScene, event: pygame.event.Event) -> None:
    if scene.menu_button.handle_event(event) or scene.header.handle_event(event):
        return
    if scene.spectator or scene.model is None:
        return
    if event.type != pygame.MOUSEMOTION and scene.clock < scene.guard_until:
        return
    for b in scene.visible_buttons():
        if b.handle_event(event):
            return
    pos = event.pos
    if event.type == pygame.MOUSEMOTION:
        if scene.hand.press is not None:
            scene.hand.drag_to(pos)
        else:
            scene.hand.set_hover(pos)
        return
    if getattr(event, "button", 1) != 1:
        return
    if event.type == pygame.MOUSEBUTTONDOWN:
        _press(scene, pos)
    elif scene.hand.press is not None:
        result = scene.hand.release(pos)
        if result is None or scene.anim.blocking:
            return
        what, card = result
        if what == "click":
            scene.carry_out(scene.actions.on_card_click(card, scene.clock))
        elif what == "discard":
            scene.carry_out(scene.actions.on_drag_discard(card))


def _press(scene: TableScene, pos: tuple[int, int]) -> None:
    if scene.anim.blocking:
        return
    card = scene.hand.press_target(pos)
    if card is not None:
        scene.hand.start_press(card, pos)
        return
    if scene.accepting_input and scene.model is not None:
        target = table_target(scene.layout, scene.model, pos)
        if target is not None:
            scene.carry_out(scene.actions.on_target(target))
