"""Form widgets for the menu pages: TextField, Segmented (a row of choices), Slider, Toggle and ScrollBar.

Like ``widgets``, they work in logical coordinates, change state only in
``handle_event``/``update`` and cache what they render. ``handle_event``
returns True when the widget used the event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ..art import gfx, theme
from ..art.theme import TEXT, Colour
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from .field_look import FieldImages, FieldLook

CACHE_LIMIT = 32         # images a widget keeps (its states at its sizes)


def _pill(size: tuple[int, int], top: Colour, bottom: Colour, radius: int) -> pygame.Surface:
    shape = gfx.rounded_rect(size, theme.MASK, radius)
    return gfx.mask_with(gfx.vertical_gradient(size, top, bottom), shape)


class TextField:
    """A one-line text box: click to type (IME text via TEXTINPUT), Backspace/Delete/arrows/Home/End,
    Enter or a click elsewhere to finish. ``on_change(text)`` runs after every edit; ``accept(ch)`` says which
    typed characters it takes (a PIN field: digits only)."""

    BLINK = 0.53

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, fonts: Fonts,
                 max_length: int = 14, on_change: Callable[[str], None] | None = None, size: int = 22,
                 accept: Callable[[str], bool] = str.isprintable) -> None:
        self.rect = pygame.Rect(rect)
        self.accept = accept
        self.text = text[:max_length]
        self.fonts = fonts
        self.max_length = max_length
        self.on_change = on_change
        self.size = size
        self.focused = False
        self.caret = len(self.text)
        self.composing = ""  # IME text being composed, not yet committed
        self.error = False
        self.refused = False   # the last text typed did not fit in ``max_length`` (some of it was not taken)
        self.visible = True
        self._blink = 0.0
        self._images = FieldImages(fonts)

    @property
    def caret_visible(self) -> bool:
        return self.focused and (self._blink % (2 * self.BLINK)) < self.BLINK

    def focus(self, on: bool = True) -> None:
        if on == self.focused:
            return
        self.focused = on
        self._blink = 0.0
        self.composing = ""
        if on:
            self.caret = len(self.text)
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        else:
            pygame.key.stop_text_input()

    def _edit(self, text: str, caret: int) -> None:
        self.text, self.caret, self._blink = text, caret, 0.0
        self.refused = False
        if self.on_change is not None:
            self.on_change(self.text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focus(inside)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            room = self.max_length - len(self.text)
            typed = "".join(ch for ch in event.text if ch.isprintable() and self.accept(ch))
            add = typed[:max(0, room)]
            if add:
                self._edit(self.text[: self.caret] + add + self.text[self.caret:], self.caret + len(add))
            self.refused = len(add) < len(typed)      # typed past the limit: the owner says so
            self.composing = ""
            return True
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        t, c = self.text, self.caret
        if key == pygame.K_BACKSPACE and c > 0:
            self._edit(t[: c - 1] + t[c:], c - 1)
        elif key == pygame.K_DELETE and c < len(t):
            self._edit(t[:c] + t[c + 1:], c)
        elif key == pygame.K_LEFT:
            self.caret, self._blink = max(0, c - 1), 0.0
        elif key == pygame.K_RIGHT:
            self.caret, self._blink = min(len(t), c + 1), 0.0
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(t)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.focus(False)
        return True  # a focused field swallows keys, so shortcuts do not fire while typing

    def update(self, dt: float) -> None:
        if self.focused:
            self._blink += dt

    def look(self) -> FieldLook:
        """The field as a frame shows it now (see field_look.py)."""
        r = self.rect
        return FieldLook((r.x, r.y, r.w, r.h), self.text, self.caret, self.size, self.focused, self.caret_visible,
                         self.composing, self.error)

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            self._images.draw(surface, self.look())


class Segmented:
    """A row of mutually exclusive choices; the chosen one is gold. ``on_change(value)`` on a pick."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], options: Sequence[tuple[Any, str]],
                 value: Any, fonts: Fonts, on_change: Callable[[Any], None] | None = None,
                 size: int | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.options = list(options)
        self.value = value
        self.fonts = fonts
        self.on_change = on_change
        self.size = size or max(12, round(self.rect.h * 0.42))
        self.hover: int | None = None
        self.visible = True
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(CACHE_LIMIT)

    def segment_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        gap = 4
        w = (self.rect.w - 2 * gap - (n - 1) * gap) / n
        x0, y, h = self.rect.x + gap, self.rect.y + gap, self.rect.h - 2 * gap
        return [pygame.Rect(round(x0 + i * (w + gap)), y, round(w), h) for i in range(n)]

    def rect_of(self, value: Any) -> pygame.Rect:
        """Where the option ``value`` is (tests click there)."""
        return self.segment_rects()[[v for v, _ in self.options].index(value)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not hasattr(event, "pos"):
            return False
        hit = next((i for i, r in enumerate(self.segment_rects()) if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEMOTION:
            self.hover = hit
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit is not None:
            value = self.options[hit][0]
            if value != self.value:
                self.value = value
                if self.on_change is not None:
                    self.on_change(value)
            return True
        return False

    def _segment(self, size: tuple[int, int], label: str, state: str) -> pygame.Surface:
        def make() -> pygame.Surface:
            radius = max(4, size[1] // 3)
            if state == "on":
                img = _pill(size, theme.SELECTED_TOP, theme.SELECTED_BOTTOM, radius)
                text = gfx.render_text(self.fonts.font(self.size, bold=True), label, theme.SELECTED_TEXT, size[0] - 8)
            else:
                img = gfx.rounded_rect(size, (*theme.WHITE, 34 if state == "hover" else 0), radius)
                text = gfx.render_text(self.fonts.font(self.size, bold=True), label, TEXT, size[0] - 8)
            img.blit(text, text.get_rect(center=(size[0] / 2, size[1] / 2 + 1)))
            return img

        return self._cache.get((size, label, state, self.size), make)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        surface.blit(self._cache.get(("box", r.size),
                             lambda: gfx.rounded_rect(r.size, theme.WELL_FILL, r.h // 3 + 2, 1, theme.WELL_EDGE)), r)
        for i, (seg, (value, label)) in enumerate(zip(self.segment_rects(), self.options)):
            state = "on" if value == self.value else ("hover" if i == self.hover else "off")
            surface.blit(self._segment(seg.size, label, state), seg)


class Slider:
    """A horizontal 0..1 slider with a gold fill and a round knob; click or drag to set."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: float,
                 on_change: Callable[[float], None] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.value = min(1.0, max(0.0, value))
        self.on_change = on_change
        self.dragging = False
        self.visible = True
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(CACHE_LIMIT)

    def _set_from(self, x: float) -> None:
        value = min(1.0, max(0.0, (x - self.rect.x) / max(1, self.rect.w)))
        value = round(value * 20) / 20  # 5 % steps
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        grab = self.rect.inflate(16, 20)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(event.pos):
            self.dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        track_h = max(6, r.h // 3)
        track = pygame.Rect(r.x, r.centery - track_h // 2, r.w, track_h)
        surface.blit(self._cache.get(("track", track.size), lambda: gfx.rounded_rect(
            track.size, theme.TRACK, track_h // 2, 1, theme.TRACK_EDGE)), track)
        fill_w = round(r.w * self.value)
        if fill_w >= track_h:
            surface.blit(self._cache.get(("fill", fill_w, track_h), lambda: _pill(
                (fill_w, track_h), theme.SELECTED_TOP, theme.SELECTED_BOTTOM, track_h // 2)), track)
        knob_r = r.h // 2
        knob = self._cache.get(("knob", knob_r), lambda: gfx.rounded_rect(
            (2 * knob_r, 2 * knob_r), theme.KNOB, knob_r, 2, theme.SLIDER_KNOB_EDGE))
        surface.blit(knob, (r.x + fill_w - knob_r, r.centery - knob_r))


class Toggle:
    """An on/off switch: a pill with a sliding knob, green when on."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], value: bool,
                 on_change: Callable[[bool], None] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.value = value
        self.on_change = on_change
        self.visible = True
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(CACHE_LIMIT)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.visible and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            self.value = not self.value
            if self.on_change is not None:
                self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        surface.blit(self._cache.get((r.size, self.value), lambda: self._body(r.size)), r)
        d = r.h - 6
        knob = self._cache.get(("knob", d),
                       lambda: gfx.rounded_rect((d, d), theme.KNOB, d // 2, 1, theme.SWITCH_KNOB_EDGE))
        surface.blit(knob, (r.right - 3 - d if self.value else r.x + 3, r.y + 3))

    def _body(self, size: tuple[int, int]) -> pygame.Surface:
        if self.value:
            return _pill(size, theme.SWITCH_ON_TOP, theme.SWITCH_ON_BOTTOM, size[1] // 2)
        return gfx.rounded_rect(size, theme.SWITCH_OFF, size[1] // 2, 1, theme.FIELD_EDGE)


class ScrollBar:
    """A vertical scroll bar for ``content_h`` pixels seen through ``view_h``; drag the thumb or click the track.

    ``offset`` is the first visible content pixel; ``on_scroll(offset)`` runs when the user moves it.
    """

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], content_h: int, view_h: int,
                 on_scroll: Callable[[float], None] | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.content_h = content_h
        self.view_h = view_h
        self.offset = 0.0
        self.on_scroll = on_scroll
        self.dragging: float | None = None  # grab point inside the thumb
        self.hovered = False
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(CACHE_LIMIT)

    @property
    def max_offset(self) -> float:
        return max(0.0, self.content_h - self.view_h)

    def thumb(self) -> pygame.Rect:
        if self.content_h <= 0:
            return pygame.Rect(self.rect)
        h = max(36, round(self.rect.h * min(1.0, self.view_h / self.content_h)))
        travel = self.rect.h - h
        y = self.rect.y + (0 if self.max_offset <= 0 else round(travel * self.offset / self.max_offset))
        return pygame.Rect(self.rect.x, y, self.rect.w, h)

    def _move(self, offset: float) -> None:
        offset = min(self.max_offset, max(0.0, offset))
        if offset != self.offset:
            self.offset = offset
            if self.on_scroll is not None:
                self.on_scroll(offset)

    def _offset_at(self, thumb_top: float) -> float:
        travel = self.rect.h - self.thumb().h
        return 0.0 if travel <= 0 else (thumb_top - self.rect.y) / travel * self.max_offset

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.max_offset <= 0 or not hasattr(event, "pos"):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.inflate(8, 0).collidepoint(event.pos)
            if self.dragging is not None:
                self._move(self._offset_at(event.pos[1] - self.dragging))
                return True
            return False
        on_bar = self.rect.inflate(8, 0).collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and on_bar:
            thumb = self.thumb()
            if thumb.collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.y
            else:  # page towards the click
                self._move(self.offset + (self.view_h if event.pos[1] > thumb.centery else -self.view_h) * 0.9)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.max_offset <= 0:
            return
        r = self.rect
        surface.blit(self._cache.get(("track", r.size), lambda: gfx.rounded_rect(r.size, theme.TRACK, r.w // 2)), r)
        t = self.thumb()
        bright = self.dragging is not None or self.hovered
        top, bottom = (theme.SELECTED_TOP, theme.SELECTED_BOTTOM) if bright else (theme.THUMB_TOP, theme.THUMB_BOTTOM)
        surface.blit(self._cache.get(("thumb", t.size, bright), lambda: _pill(t.size, top, bottom, r.w // 2)), t)
