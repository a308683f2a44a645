"""Redraw: which parts of the canvas a frame repaints, and painting only those parts onto the window.

A scene that fills the canvas may say, through ``redraw_rects()``, that
only a few small rectangles changed since its last drawn frame (the turn
clock's ring, a pulsing glow). When it is the only scene shown and nothing
forces a whole frame, the stack is drawn clipped to those rectangles and
only they are scaled into the window and sent to the screen: at a large
window that is a few thousand pixels a frame instead of a few million. A
scene without the method, or one that answers None, is repainted whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from .scene import Scene, SceneStack


class Presenter(Protocol):
    canvas: pygame.Surface

    def present(self, flip: bool = True, rects: Sequence[pygame.Rect] | None = None) -> None: ...


def dirty_rects(visible: Sequence[Scene], whole: bool) -> list[pygame.Rect] | None:
    """The canvas rectangles the next frame must repaint, or None for all of it.

    ``whole``: something outside the scenes (a new scene shown, the window exposed) wants a whole frame.
    """
    if whole or len(visible) != 1 or not visible[0].fills_canvas:
        return None
    ask = getattr(visible[0], "redraw_rects", None)
    if ask is None:
        return None
    rects = ask()
    if rects is None:
        return None
    return [pygame.Rect(r) for r in rects if r.w > 0 and r.h > 0]


def paint(stack: SceneStack, display: Presenter, rects: list[pygame.Rect] | None) -> None:
    """Draw the visible scenes and present them: whole (``rects`` None), or only inside ``rects``."""
    canvas = display.canvas
    if rects is None:
        stack.draw(canvas)
        display.present()
        return
    rects = [r.clip(canvas.get_rect()) for r in rects]
    rects = [r for r in rects if r.w > 0 and r.h > 0]
    if not rects:
        return
    canvas.set_clip(rects[0].unionall(rects[1:]))
    try:
        stack.draw(canvas)
    finally:
        canvas.set_clip(None)
    display.present(rects=rects)
