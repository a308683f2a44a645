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
Like the other widgets it works in logical coordinates and changes state
only in ``handle_event``/``update``; ``look()`` hands what a frame shows of
it as a frozen ``ChatPanelLook`` (the toggle and its count, the tiles and
buttons lit as the pointer says, the rows that show, the field, every word
said), built again only when something in it changed; chat_painter.py
draws it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from tala_desktop.table.reactions import EMOTES, PHRASES

from ..art import gfx
from ..core.assets import Fonts
from ..core.choice_words import reaction_text
from ..core.i18n import N_, get_language, tr
from ..table.layout import side_dock
from ..widgets.button_look import ButtonLook
from ..widgets.controls import Button
from ..widgets.field_look import FieldLook
from ..widgets.form import TextField
from .chat_lines import ChatEntry, ChatLines, ChatRow, wrap
from .chat_scroll import length_note
from .social_channel import ChatMessage
from .social_look import ChatPanelLook, OpenChatLook, box_of

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
        self._said = 0                 # lines taken so far (the look follows)
        self._look: tuple[tuple[object, ...], ChatPanelLook] | None = None   # the last look, and what it showed
        self._wrapped: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}  # words wrapped to a width
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

    def empty_lines(self) -> tuple[str, ...]:
        """The empty chat's words in lines that fit the lines' area (drawn at the font's own width)."""
        return self._wrap(self.empty_text(), 15, False, self.lines_rect.w)

    def _wrap(self, text: str, size: int, bold: bool, width: int) -> tuple[str, ...]:
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 16:
                self._wrapped.clear()
            lines = self._wrapped[key] = tuple(wrap(self.fonts.font(size, bold), text, width, width))
        return lines

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
        self._said += 1
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

    # ------------------------------------------------------------------ the frame's look
    def look(self) -> ChatPanelLook:
        """The chat as a frame shows it (see the module docstring); the last frame's look while nothing changed."""
        buttons = tuple(b.look() for b in self.buttons()) if self.is_open else ()
        field = self.field.look() if self.field is not None and self.is_open else None
        refused = self.field is not None and self.field.refused
        key = (self.is_open, self.unread, self.muted, tuple(self.rect), tuple(self.toggle_rect), self._hover, buttons,
               field, refused, self._said, self.scroll, get_language())
        if self._look is None or self._look[0] != key:
            t = self.toggle_rect
            badge = ("9+" if self.unread > 9 else str(self.unread)) if self.unread and not self.is_open else ""
            self._look = (key, ChatPanelLook(box_of(t), badge, self._open_look(buttons, field)))
        return self._look[1]

    def _open_look(self, buttons: tuple[ButtonLook, ...], field: FieldLook | None) -> OpenChatLook | None:
        if not self.is_open:
            return None
        tiles = tuple((key, box_of(tile), key == self._hover) for key, tile in self.emote_rects.items())
        area, step = self.lines_rect, self.lines.row_height
        rows: list[ChatRow] = []
        need = area.h // step + self.scroll
        for entry in reversed(self.entries):
            rows[:0] = self.lines.rows(entry, area.w)
            if len(rows) >= need:
                break
        shown = rows[:len(rows) - self.scroll] if self.scroll else rows
        fit = area.h // step
        note: tuple[str, Colour] | None = None
        hint = ""
        if self.field is not None:
            f = self.field
            said, colour = length_note(f, self.max_length)
            note = (said, colour) if said and not self.muted else None
            if not f.text and not f.focused and not f.composing:
                hint = tr(N_("people.you_muted") if self.muted else N_("social.placeholder"))
        veil = self.muted_rect()
        muted = self._wrap(tr("social.you_muted_here"), 17, True, veil.w - 28) if self.muted else ()
        return OpenChatLook(box_of(self.rect), tr("social.chat"), tiles, buttons, box_of(area), tuple(shown[-fit:]),
                            area.bottom - min(fit, len(shown)) * step, step,
                            () if self.entries else self.empty_lines(), field, note, hint, muted,
                            box_of(veil) if self.muted else None)

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
