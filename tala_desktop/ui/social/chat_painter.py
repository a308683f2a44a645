"""Chat painter: draws the table's chat panel from its frozen look (``ChatPanelLook``) and reads nothing else.

The closed toggle with its unread count, and the open panel: its glass and
title, the emote tiles (lit under the pointer), the buttons, the veil and
its words when the host muted you, the rows of the lines said (or the empty
chat's words), the text field with the note over it and the words in it
while it is empty. Every word is already said in the look; this module
holds only what it rendered, cached by what it shows.
"""

from __future__ import annotations

import functools

import pygame

from ..art import gfx, theme
from ..art.emotes import emote
from ..art.theme import DIALOG_EDGE, FAINT, LABEL, MUTED, WHITE
from ..core.assets import Fonts
from ..core.surface_cache import SurfaceCache
from ..widgets.button_look import ButtonImages
from ..widgets.field_look import FieldImages
from ..widgets.text_fit import READABLE
from .chat_lines import ChatRowImages
from .social_look import Box, ChatPanelLook, OpenChatLook

EMOTE_TILE = 52
EMPTY_SIZE = 15          # the empty chat's words
HINT_SIZE = 15           # the empty field's words
MUTED_SIZE = 17          # why a muted player's picks are not sent
IMAGES = 48              # the panel, its tiles, titles, notes, the toggle


class ChatPainter:
    """Draws chat panel looks (``buttons``: the button faces the layer's painter shares)."""

    def __init__(self, fonts: Fonts, buttons: ButtonImages) -> None:
        self.fonts = fonts
        self.buttons = buttons
        self.rows = ChatRowImages(fonts)
        self.fields = FieldImages(fonts)
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(IMAGES)

    def draw(self, surface: pygame.Surface, look: ChatPanelLook) -> None:
        self._toggle(surface, look)
        if look.open is not None:
            self._open(surface, look.open)

    def _toggle(self, surface: pygame.Surface, look: ChatPanelLook) -> None:
        r = pygame.Rect(look.toggle)
        lit = look.open is not None
        surface.blit(self._cache.get(("toggle", r.size, lit), lambda: _toggle_image(r.size, lit)), r)
        if look.badge:
            badge = self._cache.get(("badge", look.badge), lambda: _badge(self.fonts, look.badge))
            surface.blit(badge, badge.get_rect(center=(r.right - 4, r.y + 4)))

    def _open(self, surface: pygame.Surface, o: OpenChatLook) -> None:
        r = pygame.Rect(o.box)
        surface.blit(self._cache.get(("panel", r.size), lambda: gfx.rounded_rect(
            r.size, theme.CHAT_FILL, 16, 2, DIALOG_EDGE)), r)
        title = self._cache.get(("title", o.title),
                                lambda: gfx.render_text(self.fonts.font(19, True), o.title, LABEL))
        surface.blit(title, (r.x + 14, r.y + 14))
        for key, tile, hover in o.tiles:
            fill = theme.CHAT_TILE_HOVER if hover else theme.CHAT_TILE
            surface.blit(self._cache.get(("tile", fill), functools.partial(
                gfx.rounded_rect, (EMOTE_TILE, EMOTE_TILE), fill, 12)), tile[:2])
            face = emote(key, EMOTE_TILE - 12)
            surface.blit(face, face.get_rect(center=pygame.Rect(tile).center))
        for b in o.buttons:
            self.buttons.draw(surface, b)
        if o.veil is not None:
            self._muted(surface, o.veil, o.muted)
        self._lines(surface, o)
        if o.field is not None:
            f = o.field
            self.fields.draw(surface, f)
            fx, fy, fw, fh = f.box
            if o.note is not None:
                note, colour = o.note
                img = self._cache.get(("note", note, colour), functools.partial(
                    gfx.render_line, self.fonts.font(READABLE), note, colour))
                surface.blit(img, (fx + 4, fy - img.get_height() - 3))
            if o.hint:
                text, width = o.hint, fw - 20
                hint = self._cache.get(("hint", text), lambda: gfx.render_text(self.fonts.font(HINT_SIZE), text, FAINT,
                                                                               width))
                surface.blit(hint, hint.get_rect(midleft=(fx + 12, fy + fh // 2)))

    def _muted(self, surface: pygame.Surface, veil: Box, lines: tuple[str, ...]) -> None:
        """The reactions veiled, and why over them: the host muted you here."""
        r = pygame.Rect(veil)
        surface.blit(self._cache.get(("veil", r.size), lambda: gfx.rounded_rect(r.size, theme.CHAT_VEIL, 12)), r)
        font = self.fonts.font(MUTED_SIZE, True)
        step = font.get_linesize()
        y = r.centery - step * len(lines) // 2
        for line in lines:
            img = self._cache.get(("muted", line), functools.partial(gfx.render_line, font, line, theme.WARNING))
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += step

    def _lines(self, surface: pygame.Surface, o: OpenChatLook) -> None:
        area = pygame.Rect(o.lines)
        pygame.draw.line(surface, theme.CHAT_RULE, (area.x, area.y - 3), (area.right, area.y - 3))
        if o.empty:
            font = self.fonts.font(EMPTY_SIZE)
            images = [self._cache.get(("empty", line), functools.partial(gfx.render_line, font, line, MUTED))
                      for line in o.empty]
            y = area.centery - sum(img.get_height() for img in images) // 2
            for img in images:
                surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
                y += img.get_height()
            return
        y = o.rows_y
        for row in o.rows:
            surface.blit(self.rows.image(row), (area.x, y))
            y += o.step


def _toggle_image(size: tuple[int, int], lit: bool) -> pygame.Surface:
    """A dark round button with a speech bubble (gold while the panel is open)."""
    w, h = size
    img = gfx.rounded_rect(size, theme.CHAT_BUTTON, h // 3, 2, theme.CHAT_BUTTON_EDGE)
    colour = theme.GOLD if lit else WHITE
    bubble = pygame.Rect(w * 0.22, h * 0.22, w * 0.56, h * 0.44)
    pygame.draw.ellipse(img, colour, bubble)
    pygame.draw.polygon(img, colour, [(w * 0.34, h * 0.56), (w * 0.3, h * 0.8), (w * 0.48, h * 0.62)])
    for i in range(3):
        pygame.draw.circle(img, theme.CHAT_BUTTON_DOTS, (w * (0.38 + 0.12 * i), bubble.centery), max(2, h // 16))
    return img


def _badge(fonts: Fonts, text: str) -> pygame.Surface:
    label = gfx.render_text(fonts.font(13, True), text, WHITE)
    d = max(20, label.get_width() + 10)
    img = pygame.Surface((d, 20), pygame.SRCALPHA)
    pygame.draw.rect(img, theme.CHAT_BADGE, img.get_rect(), border_radius=10)
    pygame.draw.rect(img, WHITE, img.get_rect(), 1, border_radius=10)
    img.blit(label, label.get_rect(center=(d // 2, 10)))
    return img
