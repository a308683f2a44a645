"""Stepper: a "− value +" number picker clamped to a range, with press-and-hold repeat.

Like the form widgets it works in logical coordinates, changes state only in
``handle_event``/``update`` and caches what it renders; ``handle_event``
returns True when it used the event. ``on_change(value)`` runs after every
step that changed the value; a button at its limit is drawn dimmed and does
nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..art import gfx, theme
from ..art.theme import DISABLED, TEXT
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache

SMALLEST = 12
HOLD_DELAY = 0.45     # seconds a button is held before it repeats
REPEAT_EVERY = 0.09
CACHE_LIMIT = 48      # images a stepper keeps: its box, its buttons' states, the values shown


class Stepper:
    """``[−] value [+]`` in ``rect``; the two buttons are squares as tall as the rect."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: int, lo: int, hi: int, fonts: Fonts,
                 on_change: Callable[[int], None] | None = None, fmt: Callable[[int], str] = str,
                 size: int = 18) -> None:
        if lo > hi:
            raise ValueError(f"stepper range {lo}-{hi} is empty")
        self.rect = pygame.Rect(rect)
        self.lo, self.hi = lo, hi
        self.value = max(lo, min(hi, value))
        self.fonts = fonts
        self.on_change = on_change
        self.fmt = fmt
        self.size = size
        self.visible = True
        self.hover: int = 0            # -1 over "−", +1 over "+", 0 elsewhere
        self.held: int = 0             # the button being held down (-1 / +1), 0 when none
        self._held_for = 0.0
        self._next_repeat = HOLD_DELAY
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(CACHE_LIMIT)

    # -- geometry -------------------------------------------------------------------------------
    @property
    def minus_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.h, self.rect.h)

    @property
    def plus_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - self.rect.h, self.rect.y, self.rect.h, self.rect.h)

    @property
    def value_rect(self) -> pygame.Rect:
        return pygame.Rect(self.minus_rect.right + 2, self.rect.y, self.rect.w - 2 * self.rect.h - 4, self.rect.h)

    def can_step(self, delta: int) -> bool:
        return self.lo <= self.value + delta <= self.hi

    # -- state ------------------------------------------------------------------------------------
    def set_value(self, value: int) -> None:
        """Show ``value`` (clamped) without calling ``on_change`` (the page resets it to a preset)."""
        self.value = max(self.lo, min(self.hi, value))

    def step(self, delta: int) -> bool:
        """Move by ``delta`` within the range; True if the value changed."""
        value = max(self.lo, min(self.hi, self.value + delta))
        if value == self.value:
            return False
        self.value = value
        if self.on_change is not None:
            self.on_change(value)
        return True

    def _button_at(self, pos: tuple[int, int]) -> int:
        if self.minus_rect.collidepoint(pos):
            return -1
        return 1 if self.plus_rect.collidepoint(pos) else 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not hasattr(event, "pos"):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._button_at(event.pos)
            if self.held and self._button_at(event.pos) != self.held:
                self.held = 0                      # dragged off the button: stop repeating
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            button = self._button_at(event.pos)
            if button:
                self.step(button)
                self.held, self._held_for, self._next_repeat = button, 0.0, HOLD_DELAY
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held:
            self.held = 0
            return True
        return False

    def update(self, dt: float) -> None:
        self._held_for += dt
        while self.held and self._held_for >= self._next_repeat:
            self._next_repeat += REPEAT_EVERY
            if not self.step(self.held):
                self.held = 0

    # -- drawing ------------------------------------------------------------------------------------
    def label_size(self) -> int:
        """The font size the value is drawn at: ``size``, or smaller so it fits between the buttons."""
        text, size = self.fmt(self.value), self.size
        while size > SMALLEST and gfx.text_size(self.fonts.font(size, True), text)[0] > self.value_rect.w - 4:
            size -= 1
        return size

    def label_fits(self) -> bool:
        return gfx.text_size(self.fonts.font(self.label_size(), True), self.fmt(self.value))[0] <= self.value_rect.w - 4

    def _button(self, side: int, state: str) -> pygame.Surface:
        d = self.rect.h

        def make() -> pygame.Surface:
            fill = theme.STEPPER_FILLS[state]
            img = gfx.rounded_rect((d, d), fill, d // 3, 1, (*theme.WHITE, 50 if state == "off" else 110))
            colour = DISABLED if state == "off" else TEXT
            bar, thick = round(d * 0.42), max(2, d // 12)
            pygame.draw.rect(img, colour, ((d - bar) // 2, (d - thick) // 2, bar, thick))
            if side > 0:
                pygame.draw.rect(img, colour, ((d - thick) // 2, (d - bar) // 2, thick, bar))
            return img

        return self._cache.get(("button", d, side, state), make)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        surface.blit(self._cache.get(("box", r.size),
                                  lambda: gfx.rounded_rect(r.size, theme.WELL_FILL, r.h // 3, 1, theme.WELL_EDGE)),
                     r)
        for side, rect in ((-1, self.minus_rect), (1, self.plus_rect)):
            if not self.can_step(side):
                state = "off"
            elif self.held == side:
                state = "held"
            else:
                state = "hover" if self.hover == side else "normal"
            surface.blit(self._button(side, state), rect)
        text, size = self.fmt(self.value), self.label_size()
        img = self._cache.get(("text", text, size), lambda: gfx.render_text(self.fonts.font(size, True), text, TEXT))
        surface.blit(img, img.get_rect(center=self.value_rect.center))
