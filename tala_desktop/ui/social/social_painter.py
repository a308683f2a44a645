"""Social painter: draws the chat layer's frozen look (social_look.py) and reads nothing else.

``SocialPainter(fonts, art)`` paints a ``SocialLook`` in the order a
player sees it stacked: the "watching" label, the between-games strip, the
chat panel, the speech bubbles, the people's marks and the host's menu,
then the tooltip of a cut name. It holds only what it rendered (text,
panels, button faces; the bubbles' images are the ``BubbleArt`` the layer
measured them with), cached by what they show. It reads no widget, no
setting and no language: every word is already said in the look.
``muted_badge`` is the mark drawn by a muted person's name wherever the
layer (or the LAN lobby's list of people) shows it.
"""

from __future__ import annotations

import functools
import math

import pygame

from ..art import gfx, theme
from ..art.theme import (
    DIALOG_EDGE,
    DIALOG_FILL,
    FELT_MUTED,
    MUTED_MARK,
    MUTED_MARK_EDGE,
    RESULTS_NOTE,
    STATUS_PILL,
    WHITE,
)
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from ..widgets.button_look import ButtonImages
from ..widgets.tooltip import draw_tooltip
from .bubble_art import BubbleArt
from .chat_painter import ChatPainter
from .social_look import (
    RGBA,
    AwayLook,
    BubbleLook,
    Colour,
    LabelLook,
    MenuLook,
    PeopleLook,
    SocialLook,
    StripLook,
    TextLook,
)

BUTTON_IMAGES = 64       # the faces of the panel's, the strip's and the menu's buttons, in their states
IMAGES = 96              # words, panels and tabs


@functools.lru_cache(maxsize=8)
def muted_badge(size: int) -> pygame.Surface:
    """The muted mark, ``size`` pixels round: a speech bubble struck through, white on red."""
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c, r = size * k / 2, size * k / 2
    pygame.draw.circle(big, MUTED_MARK_EDGE, (c, c), r)
    pygame.draw.circle(big, MUTED_MARK, (c, c), r - max(1, size // 10) * k)
    bw, bh = size * k * 0.48, size * k * 0.32
    bubble = pygame.Rect(0, 0, round(bw), round(bh))
    bubble.center = (round(c), round(c - size * k * 0.05))
    pygame.draw.rect(big, WHITE, bubble, border_radius=round(bh / 2.5))
    tail = [(bubble.x + bw * 0.25, bubble.bottom - 1), (bubble.x + bw * 0.2, bubble.bottom + bh * 0.45),
            (bubble.x + bw * 0.5, bubble.bottom - 1)]
    pygame.draw.polygon(big, WHITE, tail)
    d = r * 0.62 * math.sqrt(0.5)
    width = max(2, round(size * k * 0.11))
    pygame.draw.line(big, MUTED_MARK, (c - d, c - d), (c + d, c + d), width + 2 * k)
    pygame.draw.line(big, WHITE, (c - d, c - d), (c + d, c + d), width)
    return pygame.transform.smoothscale(big, (size, size))


class SocialPainter:
    """Draws social looks; holds only their rendered parts."""

    def __init__(self, fonts: Fonts, art: BubbleArt) -> None:
        self.fonts = fonts
        self.art = art
        self.buttons = ButtonImages(fonts, BUTTON_IMAGES)
        self.chat = ChatPainter(fonts, self.buttons)
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(IMAGES)

    # ------------------------------------------------------------------ rendered parts
    def text(self, t: TextLook) -> pygame.Surface:
        """A line of text as ``t`` says (gfx.render_text: never raises)."""
        return self._cache.get(("text", t.text, t.size, t.bold, t.colour),
                               lambda: gfx.render_text(self.fonts.font(t.size, t.bold), t.text, t.colour))

    def panel(self, size: tuple[int, int], fill: Colour | RGBA, radius: int, border: int = 0,
              edge: Colour | RGBA | None = None) -> pygame.Surface:
        return self._cache.get(("panel", size, fill, radius, border, edge),
                               lambda: gfx.rounded_rect(size, fill, radius, border, edge))

    def draw(self, surface: pygame.Surface, look: SocialLook) -> None:
        """Paint ``look``, its parts from the bottom up (see social_look.py)."""
        if look.watchers is not None:
            self.draw_label(surface, look.watchers)
        if look.strip is not None:
            self.draw_strip(surface, look.strip)
        if look.panel is not None:
            self.chat.draw(surface, look.panel)
        self.draw_bubbles(surface, look.bubbles)
        self.draw_people(surface, look.people)
        if look.tip is not None:
            draw_tooltip(surface, self.fonts, look.tip.text, look.tip.pointer, look.tip.size)

    # ------------------------------------------------------------------ parts
    def draw_label(self, surface: pygame.Surface, label: LabelLook) -> None:
        img = self._cache.get(("label", label.text, label.size, label.width), lambda: gfx.shadowed_text(
            self.fonts.font(label.size), label.text, FELT_MUTED, label.size, label.width))
        surface.blit(img, img.get_rect(midright=label.midright))

    def draw_strip(self, surface: pygame.Surface, strip: StripLook) -> None:
        """The strip's note (in its pill in the status line's place, or alone over the buttons), then its buttons."""
        if strip.note and strip.box is not None:
            size = strip.size
            img = self._cache.get(("note", strip.note, size), lambda: gfx.shadowed_text(
                self.fonts.font(size), strip.note, RESULTS_NOTE, size))
            rect = pygame.Rect(strip.box)
            if strip.pill:
                surface.blit(self.panel(rect.size, STATUS_PILL, rect.h // 2), rect)
                surface.blit(img, img.get_rect(center=rect.center))
            else:
                surface.blit(img, rect)
        for b in strip.buttons:
            self.buttons.draw(surface, b)

    def draw_bubbles(self, surface: pygame.Surface, looks: tuple[BubbleLook, ...]) -> None:
        for b in looks:
            img = self.art.image(b.content, b.side)
            x, y, w, h = b.box
            if b.popping:
                img = pygame.transform.smoothscale(img, (w, h))
            if b.alpha is not None:
                img = img.copy()
                img.set_alpha(b.alpha)
            surface.blit(img, (x, y))

    def draw_people(self, surface: pygame.Surface, look: PeopleLook) -> None:
        for at, size in look.marks:
            surface.blit(muted_badge(size), at)
        for away in look.away:
            self._away(surface, away)
        if look.menu is not None:
            self.draw_menu(surface, look.menu)

    def _away(self, surface: pygame.Surface, a: AwayLook) -> None:
        """"vắng · 45s" in a tab hanging from the plate's lower edge at its right end (the plate's own words and
        chips stay uncovered)."""
        size, plate = a.size, pygame.Rect(a.plate)
        img = self._cache.get(("away", a.text, size), lambda: gfx.render_line(self.fonts.font(size, True), a.text,
                                                                             theme.TEXT))
        pad = max(3, size // 2)
        tab = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + max(2, size // 4))
        tab.topright = (plate.right - pad, plate.bottom - max(1, size // 8))
        pygame.draw.rect(surface, theme.AWAY_MARK, tab, border_bottom_left_radius=tab.h // 2,
                         border_bottom_right_radius=tab.h // 2)
        surface.blit(img, img.get_rect(center=tab.center))

    def draw_menu(self, surface: pygame.Surface, m: MenuLook) -> None:
        x, y, w, h = m.box
        surface.blit(self.panel((w, h), DIALOG_FILL, m.radius, 1, DIALOG_EDGE), (x, y))
        for t in m.texts:
            surface.blit(self.text(t), t.at)
        for cx, cy, size in m.badges:
            surface.blit(muted_badge(size), (cx - size // 2, cy - size // 2))
        for row in m.rows:
            box = pygame.Rect(row.box)
            surface.blit(self.panel(box.size, row.fill, row.radius), box)
            name = self.text(TextLook(row.name, row.size, WHITE, (0, 0), row.bold))
            surface.blit(name, name.get_rect(midleft=(row.name_x, box.centery)))
            if row.badge is not None:
                bx, by, size = row.badge
                surface.blit(muted_badge(size), (bx, by))
        for b in m.buttons:
            self.buttons.draw(surface, b)
