"""Table regions: the small rectangles a table frame repaints when only the clock, a glow or a thinking cue moved.

The table scene redraws a few times a second while nothing else happens:
the clock ring empties and pulses, the stock, the eatable discard and the
likeliest button glow, a bot's "thinking" dots blink. Each of those lives in
a rectangle this module names from the layout, so the frame can repaint
those rectangles alone (core/redraw.py) instead of the whole window.
``Repaints`` is the table scene's side of it: whether the next frame is
needed at all, and whether all of it or only those rectangles.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from ..widgets.controls import Button
from .highlights import Highlights
from .layout import TableLayout
from .model import TableModel
from .playback import Playback

STOCK_LAYERS = 4       # the stock's card backs stand up to this many layers high, 2 px apart


class Parts(NamedTuple):
    """Keys of what moves on its own: each changes as often as its part must be redrawn."""

    ring: tuple[int, int]      # (the seat whose clock runs or -1, its redraw count)
    glow: int                  # the glows' pulse count, -1 without a glow
    thinking: int              # the thinking dots' blink count, -1 without a bot thinking


PULSE_FPS = 12         # redraws per second while only glows pulse
THINKING_FPS = 3       # the thinking dots blink this often


def frame_keys(status: str, hl: Highlights, buttons: list[Button], ring: tuple[int, int], now: float,
               thinking_seat: int | None) -> tuple[tuple[Any, ...], Parts]:
    """The keys of a frame at ``now``: of the whole (the status line, the buttons shown, whether something glows,
    the thinking seat) and of the parts that move on their own (``ring``: the ring's key from the clock's cues;
    the glows' key is -1 when nothing glows)."""
    glowing = hl.stock_glow or hl.discard_glow or any(b.glow for b in buttons)
    thinking = int(now * THINKING_FPS) if thinking_seat is not None else -1
    keys = (status, tuple(id(b) for b in buttons), glowing, thinking_seat)
    return keys, Parts(ring, int(now * PULSE_FPS) if glowing else -1, thinking)


class ChangedParts:
    """What changed since the last frame: all of it, or only some parts, in ``changed`` rectangles."""

    def __init__(self) -> None:
        self.keys: tuple[Any, ...] = ()
        self.parts = Parts((-1, -1), -1, -1)
        self.changed: list[pygame.Rect] = []

    def note(self, keys: tuple[Any, ...], parts: Parts, layout: TableLayout, model: TableModel | None,
             hl: Highlights, buttons: list[Button], pad: int, thinking_seat: int | None) -> bool:
        """Take this frame's keys (``keys`` of the whole frame, ``parts`` of the parts); True when the whole
        frame changed, else the changed parts' rectangles are added to ``changed``."""
        whole = keys != self.keys
        old, self.keys, self.parts = self.parts, keys, parts
        if whole or parts == old:
            return whole
        if model is None or parts.ring[0] != old.ring[0]:
            return True
        if parts.ring != old.ring and parts.ring[0] >= 0:
            self.changed.append(ring_rect(layout, parts.ring[0]))
        if parts.glow != old.glow:
            self.changed += glow_rects(layout, model, hl, buttons, pad)
        if parts.thinking != old.thinking and thinking_seat is not None:
            self.changed.append(thinking_rect(layout, thinking_seat))
        return False


class Repaints:
    """The table scene's redraw bookkeeping (mixed into it): ``_dirty`` after a change it made or an event since,
    ``_frame_dirty`` when the last update changed the frame, ``frames`` for what moved on its own."""

    _dirty: bool
    _frame_dirty: bool
    frames: ChangedParts
    playback: Playback

    @property
    def needs_redraw(self) -> bool:
        """True when the last update (or an event since) changed what a frame would show."""
        return self._dirty or self._frame_dirty or bool(self.frames.changed)

    def redraw_rects(self) -> list[pygame.Rect] | None:
        """Where the next frame differs from the last when only the clock, glows or thinking dots moved; else
        None (the whole frame)."""
        if self._dirty or self._frame_dirty or self.playback.model is None:
            return None
        return list(self.frames.changed)

    def touch(self) -> None:
        self._dirty = True


def ring_rect(layout: TableLayout, seat: int) -> pygame.Rect:
    """The clock ring of ``seat`` with the seconds on it, at its thickest."""
    return layout.ring_bounds(seat)


def glow_rects(layout: TableLayout, model: TableModel, hl: Highlights, buttons: list[Button],
               pad: int) -> list[pygame.Rect]:
    """Every glow that pulses now: the stock, the eatable last discard, the glowing buttons.

    ``pad``: how far a card's glow reaches past the card (CardArt.shadow_pad of a table card).
    """
    out: list[pygame.Rect] = []
    if hl.stock_glow:
        lift = 2 * (STOCK_LAYERS - 1)
        r = layout.stock
        out.append(pygame.Rect(r.x - lift - pad, r.y - lift - pad, r.w + lift + 2 * pad, r.h + lift + 2 * pad))
    if hl.discard_glow and model.last_discard is not None:
        seat, _ = model.last_discard
        pile = layout.pile_rects(seat, len(model.piles[seat]))
        if pile:
            out.append(pile[-1].inflate(2 * pad + 2, 2 * pad + 2))
    for b in buttons:
        if b.glow_level() > 0:
            reach = max(6, b.rect.h // 4) + 2
            out.append(b.rect.inflate(2 * reach, 2 * reach + 4))
    return out


def thinking_rect(layout: TableLayout, seat: int) -> pygame.Rect:
    """The "thinking" bubble of ``seat``."""
    return layout.thinking_rect(seat).inflate(4, 4)
