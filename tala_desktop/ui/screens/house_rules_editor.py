"""HouseRulesScene: the Tùy chỉnh luật page — every house-rule switch of RULES.md §9 with a toggle or a stepper.

Two columns of rows (``house_rules.COLUMNS``), each row a switch's name, a
short explanation and its control, scrolled inside the panel by the mouse
wheel, the scroll bar or the arrow/Page/Home/End keys. A gold bar marks a row
whose value differs from Zingplay. "Theo Zingplay" / "Theo Cơ bản" reset
every switch to that preset; "Xong" (or Enter) hands the rules to
``on_done`` and closes the page; the back button and Esc close it and keep
nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from tala_desktop.engine import Rules

from ..art import gfx, theme
from ..art.theme import ACCENT, CAPTION, LABEL, MUTED
from ..core.i18n import N_, tr
from ..frames.page import PANEL, PageScene, wrap_text
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.form import ScrollBar, Toggle
from ..widgets.stepper import Stepper
from ..widgets.text_fit import TextFitter
from .house_rules import (
    COLUMNS,
    NAMED_PRESETS,
    PLACE_KEYS,
    PLACES,
    STEPPER,
    TOGGLE,
    Switch,
    bets,
    preset_rules,
    set_switch,
    status_text,
)
from .house_rules_words import PRESET_RESETS, WORDS

VIEW = pygame.Rect(PANEL.x + 14, PANEL.y + 10, PANEL.w - 54, PANEL.h - 100)
BAR = pygame.Rect(PANEL.right - 28, VIEW.y + 6, 10, VIEW.h - 12)
COL_GAP = 18
COL_W = (VIEW.w - COL_GAP) // 2
ROW_GAP = 10
PAD = 14
TITLE_SIZE, HELP_SIZE, HELP_LINE = 19, 16, 20
TOGGLE_SIZE = (70, 34)
STATE_W = 56                    # "Bật" / "Tắt" left of a toggle
STEPPER_SIZE = (166, 38)
TEXT_W = {TOGGLE: COL_W - 2 * PAD - TOGGLE_SIZE[0] - STATE_W - 12,   # a row's text beside its control
          STEPPER: COL_W - 2 * PAD - STEPPER_SIZE[0] - 14,
          PLACES: COL_W - 2 * PAD}                                    # the steppers go under the text
FADE_PX = 22
PLACE_H = 36
FOOT_Y = PANEL.bottom - 76
WHEEL_PX = 60

Control = Toggle | Stepper


def balanced_wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``wrap_text`` at the narrowest width that needs no more lines than ``width`` does (no lone last word)."""
    lines = wrap_text(font, text, width)
    lo, hi = width // 2, width
    while len(lines) > 1 and lo < hi:
        mid = (lo + hi) // 2
        if len(wrap_text(font, text, mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return wrap_text(font, text, hi) if len(lines) > 1 else lines


@dataclass
class Row:
    """One switch's row: where it sits in the scrolled content, its explanation lines and its controls."""

    switch: Switch
    rect: pygame.Rect                                   # content coordinates (0, 0 = the view's top left)
    help_lines: list[str]
    controls: list[Control] = field(default_factory=list)
    offsets: list[pygame.Rect] = field(default_factory=list)   # each control's rect inside the row


class HouseRulesScene(PageScene):
    """Edit a copy of ``rules``; "Xong" gives it to ``on_done``."""

    title_key = N_("house.title")

    def __init__(self, services: Services, rules: Rules, on_done: Callable[[Rules], None]) -> None:
        self.rules = rules
        self.on_done = on_done
        self.scroll = 0.0
        self.rows: list[Row] = []
        self.content_h = 0
        self._layer: pygame.Surface | None = None
        super().__init__(services)
        self.fit = TextFitter(self.art, services.fonts)

    # -- building ------------------------------------------------------------------------------
    def build(self) -> None:
        fonts = self.services.fonts
        help_font = fonts.font(HELP_SIZE)
        self.rows = []
        heights = []
        for column, switches in enumerate(COLUMNS):
            y = 0
            for switch in switches:
                lines = balanced_wrap(help_font, tr(WORDS[switch.name].help), TEXT_W[switch.kind])
                text_h = PAD - 4 + 26 + len(lines) * HELP_LINE + PAD - 4
                h = text_h + PLACE_H + 8 if switch.kind == PLACES else max(text_h, STEPPER_SIZE[1] + 2 * PAD)
                row = Row(switch, pygame.Rect(column * (COL_W + COL_GAP), y, COL_W, h), lines)
                self._add_controls(row, text_h)
                self.rows.append(row)
                y += h + ROW_GAP
            heights.append(y - ROW_GAP)
        self.content_h = max(heights)
        self.scrollbar = ScrollBar(BAR, self.content_h, VIEW.h, self._on_scroll)
        self.reset_buttons = {p: Button((PANEL.x + 30 + i * 232, FOOT_Y, 220, 54), tr(PRESET_RESETS[p]), fonts,
                                        functools.partial(self.reset, p), style="dark", font_size=20)
                              for i, p in enumerate(NAMED_PRESETS)}
        self.done_button = Button((PANEL.right - 230, FOOT_Y - 2, 200, 58), tr("house.done"), fonts, self.done,
                                  style="primary", font_size=26)
        self.widgets.extend([self.scrollbar, *self.reset_buttons.values(), self.done_button])
        self.scroll_to(self.scroll)

    def _add_controls(self, row: Row, text_h: int) -> None:
        s, fonts = row.switch, self.services.fonts
        value = getattr(self.rules, s.name)
        if s.kind == TOGGLE:
            w, h = TOGGLE_SIZE
            row.controls.append(Toggle((0, 0, w, h), value, functools.partial(self._change, s.name)))
            row.offsets.append(pygame.Rect(COL_W - PAD - w, (row.rect.h - h) // 2, w, h))
        elif s.kind == STEPPER:
            w, h = STEPPER_SIZE
            row.controls.append(Stepper((0, 0, w, h), value, s.lo, s.hi, fonts,
                                        functools.partial(self._change, s.name), fmt=bets))
            row.offsets.append(pygame.Rect(COL_W - PAD - w, (row.rect.h - h) // 2, w, h))
        else:  # three steppers under the text: Nhì, Ba, Bét
            slot = (COL_W - 2 * PAD) // 3
            for i in range(3):
                stepper = Stepper((0, 0, slot - 58, PLACE_H), value[i], s.lo, s.hi, fonts,
                                  functools.partial(self._change_place, s.name, i))
                row.controls.append(stepper)
                row.offsets.append(pygame.Rect(PAD + i * slot + 50, text_h, slot - 58, PLACE_H))

    # -- scrolling -----------------------------------------------------------------------------------
    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - VIEW.h)

    def scroll_to(self, offset: float) -> None:
        self.scroll = min(self.max_scroll, max(0.0, offset))
        self.scrollbar.offset = self.scroll
        for row in self.rows:
            top_left = self.on_screen(row.rect).topleft
            for control, offset_rect in zip(row.controls, row.offsets):
                control.rect = offset_rect.move(top_left)
        self.invalidate()

    def _on_scroll(self, offset: float) -> None:
        self.scroll_to(offset)

    def on_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` (content coordinates) where it is drawn now."""
        return rect.move(VIEW.x, VIEW.y - round(self.scroll))

    def reveal(self, name: str) -> None:
        """Scroll so the row of switch ``name`` is in view."""
        row = self.row(name)
        if row.rect.y < self.scroll:
            self.scroll_to(row.rect.y)
        elif row.rect.bottom > self.scroll + VIEW.h:
            self.scroll_to(row.rect.bottom - VIEW.h)

    # -- state -----------------------------------------------------------------------------------------
    def row(self, name: str) -> Row:
        return next(r for r in self.rows if r.switch.name == name)

    def controls(self, name: str) -> list[Control]:
        """The control(s) of switch ``name`` (three steppers for rank_pay)."""
        return self.row(name).controls

    def _change_place(self, name: str, place: int, value: int) -> None:
        self._change(name, value, place)

    def _change(self, name: str, value: bool | int, place: int | None = None) -> None:
        self.rules = set_switch(self.rules, name, value, place)
        self.invalidate()

    def reset(self, preset: str) -> None:
        """Every switch back to ``preset``'s value (players and clock untouched)."""
        self.rules = preset_rules(preset, self.rules)
        for row in self.rows:
            value = getattr(self.rules, row.switch.name)
            for i, control in enumerate(row.controls):
                if isinstance(control, Toggle):
                    control.value = bool(value)
                else:
                    control.set_value(value[i] if row.switch.kind == PLACES else value)
        self.invalidate()

    def done(self) -> None:
        """Keep the rules: hand them over and close the page."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        self.on_done(self.rules)

    # -- input -------------------------------------------------------------------------------------------
    def _all_controls(self) -> list[Control]:
        return [c for row in self.rows for c in row.controls]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * WHEEL_PX)
            return
        if event.type == pygame.MOUSEBUTTONUP:
            for control in self._all_controls():   # a held stepper stops wherever the button comes up
                control.handle_event(event)
        elif hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            inside = VIEW.collidepoint(event.pos)
            for control in self._all_controls():
                if isinstance(control, Stepper) and not inside:
                    control.hover = control.held = 0
                elif inside and control.handle_event(event):
                    self.invalidate()
                    return
        super().handle_event(event)

    def on_key(self, key: int) -> None:
        steps = {pygame.K_UP: -WHEEL_PX, pygame.K_DOWN: WHEEL_PX, pygame.K_PAGEUP: -VIEW.h * 0.9,
                 pygame.K_PAGEDOWN: VIEW.h * 0.9, pygame.K_HOME: -1e9, pygame.K_END: 1e9}
        if key in steps:
            self.scroll_to(self.scroll + steps[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.done_button.click()

    def update(self, dt: float) -> None:
        super().update(dt)
        for control in self._all_controls():
            if isinstance(control, Stepper) and control.held:
                control.update(dt)
                self.invalidate()

    # -- drawing -------------------------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        """The rows on a layer clipped to the view and faded at an edge with more beyond it; then the footer."""
        self.fit.clear()
        if self._layer is None or self._layer.get_size() != surface.get_size():
            self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer = self._layer
        layer.fill(theme.CLEAR, VIEW)
        layer.set_clip(VIEW)
        zingplay = Rules.from_preset("zingplay")
        for row in self.rows:
            changed = getattr(self.rules, row.switch.name) != getattr(zingplay, row.switch.name)
            self._draw_row(layer, row, self.on_screen(row.rect), changed)
        layer.set_clip(None)
        top, bottom = self.scroll > 0, self.scroll < self.max_scroll
        if top or bottom:
            layer.blit(self._fade(top, bottom), VIEW.topleft, special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(layer, VIEW.topleft, VIEW)
        self._draw_footer(surface)

    def _fade(self, top: bool, bottom: bool) -> pygame.Surface:
        """A white mask whose alpha fades the rows out at the edges of the view that have more beyond them."""
        def make() -> pygame.Surface:
            mask = pygame.Surface(VIEW.size, pygame.SRCALPHA)
            mask.fill(theme.MASK_FULL)
            for i in range(FADE_PX):
                a = round(255 * (i / FADE_PX) ** 1.5)
                if top:
                    mask.fill((*theme.WHITE, a), (0, i, VIEW.w, 1))
                if bottom:
                    mask.fill((*theme.WHITE, a), (0, VIEW.h - 1 - i, VIEW.w, 1))
            return mask
        return self.art.cached(("house_fade", VIEW.size, top, bottom), make)

    def _draw_row(self, surface: pygame.Surface, row: Row, rect: pygame.Rect, changed: bool) -> None:
        card = self.art.cached(("house_row", rect.size),
                               lambda: gfx.rounded_rect(rect.size, theme.ROW_BAND, 12, 1, theme.GLASS_EDGE))
        surface.blit(card, rect)
        if changed:
            bar = self.art.cached(("house_bar", rect.h), lambda: gfx.rounded_rect((5, rect.h - 16), (*ACCENT, 255), 2))
            surface.blit(bar, (rect.x + 4, rect.y + 8))
        s = row.switch
        text_w = TEXT_W[s.kind]
        title = self.fit(tr(WORDS[s.name].name), TITLE_SIZE, LABEL, text_w, bold=True)
        surface.blit(title, (rect.x + PAD, rect.y + PAD - 4))
        y = rect.y + PAD - 4 + 26
        for line in row.help_lines:
            surface.blit(self.fit(line, HELP_SIZE, CAPTION, text_w), (rect.x + PAD, y))
            y += HELP_LINE
        for i, control in enumerate(row.controls):
            if isinstance(control, Toggle):
                state = self.fit(tr(N_("house.on") if control.value else N_("house.off")), 17, MUTED, STATE_W - 10)
                surface.blit(state, state.get_rect(midright=(control.rect.x - 10, control.rect.centery)))
            elif s.kind == PLACES:
                place = self.fit(tr(PLACE_KEYS[i]), 17, MUTED, 44, bold=True)
                surface.blit(place, place.get_rect(midright=(control.rect.x - 6, control.rect.centery)))
            control.draw(surface)

    def _draw_footer(self, surface: pygame.Surface) -> None:
        left = self.reset_buttons[NAMED_PRESETS[-1]].rect.right + 24
        width = self.done_button.rect.x - 24 - left
        status = self.fit(status_text(self.rules), 19, theme.TEXT, width, bold=True)
        surface.blit(status, status.get_rect(midleft=(left, FOOT_Y + 14)))
        hint = self.fit(tr("house.changed_hint"), 16, MUTED, width - 18)
        marker = self.art.cached(("house_hint_bar",), lambda: gfx.rounded_rect((5, 18), (*ACCENT, 255), 2))
        surface.blit(marker, (left, FOOT_Y + 32))
        surface.blit(hint, (left + 14, FOOT_Y + 31))
