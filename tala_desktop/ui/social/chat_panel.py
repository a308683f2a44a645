"""ChatPanel: the table's chat — a toggle showing the unread count, and a panel of reactions, lines and a text field.

Closed, only the round toggle shows (with a red count of lines that came
while it was closed). Open, the panel holds a row of emotes, the quick
phrases, the lines said at this table (newest at the bottom, the wheel
scrolls back) and, where free text is allowed, the text field with its
Send button; Enter sends, Esc leaves the field and then closes the panel.
Picking a reaction closes the panel so the bubble at your avatar is seen.
Open, the panel is docked in a strip at the table's right edge
(``side_dock``) from under the toggle to the bottom, and the table lays
itself out beside it, so it covers no seat.
Like the other widgets it works in logical coordinates, changes state
only in ``handle_event``/``update`` and caches what it renders.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tala_desktop.table.reactions import EMOTES, PHRASES

from ..art import gfx, theme
from ..art.emotes import emote
from ..art.theme import DIALOG_EDGE, FAINT, LABEL, MUTED, WHITE
from ..core.assets import Fonts
from ..core.choice_words import reaction_text
from ..core.i18n import N_, tr
from ..core.surface_cache import SurfaceCache
from ..table.layout import side_dock
from ..widgets.controls import Button
from ..widgets.form import TextField
from .chat_lines import ChatEntry, ChatLines, wrap
from .chat_scroll import length_note
from .social_channel import ChatMessage

Colour = tuple[int, int, int]
PANEL_TOP = 106              # below the toggle, which sits under the table's menu button
TOGGLE = (46, 40)
MARGIN = 10
REACTIONS_H = 330            # the panel without a text field (offline: reactions and the lines said)
EMOTE_TILE = 52
PHRASE_H = 34
NOTE_ROW = 18                # over the field: "170/200 ký tự", or "Tin nhắn dài quá"
MAX_ENTRIES = 500            # lines kept for the table's life (the oldest go beyond this)


class ChatPanel:
    """The chat of one table; ``add`` a line as it arrives, ``on_chat``/``on_react`` send what you pick."""

    def __init__(self, fonts: Fonts, canvas: tuple[int, int], on_react: Callable[[str], None],
                 on_chat: Callable[[str], None] | None = None, max_length: int = 200) -> None:
        self.fonts = fonts
        self.on_react = on_react
        self.on_chat = on_chat
        self.max_length = max_length
        self.entries: list[ChatEntry] = []
        self.unread = 0
        self.is_open = False
        self.muted = False             # the host muted you here: the empty field says so
        self.scroll = 0                # rows scrolled back from the newest
        self.lines = ChatLines(fonts)
        self._hover: str | None = None
        self._pointer = (0, 0)         # the last mouse position seen (the wheel scrolls what it is over)
        self._cache: SurfaceCache[pygame.Surface] = SurfaceCache(48)   # the panel, its tiles, titles, the toggle
        self._empty: tuple[tuple[str, int], list[tuple[str, pygame.Surface]]] | None = None   # the empty chat's lines
        self.layout(canvas)

    # ------------------------------------------------------------------ geometry
    def layout(self, canvas: tuple[int, int]) -> None:
        """Place the toggle at the right edge of a ``canvas``-sized table and the panel in the strip docked there."""
        w, h = canvas
        self.canvas = canvas
        self.toggle_rect = pygame.Rect(w - MARGIN - TOGGLE[0], PANEL_TOP - TOGGLE[1] - 8, *TOGGLE)
        height = h - PANEL_TOP - MARGIN if self.on_chat else min(REACTIONS_H, h - PANEL_TOP - MARGIN)
        dock = side_dock(canvas)
        self.rect = pygame.Rect(w - dock + MARGIN, PANEL_TOP, dock - 2 * MARGIN, height)
        x0, y = self.rect.x + 12, self.rect.y + 10
        inner = self.rect.w - 24
        self.close_button = Button((self.rect.right - 12 - 30, y, 30, 30), "×", self.fonts, self.close,
                                   style="dark", font_size=18)
        y += 40
        gap = (inner - len(EMOTES) * EMOTE_TILE) // max(1, len(EMOTES) - 1)
        self.emote_rects = {key: pygame.Rect(x0 + i * (EMOTE_TILE + gap), y, EMOTE_TILE, EMOTE_TILE)
                            for i, key in enumerate(EMOTES)}
        y += EMOTE_TILE + 8
        col_w = (inner - 8) // 2
        size = phrase_size(self.fonts, col_w)
        self.phrase_buttons = [
            Button((x0 + (i % 2) * (col_w + 8), y + (i // 2) * (PHRASE_H + 6), col_w, PHRASE_H), reaction_text(key),
                   self.fonts, functools.partial(self._react, key), style="dark", font_size=size)
            for i, key in enumerate(PHRASES)]
        y += ((len(PHRASES) + 1) // 2) * (PHRASE_H + 6) + 4
        self.reactions_rect = pygame.Rect(x0, self.rect.y + 50, inner, y - 8 - (self.rect.y + 50))
        bottom = self.rect.bottom - 10
        self.field: TextField | None = None
        self.send_button: Button | None = None
        if self.on_chat is not None:
            self.field = TextField((x0, bottom - 42, inner - 80, 42), "", self.fonts, self.max_length, size=16)
            self.send_button = Button((self.rect.right - 12 - 72, bottom - 41, 72, 40), tr("social.send"), self.fonts,
                                      self.send, style="blue", font_size=16)
            bottom -= 50 + NOTE_ROW            # a row over the field for its count, or why a line was not taken
        self.lines_rect = pygame.Rect(x0, y, inner, bottom - y)

    def dock(self) -> int:
        """The strip at the canvas's right edge the panel takes from the table: all of it open, none closed."""
        return side_dock(self.canvas) if self.is_open else 0

    def empty_lines(self) -> list[tuple[str, pygame.Surface]]:
        """The empty chat's words in lines that fit the lines' area, each drawn at the font's own width."""
        text, width = self.empty_text(), self.lines_rect.w
        font = self.fonts.font(15)
        if self._empty is None or self._empty[0] != (text, width):
            self._empty = ((text, width), [(line, gfx.render_line(font, line, MUTED))
                                           for line in wrap(font, text, width, width)])
        return self._empty[1]

    def empty_text(self) -> str:
        """What an empty chat says: how to send a line (or, with reactions only, a reaction)."""
        return tr(N_("social.empty") if self.field is not None else N_("social.empty_reactions"))

    def buttons(self) -> list[Button]:
        return [self.close_button, *self.phrase_buttons, *([self.send_button] if self.send_button else [])]

    # ------------------------------------------------------------------ state
    def add(self, entry: ChatEntry) -> None:
        """A line arrived: kept, counted as unread while the panel is closed (not your own)."""
        self.entries.append(entry)
        del self.entries[:-MAX_ENTRIES]
        if not self.is_open and not entry.message.mine and not entry.message.notice:
            self.unread += 1
        if self.scroll:
            self.scroll += len(self.lines.rows(entry, self.lines_rect.w))   # reading back: the view stays put

    def open(self, typing: bool = False) -> None:
        self.is_open, self.unread, self.scroll = True, 0, 0
        if typing and self.field is not None:
            self.field.focus(True)

    def close(self) -> None:
        self.is_open = False
        self.muted = False             # the host muted you here: the empty field says so
        if self.field is not None:
            self.field.focus(False)

    def toggle(self) -> None:
        self.close() if self.is_open else self.open()

    @property
    def typing(self) -> bool:
        return self.field is not None and self.field.focused

    def send(self) -> None:
        """Send the field's text (trimmed; nothing if empty) and clear it; the field stays focused."""
        if self.field is None or self.on_chat is None or self.muted:
            return
        text = self.field.text.strip()
        if text:
            self.on_chat(text)
            self.field.text, self.field.caret = "", 0
            self.scroll = 0

    def _react(self, key: str) -> None:
        if self.muted:                 # refused anyway: the note over the reactions says why, the panel stays
            return
        self.on_react(key)
        self.close()

    def muted_rect(self) -> pygame.Rect:
        """Where a muted player reads why their picks are not sent: over the reactions."""
        return self.reactions_rect

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel used the event (the table must not act on it)."""
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons() if self.is_open else ():
                b.handle_event(event)
            pos = self._pointer = event.pos
            self._hover = next((k for k, r in self.emote_rects.items() if r.collidepoint(pos)), None) \
                if self.is_open else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.toggle_rect.collidepoint(event.pos):
            self.toggle()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if not self.is_open:
            return False
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return self.field is not None and not self.muted and self.field.handle_event(event)
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._pointer):
                self.scroll = max(0, min(self._max_scroll(), self.scroll + event.y))
                return True
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if self.field is not None and not self.muted and self.field.handle_event(event):
            return True
        for b in self.buttons():
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = next((k for k, r in self.emote_rects.items() if r.collidepoint(event.pos)), None)
            if key is not None:
                self._react(key)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and self.rect.collidepoint(event.pos):
            return True
        return self.rect.collidepoint(event.pos)

    def _key(self, event: pygame.event.Event) -> bool:
        if self.typing:
            assert self.field is not None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.send()
                return True
            return self.field.handle_event(event)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.field is not None:
            self.open(typing=True)
            return True
        if event.key == pygame.K_ESCAPE and self.is_open:
            self.close()
            return True
        return False

    def _max_scroll(self) -> int:
        total = sum(len(self.lines.rows(e, self.lines_rect.w)) for e in self.entries[-120:])
        return max(0, total - self.lines_rect.h // self.lines.row_height)

    def update(self, dt: float) -> None:
        if self.field is not None:
            self.field.update(dt)
        for b in self.buttons():
            b.update(dt)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_toggle(surface)
        if not self.is_open:
            return
        r = self.rect
        surface.blit(self._cache.get(("panel", r.size), lambda: gfx.rounded_rect(
            r.size, theme.CHAT_FILL, 16, 2, DIALOG_EDGE)), r)
        title = self._cache.get(("title", tr("social.chat")),
                          lambda: gfx.render_text(self.fonts.font(19, True), tr("social.chat"), LABEL))
        surface.blit(title, (r.x + 14, r.y + 14))
        for key, tile in self.emote_rects.items():
            fill = theme.CHAT_TILE_HOVER if key == self._hover else theme.CHAT_TILE
            surface.blit(self._cache.get(("tile", fill), functools.partial(
                gfx.rounded_rect, (EMOTE_TILE, EMOTE_TILE), fill, 12)), tile)
            face = emote(key, EMOTE_TILE - 12)
            surface.blit(face, face.get_rect(center=tile.center))
        for b in self.buttons():
            b.draw(surface)
        if self.muted:
            self._draw_muted(surface)
        self._draw_lines(surface)
        if self.field is not None:
            self.field.draw(surface)
            f = self.field
            note, colour = length_note(f, self.max_length)
            if note and not self.muted:
                img = self._cache.get(("note", note, colour), functools.partial(
                    gfx.render_line, self.fonts.font(13), note, colour))
                surface.blit(img, (f.rect.x + 4, f.rect.y - img.get_height() - 3))
            if not f.text and not f.focused and not f.composing:
                text, width = tr(N_("people.you_muted") if self.muted else N_("social.placeholder")), f.rect.w - 20
                hint = self._cache.get(("hint", text), lambda: gfx.render_text(self.fonts.font(15), text, FAINT, width))
                surface.blit(hint, hint.get_rect(midleft=(f.rect.x + 12, f.rect.centery)))

    def _draw_muted(self, surface: pygame.Surface) -> None:
        """The reactions veiled, and why over them: the host muted you here."""
        r = self.muted_rect()
        text = tr("social.you_muted_here")
        surface.blit(self._cache.get(("veil", r.size), lambda: gfx.rounded_rect(r.size, theme.CHAT_VEIL, 12)), r)
        font = self.fonts.font(17, True)
        lines = wrap(font, text, r.w - 28, r.w - 28)
        step = font.get_linesize()
        y = r.centery - step * len(lines) // 2
        for line in lines:
            img = self._cache.get(("muted", line), functools.partial(gfx.render_line, font, line, theme.WARNING))
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += step

    def _draw_lines(self, surface: pygame.Surface) -> None:
        area = self.lines_rect
        pygame.draw.line(surface, theme.CHAT_RULE, (area.x, area.y - 3), (area.right, area.y - 3))
        if not self.entries:
            lines = self.empty_lines()
            y = area.centery - sum(img.get_height() for _, img in lines) // 2
            for _, img in lines:
                surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
                y += img.get_height()
            return
        rows: list[pygame.Surface] = []
        need = area.h // self.lines.row_height + self.scroll
        for entry in reversed(self.entries):
            rows[:0] = self.lines.rows(entry, area.w)
            if len(rows) >= need:
                break
        shown = rows[:len(rows) - self.scroll] if self.scroll else rows
        fit = area.h // self.lines.row_height
        y = area.bottom - min(fit, len(shown)) * self.lines.row_height
        for row in shown[-fit:]:
            surface.blit(row, (area.x, y))
            y += self.lines.row_height

    def cut_name_at(self, pos: tuple[int, int]) -> str | None:
        """The full name of a sender drawn cut with "…" at ``pos`` in the open chat (as ``draw`` lays its rows out),
        else None."""
        area, step = self.lines_rect, self.lines.row_height
        if not self.is_open or not self.entries or not area.collidepoint(pos):
            return None
        rows: list[tuple[ChatEntry, int]] = []
        need = area.h // step + self.scroll
        for entry in reversed(self.entries):
            rows[:0] = [(entry, i) for i in range(len(self.lines.rows(entry, area.w)))]
            if len(rows) >= need:
                break
        shown = (rows[:len(rows) - self.scroll] if self.scroll else rows)[-max(1, area.h // step):]
        index = (pos[1] - (area.bottom - len(shown) * step)) // step
        if not 0 <= index < len(shown) or shown[index][1] != 0:
            return None
        cut = self.lines.cut_sender(shown[index][0], area.w)
        return cut[1] if cut is not None and pos[0] - area.x < cut[0] else None

    def _draw_toggle(self, surface: pygame.Surface) -> None:
        r = self.toggle_rect
        state = "open" if self.is_open else "closed"
        surface.blit(self._cache.get(("toggle", state), lambda: _toggle_image(r.size, self.is_open)), r)
        if self.unread and not self.is_open:
            text = "9+" if self.unread > 9 else str(self.unread)
            badge = self._cache.get(("badge", text), lambda: _badge(self.fonts, text))
            surface.blit(badge, badge.get_rect(center=(r.right - 4, r.y + 4)))


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


def notice(text: str) -> ChatMessage:
    """A line from the table itself (a refusal of what you sent), shown in the chat."""
    return ChatMessage(name="", text=text, notice=True)


def phrase_size(fonts: Fonts, width: int) -> int:
    """The largest font (15 down to 12) at which every quick phrase fits a ``width`` button unsqueezed."""
    for size in range(15, 12, -1):
        font = fonts.font(size, bold=True)
        if all(gfx.text_size(font, reaction_text(key))[0] + 2 * max(1, size // 12) <= width - 8 for key in PHRASES):
            return size
    return 12
