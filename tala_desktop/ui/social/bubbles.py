"""Speech bubbles: a reaction (a phrase, an emote) or a typed line popping at the sender's avatar, then fading.

A reaction shows for two seconds, a typed line for four (wrapped to three
rows at most, the rest cut with "…"). A bubble sits by its sender's
avatar, its tail pointing at it: on the side the anchor prefers (above;
below for the seat at the top of the table; left of the "watching" label
for someone watching) when that side is free, else on the first free one
of the others (below, above, right, left, then the same moved aside by
half its size, then further). Free means inside the canvas and clear of
every card, name plate and control the table lays out (``avoid``: the
hand, each seat's discards, phỏm, eaten cards and card backs, the stock,
the buttons), the sender's own avatar aside; where no place is free it
takes the one that covers least. Bubbles shown together keep clear of
each other the same way where there is room (the older placed first;
a card is never covered to spare a bubble). It pops in, holds, and fades over its
last third of a second; a new reaction from the same sender replaces the
old bubble. Time is the caller's clock.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tala_desktop.table.reactions import EMOTES

from ..art import gfx, theme
from ..art.emotes import emote
from ..core.assets import Fonts
from ..core.choice_words import reaction_text
from ..core.i18n import get_language
from ..core.surface_cache import SurfaceCache
from ..widgets.text_fit import ellipsize
from .chat_lines import MAX_SHOWN, wrap

Colour = tuple[int, int, int]
BUBBLE_SECONDS = 2.0
TEXT_SECONDS = 4.0           # a typed line stays long enough to be read
TEXT_W = 260                 # a typed line's bubble wraps at this width ...
TEXT_ROWS = 3                # ... to this many rows
TEXT_SIZE = 16
POP_SECONDS = 0.16
FADE_SECONDS = 0.35
GAP = 8
TAIL = 10
EMOTE_PX = 50
SHIFTS = (0, -1, 1, -2, 2, -3, 3, -4, 4)   # half sizes a bubble moves aside to find free space


@dataclass(frozen=True)
class Anchor:
    """Where a sender sits: the avatar's centre and radius, and on which side of it the bubble goes."""

    centre: tuple[int, int]
    radius: int
    side: str = "above"            # "above", "below" or "left" (the tail points right, at the anchor)


@dataclass(frozen=True)
class Bubble:
    key: str
    anchor: Anchor
    born: float
    label: str = ""              # a name over the reaction (someone watching has no avatar to say who)
    text: str = ""               # a typed line (``key`` is then empty)

    @property
    def seconds(self) -> float:
        return TEXT_SECONDS if self.text else BUBBLE_SECONDS

    def age(self, now: float) -> float:
        return now - self.born

    def alive(self, now: float) -> bool:
        return self.age(now) < self.seconds


class ReactionBubbles:
    """The bubbles showing now, one per sender (a seat, or a watcher's name)."""

    def __init__(self, fonts: Fonts, canvas: tuple[int, int]) -> None:
        self.fonts = fonts
        self.canvas = canvas
        self.bubbles: dict[object, Bubble] = {}
        self.avoid: list[pygame.Rect] = []       # what a bubble must never cover (the table's cards and controls)
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(64)   # the bubbles at their sides and names

    def show(self, sender: object, key: str, anchor: Anchor, now: float, label: str = "", text: str = "") -> None:
        """A bubble of reaction ``key`` (or of the typed line ``text``) at ``anchor``, replacing the sender's last."""
        self.bubbles[sender] = Bubble(key, anchor, now, label, text)

    def update(self, now: float) -> None:
        for sender in [s for s, b in self.bubbles.items() if not b.alive(now)]:
            del self.bubbles[sender]

    def animating(self, now: float) -> bool:
        """True while a bubble pops in or fades out (a frame differs from the last)."""
        return any(b.age(now) < POP_SECONDS or b.age(now) > b.seconds - FADE_SECONDS
                   for b in self.bubbles.values())

    # ------------------------------------------------------------------ drawing
    def image(self, key: str, side: str, label: str = "", text: str = "") -> pygame.Surface:
        """The full-size bubble for reaction ``key`` (or the line ``text``) with its tail toward ``side``."""
        cache_key = (key, side, label, text, get_language())
        return self._cache.get(cache_key, lambda: self._render(key, side, label, text))

    def _line(self, text: str) -> pygame.Surface:
        """A typed line in at most ``TEXT_ROWS`` rows of ``TEXT_W`` pixels, the rest cut with "…"."""
        font = self.fonts.font(TEXT_SIZE)
        rows = wrap(font, text[:MAX_SHOWN], TEXT_W, TEXT_W)
        if len(rows) > TEXT_ROWS:
            rows = [*rows[:TEXT_ROWS - 1], ellipsize(font, " ".join(rows[TEXT_ROWS - 1:]), TEXT_W)]
        images = [gfx.render_line(font, row, theme.BUBBLE_INK) for row in rows]
        step = font.get_linesize()
        out = pygame.Surface((max(1, max(img.get_width() for img in images)), step * len(images)), pygame.SRCALPHA)
        for i, img in enumerate(images):
            out.blit(img, (0, i * step))
        return out

    def _content(self, key: str, label: str, text: str = "") -> pygame.Surface:
        if text:
            content = self._line(text)
        elif key in EMOTES:
            content = emote(key, EMOTE_PX)
        else:
            content = gfx.render_text(self.fonts.font(17, True), reaction_text(key), theme.BUBBLE_INK)
        if not label:
            return content
        name = gfx.render_text(self.fonts.font(13, True), label, theme.BUBBLE_NAME)
        out = pygame.Surface((max(name.get_width(), content.get_width()), name.get_height() + content.get_height()),
                             pygame.SRCALPHA)
        out.blit(name, ((out.get_width() - name.get_width()) // 2, 0))
        out.blit(content, ((out.get_width() - content.get_width()) // 2, name.get_height()))
        return out

    def _render(self, key: str, side: str, label: str, text: str = "") -> pygame.Surface:
        content = self._content(key, label, text)
        pad_x, pad_y = (8, 6) if key in EMOTES and not text else (14, 8)
        w, h = content.get_width() + 2 * pad_x, content.get_height() + 2 * pad_y
        wide = side in ("left", "right")
        img = pygame.Surface((w + TAIL, h) if wide else (w, h + TAIL), pygame.SRCALPHA)
        top = TAIL if side == "below" else 0
        left = TAIL if side == "right" else 0
        body = gfx.rounded_rect((w, h), (*theme.BUBBLE_FILL, 255), min(h // 2, 18), 2, (*theme.BUBBLE_EDGE, 255))
        tail_x, mid = _tail_x(w), h // 2
        if side == "left":      # (outer edge points, inner fill points)
            edge = [(w - 2, mid - 7), (w + TAIL, mid), (w - 2, mid + 7)]
            fill = [(w - 4, mid - 5), (w + TAIL - 3, mid), (w - 4, mid + 5)]
        elif side == "right":
            edge = [(TAIL + 2, mid - 7), (0, mid), (TAIL + 2, mid + 7)]
            fill = [(TAIL + 4, mid - 5), (3, mid), (TAIL + 4, mid + 5)]
        elif side == "below":
            edge = [(tail_x - 7, TAIL + 2), (tail_x, 0), (tail_x + 7, TAIL + 2)]
            fill = [(tail_x - 5, TAIL + 4), (tail_x, 3), (tail_x + 5, TAIL + 4)]
        else:
            edge = [(tail_x - 7, h - 2), (tail_x, h + TAIL), (tail_x + 7, h - 2)]
            fill = [(tail_x - 5, h - 4), (tail_x, h + TAIL - 3), (tail_x + 5, h - 4)]
        pygame.draw.polygon(img, theme.BUBBLE_EDGE, edge)
        img.blit(body, (left, top))
        pygame.draw.polygon(img, theme.BUBBLE_FILL, fill)
        img.blit(content, (left + pad_x, top + pad_y))
        return img

    def place(self, img: pygame.Surface, anchor: Anchor, side: str | None = None, shift: int = 0) -> pygame.Rect:
        """Where ``img`` (drawn for ``side``, the anchor's own by default) goes: its tail at the avatar, moved
        sideways by ``shift`` half widths (above or below; half heights up or down beside it), the whole bubble inside
        the canvas."""
        side = side or anchor.side
        cx, cy = anchor.centre
        w, h = img.get_size()
        if side == "left":
            x, y = cx - anchor.radius - GAP - w, cy - h // 2 + shift * h // 2
        elif side == "right":
            x, y = cx + anchor.radius + GAP, cy - h // 2 + shift * h // 2
        else:
            x = cx - _tail_x(w) + anchor.radius // 3 + shift * w // 2
            y = cy + anchor.radius + GAP if side == "below" else cy - anchor.radius - GAP - h
        x = max(4, min(self.canvas[0] - w - 4, x))
        y = max(4, min(self.canvas[1] - h - 4, y))
        return pygame.Rect(x, y, w, h)

    def choose(self, b: Bubble, others: list[pygame.Rect] | None = None) -> tuple[pygame.Surface, pygame.Rect]:
        """The bubble's image and place: its anchor's side if free, else the first free other (see the module's
        docstring), else the one that covers least; ``others``: the bubbles placed before it, kept clear too."""
        own = [r for r in self.avoid if r.collidepoint(b.anchor.centre)]      # the sender's avatar, its plate
        avoid = [r for r in self.avoid if r not in own]
        others = others or []
        order = [b.anchor.side] + [x for x in ("below", "above", "right", "left") if x != b.anchor.side]
        best: tuple[int, pygame.Surface, pygame.Rect] | None = None
        for side, shift in [(x, k) for k in SHIFTS for x in order]:
            img = self.image(b.key, side, b.label, b.text)
            rect = self.place(img, b.anchor, side, shift)
            cover = 1000 * sum(_area(rect.clip(r)) for r in avoid) + sum(_area(rect.clip(r)) for r in others)
            if cover == 0:
                return img, rect
            if best is None or cover < best[0]:
                best = (cover, img, rect)
        assert best is not None
        return best[1], best[2]

    def draw(self, surface: pygame.Surface, now: float) -> None:
        placed: list[pygame.Rect] = []
        for b in sorted(self.bubbles.values(), key=lambda b: b.born):
            age = b.age(now)
            if not 0 <= age < b.seconds:
                continue
            img, rect = self.choose(b, placed)
            placed.append(rect)
            if age < POP_SECONDS:      # pop in from 60 %, overshooting a little
                t = age / POP_SECONDS
                scale = 0.6 + 0.5 * t - 0.1 * t * t
                size = (max(1, round(rect.w * scale)), max(1, round(rect.h * scale)))
                shown = pygame.transform.smoothscale(img, size)
                if rect.bottom <= b.anchor.centre[1] - b.anchor.radius:       # grows from its tail's edge
                    fixed = "midbottom"
                elif rect.top >= b.anchor.centre[1]:
                    fixed = "midtop"
                else:
                    fixed = "midright" if rect.centerx < b.anchor.centre[0] else "midleft"
                rect = shown.get_rect(**{fixed: getattr(rect, fixed)})
                img = shown
            left = b.seconds - age
            if left < FADE_SECONDS:
                img = img.copy()
                img.set_alpha(round(255 * left / FADE_SECONDS))
            surface.blit(img, rect)


def _tail_x(width: int) -> int:
    """Where along a bubble's bottom (or top) edge its tail sits."""
    return min(width - 18, max(18, width // 4))


def _area(r: pygame.Rect) -> int:
    return r.w * r.h
