"""RulesScene: the rules page — a contents column and the rules text with card examples, scrolled smoothly.

The text (``rules_text``) is laid out once per language and deck style into
one tall surface; the page shows a window of it. Mouse wheel, the scroll bar,
arrow/Page/Home/End keys and the contents entries move the window.
"""

from __future__ import annotations

import functools

import pygame

from tala_desktop.engine.cards import parse_card

from ..art import gfx, theme
from ..art.card_art import CardArt, card_size
from ..art.theme import CAPTION, EATEN_GOLD, GOLD, TEXT
from ..core.assets import Fonts
from ..core.i18n import N_, get_language, tr
from ..frames.page import PANEL, PageScene, fit_font_size, wrap_text
from ..shared.run_state import RunState
from ..shared.services import Services
from ..widgets.controls import Button
from ..widgets.form import ScrollBar
from .rules_text import Block, rules_for

TOC = pygame.Rect(PANEL.x + 22, PANEL.y + 24, 250, PANEL.h - 48)
VIEW = pygame.Rect(PANEL.x + 300, PANEL.y + 18, PANEL.w - 348, PANEL.h - 36)
BAR = pygame.Rect(PANEL.right - 34, VIEW.y + 6, 12, VIEW.h - 12)
WHEEL_PX = 72
CARD_W = 62
FADE_PX = 28


def layout_rules(blocks: tuple[Block, ...], width: int, fonts: Fonts, cards: CardArt
                 ) -> tuple[pygame.Surface, list[tuple[str, int]]]:
    """Draw ``blocks`` into one surface ``width`` wide; returns it and each heading's (text, y)."""
    items: list[tuple[int, pygame.Surface]] = []  # (x, image), stacked top to bottom with y from `ys`
    ys: list[int] = []
    headings: list[tuple[str, int]] = []
    body, bold = fonts.font(19), fonts.font(27, bold=True)
    y = 0
    for block in blocks:
        kind = block[0]
        if kind == "h":
            y += 30 if headings else 4
            headings.append((block[1], y))
            img = gfx.outlined_text(bold, block[1], GOLD, theme.HEADING_OUTLINE, 1)
            items.append((0, img))
            ys.append(y)
            y += img.get_height() + 4
            line = pygame.Surface((width, 2), pygame.SRCALPHA)
            line.fill(theme.RULES_DIVIDER)
            items.append((0, line))
            ys.append(y)
            y += 14
        elif kind in ("p", "b"):
            indent = 26 if kind == "b" else 0
            if kind == "b":
                items.append((6, gfx.render_line(body, "•", GOLD)))
                ys.append(y)
            for text in wrap_text(body, block[1], width - indent - 4):
                items.append((indent, gfx.render_line(body, text, TEXT)))
                ys.append(y)
                y += 28
            y += 8
        elif kind == "cards":
            img = _example(block[1], block[2], fonts, cards, width - 26)
            items.append((26, img))
            ys.append(y + 4)
            y += img.get_height() + 18
    out = pygame.Surface((width, y + 24), pygame.SRCALPHA)
    out.fill(theme.CLEAR)
    for (x, img), top in zip(items, ys):
        out.blit(img, (x, top))
    return out, headings


def _example(notation: str, caption: str, fonts: Fonts, cards: CardArt, width: int) -> pygame.Surface:
    """Card images for one example ("5h 6h 7h + 8h", groups split by "|") with its caption on the right."""
    cw, ch = card_size(CARD_W)
    pad = cards.shadow_pad(CARD_W)
    plus = gfx.outlined_text(fonts.font(34, bold=True), "+", GOLD, theme.HEADING_OUTLINE, 2)
    out = pygame.Surface((width, ch + 2 * pad), pygame.SRCALPHA)
    out.fill(theme.CLEAR)
    step = round(cw * 0.56)
    x = pad  # where the next card goes
    for g, group in enumerate(notation.split("|")):
        sent = False
        for token in group.split():
            if token == "+":
                end = x - step + cw  # the right edge of the card before
                out.blit(plus, plus.get_rect(center=(end + 22, pad + ch // 2)))
                x = end + 44
                sent = True
                continue
            cards.blit_card(out, cards.face(parse_card(token), CARD_W), (x, pad), glow=EATEN_GOLD if sent else None)
            x += step
        x += cw - step + (26 if g < notation.count("|") else 0)
    text = gfx.render_line(fonts.font(18), caption, CAPTION)
    out.blit(text, text.get_rect(midleft=(x + 28, pad + ch // 2)))
    return out



def _toc_pill(size: tuple[int, int]) -> pygame.Surface:
    """The gold pill behind the current section's name in the contents list."""
    return gfx.mask_with(gfx.vertical_gradient(size, theme.SELECTED_TOP, theme.SELECTED_BOTTOM),
                         gfx.rounded_rect(size, theme.MASK, size[1] // 2))

class RulesScene(PageScene):
    """Contents on the left, the scrolled rules on the right, a scroll bar at the edge."""

    title_key = N_("rules.title")

    def __init__(self, services: Services, run: RunState, tutorial: bool = True) -> None:
        self.run = run                       # the rules page is drawn once a run, per language and card colours
        self.offers_tutorial = tutorial      # False over a table: its game would go on under the guided one
        self.scroll = 0.0
        self.target = 0.0
        self.toc_hover: int | None = None
        super().__init__(services)

    def build(self) -> None:
        key = (get_language(), self.services.cards.four_colour)
        cache = self.run.rules_layout
        if key not in cache:
            cache.clear()
            cache[key] = layout_rules(rules_for(get_language()), VIEW.w, self.services.fonts, self.services.cards)
        self.content, self.headings = cache[key]
        self.scroll = self.target = 0.0
        self.bar = ScrollBar(BAR, self.content.get_height(), VIEW.h, self._dragged)
        fonts = self.services.fonts
        label = tr("rules.tutorial")
        self.tutorial_button = Button((1032, 30, 220, 50), label, fonts, self.open_tutorial, style="blue",
                                      font_size=fit_font_size(fonts, label, 196, 20),
                                      enabled=self.services.pages.tutorial is not None,
                                      visible=self.offers_tutorial)
        self.widgets.extend([self.bar, self.tutorial_button] if self.offers_tutorial else [self.bar])

    def open_tutorial(self) -> None:
        """The guided first game (Hướng dẫn), over this page: leaving it comes back here."""
        tutorial = self.services.pages.tutorial
        if self.stack is not None and tutorial is not None:
            self.stack.push(tutorial())

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content.get_height() - VIEW.h)

    def scroll_to(self, offset: float, smooth: bool = True) -> None:
        self.target = min(self.max_scroll, max(0.0, offset))
        if not smooth:
            self.scroll = self.target
        self.bar.offset = self.target
        self.invalidate()

    def _dragged(self, offset: float) -> None:
        self.scroll = self.target = offset

    def toc_rects(self) -> list[pygame.Rect]:
        step = min(44, TOC.h // max(1, len(self.headings)))
        return [pygame.Rect(TOC.x, TOC.y + i * step, TOC.w, step - 6) for i in range(len(self.headings))]

    def current_section(self) -> int:
        """The index of the heading at the top of the view."""
        current = 0
        at_end = self.target >= self.max_scroll - 1
        for i, (_, y) in enumerate(self.headings):
            if y <= self.target + VIEW.h * 0.25 or (at_end and y <= self.target + VIEW.h - 120):
                current = i
        return current

    # -- input ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.target - event.y * WHEEL_PX)
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and hasattr(event, "pos"):
            hit = next((i for i, r in enumerate(self.toc_rects()) if r.collidepoint(event.pos)), None)
            self.toc_hover = hit
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit is not None:
                self.scroll_to(self.headings[hit][1])
                self.invalidate()
                return
        super().handle_event(event)

    def on_key(self, key: int) -> None:
        moves = {pygame.K_DOWN: WHEEL_PX, pygame.K_UP: -WHEEL_PX, pygame.K_PAGEDOWN: VIEW.h * 0.9,
                 pygame.K_PAGEUP: -VIEW.h * 0.9, pygame.K_SPACE: VIEW.h * 0.9}
        if key in moves:
            self.scroll_to(self.target + moves[key])
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.scroll != self.target:
            gap = self.target - self.scroll
            self.scroll = self.target if abs(gap) < 0.5 else self.scroll + gap * min(1.0, dt * 14)
            self.bar.offset = self.scroll

    def animating(self) -> bool:
        return self.scroll != self.target

    # -- drawing ---------------------------------------------------------------------------------
    def draw_page(self, surface: pygame.Surface) -> None:
        current = self.current_section()
        for i, (rect, (text, _)) in enumerate(zip(self.toc_rects(), self.headings)):
            if i == current:
                pill = self.art.cached(("toc_on", rect.size), functools.partial(_toc_pill, rect.size))
                surface.blit(pill, rect)
            elif i == self.toc_hover:
                hover = functools.partial(gfx.rounded_rect, rect.size, theme.TOC_HOVER, rect.h // 2)
                surface.blit(self.art.cached(("toc_hover", rect.size), hover), rect)
            colour = theme.SELECTED_TEXT if i == current else TEXT
            size = 19
            label = gfx.render_line(self.services.fonts.font(size, bold=i == current), text, colour)
            while label.get_width() > rect.w - 28 and size > 13:  # a long heading: a smaller font, never squeezed
                size -= 1
                label = gfx.render_line(self.services.fonts.font(size, bold=i == current), text, colour)
            surface.blit(label, label.get_rect(midleft=(rect.x + 16, rect.centery)))
        pygame.draw.line(surface, theme.PANEL_GOLD, (VIEW.x - 16, VIEW.y + 10), (VIEW.x - 16, VIEW.bottom - 10))
        top = round(self.scroll)
        area = pygame.Rect(0, top, VIEW.w, min(VIEW.h, self.content.get_height() - top))
        view = pygame.Surface(area.size, pygame.SRCALPHA)
        view.fill(theme.CLEAR)
        view.blit(self.content, (0, 0), area)
        fade = self._fade(area.size, top > 0, top < self.max_scroll - 1)
        view.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(view, VIEW.topleft)
        if self.max_scroll > 0 and self.scroll < self.max_scroll - 1:
            hint = self.art.text(tr("rules.scroll_hint"), 16, CAPTION)
            surface.blit(hint, hint.get_rect(bottomleft=(TOC.x + 16, TOC.bottom)))

    def _fade(self, size: tuple[int, int], top: bool, bottom: bool) -> pygame.Surface:
        """A white mask whose alpha fades the text out at the edges of the view that have more beyond them."""
        def make() -> pygame.Surface:
            mask = pygame.Surface(size, pygame.SRCALPHA)
            mask.fill(theme.MASK_FULL)
            for i in range(FADE_PX):
                a = round(255 * (i / FADE_PX) ** 1.5)
                if top:
                    mask.fill((*theme.WHITE, a), (0, i, size[0], 1))
                if bottom:
                    mask.fill((*theme.WHITE, a), (0, size[1] - 1 - i, size[0], 1))
            return mask
        return self.art.cached(("rules_fade", size, top, bottom), make)
