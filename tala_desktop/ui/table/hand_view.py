"""Hand view: your fanned hand at the bottom — card order, hover lift, raised cards, drag to reorder or discard.

The view keeps the order you arranged (new cards join at the right, an
eaten card beside the cards it completes), glides every card to its place
(exponential smoothing scaled by the animation speed), lifts the hovered
card, raises the cards the scene's ``Highlights`` raise or select (it only
reads them: ``marks``), and carries out the gestures the table's input
hands the scene (``apply(HandGesture)``): a press/move/release on a card
becomes a click, a reorder or a drag-up discard, which ``outcome`` tells
beforehand without changing anything; the second click of a double-click
goes to the card the first one hit, though it rose or another card slid
under the pointer in between. ``frame()`` hands where each card is drawn
now as one frozen ``HandFrame``, which ``draw_hand`` paints. It does not
know the rules: the actions decide what a click means. An order you make
(a drag, Xếp bài) goes to ``KeptOrder.keep`` (the offline game's autosave),
and the first hand taken shows ``KeptOrder.saved`` if there is one (the
resumed game's order) instead of dealing it in the phỏm order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

import pygame

from tala_desktop.engine.moves import NotationEnum

from ..art.card_art import CardArt
from ..art.theme import EATEN_GOLD
from . import lay_assist as assist
from .highlights import HandGesture, Highlights
from .layout import TableLayout
from .model import TableModel
from .modes import Gesture

Colour = tuple[int, int, int]
GLIDE_RATE = 16.0      # 1/s: how fast a card closes the gap to its place
DRAG_START = 8         # pixels the mouse must move before a press becomes a drag
DOUBLE_CLICK = 0.4     # seconds within which a second click on the same spot is a double-click
SELECT_LIFT = 0.55     # a selected (discard) card rises this share of the raise height


class Release(NotationEnum):
    """What ending a press on one of your cards is."""

    CLICK = "click"
    DISCARD = "discard"      # dragged well above the hand
    REORDER = "reorder"      # dragged to another place in the hand


class HandReader(Protocol):
    """What the table's input reads of your hand (it writes nothing: its gestures go through the scene)."""

    @property
    def pressing(self) -> bool: ...
    def press_target(self, pos: tuple[int, int]) -> int | None: ...
    def outcome(self, pos: tuple[int, int]) -> tuple[Release, int] | None: ...


@dataclass(frozen=True)
class HandFrame:
    """Your hand as one frame draws it: each card where it is now, in drawing order (a dragged card last)."""

    cards: tuple[tuple[int, int, int], ...] = ()        # (card, x, y)
    card_size: tuple[int, int] = (0, 0)
    eaten: frozenset[int] = frozenset()                 # gold-edged: the cards you ate

    def rect_of(self, card: int) -> pygame.Rect | None:
        """Where ``card`` is drawn, or None when it is not in your hand."""
        for c, x, y in self.cards:
            if c == card:
                return pygame.Rect(x, y, *self.card_size)
        return None


@dataclass
class KeptOrder:
    """Your order of your hand kept outside the table: the order saved for the game shown first (a resumed one),
    and where each order you make goes (the autosave)."""

    saved: list[int] | None = None
    keep: Callable[[list[int]], None] | None = None


@dataclass(eq=False)
class CardSprite:
    card: int
    x: float
    y: float


@dataclass
class Press:
    card: int
    pos: tuple[int, int]
    grab: tuple[float, float]     # mouse offset inside the card
    dragging: bool = False
    drop_index: int = 0


class HandView:
    """Your cards, in your order, where they are drawn and which ones are lifted."""

    def __init__(self, layout: TableLayout, kept: KeptOrder | None = None) -> None:
        self.layout = layout
        self.kept = kept or KeptOrder()
        self.order: list[int] = []
        self.sprites: dict[int, CardSprite] = {}
        self.marks = Highlights()          # raised, selected and outlined cards: the scene's, read here
        self.hover: int | None = None
        self.eaten: set[int] = set()
        self.press: Press | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.clock = 0.0                   # seconds of updates, for telling a double-click
        self._last_click: tuple[int, tuple[int, int], float] | None = None   # (card, where, when)

    # ------------------------------------------------------------------ cards
    @property
    def raised(self) -> frozenset[int]:
        return self.marks.raised

    @property
    def selected(self) -> int | None:
        return self.marks.selected

    @property
    def outline(self) -> Mapping[int, Colour]:
        return self.marks.outline

    def set_layout(self, layout: TableLayout) -> None:
        self.layout = layout

    def clear(self) -> None:
        self.order = []
        self.sprites.clear()
        self.marks = Highlights()
        self.hover = None
        self.eaten = set()
        self.press = None

    def sync(self, cards: list[int], eaten: set[int], partners: dict[int, set[int]] | None = None) -> list[int]:
        """Make the hand hold ``cards``: keep your order, drop gone cards, add new ones; returns the new ones.

        A new card joins at the right, or right after the last of its
        ``partners`` (the cards it makes a phỏm with) when given.
        """
        held = set(cards)
        self.order = [c for c in self.order if c in held]
        new = [c for c in cards if c not in self.order]
        for c in new:
            self.order.insert(self._join_index(c, (partners or {}).get(c, set())), c)
        for c in list(self.sprites):
            if c not in held:
                del self.sprites[c]
        rests = self.rest_rects()
        for c in new:
            r = rests[c]
            self.sprites[c] = CardSprite(c, r.x, r.y)
        if self.hover not in held:
            self.hover = None
        if self.press is not None and self.press.card not in held:
            self.press = None
        self.eaten = set(eaten) & held
        return new

    def take(self, m: TableModel, new_game: bool) -> None:
        """Hold the cards of the snapshot ``m``: an eaten card joins beside the cards it makes a phỏm with; a new
        game's hand comes sorted by phỏm, every card at its place at once."""
        partners = {c: assist.eat_helpers(m.hand_mask & ~(1 << c), m.eaten_mask & ~(1 << c), c, m.ace_high)
                    for c in m.my_eaten if c not in self.order}
        self.sync(m.hand, set(m.my_eaten), partners)
        if new_game:
            saved, self.kept.saved = self.kept.saved, None         # the resumed game's order, once
            if saved is not None and set(saved) & set(self.order):
                held = [c for c in saved if c in self.order]
                self.order = held + [c for c in self.order if c not in held]
            else:
                self.order = assist.sort_by_phom(m.hand, m.eaten_mask, m.ace_high, m.face10)
            self.snap()

    def _join_index(self, card: int, friends: set[int]) -> int:
        """Where a new card goes: among its partners in rank order (a run), after them (a set), else last."""
        spots = [i for i, x in enumerate(self.order) if x in friends]
        if not spots:
            return len(self.order)
        higher = [i for i in spots if self.order[i] // 13 == card // 13 and self.order[i] % 13 > card % 13]
        return higher[0] if higher else spots[-1] + 1

    def set_order(self, order: list[int]) -> None:
        """Your new order of the same cards (Xếp bài, the lay-down's grouping): shown, and kept."""
        if sorted(order) == sorted(self.order) and list(order) != self.order:
            self.order = list(order)
            self._keep()

    def _keep(self) -> None:
        if self.kept.keep is not None:
            self.kept.keep(list(self.order))

    # ------------------------------------------------------------------ geometry
    def _preview_order(self) -> list[int]:
        p = self.press
        if p is None or not p.dragging:
            return self.order
        rest = [c for c in self.order if c != p.card]
        rest.insert(max(0, min(p.drop_index, len(rest))), p.card)
        return rest

    def rest_rects(self) -> dict[int, pygame.Rect]:
        order = self._preview_order()
        return dict(zip(order, self.layout.hand_rects(len(order))))

    def lift_of(self, card: int) -> int:
        if card in self.raised:
            return self.layout.raise_px
        if card == self.selected:
            return round(self.layout.raise_px * SELECT_LIFT)
        if card == self.hover:
            return self.layout.hover_px
        return 0

    def target_rect(self, card: int) -> pygame.Rect:
        """Where ``card`` is heading (its slot, lifted as it should be)."""
        r = self.rest_rects().get(card)
        if r is None:
            return pygame.Rect(self.layout.hand_rects(1)[0])
        return r.move(0, -self.lift_of(card))

    def drawn_rects(self) -> dict[int, pygame.Rect]:
        """Where each card is drawn now."""
        return {c: r for c in self.order if (r := self.rect_of(c)) is not None}

    def rect_of(self, card: int) -> pygame.Rect | None:
        """Where ``card`` is drawn now."""
        s = self.sprites.get(card)
        if s is None:
            return None
        w, h = self.layout.hand_card
        return pygame.Rect(round(s.x), round(s.y), w, h)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under ``pos`` (the dragged card excluded)."""
        dragged = self.press.card if self.press is not None and self.press.dragging else None
        for c in reversed(self.order):
            if c == dragged:
                continue
            r = self.rect_of(c)
            if r is not None and r.collidepoint(pos):
                return c
        return None

    # ------------------------------------------------------------------ stepping
    def update(self, dt: float, speed: float) -> bool:
        """Glide the cards toward their places; True while any card still moves."""
        self.clock += dt
        targets = self.rest_rects()
        k = 1.0 if speed <= 0 or math.isinf(speed) else 1 - math.exp(-GLIDE_RATE * speed * dt)
        moving = False
        dragged = self.press.card if self.press is not None and self.press.dragging else None
        for c, s in self.sprites.items():
            if c == dragged:
                s.x = self.mouse[0] - self.press.grab[0]  # type: ignore[union-attr]
                s.y = self.mouse[1] - self.press.grab[1]  # type: ignore[union-attr]
                continue
            r = targets.get(c)
            if r is None:
                continue
            tx, ty = r.x, r.y - self.lift_of(c)
            dx, dy = tx - s.x, ty - s.y
            if abs(dx) < 0.5 and abs(dy) < 0.5:
                s.x, s.y = tx, ty
                continue
            s.x += dx * k
            s.y += dy * k
            moving = True
        return moving

    def snap(self) -> None:
        """Put every card at its place at once."""
        self.update(1.0, math.inf)

    # ------------------------------------------------------------------ mouse
    def set_hover(self, pos: tuple[int, int]) -> bool:
        """Track the hovered card; True when it changed."""
        self.mouse = pos
        card = self.card_at(pos)
        if card != self.hover:
            self.hover = card
            return True
        return False

    def press_target(self, pos: tuple[int, int]) -> int | None:
        """The card a press at ``pos`` is on: the card clicked just before when this press is the second click
        of a double-click on the same spot, though that card rose (selected) or another slid under the pointer
        meanwhile; else the topmost card there."""
        last = self._last_click
        if last is not None:
            card, where, when = last
            if self.clock - when <= DOUBLE_CLICK and math.dist(pos, where) <= DRAG_START and card in self.order:
                return card
        return self.card_at(pos)

    def start_press(self, card: int, pos: tuple[int, int]) -> None:
        r = self.rect_of(card) or self.target_rect(card)
        self.press = Press(card, pos, (pos[0] - r.x, pos[1] - r.y), drop_index=self.order.index(card))
        self.mouse = pos

    def drag_to(self, pos: tuple[int, int]) -> bool:
        """Move the pressed card with the mouse once it moved far enough; True while dragging."""
        self.mouse = pos
        p = self.press
        if p is None:
            return False
        if not p.dragging and math.dist(pos, p.pos) >= DRAG_START:
            p.dragging = True
        if p.dragging:
            p.drop_index = self._drop_index(pos[0] - p.grab[0] + self.layout.hand_card[0] / 2)
        return p.dragging

    def _drop_index(self, x: float) -> int:
        n = len(self.order)
        rects = self.layout.hand_rects(n)
        centres = [r.centerx for r in rects]
        return min(range(n), key=lambda i: abs(centres[i] - x)) if n else 0

    @property
    def pressing(self) -> bool:
        """A card is pressed (the mouse moves drag it, the release ends the press)."""
        return self.press is not None

    def outcome(self, pos: tuple[int, int]) -> tuple[Release, int] | None:
        """What releasing the press at ``pos`` would be, changing nothing: a click, a discard (a drag well above
        the hand) or a reorder, with its card; None without a press."""
        p = self.press
        if p is None:
            return None
        if not p.dragging:
            return Release.CLICK, p.card
        if pos[1] < self.layout.hand_top() - self.layout.hand_card[1] * 0.35:
            return Release.DISCARD, p.card
        return Release.REORDER, p.card

    def release(self, pos: tuple[int, int]) -> tuple[Release, int] | None:
        """End a press (see ``outcome``): a reorder moves the card to where it was dropped."""
        result = self.outcome(pos)
        p = self.press
        self.press = None
        self.mouse = pos
        if p is None:
            return None
        if not p.dragging:
            second = self._last_click is not None and self._last_click[0] == p.card and \
                self.clock - self._last_click[2] <= DOUBLE_CLICK
            self._last_click = None if second else (p.card, p.pos, self.clock)
            return result
        self._last_click = None
        if result is not None and result[0] is Release.REORDER:
            rest = [c for c in self.order if c != p.card]
            rest.insert(max(0, min(p.drop_index, len(rest))), p.card)
            if rest != self.order:
                self.order = rest
                self._keep()
        return result

    def apply(self, g: HandGesture) -> bool:
        """Carry out one gesture of the mouse; True when the hand looks different (a card lifts or is dragged)."""
        if g.kind is Gesture.HOVER:
            return self.set_hover(g.pos)
        if g.kind is Gesture.DRAG:
            return self.drag_to(g.pos)
        if g.kind is Gesture.PRESS:
            if g.card is not None:
                self.start_press(g.card, g.pos)
            return False
        self.release(g.pos)
        return False

    @property
    def dragging(self) -> bool:
        return self.press is not None and self.press.dragging

    # ------------------------------------------------------------------ the frame
    def frame(self) -> HandFrame:
        """Where each card is drawn now, in drawing order (the dragged card on top)."""
        dragged = self.press.card if self.dragging and self.press is not None else None
        cards = []
        for c in [*[c for c in self.order if c != dragged], *([dragged] if dragged is not None else [])]:
            s = self.sprites.get(c)
            if s is not None:
                cards.append((c, round(s.x), round(s.y)))
        return HandFrame(tuple(cards), self.layout.hand_card, frozenset(self.eaten))


def draw_hand(surface: pygame.Surface, art: CardArt, hand: HandFrame, hidden: frozenset[int],
              shakes: Callable[[int], int], outline: Mapping[int, Colour], four_colour: bool) -> None:
    """Paint your hand: each card shown (``hidden``: in flight to it), shaken by ``shakes(card)`` pixels, gold-edged
    when eaten, outlined in ``outline``'s colour; faces in four suit colours or two."""
    w = hand.card_size[0]
    pad = art.shadow_pad(w)
    for c, x0, y in hand.cards:
        if c in hidden:
            continue
        x = x0 + shakes(c)
        art.blit_card(surface, art.face(c, w, four_colour), (x, y))
        if c in hand.eaten:
            surface.blit(art.glow(w, EATEN_GOLD), (x - pad, y - pad))
        colour = outline.get(c)
        if colour is not None:
            surface.blit(art.glow(w, colour), (x - pad, y - pad))
