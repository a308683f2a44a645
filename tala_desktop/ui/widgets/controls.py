"""Widgets: Button, Label, Panel and Toast (a fading status line), all in logical coordinates.

Widgets hit-test ``event.pos`` as given: the app passes events through
``Display.map_event`` first, so positions are logical. State changes in
``handle_event``/``update``; ``draw`` only paints (rendered images cached).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..art import gfx, theme
from ..art.theme import WHITE, Colour
from ..core.assets import Fonts
from .button_look import ButtonImages, ButtonLook

BANNER_MARGIN = 6        # a banner keeps this far from the window's edges


class Button:
    """A rounded, high-contrast button: hover, pressed, disabled, and an optional pulsing glow.

    A click is a left press and release inside the rect while enabled; it calls
    ``on_click`` (if given) and sets ``clicked`` (read it with ``consume_click``).
    """

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], text: str, fonts: Fonts,
                 on_click: Callable[[], None] | None = None, style: str = "primary",
                 font_size: int | None = None, enabled: bool = True, visible: bool = True,
                 glow: bool = False) -> None:
        if style not in theme.BUTTON_FACES:
            raise ValueError(f"unknown button style {style!r}: one of {sorted(theme.BUTTON_FACES)}")
        self.rect = pygame.Rect(rect)
        self.text = text
        self.fonts = fonts
        self.on_click = on_click
        self.style = style
        self.font_size = font_size
        self.enabled = enabled
        self.visible = visible
        self.glow = glow
        self.hovered = False
        self.pressed = False
        self.clicked = False
        self._phase = 0.0
        self._images = ButtonImages(fonts)

    @property
    def active(self) -> bool:
        return self.enabled and self.visible

    def consume_click(self) -> bool:
        """True once per click since the last call."""
        was, self.clicked = self.clicked, False
        return was

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track hover/press; returns True when the event was used by this button."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        return False

    def click(self) -> None:
        """Activate as if clicked (keyboard shortcuts use this)."""
        if not self.active:
            return
        self.clicked = True
        if self.on_click is not None:
            self.on_click()

    def update(self, dt: float) -> None:
        self._phase = (self._phase + dt) % 100.0

    def glow_level(self) -> float:
        """0..1 brightness of the pulsing glow now (0 when glow is off)."""
        if not self.glow or not self.active:
            return 0.0
        return 0.55 + 0.45 * math.sin(self._phase * math.tau * 0.9)

    def look(self, hover: bool | None = None, pressed: bool | None = None) -> ButtonLook:
        """The button as a frame shows it now (see button_look.py); ``hover`` and ``pressed`` as someone else
        tracks them (None: as the button did from its events)."""
        return ButtonLook((self.rect.x, self.rect.y, self.rect.w, self.rect.h), self.text, self.style, self.font_size,
                          self.hovered if hover is None else hover, self.pressed if pressed is None else pressed,
                          self.enabled, self.glow_level())

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            self._images.draw(surface, self.look())


class Label:
    """A line of text anchored at a point (``anchor`` is a Rect attribute name like "center")."""

    def __init__(self, text: str, pos: tuple[int, int], fonts: Fonts, size: int = 20,
                 colour: Colour = WHITE, bold: bool = False, anchor: str = "topleft",
                 shadow: bool = True, max_width: int | None = None) -> None:
        self.pos = pos
        self.fonts = fonts
        self.size = size
        self.colour = colour
        self.bold = bold
        self.anchor = anchor
        self.shadow = shadow
        self.max_width = max_width
        self.visible = True
        self.text = text
        self._image: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None

    def set_text(self, text: str) -> None:
        self.text = text

    def image(self) -> pygame.Surface:
        key = (self.text, self.size, self.colour, self.bold, self.shadow, self.max_width)
        if self._image is None or key != self._key:
            font = self.fonts.font(self.size, self.bold)
            if self.shadow:
                img = gfx.shadowed_text(font, self.text, self.colour, self.size, self.max_width)
            else:
                img = gfx.render_text(font, self.text, self.colour, self.max_width)
            self._image, self._key = img, key
        return self._image

    @property
    def rect(self) -> pygame.Rect:
        rect = self.image().get_rect()
        setattr(rect, self.anchor, self.pos)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible and self.text:
            surface.blit(self.image(), self.rect)


class Panel:
    """A rounded translucent panel (dialogs, the log, seat plates)."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int],
                 colour: tuple[int, int, int, int] = theme.PANEL_FILL, radius: int = 14,
                 border_colour: tuple[int, int, int, int] | None = theme.PANEL_EDGE, border: int = 2) -> None:
        self.rect = pygame.Rect(rect)
        self.colour = colour
        self.radius = radius
        self.border_colour = border_colour
        self.border = border
        self.visible = True
        self._image: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None

    def image(self) -> pygame.Surface:
        key = (self.rect.size, self.colour, self.radius, self.border_colour, self.border)
        if self._image is None or key != self._key:
            border = self.border if self.border_colour is not None else 0
            self._image = gfx.rounded_rect(self.rect.size, self.colour, self.radius, border, self.border_colour)
            self._key = key
        return self._image

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            surface.blit(self.image(), self.rect)


class Toast:
    """A status line that fades in, stays ``seconds`` and fades out; a new message replaces it."""

    FADE_IN = 0.15
    FADE_OUT = 0.6

    def __init__(self, pos: tuple[int, int], fonts: Fonts, size: int = 22, anchor: str = "center") -> None:
        self.pos = pos
        self.fonts = fonts
        self.size = size
        self.anchor = anchor
        self.text = ""
        self.colour: Colour = WHITE
        self.age = 0.0
        self.seconds = 0.0
        self._image: pygame.Surface | None = None

    def show(self, text: str, seconds: float = 3.0, colour: Colour = WHITE) -> None:
        self.text, self.seconds, self.colour, self.age = text, seconds, colour, 0.0
        self._image = None

    def clear(self) -> None:
        self.text = ""
        self._image = None

    @property
    def visible(self) -> bool:
        return bool(self.text) and self.age < self.seconds + self.FADE_OUT

    def alpha(self) -> int:
        """0..255 opacity now: fade in, hold, fade out after ``seconds``."""
        if not self.visible:
            return 0
        if self.age < self.FADE_IN:
            return round(255 * self.age / self.FADE_IN)
        if self.age <= self.seconds:
            return 255
        return round(255 * max(0.0, 1 - (self.age - self.seconds) / self.FADE_OUT))

    def update(self, dt: float) -> None:
        if self.text:
            self.age += dt

    def image(self) -> pygame.Surface:
        if self._image is None:
            text = gfx.render_text(self.fonts.font(self.size, bold=True), self.text, self.colour)
            pad_x, pad_y = self.size, self.size // 3
            size = (text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y)
            pill = gfx.rounded_rect(size, theme.TOAST_FILL, size[1] // 2)
            pill.blit(text, (pad_x, pad_y))
            self._image = pill
        return self._image

    def draw(self, surface: pygame.Surface) -> None:
        a = self.alpha()
        if a <= 0:
            return
        img = self.image()
        img.set_alpha(a)
        rect = img.get_rect()
        setattr(rect, self.anchor, self.pos)
        surface.blit(img, rect)


@dataclass(frozen=True)
class BannerLook:
    """A banner as one frame shows it: its words in ``colour`` at ``size``, centred on ``pos``, how big it is in its
    pop (1: full size) and how opaque (0..255)."""

    text: str
    colour: Colour
    size: int
    pos: tuple[int, int]
    scale: float = 1.0
    alpha: int = 255


def banner_image(fonts: Fonts, text: str, colour: Colour, size: int) -> pygame.Surface:
    """A banner's words, outlined (render once per text, colour and size)."""
    return gfx.outlined_text(fonts.font(size, bold=True), text, colour, theme.BANNER_OUTLINE, max(2, size // 16))


def draw_banner(surface: pygame.Surface, look: BannerLook, image: pygame.Surface) -> None:
    """Paint a banner's look from its ``image`` (``banner_image``): scaled in its pop, faded, kept inside the
    surface's edges."""
    if look.alpha <= 0:
        return
    k = look.scale
    img = pygame.transform.smoothscale_by(image, max(0.05, k)) if abs(k - 1.0) > 1e-3 else image.copy()
    img.set_alpha(look.alpha)
    surface.blit(img, banner_place(look.pos, img.get_size(), surface.get_rect()))


def banner_place(pos: tuple[int, int], size: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
    """Where an image of ``size`` goes: centred on ``pos``, moved inside ``bounds`` (a seat at the window's edge has
    its banner beside it, not cut off)."""
    rect = pygame.Rect((0, 0), size)
    rect.center = pos
    return rect.clamp(bounds.inflate(-2 * BANNER_MARGIN, -2 * BANNER_MARGIN))


class Banner:
    """A big-moment banner ("Ăn!", "Ù!", "Móm"): pops in with a bounce, holds, fades out."""

    POP = 0.35
    FADE = 0.3

    def __init__(self, pos: tuple[int, int], fonts: Fonts, size: int = 72) -> None:
        self.pos = pos
        self.fonts = fonts
        self.size = size
        self.text = ""
        self.colour: Colour = theme.BANNER_GOLD
        self.age = 0.0
        self.hold = 0.0
        self._image: pygame.Surface | None = None

    def show(self, text: str, colour: Colour = theme.BANNER_GOLD, hold: float = 0.9) -> None:
        self.text, self.colour, self.hold, self.age = text, colour, hold, 0.0
        self._image = None

    @property
    def visible(self) -> bool:
        return bool(self.text) and self.age < self.POP + self.hold + self.FADE

    def update(self, dt: float) -> None:
        if self.text:
            self.age += dt

    def scale(self) -> float:
        """Size factor now: 0.3 -> overshoot -> 1.0 during the pop (easeOutBack)."""
        if self.age >= self.POP:
            return 1.0
        t = self.age / self.POP - 1
        c = 1.70158
        return 0.3 + 0.7 * (1 + (c + 1) * t ** 3 + c * t ** 2)

    def alpha(self) -> int:
        if not self.visible:
            return 0
        end = self.POP + self.hold
        return 255 if self.age <= end else round(255 * (1 - (self.age - end) / self.FADE))

    def image(self) -> pygame.Surface:
        if self._image is None:
            self._image = banner_image(self.fonts, self.text, self.colour, self.size)
        return self._image

    def look(self) -> BannerLook:
        """The banner as a frame shows it now."""
        return BannerLook(self.text, self.colour, self.size, self.pos, self.scale(), self.alpha())

    def draw(self, surface: pygame.Surface) -> None:
        draw_banner(surface, self.look(), self.image())

    def placed(self, size: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
        """Where an image of ``size`` goes (``banner_place``)."""
        return banner_place(self.pos, size, bounds)
