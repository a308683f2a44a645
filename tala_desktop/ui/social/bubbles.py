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

``looks(now)`` hands the bubbles as one frame shows them, frozen
(``BubbleLook``: what each says, its words already said, on which side and
where, how far it has popped in or faded), placed once and kept while
nothing moves; the layer's painter draws them from those looks alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tala_desktop.table.reactions import EMOTES

from ..core.assets import Fonts
from ..core.choice_words import reaction_text
from ..core.i18n import get_language
from ..widgets.text_fit import ellipsize
from .bubble_art import TEXT_SIZE, BubbleArt, tail_at
from .chat_lines import MAX_SHOWN, wrap
from .social_look import Anchor, BubbleContent, BubbleLook

BUBBLE_SECONDS = 2.0
TEXT_SECONDS = 4.0           # a typed line stays long enough to be read
TEXT_W = 260                 # a typed line's bubble wraps at this width ...
TEXT_ROWS = 3                # ... to this many rows
POP_SECONDS = 0.16
FADE_SECONDS = 0.35
GAP = 8
SHIFTS = (0, -1, 1, -2, 2, -3, 3, -4, 4)   # half sizes a bubble moves aside to find free space


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

    def __init__(self, fonts: Fonts, canvas: tuple[int, int], art: BubbleArt | None = None) -> None:
        self.fonts = fonts
        self.canvas = canvas
        self.art = art or BubbleArt(fonts)      # the bubbles' images: measured here, drawn by the painter
        self.bubbles: dict[object, Bubble] = {}
        self.avoid: list[pygame.Rect] = []       # what a bubble must never cover (the table's cards and controls)
        self._said: dict[tuple[str, str, str, str], BubbleContent] = {}   # each bubble's words, by language
        self._placed: tuple[object, list[tuple[Bubble, BubbleContent, str, pygame.Rect]]] = ((), [])
        self._placings = 0                       # how many times the bubbles were placed (the looks follow)
        self._looks: tuple[tuple[object, ...], tuple[BubbleLook, ...]] = ((), ())

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

    # ------------------------------------------------------------------ what a bubble says, where it goes
    def content(self, b: Bubble) -> BubbleContent:
        """What ``b`` shows, said in the language shown: a typed line in at most ``TEXT_ROWS`` rows of ``TEXT_W``
        pixels (the rest cut with "…"), an emote, or a phrase's words; with its label."""
        key = (b.key, b.text, b.label, get_language())
        said = self._said.get(key)
        if said is None:
            if len(self._said) > 64:
                self._said.clear()
            said = self._said[key] = self._say(b)
        return said

    def _say(self, b: Bubble) -> BubbleContent:
        if b.text:
            font = self.fonts.font(TEXT_SIZE)
            rows = wrap(font, b.text[:MAX_SHOWN], TEXT_W, TEXT_W)
            if len(rows) > TEXT_ROWS:
                rows = [*rows[:TEXT_ROWS - 1], ellipsize(font, " ".join(rows[TEXT_ROWS - 1:]), TEXT_W)]
            return BubbleContent(rows=tuple(rows), label=b.label)
        if b.key in EMOTES:
            return BubbleContent(emote=b.key, label=b.label)
        return BubbleContent(words=reaction_text(b.key), label=b.label)

    def place(self, size: tuple[int, int], anchor: Anchor, side: str | None = None, shift: int = 0) -> pygame.Rect:
        """Where a bubble of ``size`` (drawn for ``side``, the anchor's own by default) goes: its tail at the avatar,
        moved sideways by ``shift`` half widths (above or below; half heights up or down beside it), the whole bubble
        inside the canvas."""
        side = side or anchor.side
        cx, cy = anchor.centre
        w, h = size
        if side == "left":
            x, y = cx - anchor.radius - GAP - w, cy - h // 2 + shift * h // 2
        elif side == "right":
            x, y = cx + anchor.radius + GAP, cy - h // 2 + shift * h // 2
        else:
            x = cx - tail_at(w) + anchor.radius // 3 + shift * w // 2
            y = cy + anchor.radius + GAP if side == "below" else cy - anchor.radius - GAP - h
        x = max(4, min(self.canvas[0] - w - 4, x))
        y = max(4, min(self.canvas[1] - h - 4, y))
        return pygame.Rect(x, y, w, h)

    def choose(self, b: Bubble, others: list[pygame.Rect] | None = None) -> tuple[str, pygame.Rect]:
        """The bubble's side and place: its anchor's side if free, else the first free other (see the module's
        docstring), else the one that covers least; ``others``: the bubbles placed before it, kept clear too."""
        content = self.content(b)
        own = [r for r in self.avoid if r.collidepoint(b.anchor.centre)]      # the sender's avatar, its plate
        avoid = [r for r in self.avoid if r not in own]
        others = others or []
        order = [b.anchor.side] + [x for x in ("below", "above", "right", "left") if x != b.anchor.side]
        best: tuple[int, str, pygame.Rect] | None = None
        for side, shift in [(x, k) for k in SHIFTS for x in order]:
            rect = self.place(self.art.image(content, side).get_size(), b.anchor, side, shift)
            cover = 1000 * sum(_area(rect.clip(r)) for r in avoid) + sum(_area(rect.clip(r)) for r in others)
            if cover == 0:
                return side, rect
            if best is None or cover < best[0]:
                best = (cover, side, rect)
        assert best is not None
        return best[1], best[2]

    def placed(self) -> list[tuple[Bubble, BubbleContent, str, pygame.Rect]]:
        """Every bubble showing, the oldest first, with what it says, its side and its full-size place; placed again
        only when the bubbles, what they say, what they avoid or the canvas changed."""
        if not self.bubbles:                     # most frames: nothing to place, nothing to compare
            if self._placed[1]:
                self._placed = ((), [])
                self._placings += 1
            return self._placed[1]
        shown = sorted(self.bubbles.values(), key=lambda b: b.born)
        key = (tuple((b, self.content(b)) for b in shown), tuple(tuple(r) for r in self.avoid), self.canvas)
        if key != self._placed[0]:
            rects: list[pygame.Rect] = []
            out = []
            for b in shown:
                side, rect = self.choose(b, rects)
                rects.append(rect)
                out.append((b, self.content(b), side, rect))
            self._placed = (key, out)
            self._placings += 1
        return self._placed[1]

    # ------------------------------------------------------------------ the frame's looks
    def looks(self, now: float) -> tuple[BubbleLook, ...]:
        """The bubbles as the frame at ``now`` shows them; the looks of the last frame while none pops or fades."""
        placed = self.placed()
        moving = self.animating(now)
        key = (self._placings, now if moving else None, *(b.alive(now) and b.age(now) >= 0 for b, *_ in placed))
        if key == self._looks[0]:
            return self._looks[1]
        out = []
        for b, content, side, rect in placed:
            age = b.age(now)
            if not 0 <= age < b.seconds:
                continue
            popping = age < POP_SECONDS
            if popping:      # pop in from 60 %, overshooting a little
                t = age / POP_SECONDS
                scale = 0.6 + 0.5 * t - 0.1 * t * t
                shown = pygame.Rect(0, 0, max(1, round(rect.w * scale)), max(1, round(rect.h * scale)))
                if rect.bottom <= b.anchor.centre[1] - b.anchor.radius:       # grows from its tail's edge
                    fixed = "midbottom"
                elif rect.top >= b.anchor.centre[1]:
                    fixed = "midtop"
                else:
                    fixed = "midright" if rect.centerx < b.anchor.centre[0] else "midleft"
                setattr(shown, fixed, getattr(rect, fixed))
                rect = shown
            left = b.seconds - age
            alpha = round(255 * left / FADE_SECONDS) if left < FADE_SECONDS else None
            out.append(BubbleLook(content, b.anchor, side, (rect.x, rect.y, rect.w, rect.h), popping, alpha))
        self._looks = (key, tuple(out))
        return self._looks[1]


def _area(r: pygame.Rect) -> int:
    return r.w * r.h
