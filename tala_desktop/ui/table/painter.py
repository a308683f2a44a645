"""Table rendering: paints one frame of the table (felt, seats, clock ring, rows of cards, stock, log, status).

``TablePainter.draw(surface, view)`` reads only the frame's ``TableView``
(view.py: the layout, the model, the highlights, where your hand and the
animations are, the clock, the status line, the buttons' looks, the words
already said, the felt's colour and how cards are drawn) and paints; it
imports neither the settings nor the translations. It caches what it
renders (felt, avatars, text, plates, buttons) by content so an unchanged
frame costs blits, not rendering.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ..art import gfx, theme
from ..art.avatars import Faces
from ..art.card_art import CardArt
from ..art.card_text import render_card_text
from ..art.felt_colours import recolour_felt
from ..art.table_art import chip, draw_countdown_ring, felt, ring_colour
from ..art.theme import (
    CLOCK_DISC,
    CLOCK_PLENTY,
    CYAN,
    EATABLE,
    EATEN_GOLD,
    FELT_MUTED,
    GOLD,
    LAST_DISCARD,
    WHITE,
    Colour,
)
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from ..widgets.button_look import ButtonImages
from ..widgets.controls import BannerLook, banner_image
from ..widgets.text_fit import FittedName, fit_name
from .anim import AmountLook, draw_flights, draw_overlays
from .celebration import TURNED_LIMIT
from .hand_view import draw_hand
from .layout import CLOCK_LABEL_R, RING_GAP, RING_PULSE
from .log_box import log_rows
from .view import TableView

RING_PULSE_AT = 5.0    # seconds left when the ring starts pulsing
CACHE_LIMIT = 400      # images the painter keeps: texts, plates, avatars, chips at this window's size
BUTTON_IMAGES = 48     # button faces the painter keeps: the table's buttons and controls in their states


class TablePainter:
    """Draws a TableView; holds only caches."""

    def __init__(self, fonts: Fonts, cards: CardArt, faces: Faces) -> None:
        self.fonts = fonts
        self.art = cards
        self.faces = faces
        self.buttons = ButtonImages(fonts, BUTTON_IMAGES)
        self._turned: SurfaceCache[pygame.Surface] = SurfaceCache(TURNED_LIMIT)    # a celebration's fanned cards
        self._felt: tuple[tuple[int, int], str, pygame.Surface] | None = None
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(CACHE_LIMIT)
        self._log_rows: tuple[object, list[tuple[str, bool]]] = (None, [])   # the log's rows, by what made them

    # ------------------------------------------------------------------ caches
    def _cached(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self._cache.get(key, lambda: gfx.optimise(make()))

    def text(self, text: str, size: int, colour: Colour = WHITE, bold: bool = False,
             max_width: int | None = None, shadow: bool = True) -> pygame.Surface:
        def make() -> pygame.Surface:
            font = self.fonts.font(size, bold)
            if not shadow:
                return gfx.render_text(font, text, colour, max_width)
            return gfx.shadowed_text(font, text, colour, size, max_width)
        return self._cached(("text", text, size, colour, bold, max_width, shadow), make)

    def card_text(self, text: str, size: int, colour: Colour, bold: bool = False,
                  max_width: int | None = None, four: bool = False) -> pygame.Surface:
        """A log line whose card names are drawn like the cards (paper tags in suit ink, ``four`` colours), cached."""
        return self._cached(("card_text", text, size, colour, bold, max_width, four), lambda: render_card_text(
            self.fonts.font(size, bold), text, colour, four, max_width))

    def panel(self, size: tuple[int, int], colour: tuple[int, int, int, int], radius: int,
              border: tuple[int, int, int, int] | None = theme.PANEL_EDGE_FAINT) -> pygame.Surface:
        return self._cached(("panel", size, colour, radius, border),
                            lambda: gfx.rounded_rect(size, colour, radius, 1 if border else 0, border))

    def felt(self, size: tuple[int, int], colour: str) -> pygame.Surface:
        """The table cloth for a canvas of ``size`` in ``colour`` (the player's choice)."""
        if self._felt is None or self._felt[:2] != (size, colour):
            img = recolour_felt(felt(size), colour)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                img = img.convert()
            self._felt = (size, colour, img)
        return self._felt[2]

    def banner_image(self, b: BannerLook) -> pygame.Surface:
        return self._cache.get(("banner", b.text, b.colour, b.size),
                               lambda: banner_image(self.fonts, b.text, b.colour, b.size))

    def amount_image(self, a: AmountLook) -> pygame.Surface:
        """A rising amount's words on a dark pill (the status line's), cached per look."""
        def make() -> pygame.Surface:
            img = self.text(a.words, a.size, a.colour, bold=True)
            pad_x, pad_y = a.pad
            size = (img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y)
            out = gfx.rounded_rect(size, theme.AMOUNT_PILL, size[1] // 2)
            out.blit(img, (pad_x, pad_y))
            return out
        return self._cache.get(("amount", a), make)

    def chip(self, d: int) -> pygame.Surface:
        return self._cached(("chip", d), lambda: chip(d))

    def avatar(self, name: str, d: int, gone: bool, look: int | None = None) -> pygame.Surface:
        """A seat's avatar: the profile's chosen look for you (``look``), the name's colour for the others."""
        def make() -> pygame.Surface:
            img = self.faces.face(name, look, d)
            if gone:
                img = img.copy()
                img.fill(theme.SEAT_GONE, special_flags=pygame.BLEND_RGB_MULT)
            return img
        return self._cached(("avatar", name, d, gone, look), make)

    # ------------------------------------------------------------------ the frame
    def draw(self, surface: pygame.Surface, view: TableView) -> None:
        """One frame of the table, from its view."""
        L = view.layout
        w, h = surface.get_size()
        cloth = self.felt((w - L.dock, h) if L.dock else (w, h), view.felt)   # the table; a docked panel's strip
        surface.blit(cloth, (0, 0))
        if L.dock:                                                  # ... in the backdrop's colour at the edge
            surface.fill(cloth.get_at((cloth.get_width() - 1, h // 2)), (w - L.dock, 0, L.dock, h))
        self.draw_header(surface, view)
        if not view.log_open:
            self.draw_log(surface, view)
        m = view.model
        if m is None:
            img = self.text(view.words.waiting, view.layout.px(26), WHITE, bold=True)
            surface.blit(img, img.get_rect(center=surface.get_rect().center))
            for b in view.controls:
                self.buttons.draw(surface, b)
            return
        for seat in range(m.n):
            self.draw_rows(surface, view, seat)
        self.draw_stock(surface, view)
        for seat in range(m.n):
            self.draw_seat(surface, view, seat)
        self.draw_send_arrows(surface, view)
        anim = view.anim
        four = view.cards.four_colour
        draw_hand(surface, self.art, view.hand, anim.hidden_cards, lambda c: anim.shake(("hand", c)),
                  view.highlights.outline, four)
        self.draw_status(surface, view)
        for b in (*view.buttons, *view.controls):
            self.buttons.draw(surface, b)
        draw_flights(surface, self.art, anim, self.chip(anim.chip_size), four, view.cards.back)
        draw_overlays(surface, self.art, anim, four, self._turned, self.banner_image, self.amount_image)
        if view.log_open:                    # opened, the log lies over the table until folded
            self.draw_log(surface, view)

    # ------------------------------------------------------------------ header, log, status
    def draw_header(self, surface: pygame.Surface, view: TableView) -> None:
        """The table's number and bet, and under them the rule set ("Zingplay", "Cơ bản", "Tùy chỉnh"); a table still
        waiting for its game shows the bet it was opened with, or only its number when that is not known yet."""
        L = view.layout
        m = view.model
        img = self.text(view.words.title, L.px(17), GOLD, bold=True, max_width=L.info.w)
        if m is None:
            surface.blit(img, img.get_rect(midright=(L.info.right, L.info.centery)))
            return
        surface.blit(img, img.get_rect(topright=(L.info.right, L.info.y + L.px(2))))
        rules = self.text(view.words.rules, L.px(14), FELT_MUTED, max_width=L.info.w)
        surface.blit(rules, rules.get_rect(topright=(L.info.right, L.info.y + L.px(26))))

    def draw_log(self, surface: pygame.Surface, view: TableView) -> None:
        """The game log's last lines in its corner; opened, every line it shows in a taller box. A mark at its
        corner says a click opens (▾) or folds (▴) it."""
        lines = view.log if view.log_open else view.log[-5:]
        if not lines:
            return
        L = view.layout
        line_h = L.px(24)
        high = L.px(12) + line_h * len(lines)
        r = pygame.Rect(L.log.x, L.log.y, L.log.w, high if view.log_open else min(L.log.h, high))
        surface.blit(self.panel(r.size, theme.LOG_FILL, L.px(10), theme.LOG_EDGE), r.topleft)
        mark = self.text("▴" if view.log_open else "▾", L.px(15), FELT_MUTED)
        surface.blit(mark, mark.get_rect(bottomright=(r.right - L.px(8), r.bottom - L.px(3))))
        size, four = L.px(15), view.cards.four_colour
        room = r.w - L.px(20) - mark.get_width() - L.px(6)        # the bottom row shares its room with the mark

        def width(text: str) -> int:
            return self.card_text(text, size, WHITE, bold=True, four=four).get_width()

        key = (lines, room, size, four)
        if self._log_rows[0] != key:              # the same lines every frame until a move: broken once
            self._log_rows = (key, log_rows(lines, len(lines), width, room))
        rows = self._log_rows[1]
        y = r.y + L.px(7)
        for i, (text, fresh) in enumerate(rows):
            last = i == len(rows) - 1
            img = self.card_text(text, size, WHITE if fresh else FELT_MUTED, bold=fresh,
                                 max_width=room if last else room + mark.get_width() + L.px(6), four=four)
            surface.blit(img, (r.x + L.px(10), y))
            y += line_h

    def draw_status(self, surface: pygame.Surface, view: TableView) -> None:
        text, colour = view.status
        if not text:
            return
        L = view.layout
        img = self.text(text, L.px(19), colour, bold=True, max_width=L.status.w - L.px(40), shadow=False)
        pad = L.px(18)
        size = (img.get_width() + 2 * pad, L.status.h)
        pill = self.panel(size, theme.STATUS_PILL, size[1] // 2, None)
        rect = pill.get_rect(center=L.status.center)
        surface.blit(pill, rect)
        surface.blit(img, img.get_rect(center=rect.center))

    # ------------------------------------------------------------------ rows of table cards
    def draw_rows(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        m, L, art = view.model, view.layout, self.art
        assert m is not None
        tw = L.table_card[0]
        pad = art.shadow_pad(tw)
        hidden = view.anim.hidden_cards
        pile = m.piles[seat]
        for i, (c, r) in enumerate(zip(pile, L.pile_rects(seat, len(pile)))):
            if c in hidden:
                continue
            x = r.x + view.anim.shake(("pile", c))
            art.blit_card(surface, art.face(c, tw, view.cards.four_colour), (x, r.y))
            last = m.last_discard is not None and m.last_discard == (seat, c) and i == len(pile) - 1
            if last and view.highlights.discard_glow:  # eatable: the green of your cards that complete it
                glow = art.glow(tw, EATABLE).copy()
                glow.set_alpha(round(150 + 105 * view.pulse))
                surface.blit(glow, (x - pad, r.y - pad))
            elif last:
                surface.blit(art.glow(tw, LAST_DISCARD), (x - pad, r.y - pad))
        if seat != m.me:
            eaten = m.eaten[seat]
            for c, r in zip(eaten, L.eaten_rects(seat, len(eaten))):
                if c in hidden:
                    continue
                art.blit_card(surface, art.face(c, tw, view.cards.four_colour), r.topleft)
                surface.blit(art.glow(tw, EATEN_GOLD), (r.x - pad, r.y - pad))
        laid = m.laid[seat]
        sizes = [len(ph) for ph in laid]
        groups = L.laid_group_rects(seat, sizes)
        for k, (cards, rects) in enumerate(zip(laid, L.laid_rects(seat, sizes))):
            colour = view.highlights.send_targets.get((seat, k))
            if colour is not None:
                ring = art.outline(groups[k].size, colour, tw)
                surface.blit(ring, (groups[k].x - pad, groups[k].y - pad))
            for c, r in zip(cards, rects):
                if c not in hidden:
                    art.blit_card(surface, art.face(c, tw, view.cards.four_colour), r.topleft, shadow=c == cards[0])

    def draw_stock(self, surface: pygame.Surface, view: TableView) -> None:
        m, L, art = view.model, view.layout, self.art
        assert m is not None
        count = m.stock_count + view.anim.from_stock
        r = L.stock
        tw = L.table_card[0]
        if count > 0:
            layers = min(4, 1 + count // 6)
            back = art.back(tw, view.cards.back)
            for i in range(layers):
                art.blit_card(surface, back, (r.x - 2 * (layers - 1 - i), r.y - 2 * (layers - 1 - i)), shadow=i == 0)
            if view.highlights.stock_glow:
                glow = art.glow(tw, WHITE if view.highlights.discard_glow else GOLD).copy()
                glow.set_alpha(round(150 + 105 * view.pulse))
                pad = art.shadow_pad(tw)
                surface.blit(glow, (r.x - pad, r.y - pad))
        img = self.text(view.words.stock, L.px(16), WHITE, bold=True)
        surface.blit(img, img.get_rect(center=L.stock_label.center))

    # ------------------------------------------------------------------ seats
    def draw_seat(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        m, L = view.model, view.layout
        assert m is not None
        g = L.seat(seat)
        cx, cy = g.avatar_centre
        r = g.avatar_radius
        active = m.to_move == seat and not m.is_over
        remaining, total = view.remaining(seat)
        thick = self.ring_width(view, seat)
        if active and total > 0:
            draw_countdown_ring(surface, (cx, cy), r + L.px(RING_GAP), remaining, total, thick)
        elif active:
            pygame.draw.circle(surface, CLOCK_PLENTY, (cx, cy), r + L.px(RING_GAP) + thick // 2, thick)
        surface.blit(self.avatar(m.names[seat], 2 * r, m.left[seat], view.look_of(seat)), (cx - r, cy - r))
        if active and total > 0:
            self.draw_seconds(surface, L.clock_label_centre(seat), remaining, L.px(CLOCK_LABEL_R))
        self.draw_plate(surface, view, seat)
        if seat != m.me:
            self.draw_backs(surface, view, seat)
        badge = view.words.seats[seat].badge
        if badge is not None:
            text, colour, big = badge
            self.draw_badge(surface, L.badge_pos(seat), text, colour, L.px(15 if big else 13))
        if view.thinking_seat == seat and active:
            self.draw_thinking(surface, view, seat)

    def draw_seconds(self, surface: pygame.Surface, centre: tuple[int, int], remaining: float, r: int) -> None:
        """The whole seconds left, on a dark disc edged in the ring's colour."""
        seconds = math.ceil(remaining)
        colour = ring_colour(remaining)
        disc = self._cached(("clock_disc", r, colour), lambda: _disc(r, colour))
        surface.blit(disc, disc.get_rect(center=centre))
        img = self.text(str(seconds), max(9, round(r * 1.15)), WHITE, bold=True, shadow=False)
        surface.blit(img, img.get_rect(center=centre))

    def ring_width(self, view: TableView, seat: int) -> int:
        """The clock ring's thickness: thick, and pulsing twice a second in the last five seconds."""
        L = view.layout
        base = L.ring_width()
        remaining, total = view.remaining(seat)
        if total <= 0 or not 0 < remaining <= RING_PULSE_AT:
            return base
        return base + round(L.px(RING_PULSE) * (0.5 + 0.5 * math.sin(view.now * math.tau * 2)))

    def draw_plate(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        m, L = view.model, view.layout
        assert m is not None
        p = L.seat(seat).plate
        surface.blit(self.panel(p.size, theme.SEAT_PLATE, L.px(10)), p.topleft)
        extra, fitted = plate_words(self.fonts, view, seat)      # the name smaller, then cut: never squeezed
        y2 = p.y + p.h - L.px(24)
        if extra:
            img = self.text(extra, L.px(14), FELT_MUTED)
            surface.blit(img, img.get_rect(topright=(p.right - L.px(8), p.y + L.px(7))))
        name = self.text(fitted.text, fitted.size, WHITE, bold=True)
        surface.blit(name, name.get_rect(midleft=(p.x + L.px(8), p.y + L.px(5) + L.px(16) * 3 // 5)))
        chip_d = L.px(14)
        surface.blit(self.chip(chip_d), (p.x + L.px(8), y2 + L.px(3)))
        bal = self.text(view.words.seats[seat].chips, L.px(15), GOLD, bold=True)
        surface.blit(bal, (p.x + L.px(8) + chip_d + L.px(5), y2))

    def draw_backs(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        m, L, art = view.model, view.layout, self.art
        assert m is not None
        count = max(0, m.counts[seat] - view.anim.hidden_backs.get(seat, 0))
        bw = L.back_card[0]
        for r in L.backs_rects(seat, count):
            art.blit_card(surface, art.back(bw, view.cards.back), r.topleft, shadow=False)

    def draw_badge(self, surface: pygame.Surface, centre: tuple[int, int], text: str, colour: Colour,
                   size: int) -> None:
        img = self.text(text, size, WHITE, bold=True, shadow=False)
        pad = max(4, size // 2)
        pill_size = (img.get_width() + 2 * pad, img.get_height() + max(2, size // 4))
        pill = self.panel(pill_size, (*colour, 240), pill_size[1] // 2, theme.BADGE_EDGE)
        rect = pill.get_rect(center=centre)
        surface.blit(pill, rect)
        surface.blit(img, img.get_rect(center=rect.center))

    def draw_thinking(self, surface: pygame.Surface, view: TableView, seat: int) -> None:
        L = view.layout
        rect = L.thinking_rect(seat)
        w, h = rect.size
        surface.blit(self.panel((w, h), theme.THINKING_BUBBLE, h // 2, None), rect)
        lit = int(view.now * 3) % 3
        for i in range(3):
            colour = theme.THINKING_DOT_LIT if i == lit else theme.THINKING_DOT
            pygame.draw.circle(surface, colour, (rect.x + w // 4 * (i + 1), rect.centery), max(2, L.px(3)))

    # ------------------------------------------------------------------ sends
    def draw_send_arrows(self, surface: pygame.Surface, view: TableView) -> None:
        m, L = view.model, view.layout
        assert m is not None
        for card, (seat, k) in view.highlights.send_arrows.items():
            start_rect = view.hand.rect_of(card)
            if start_rect is None or card in view.anim.hidden_cards:
                continue
            sizes = [len(ph) for ph in m.laid[seat]]
            groups = L.laid_group_rects(seat, sizes)
            if k >= len(groups):
                continue
            target = groups[k]
            start = (start_rect.centerx, start_rect.y + L.px(4))
            end = (target.centerx, target.bottom + L.px(6)) if target.centery < start[1] else target.midtop
            _arrow(surface, start, end, CYAN, max(2, L.px(3)), L.px(12))


def _disc(r: int, edge: Colour) -> pygame.Surface:
    """A dark disc of radius ``r`` with an antialiased rim of ``edge``."""
    d = 2 * r + 2
    img = pygame.Surface((d, d), pygame.SRCALPHA)
    img.fill(theme.CLEAR)
    pygame.draw.aacircle(img, edge, (d / 2, d / 2), r)
    pygame.draw.aacircle(img, CLOCK_DISC, (d / 2, d / 2), r - max(2, r // 6))
    return img


def _arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float], colour: Colour,
           width: int, head: int) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    base = (end[0] - ux * head, end[1] - uy * head)
    shadow = theme.ARROW_SHADOW
    pygame.draw.line(surface, shadow, (start[0] + 1, start[1] + 1), (base[0] + 1, base[1] + 1), width + 2)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55)
    right = (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)
    pygame.draw.polygon(surface, colour, [end, left, right])
    pygame.draw.aalines(surface, colour, True, [end, left, right])


def plate_words(fonts: Fonts, view: TableView, seat: int) -> tuple[str, FittedName]:
    """What a seat's name plate says beside the chips: its count of cards (your points), and the name as it fits the
    rest of the plate's first row (``cut``: its full name shows on hover)."""
    m, L = view.model, view.layout
    assert m is not None
    extra = view.words.seats[seat].beside
    inner = L.seat(seat).plate.w - L.px(16)
    if extra:
        inner -= gfx.text_size(fonts.font(L.px(14)), extra)[0] + L.px(1) + L.px(6)
    return extra, fit_name(fonts, m.names[seat], L.px(16), inner)
