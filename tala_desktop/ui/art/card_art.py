"""Card art: card faces, backs, shadows and highlights drawn at any pixel width.

Cards are generated with pygame drawing (supersampled shapes, native-size
text) at the exact width the scene needs and cached by (card, width,
four_colour). A card is the engine's int ``suit * 13 + rank`` (rank 0 = A,
suit 0=♠ 1=♣ 2=♦ 3=♥); every surface is ``card_size(width)`` pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from . import gfx
from .shapes import SUPERSAMPLE, draw_emblem, draw_suit, render_suit
from .theme import (
    BACK_COLOURS,
    CARD_EDGE,
    CARD_PAPER,
    CLEAR,
    COURT_GOLD,
    COURT_TINT,
    EATEN_GOLD,
    MASK_FULL,
    SUIT_COLOURS_2,
    SUIT_COLOURS_4,
    Colour,
)

ASPECT = 1.4  # height / width, close to a poker card's 88 / 63
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# Pip layouts: (column -1/0/1, row 0..1) for ranks 2..10; rows > 0.5 are drawn upside down.
_L, _C, _R = -1, 0, 1
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
         (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1), (_R, 1)),
}


def card_size(width: int) -> tuple[int, int]:
    """Pixel size of a card drawn ``width`` pixels wide."""
    width = max(8, int(width))
    return width, round(width * ASPECT)


def corner_radius(width: int) -> int:
    return max(2, round(width * 0.075))


def suit_colour(suit: int, four_colour: bool = False) -> Colour:
    return (SUIT_COLOURS_4 if four_colour else SUIT_COLOURS_2)[suit]


def dim(surface: pygame.Surface, factor: float = 0.55) -> pygame.Surface:
    """A darkened copy (alpha kept), for cards that cannot be played."""
    out = surface.copy()
    v = max(0, min(255, round(255 * factor)))
    out.fill((v, v, v), special_flags=pygame.BLEND_RGB_MULT)
    return out


class CardArt:
    """Renders and caches card faces, backs, shadows and highlight outlines.

    ``four_colour`` and ``back_colour`` are the defaults used when a call does
    not say; the cache holds at most ``cache_size`` surfaces (least recently
    used are dropped), so resizing the window does not grow memory forever.
    """

    def __init__(
        self, fonts: Fonts, four_colour: bool = False, back_colour: str = "red", cache_size: int = 800
    ) -> None:
        if back_colour not in BACK_COLOURS:
            raise ValueError(f"unknown back colour {back_colour!r}: one of {sorted(BACK_COLOURS)}")
        self.fonts = fonts
        self.four_colour = four_colour
        self.back_colour = back_colour
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(cache_size)

    # -- cache ------------------------------------------------------------
    def _cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self._cache.get(key, lambda: gfx.optimise(make()))

    def clear(self) -> None:
        self._cache.clear()

    # -- public surfaces ----------------------------------------------------
    def face(self, card: int, width: int, four_colour: bool | None = None) -> pygame.Surface:
        """The face of ``card`` (0..51) ``width`` pixels wide."""
        if not 0 <= card < 52:
            raise ValueError(f"card must be 0..51, got {card}")
        fc = self.four_colour if four_colour is None else four_colour
        width = card_size(width)[0]
        return self._cached(("face", card, width, fc), lambda: self._draw_face(card, width, fc))

    def dimmed(self, card: int, width: int, four_colour: bool | None = None) -> pygame.Surface:
        """The face darkened, for cards that are not selectable now."""
        fc = self.four_colour if four_colour is None else four_colour
        width = card_size(width)[0]
        return self._cached(("dim", card, width, fc), lambda: dim(self.face(card, width, fc)))

    def back(self, width: int, colour: str | None = None) -> pygame.Surface:
        """The patterned back ``width`` pixels wide; ``colour`` is a key of BACK_COLOURS."""
        name = self.back_colour if colour is None else colour
        if name not in BACK_COLOURS:
            raise ValueError(f"unknown back colour {name!r}: one of {sorted(BACK_COLOURS)}")
        width = card_size(width)[0]
        return self._cached(("back", width, name), lambda: self._draw_back(width, name))

    def shadow_pad(self, width: int) -> int:
        """Margin on every side of ``shadow()`` and ``glow()`` surfaces around the card."""
        return max(3, round(width * 0.09))

    def shadow(self, width: int) -> pygame.Surface:
        """A soft drop shadow; blit at card topleft - shadow_pad (+ a small downward offset)."""
        width = card_size(width)[0]
        pad = self.shadow_pad(width)
        return self._cached(
            ("shadow", width),
            lambda: gfx.soft_shadow(card_size(width), corner_radius(width), pad, alpha=120),
        )

    def glow(self, width: int, colour: Colour = EATEN_GOLD) -> pygame.Surface:
        """An outline with a soft halo around one card, ``shadow_pad`` larger on each side.

        Gold (EATEN_GOLD) marks eaten cards; GROUP_COLOURS[i] outlines phỏm group i.
        """
        width = card_size(width)[0]
        return self.outline(card_size(width), colour, width)

    def outline(self, size: tuple[int, int], colour: Colour, card_width: int) -> pygame.Surface:
        """The same outline around any rect of ``size`` (a laid phỏm's row of cards of
        ``card_width``); blit it at the rect's topleft minus ``shadow_pad(card_width)``."""
        pad = self.shadow_pad(card_width)
        thickness = max(2, round(card_width * 0.03))
        size = (int(size[0]), int(size[1]))
        rgb = (int(colour[0]), int(colour[1]), int(colour[2]))
        return self._cached(
            ("outline", size, card_width, rgb),
            lambda: gfx.glow_outline(size, corner_radius(card_width), rgb, thickness, pad),
        )

    def blit_card(
        self,
        target: pygame.Surface,
        image: pygame.Surface,
        topleft: tuple[float, float],
        shadow: bool = True,
        glow: Colour | None = None,
    ) -> pygame.Rect:
        """Draw shadow, card image and optional glow at ``topleft``; returns the card rect."""
        width = image.get_width()
        x, y = round(topleft[0]), round(topleft[1])
        pad = self.shadow_pad(width)
        if shadow:
            target.blit(self.shadow(width), (x - pad, y - pad + max(1, round(width * 0.025))))
        rect = target.blit(image, (x, y))
        if glow is not None:
            target.blit(self.glow(width, glow), (x - pad, y - pad))
        return rect

    # -- drawing ----------------------------------------------------------------
    def _pip(self, suit: int, size: int, colour: Colour) -> pygame.Surface:
        return self._cached(("pip", suit, size, colour), lambda: render_suit(suit, size, colour))

    def _blank(self, width: int) -> pygame.Surface:
        return gfx.rounded_rect(card_size(width), CARD_PAPER, corner_radius(width), 1, CARD_EDGE,
                                supersample=SUPERSAMPLE)

    def _index(self, card: int, width: int, colour: Colour) -> pygame.Surface:
        """The corner index: rank above a small suit symbol, centred in one column."""
        rank, suit = card % 13, card // 13
        col_w = max(6, round(width * 0.19))
        text = gfx.render_text(self.fonts.font(round(width * 0.25), bold=True), RANKS[rank], colour,
                               max_width=col_w, crop=True)
        pip = self._pip(suit, max(4, round(width * 0.15)), colour)
        gap = max(1, round(width * 0.03))
        h = text.get_height() + gap + pip.get_height()
        out = pygame.Surface((col_w, h), pygame.SRCALPHA)
        out.blit(text, ((col_w - text.get_width()) // 2, 0))
        out.blit(pip, ((col_w - pip.get_width()) // 2, text.get_height() + gap))
        return out

    def _draw_face(self, card: int, width: int, four_colour: bool) -> pygame.Surface:
        rank, suit = card % 13, card // 13
        colour = suit_colour(suit, four_colour)
        surf = self._blank(width)
        w, h = surf.get_size()
        index = self._index(card, width, colour)
        ix, iy = max(1, round(w * 0.03)), max(2, round(w * 0.055))
        surf.blit(index, (ix, iy))
        surf.blit(pygame.transform.flip(index, True, True), (w - ix - index.get_width(), h - iy - index.get_height()))
        if rank == 0:
            big = self._pip(suit, round(w * 0.5), colour)
            surf.blit(big, big.get_rect(center=(w / 2, h / 2)))
        elif rank < 10:
            self._draw_pips(surf, rank + 1, suit, colour)
        else:
            self._draw_court(surf, rank, suit, colour)
        return surf

    def _draw_pips(self, surf: pygame.Surface, count: int, suit: int, colour: Colour) -> None:
        w, h = surf.get_size()
        pip = self._pip(suit, round(w * (0.175 if count <= 8 else 0.16)), colour)
        flipped = pygame.transform.flip(pip, True, True)
        top, bottom = h * 0.2, h * 0.8
        cols = {_L: w * 0.35, _C: w * 0.5, _R: w * 0.65}
        for col, row in PIP_LAYOUTS[count]:
            cx, cy = cols[col], top + (bottom - top) * row
            img = flipped if row > 0.5 else pip
            surf.blit(img, img.get_rect(center=(round(cx), round(cy))))

    def _draw_court(self, surf: pygame.Surface, rank: int, suit: int, colour: Colour) -> None:
        """A framed panel: emblem over a big letter and pip on the top half, mirrored below."""
        w, h = surf.get_size()
        panel = pygame.Rect(round(w * 0.235), round(h * 0.07), 0, 0)
        panel.size = (w - 2 * panel.x, h - 2 * panel.y)
        tint = gfx.lerp_colour(gfx.lerp_colour(colour, CARD_PAPER, 0.9), COURT_TINT, 0.4)
        frame = gfx.rounded_rect(panel.size, tint, max(2, round(w * 0.04)), max(1, round(w * 0.014)), colour)
        surf.blit(frame, panel.topleft)
        half_h = panel.h // 2
        half = pygame.Surface((panel.w, half_h), pygame.SRCALPHA)
        emb = pygame.Rect(0, 0, round(panel.w * 0.74), round(half_h * 0.36))
        emb.midtop = (panel.w // 2, round(half_h * 0.08))
        half.blit(self._emblem(rank, emb.size, colour), emb.topleft)
        letter = gfx.render_text(self.fonts.font(round(w * 0.3), bold=True), RANKS[rank], colour, crop=True)
        box_h = round(half_h * 0.4)
        if letter.get_height() > box_h:
            scale = box_h / letter.get_height()
            letter = pygame.transform.smoothscale(letter, (max(1, round(letter.get_width() * scale)), box_h))
        pip = self._pip(suit, max(4, round(w * 0.11)), colour)
        gap = max(1, round(w * 0.02))
        row_w = letter.get_width() + gap + pip.get_width()
        lx = (panel.w - row_w) // 2
        ly = emb.bottom + round(half_h * 0.08)
        half.blit(letter, (lx, ly))
        half.blit(pip, (lx + letter.get_width() + gap, ly + (letter.get_height() - pip.get_height()) // 2))
        surf.blit(half, panel.topleft)
        surf.blit(pygame.transform.flip(half, True, True), (panel.x, panel.bottom - half_h))
        mid = panel.y + panel.h // 2
        inset = max(2, round(w * 0.05))
        line_colour = gfx.lerp_colour(colour, CARD_PAPER, 0.45)
        pygame.draw.line(surf, line_colour, (panel.x + inset, mid), (panel.right - inset - 1, mid))

    def _emblem(self, rank: int, size: tuple[int, int], colour: Colour) -> pygame.Surface:
        k = SUPERSAMPLE
        big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
        big.fill((*colour, 0))
        draw_emblem(big, rank, big.get_rect(), colour, COURT_GOLD)
        return pygame.transform.smoothscale(big, size)

    def _draw_back(self, width: int, name: str) -> pygame.Surface:
        base, lattice = BACK_COLOURS[name]
        surf = self._blank(width)
        w, h = surf.get_size()
        k = 3
        margin = max(2, round(w * 0.07))
        inner = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        big = pygame.Surface((inner.w * k, inner.h * k), pygame.SRCALPHA)
        big.fill((*base, 0))
        bw, bh = big.get_size()
        r = max(1, round(w * 0.04)) * k
        pygame.draw.rect(big, base, big.get_rect(), border_radius=r)
        pattern = pygame.Surface((bw, bh), pygame.SRCALPHA)
        pattern.fill((*lattice, 0))
        step = max(4, round(w * 0.11)) * k
        lw = max(1, round(w * 0.012 * k))
        for off in range(-bh, bw + bh, step):
            pygame.draw.line(pattern, lattice, (off, 0), (off + bh, bh), lw)
            pygame.draw.line(pattern, lattice, (off, bh), (off + bh, 0), lw)
        mask = pygame.Surface((bw, bh), pygame.SRCALPHA)
        mask.fill(CLEAR)
        pygame.draw.rect(mask, MASK_FULL, big.get_rect(), border_radius=r)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(pattern, (0, 0))
        frame = big.get_rect().inflate(-2 * lw * 3, -2 * lw * 3)
        pygame.draw.rect(big, gfx.shade(lattice, 1.25), frame, lw, border_radius=max(1, r - lw * 3))
        medal = pygame.Rect(0, 0, bw * 0.42, bw * 0.42)
        medal.center = (bw // 2, bh // 2)
        pygame.draw.ellipse(big, base, medal)
        pygame.draw.ellipse(big, COURT_GOLD, medal, max(1, lw * 2))
        spade = medal.inflate(-medal.w * 0.45, -medal.h * 0.45)
        draw_suit(big, 0, spade, COURT_GOLD)
        surf.blit(pygame.transform.smoothscale(big, inner.size), inner.topleft)
        return surf
