"""Table animation: card flights, flying chips, floating amounts, banners and shakes of the table scene.

Flights are driven by the scene's ``Tweener`` (so they die with the scene and
follow its speed: ``animation_speed`` 2 is twice as fast, 0 is instant).
While a card is in flight it is hidden at its destination (``hidden_cards``
for faces, ``hidden_backs`` for an opponent's hand count) and drawn moving
on an eased arc, optionally turning over half-way. Everything here changes
only in ``update``/``fly``; ``frame()`` hands what a frame shows of it as
one frozen ``AnimFrame`` (the cards hidden where they land, the shakes'
offsets, each flight's and chip's place now, the floating amounts, the
banners and the celebration), which ``draw_flights`` and ``draw_overlays``
paint.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import pygame

from ..art.card_art import CardArt, card_size
from ..core.surface_cache import SurfaceCache
from ..core.tween import Tween, Tweener
from ..widgets.controls import Banner, BannerLook, draw_banner
from .celebration import Celebration, CelebrationFrame, draw_celebration
from .highlights import ShakeKey, frozen_map

Point = tuple[float, float]

FLIGHT = 0.32         # seconds for a card flight at speed 1 (150-450 ms)
DEAL_STEP = 0.045     # seconds between two dealt cards (about 2 s for four players)
SHAKE = 0.4
CHIP_FLIGHT = 0.45
WIDTH_STEP = 6        # flight widths are quantised so card faces are rendered a few times, not every frame


@dataclass(eq=False)
class Flight:
    """One card moving from ``start`` to ``end`` (rects: x, y, width); ``card`` None flies a back."""

    card: int | None
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    flip: bool = False            # starts face down, shows its face from half-way
    back_end: bool = False        # face up at the start, a back at the end (never used for your cards)
    arc: float = 0.0              # pixels of lift at mid-flight
    hide_card: int | None = None
    hide_back: int | None = None  # seat whose hand count waits for this card
    from_stock: bool = False
    blocking: bool = True
    t: float = 0.0
    tween: Tween | None = None

    @property
    def started(self) -> bool:
        return self.tween is None or self.tween.elapsed >= self.tween.delay


@dataclass(eq=False)
class ChipFlight:
    start: Point
    end: Point
    t: float = 0.0
    tween: Tween | None = None


@dataclass(frozen=True)
class AmountLook:
    """A rising amount as drawn: its words in ``colour`` at ``size`` pixels (bold) on a dark pill padded by ``pad``."""

    words: str
    colour: tuple[int, int, int]
    size: int
    pad: tuple[int, int]


@dataclass(eq=False)
class FloatText:
    """An amount that rises and fades near an avatar ("+200", "-200")."""

    amount: AmountLook
    pos: Point
    age: float = 0.0
    life: float = 1.6


@dataclass
class Shake:
    age: float = 0.0


@dataclass(frozen=True)
class FlightSprite:
    """One card in the air this frame: its face (None: a back), where, its width, how flat it is (1: flat)."""

    card: int | None
    x: float
    y: float
    width: int
    squeeze: float = 1.0          # below 1 while it turns over: drawn that much narrower, centred


@dataclass(frozen=True)
class TextSprite:
    """A floating amount this frame: its look, its centre, its opacity."""

    amount: AmountLook
    centre: tuple[int, int]
    alpha: int


@dataclass(frozen=True)
class AnimFrame:
    """What one frame shows of the animations (see the module docstring)."""

    hidden_cards: frozenset[int] = frozenset()
    hidden_backs: Mapping[int, int] = field(default_factory=frozen_map)
    shakes: Mapping[ShakeKey, int] = field(default_factory=frozen_map)    # horizontal offsets now, in pixels
    from_stock: int = 0                 # cards still on the stock, their delayed flight not started
    flights: tuple[FlightSprite, ...] = ()
    chips: tuple[Point, ...] = ()       # the flying chips' centres
    chip_size: int = 0
    texts: tuple[TextSprite, ...] = ()
    banners: tuple[BannerLook, ...] = ()
    celebrations: tuple[CelebrationFrame, ...] = ()

    def shake(self, key: ShakeKey) -> int:
        return self.shakes.get(key, 0)


@dataclass
class TableAnimator:
    """All the moving things of one table scene."""

    tweens: Tweener
    art: CardArt
    play: Callable[[str], None] = lambda name: None
    flights: list[Flight] = field(default_factory=list)
    chips: list[ChipFlight] = field(default_factory=list)
    texts: list[FloatText] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)
    waiting: list[tuple[float, Banner, str | None]] = field(default_factory=list)   # banners shown after a delay
    celebrations: list[Celebration] = field(default_factory=list)
    shakes: dict[ShakeKey, Shake] = field(default_factory=dict)
    hidden_cards: Counter = field(default_factory=Counter)
    hidden_backs: Counter = field(default_factory=Counter)

    # ------------------------------------------------------------------ speed
    @property
    def speed(self) -> float:
        return self.tweens.speed

    @property
    def instant(self) -> bool:
        return math.isinf(self.speed)

    # ------------------------------------------------------------------ starting
    def fly(self, flight: Flight, delay: float = 0.0, duration: float = FLIGHT,
            sound: str | None = None) -> Flight:
        """Start ``flight`` after ``delay`` seconds; ``sound`` plays when it lands."""
        if flight.hide_card is not None:
            self.hidden_cards[flight.hide_card] += 1
        if flight.hide_back is not None:
            self.hidden_backs[flight.hide_back] += 1
        self.flights.append(flight)

        def land() -> None:
            self._land(flight, sound)

        flight.tween = self.tweens.animate(flight, duration, "easeOutCubic", land, delay=delay, t=1.0)
        return flight

    def _land(self, flight: Flight, sound: str | None) -> None:
        if flight in self.flights:
            self.flights.remove(flight)
        for counter, key in ((self.hidden_cards, flight.hide_card), (self.hidden_backs, flight.hide_back)):
            if key is not None:
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
        if sound:
            self.play(sound)

    def chips_fly(self, start: Point, end: Point, count: int = 4, delay: float = 0.0) -> None:
        for i in range(count):
            cf = ChipFlight(start, end)
            self.chips.append(cf)

            def done(cf: ChipFlight = cf) -> None:
                if cf in self.chips:
                    self.chips.remove(cf)

            cf.tween = self.tweens.animate(cf, CHIP_FLIGHT, "easeInOutCubic", done, delay=delay + 0.07 * i, t=1.0)

    def float_text(self, amount: AmountLook, pos: Point) -> None:
        self.texts.append(FloatText(amount, pos))

    def banner(self, banner: Banner, delay: float = 0.0, sound: str | None = None) -> None:
        """Show ``banner`` (and play ``sound``) after ``delay`` seconds at speed 1: once the cards before it land."""
        if delay > 0 and not self.instant:
            self.waiting.append((delay, banner, sound))
            return
        self.banners.append(banner)
        if sound:
            self.play(sound)

    def celebrate(self, celebration: Celebration) -> None:
        self.celebrations.append(celebration)

    @property
    def celebrating(self) -> bool:
        """A winner's celebration is on (the results wait for it)."""
        return bool(self.celebrations)

    def shake(self, key: ShakeKey) -> None:
        self.shakes[key] = Shake()

    def shake_offset(self, key: ShakeKey) -> int:
        """Horizontal offset (pixels) of a shaking thing now; 0 when still."""
        s = self.shakes.get(key)
        if s is None:
            return 0
        k = 1 - s.age / SHAKE
        return round(math.sin(s.age * 55) * 9 * k)

    # ------------------------------------------------------------------ stepping
    def update(self, dt: float) -> None:
        """Advance banners, floating amounts and shakes (flights and chips follow the tweens)."""
        step = math.inf if self.instant else dt * self.speed
        due = [(left - step, banner, sound) for left, banner, sound in self.waiting]
        self.waiting = [w for w in due if w[0] > 0]
        for left, banner, sound in due:
            if left <= 0:
                self.banner(banner, sound=sound)
        for b in self.banners:
            b.update(step if not math.isinf(step) else 99.0)
        self.banners = [b for b in self.banners if b.visible]
        for c in self.celebrations:
            c.update(step)                  # instant: to its end at once, a delayed one too
        self.celebrations = [c for c in self.celebrations if not c.done]
        for t in self.texts:
            t.age += step
        self.texts = [t for t in self.texts if t.age < t.life]
        shake_step = dt if self.instant else dt * max(1.0, self.speed)  # feedback, so never skipped
        for s in self.shakes.values():
            s.age += shake_step
        self.shakes = {k: s for k, s in self.shakes.items() if s.age < SHAKE}

    @property
    def blocking(self) -> bool:
        """True while a card flight runs: the next table message and your input wait for it."""
        return any(f.blocking for f in self.flights)

    @property
    def busy(self) -> bool:
        """True while anything moves (the scene must redraw)."""
        return bool(self.flights or self.chips or self.texts or self.banners or self.waiting or self.shakes
                    or self.celebrations)

    def pending_from_stock(self) -> int:
        """Cards still sitting on the stock, waiting for their (delayed) flight to start."""
        return sum(1 for f in self.flights if f.from_stock and not f.started)

    def finish(self) -> None:
        """Land everything now (e.g. the table fell behind)."""
        self.tweens.finish_all()
        self.flights.clear()
        self.chips.clear()
        self.hidden_cards.clear()
        self.hidden_backs.clear()

    def clear(self) -> None:
        """Drop everything without landing (a new game starts)."""
        for f in self.flights:
            self.tweens.cancel(f)
        for c in self.chips:
            self.tweens.cancel(c)
        self.flights.clear()
        self.chips.clear()
        self.texts.clear()
        self.banners.clear()
        self.waiting.clear()
        self.celebrations.clear()
        self.shakes.clear()
        self.hidden_cards.clear()
        self.hidden_backs.clear()

    # ------------------------------------------------------------------ the frame
    def frame(self, chip_size: int) -> AnimFrame:
        """What a frame shows of the animations now (``chip_size``: the flying chips' diameter)."""
        chips = tuple(_chip_centre(c, chip_size) for c in self.chips
                      if c.tween is None or c.tween.elapsed >= c.tween.delay)
        texts = []
        for t in self.texts:
            k = t.age / t.life
            texts.append(TextSprite(t.amount, (round(t.pos[0]), round(t.pos[1] - 40 * k)), round(255 * (1 - k * k))))
        return AnimFrame(frozenset(self.hidden_cards), frozen_map(self.hidden_backs),
                         frozen_map({key: self.shake_offset(key) for key in self.shakes}), self.pending_from_stock(),
                         tuple(_sprite(f) for f in self.flights if f.started), chips, chip_size, tuple(texts),
                         tuple(b.look() for b in self.banners), tuple(c.frame() for c in self.celebrations))


def _chip_centre(c: ChipFlight, size: int) -> Point:
    x = c.start[0] + (c.end[0] - c.start[0]) * c.t
    y = c.start[1] + (c.end[1] - c.start[1]) * c.t - math.sin(math.pi * c.t) * size * 1.5
    return x, y


def _sprite(f: Flight) -> FlightSprite:
    t = f.t
    x0, y0, w0 = f.start
    x1, y1, w1 = f.end
    w = w0 + (w1 - w0) * t
    wq = max(12, int(round(w / WIDTH_STEP) * WIDTH_STEP))
    x = x0 + (x1 - x0) * t
    y = y0 + (y1 - y0) * t - math.sin(math.pi * t) * f.arc
    face_up = f.card is not None and ((t >= 0.5) if f.flip else not (f.back_end and t >= 0.5))
    squeeze = abs(1 - 2 * t) if f.flip or f.back_end else 1.0
    return FlightSprite(f.card if face_up else None, x, y, wq, squeeze)


# ---------------------------------------------------------------------- drawing a frame
def draw_flights(surface: pygame.Surface, art: CardArt, frame: AnimFrame, chip_image: pygame.Surface,
                 four_colour: bool, back: str) -> None:
    """The cards in the air (faces in four suit colours or two, backs in ``back``), then the flying chips
    (``chip_image``: one chip of the frame's ``chip_size``)."""
    for f in frame.flights:
        img = art.face(f.card, f.width, four_colour) if f.card is not None else art.back(f.width, back)
        x = f.x
        if f.squeeze < 0.98:
            cw, ch = card_size(f.width)
            img = pygame.transform.scale(img, (max(1, round(cw * f.squeeze)), ch))
            x += (cw - img.get_width()) / 2
        art.blit_card(surface, img, (x, f.y), shadow=True)
    half = frame.chip_size / 2
    for x, y in frame.chips:
        surface.blit(chip_image, (round(x - half), round(y - half)))


def draw_overlays(surface: pygame.Surface, art: CardArt, frame: AnimFrame, four_colour: bool,
                  turned: SurfaceCache[pygame.Surface], banner_image: Callable[[BannerLook], pygame.Surface],
                  amount_image: Callable[[AmountLook], pygame.Surface]) -> None:
    """A winner's celebration (its turned cards kept in ``turned``), floating amounts (their images from
    ``amount_image``) and banners (their words' images from ``banner_image``), over everything else."""
    for c in frame.celebrations:
        draw_celebration(surface, art, c, turned, four_colour)
    for t in frame.texts:
        img = amount_image(t.amount).copy()
        img.set_alpha(t.alpha)
        rect = img.get_rect(center=t.centre)
        surface.blit(img, rect.clamp(surface.get_rect()))
    for b in frame.banners:
        draw_banner(surface, b, banner_image(b))
