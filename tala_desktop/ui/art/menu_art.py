"""Menu art: the lobby felt, the "Tá Lả" logo with its card fan, page headers and panels, cached per size.

One ``MenuArt`` is shared by the menu pages (``services.menu_art`` keeps it); everything is drawn
with pygame at the logical size and cached, so an idle menu costs one blit per layer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable

import pygame

from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from . import gfx, theme
from .card_art import CardArt, card_size
from .shapes import render_suit
from .theme import CREAM, Colour

FAN_CARDS = (9 + 39, 10, 11 + 39, 12, 0 + 39)  # 10♥ J♠ Q♥ K♠ A♥: a royal run held up in a fan


class MenuArt:
    """Draws and caches the lobby's art for a ``Fonts`` and ``CardArt``."""

    def __init__(self, fonts: Fonts, cards: CardArt) -> None:
        self.fonts = fonts
        self.cards = cards
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(400)

    def cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The image kept for ``key``, or ``make()``'s, optimised and kept (the pages cache their panels here)."""
        return self._cache.get(key, lambda: gfx.optimise(make()))

    # -- background -----------------------------------------------------------
    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """Deep green felt: radial light, a faint pattern of suits, a warm glow top left, a vignette."""
        return self.cached(("bg", size), lambda: self._background(size))

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        small = pygame.Surface((max(8, w // 8), max(8, h // 8)))
        sw, sh = small.get_size()
        small.fill(theme.MENU_FELT_EDGE)
        for i in range(40):
            t = i / 39
            rect = pygame.Rect(0, 0, round(sw * 1.6 * (1 - t)), round(sh * 1.9 * (1 - t)))
            rect.center = (round(sw * 0.45), round(sh * 0.42))
            pygame.draw.ellipse(small, gfx.lerp_colour(theme.MENU_FELT_EDGE, theme.MENU_FELT_CENTRE, t ** 0.7), rect)
        out = pygame.transform.smoothscale(small, (w, h))
        pattern = pygame.Surface((w, h), pygame.SRCALPHA)
        pattern.fill(theme.CLEAR)
        step = max(40, round(h / 9))
        pips = [render_suit(s, step // 3, theme.WHITE) for s in range(4)]
        for img in pips:
            img.set_alpha(9)
        for row, y in enumerate(range(-step, h + step, step)):
            for col, x in enumerate(range(-step, w + step, step)):
                pip = pips[(row + col) % 4]
                pattern.blit(pip, (x + (step // 2 if row % 2 else 0), y))
        out.blit(pattern, (0, 0))
        rng = random.Random(7)  # felt grain
        grain = pygame.Surface((w, h), pygame.SRCALPHA)
        grain.fill(theme.CLEAR)
        for _ in range(w * h // 90):
            v = rng.choice(theme.FELT_GRAIN)
            grain.set_at((rng.randrange(w), rng.randrange(h)), v)
        out.blit(grain, (0, 0))
        glow = pygame.Surface((sw, sh), pygame.SRCALPHA)
        glow.fill(theme.MENU_GLOW_CLEAR)
        for i in range(24):
            t = i / 23
            r = pygame.Rect(0, 0, round(sw * 0.9 * (1 - t)), round(sh * 1.2 * (1 - t)))
            r.center = (round(sw * 0.33), round(sh * 0.36))
            pygame.draw.ellipse(glow, (*theme.MENU_GLOW, round(46 * t ** 1.5)), r)
        out.blit(pygame.transform.smoothscale(glow, (w, h)), (0, 0))
        vignette = pygame.Surface((sw, sh), pygame.SRCALPHA)
        vignette.fill(theme.MENU_VIGNETTE)
        for i in range(32):
            t = i / 31
            r = pygame.Rect(0, 0, round(sw * 1.55 * (1 - t * 0.5)), round(sh * 1.6 * (1 - t * 0.5)))
            r.center = (sw // 2, sh // 2)
            pygame.draw.ellipse(vignette, (*theme.BLACK, round(170 * (1 - t) ** 2)), r)
        out.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
        return out

    def rays(self, radius: int, count: int = 18) -> pygame.Surface:
        """Soft light rays fanning out from the centre of a ``2*radius`` square, fading with distance."""
        return self.cached(("rays", radius, count), lambda: self._rays(radius, count))

    def _rays(self, radius: int, count: int) -> pygame.Surface:
        k = 4  # drawn at a quarter size and smoothscaled: soft edges for free
        r = max(8, radius // k)
        small = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        small.fill((*theme.RAYS, 0))
        for i in range(count):
            a0 = math.tau * i / count
            a1 = a0 + math.tau / count * 0.45
            angles = [a0 + (a1 - a0) * t / 6 for t in range(7)]
            pts = [(r, r)] + [(r + 1.5 * r * math.cos(a), r + 1.5 * r * math.sin(a)) for a in angles]
            pygame.draw.polygon(small, (*theme.RAYS, 255), pts)
        fade = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        fade.fill(theme.MASK_EMPTY)
        for i in range(32):
            t = i / 31
            pygame.draw.circle(fade, (*theme.WHITE, round(40 * t ** 1.6)), (r, r), max(1, r * (1 - t)))
        small.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return pygame.transform.smoothscale(small, (2 * radius, 2 * radius))

    # -- logo -------------------------------------------------------------------
    def gold_text(self, text: str, size: int, outline: int | None = None) -> pygame.Surface:
        """Bold text in a vertical gold gradient with a dark outline and a soft drop shadow."""
        return self.cached(("gold", text, size, outline), lambda: self._gold_text(text, size, outline))

    def _gold_text(self, text: str, size: int, outline: int | None) -> pygame.Surface:
        font = self.fonts.font(size, bold=True)
        px = outline if outline is not None else max(2, size // 14)
        white = gfx.render_line(font, text, theme.WHITE)
        tw, th = white.get_size()
        body = white.copy()
        band = pygame.Surface((tw, th))
        top = round(th * 0.18)
        band.blit(gfx.vertical_gradient((tw, th - top), theme.LOGO_GOLD_LIGHT, theme.LOGO_GOLD_DARK), (0, top))
        band.fill(theme.LOGO_GOLD_LIGHT, (0, 0, tw, top))
        body.blit(band, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        edge = gfx.render_line(font, text, theme.LOGO_OUTLINE)
        pad = px + max(4, size // 10)
        out = pygame.Surface((tw + 2 * pad, th + 2 * pad), pygame.SRCALPHA)
        out.fill(theme.CLEAR)
        shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        shadow.fill(theme.CLEAR)
        dark = gfx.render_line(font, text, theme.BLACK)
        for dx in range(-px, px + 1):
            for dy in range(-px, px + 1):
                if dx * dx + dy * dy <= px * px + 1:
                    shadow.blit(dark, (pad + dx, pad + dy + max(2, size // 18)))
        shadow = pygame.transform.gaussian_blur(shadow, max(2, size // 20))
        shadow.fill(theme.LOGO_SHADOW, special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(shadow, (0, 0))
        for dx in range(-px, px + 1):
            for dy in range(-px, px + 1):
                if dx * dx + dy * dy <= px * px + 1:
                    out.blit(edge, (pad + dx, pad + dy))
        out.blit(body, (pad, pad))
        return out

    def fan_card(self, card: int, width: int, degrees: float) -> pygame.Surface:
        """One card face with its shadow, rotated ``degrees`` clockwise (cached per whole degree)."""
        deg = round(degrees)
        return self.cached(("fan", card, width, deg, self.cards.four_colour),
                            lambda: self._fan_card(card, width, deg))

    def _fan_card(self, card: int, width: int, deg: int) -> pygame.Surface:
        face = self.cards.face(card, width)
        pad = self.cards.shadow_pad(width)
        w, h = face.get_size()
        both = pygame.Surface((w + 2 * pad, h + 2 * pad + 4), pygame.SRCALPHA)
        both.fill(theme.CLEAR)
        both.blit(self.cards.shadow(width), (0, 4))
        both.blit(face, (pad, pad))
        return pygame.transform.rotozoom(both, -deg, 1.0)

    def draw_fan(self, surface: pygame.Surface, pivot: tuple[float, float], width: int, openness: float,
                 cards: tuple[int, ...] = FAN_CARDS, spread: float = 13.0) -> None:
        """Cards held in a fan whose pivot (the "hand") is ``pivot``; ``openness`` 0 = stacked, 1 = spread."""
        n = len(cards)
        h = card_size(width)[1]
        radius = h * 1.05
        for i, card in enumerate(cards):
            deg = openness * spread * (i - (n - 1) / 2)
            a = math.radians(deg)
            cx, cy = pivot[0] + radius * math.sin(a), pivot[1] - radius * math.cos(a)
            img = self.fan_card(card, width, deg)
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))

    def ribbon(self, text: str, width: int, height: int) -> pygame.Surface:
        """A red ribbon with folded ends and cream bold text, under the title."""
        return self.cached(("ribbon", text, width, height), lambda: self._ribbon(text, width, height))

    def _ribbon(self, text: str, width: int, height: int) -> pygame.Surface:
        k = 3
        big = pygame.Surface((width * k, height * k), pygame.SRCALPHA)
        big.fill(theme.CLEAR)
        W, H = width * k, height * k
        tail = H * 0.7
        notch = H * 0.28
        dark, mid = theme.RIBBON_DARK, theme.RIBBON
        for x0, sign in ((0, 1), (W, -1)):  # tails behind the band
            pts = [(x0, H * 0.25), (x0 + sign * tail, H * 0.25), (x0 + sign * tail, H), (x0, H),
                   (x0 + sign * notch, H * 0.62)]
            pygame.draw.polygon(big, dark, pts)
        band = pygame.Rect(round(tail * 0.55), 0, round(W - tail * 1.1), round(H * 0.8))
        pygame.draw.rect(big, mid, band, border_radius=round(H * 0.12))
        pygame.draw.rect(big, theme.RIBBON_EDGE, band, max(2, k * 2), border_radius=round(H * 0.12))
        out = pygame.transform.smoothscale(big, (width, height))
        label = gfx.outlined_text(self.fonts.font(round(height * 0.42), bold=True), text, CREAM,
                                  theme.RIBBON_TEXT_EDGE, 2)
        out.blit(label, label.get_rect(center=(width / 2, height * 0.4)))
        return out

    # -- pages ------------------------------------------------------------------
    def text(self, text: str, size: int, colour: Colour = CREAM, bold: bool = False) -> pygame.Surface:
        """A line of text with a 1-2 px dark drop shadow, cached."""
        return self.cached(("text", text, size, colour, bold),
                           lambda: gfx.shadowed_text(self.fonts.font(size, bold), text, colour, size))

    def panel(self, size: tuple[int, int]) -> pygame.Surface:
        """The dark glassy page panel with a thin gold border and a lighter top edge."""
        return self.cached(("panel", size), lambda: self._panel(size))

    def _panel(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        out = pygame.Surface((w + 40, h + 40), pygame.SRCALPHA)
        out.fill(theme.CLEAR)
        out.blit(gfx.soft_shadow((w, h), 22, 20, alpha=150), (0, 8))
        body = gfx.rounded_rect((w, h), theme.PAGE_PANEL_FILL, 22, 2, theme.PAGE_PANEL_EDGE)
        shine = pygame.Surface((w, h), pygame.SRCALPHA)  # light from above, fading out by a third of the height
        for y in range(h // 3):
            shine.fill((*theme.WHITE, round(16 * (1 - y / (h / 3)) ** 2)), (0, y, w, 1))
        body.blit(gfx.mask_with(shine, gfx.rounded_rect((w, h), theme.MASK, 22)), (0, 0))
        out.blit(body, (20, 20))
        return out

    def divider(self, width: int) -> pygame.Surface:
        """A thin gold line that fades out at both ends."""
        def make() -> pygame.Surface:
            line = pygame.Surface((width, 2), pygame.SRCALPHA)
            for x in range(width):
                a = round(200 * math.sin(math.pi * x / max(1, width - 1)) ** 0.8)
                line.fill((*theme.LOGO_GOLD_MID, a), (x, 0, 1, 2))
            return line
        return self.cached(("divider", width), make)
