"""Celebration: the game's winner's moment on the table — their cards fanned out, a golden burst at their seat.

When a game ends the table shows, for about two seconds before the
results and once the game's last cards have landed (and an Ù's banner has
gone: it is made with a negative ``age``), the winner's cards (phỏm first) opening into a fan in the middle
of the table and a burst of gold rings and sparks around the winner's
avatar; an Ù gets a wider fan, more sparks and a second ring. The chips
of the game fly to the winner's seat meanwhile (the director starts them
with the animator's chip flights). It blocks nothing: the results wait for
it (``TableAnimator.celebrating``) and a new game clears it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..art.card_art import CardArt, card_size
from ..art.theme import CELEBRATION_GOLD, CELEBRATION_SPARK, CLEAR
from ..core.surface_cache import SurfaceCache

Point = tuple[float, float]

LIFE = 2.0             # seconds of the celebration at speed 1
OPEN = 0.55            # seconds the fan takes to open
FADE = 0.4             # seconds of fading out at the end
SPARKS, U_SPARKS = 14, 24
ANGLE_STEP = 2         # fan angles are rounded to this many degrees, so each card is rotated a few times only
TURNED_LIMIT = 256     # turned cards kept: every card of a fan at every step while it opens


def _ease_out_back(t: float) -> float:
    c = 1.70158
    t -= 1
    return 1 + (c + 1) * t ** 3 + c * t ** 2


@dataclass(frozen=True)
class CelebrationFrame:
    """The celebration as one frame shows it: the winner's cards, where the fan stands, the winner's avatar, and how
    far it has gone (``age``, below 0 while it waits to start)."""

    cards: tuple[int, ...]
    pivot: Point                  # the fan's cards stand on a circle around this point, below them
    card_w: int
    seat_centre: Point            # the winner's avatar
    seat_radius: int
    big: bool = False             # an Ù
    age: float = 0.0
    life: float = LIFE

    def alpha(self) -> int:
        """255, then fading out over the last ``FADE`` seconds."""
        left = self.life - self.age
        return 255 if left >= FADE else max(0, round(255 * left / FADE))

    def fan(self) -> list[tuple[int, float, Point]]:
        """(card, angle in degrees, centre) of each card now, left to right."""
        n = len(self.cards)
        if n == 0:
            return []
        opened = _ease_out_back(min(1.0, max(0.0, self.age) / OPEN))
        spread = min(11.0 if self.big else 9.0, (84.0 if self.big else 70.0) / max(1, n - 1))
        ch = card_size(self.card_w)[1]
        radius = ch * 1.25
        out = []
        for i, card in enumerate(self.cards):
            angle = (i - (n - 1) / 2) * spread * opened
            a = math.radians(angle)
            centre = (self.pivot[0] + radius * math.sin(a), self.pivot[1] - radius * math.cos(a))
            out.append((card, angle, centre))
        return out

    def fan_bounds(self) -> pygame.Rect:
        """Where the fan can reach, open or opening."""
        ch = card_size(self.card_w)[1]
        reach = ch * 1.25 + ch
        fan = pygame.Rect(0, 0, round(2 * reach), round(reach + ch))
        fan.midbottom = (round(self.pivot[0]), round(self.pivot[1] + ch * 0.2))
        return fan


@dataclass(eq=False)
class Celebration:
    """The winner's fan and burst; ``age`` advances with the table's animation speed."""

    cards: list[int]
    pivot: Point
    card_w: int
    seat_centre: Point
    seat_radius: int
    big: bool = False
    age: float = 0.0              # below 0 while it waits to start (the last cards fly, an Ù's banner shows)
    life: float = LIFE

    @property
    def done(self) -> bool:
        return self.age >= self.life

    def update(self, dt: float) -> None:
        self.age = min(self.life, self.age + dt)

    def frame(self) -> CelebrationFrame:
        return CelebrationFrame(tuple(self.cards), self.pivot, self.card_w, self.seat_centre, self.seat_radius,
                                self.big, self.age, self.life)

    def alpha(self) -> int:
        return self.frame().alpha()

    def fan(self) -> list[tuple[int, float, Point]]:
        return self.frame().fan()

    def fan_bounds(self) -> pygame.Rect:
        return self.frame().fan_bounds()


# ---------------------------------------------------------------------- drawing
def draw_celebration(surface: pygame.Surface, art: CardArt, c: CelebrationFrame, turned: SurfaceCache[pygame.Surface],
                     four_colour: bool) -> None:
    """The fan (its turned cards kept in ``turned``; faces in four suit colours or two) and the burst."""
    alpha = c.alpha()
    if alpha <= 0 or c.age < 0:
        return
    _draw_burst(surface, c, alpha)
    for card, angle, centre in c.fan():
        img = _card(art, c.card_w, card, angle, turned, four_colour)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def _card(art: CardArt, card_w: int, card: int, angle: float, turned: SurfaceCache[pygame.Surface],
          four_colour: bool) -> pygame.Surface:
    step = ANGLE_STEP * round(angle / ANGLE_STEP)

    def make() -> pygame.Surface:
        face = art.face(card, card_w, four_colour)
        pad = art.shadow_pad(card_w)
        framed = pygame.Surface((face.get_width() + 2 * pad, face.get_height() + 2 * pad), pygame.SRCALPHA)
        framed.fill(CLEAR)
        framed.blit(art.shadow(card_w), (0, pad // 2))
        framed.blit(face, (pad, pad))
        framed.blit(art.glow(card_w, CELEBRATION_GOLD), (0, 0))
        return pygame.transform.rotozoom(framed, -step, 1.0)

    return turned.get((card, step, card_w, four_colour), make)


def _draw_burst(surface: pygame.Surface, c: CelebrationFrame, alpha: int) -> None:
    """Gold rings widening from the avatar, sparks flying out and falling a little."""
    cx, cy = c.seat_centre
    r0 = c.seat_radius
    rings = (0.0, 0.45) if c.big else (0.0,)
    for start in rings:
        t = (c.age - start) / 0.9
        if 0 <= t <= 1:
            radius = r0 * (1.05 + 1.6 * t)
            width = max(2, round(r0 * 0.16 * (1 - t)))
            _ring(surface, (cx, cy), radius, width, CELEBRATION_GOLD, round(alpha * (1 - t)))
    n = U_SPARKS if c.big else SPARKS
    t = min(1.0, c.age / 1.2)
    if t >= 1:
        return
    for i in range(n):
        a = math.tau * i / n + 0.3
        dist = r0 * (1.1 + 2.0 * (1 - (1 - t) ** 2))
        x = cx + dist * math.cos(a)
        y = cy + dist * math.sin(a) + r0 * 0.6 * t * t
        size = max(2, round(r0 * 0.12 * (1 - t)) + 1)
        colour = CELEBRATION_SPARK if i % 2 else CELEBRATION_GOLD
        _dot(surface, (x, y), size, colour, round(alpha * (1 - t * t)))


def _ring(surface: pygame.Surface, centre: Point, radius: float, width: int, colour: tuple[int, int, int],
          alpha: int) -> None:
    r = math.ceil(radius) + 1
    layer = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    layer.fill(CLEAR)
    pygame.draw.circle(layer, (*colour, alpha), (r, r), radius, width)
    surface.blit(layer, (round(centre[0]) - r, round(centre[1]) - r))


def _dot(surface: pygame.Surface, centre: Point, r: int, colour: tuple[int, int, int], alpha: int) -> None:
    layer = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    layer.fill(CLEAR)
    pygame.draw.circle(layer, (*colour, alpha), (r + 1, r + 1), r)
    surface.blit(layer, (round(centre[0]) - r - 1, round(centre[1]) - r - 1))
