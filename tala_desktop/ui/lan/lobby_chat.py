"""LobbyChat: the LAN lobby's chat box — every line of the table, scrolling, and how long a line may be.

The lines (chat, and who the host removed) show in a ``ChatScroll``:
newest at the bottom, the wheel and a scrollbar to read back, "Tin nhắn
mới" when lines come while reading back; names as the roster names them,
in their colours. Over the text field a count shows how much of a line's
200 characters is used once it nears the limit, and typing past it says
so ("Tin nhắn dài quá: tối đa 200 ký tự") instead of dropping it silently.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tala_desktop.net.protocol import ChatEvent, Removed

from ..art import theme
from ..art.avatars import avatar_colour
from ..art.theme import LABEL, MUTED, WARNING, WATCHER_NAME
from ..core.assets import Fonts
from ..core.i18n import N_, tr
from ..frames.page import PANEL, wrap_text
from ..social.chat_lines import ChatEntry
from ..social.chat_scroll import ChatScroll, length_note
from ..social.social_channel import ChatMessage
from ..widgets.form import TextField
from ..widgets.text_fit import ellipsize
from .channel import removed_text
from .session import LanSession

BOX_BOTTOM = PANEL.bottom - 122     # the lines end over the count row, over the field
Label = Callable[..., pygame.Surface]


class LobbyChat:
    """The chat of the table the lobby's ``session`` is at."""

    def __init__(self, session: LanSession, fonts: Fonts, speaker: Callable[[ChatEvent], str]) -> None:
        self.session = session
        self.fonts = fonts
        self.speaker = speaker
        self.view = ChatScroll(fonts, pygame.Rect(0, 0, 1, 1))
        self.drawn_note = ""              # the count or refusal over the field, as last drawn

    def place(self, rect: pygame.Rect) -> None:
        self.view.rect = pygame.Rect(rect)

    def entries(self) -> list[ChatEntry]:
        s = self.session
        out = []
        for line in s.chat_events:
            if isinstance(line, Removed):
                out.append(ChatEntry(ChatMessage(name="", text=removed_text(line), notice=True), WARNING))
            elif isinstance(line, ChatEvent):
                watching = line.watching or line.seat is None
                colour = WATCHER_NAME if watching else avatar_colour(line.name)
                out.append(ChatEntry(ChatMessage(name=self.speaker(line), seat=line.seat, text=line.text,
                                                 watching=watching, mine=self._mine(line)), colour))
        return out

    def _mine(self, line: ChatEvent) -> bool:
        """Your own line (it never counts as new)."""
        s, info = self.session, self.session.lobby
        if not (line.watching or line.seat is None):
            return not s.watching and line.seat == s.you
        if not s.watching or info is None or s.member not in info.watcher_ids:
            return False
        return info.watchers[info.watcher_ids.index(s.member)] == line.name

    def update(self) -> bool:
        """Follow the session's lines; True when what shows changed."""
        return self.view.set_entries(self.entries())

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.view.handle_event(event)

    def draw(self, surface: pygame.Surface, label: Label, field: TextField | None, width: int) -> str:
        """The title, the lines (an empty box says what it is for: that hint is returned), the field's note."""
        r = self.view.rect
        surface.blit(label(tr("lobby.chat"), 20, LABEL, bold=True), (r.x, r.y - 30))
        empty = ""
        if not self.view.entries and not self.session.am_muted:
            hint = N_("lobby.chat_empty") if self.session.lobby is not None else N_("lobby.chat_no_table")
            empty = ellipsize(self.fonts.font(17), tr(hint), width)
        self.view.draw(surface, empty)
        self.drawn_note = ""
        if field is None or not field.visible:
            return empty
        text, colour = length_note(field)
        if text:
            font = self.fonts.font(14)
            self.drawn_note = ellipsize(font, text, field.rect.w + 110)
            img = label(self.drawn_note, 14, colour)
            surface.blit(img, (field.rect.x, field.rect.y - img.get_height() - 4))
        return empty

    def draw_muted(self, surface: pygame.Surface, label: Label, field: TextField | None, muted: bool) -> str:
        """Muted: the chat field's box says so, in two rows at most, where one would type; the words drawn."""
        if field is None or field.visible or not muted:
            return ""
        pygame.draw.rect(surface, theme.LAN_ROW, field.rect, border_radius=field.rect.h // 4)
        font = self.fonts.font(15)
        lines = wrap_text(font, tr("lobby.chat_muted"), field.rect.w - 20)
        if len(lines) > 2:
            lines = [lines[0], ellipsize(font, " ".join(lines[1:]), field.rect.w - 20)]
        top = field.rect.centery - len(lines) * 9
        for i, line in enumerate(lines):
            surface.blit(label(line, 15, MUTED), (field.rect.x + 10, top + 18 * i))
        return " ".join(lines)
