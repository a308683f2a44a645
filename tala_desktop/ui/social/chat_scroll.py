"""ChatScroll: chat lines in a box that scrolls — newest at the bottom, the wheel, a scrollbar to drag, "new messages".

``length_note`` is what the row over a chat field says as a line nears or
passes the server's 200 characters. The lines are laid out by
``ChatLines`` (names in their colours, wrapped text) and drawn through
``ChatRowImages``, as the table's chat draws them. The view follows the
newest line until the reader scrolls back (the wheel over the box, a drag
of the scrollbar's thumb, a click on its track); then it stays where it is
while lines arrive, and a "Tin nhắn mới" pill at the bottom counts them; a
click on the pill (or scrolling to the end) follows the newest again. State
changes only in ``set_entries`` and ``handle_event``; ``draw`` only draws.
"""

from __future__ import annotations

import pygame

from tala_desktop.net.chat_text import MAX_CHAT

from ..art import gfx, theme
from ..art.theme import MUTED, WARNING, WHITE
from ..core.assets import Fonts
from ..core.i18n import tr
from ..widgets.form import TextField
from .chat_lines import ChatEntry, ChatLines, ChatRow, ChatRowImages

BAR_W = 8
COUNT_FROM = 0.8       # a field's count shows once its line is this much of the limit
WHEEL_ROWS = 3
PILL_H = 26


def length_note(field: TextField, limit: int = MAX_CHAT) -> tuple[str, tuple[int, int, int]]:
    """What the row over a chat field says: that a line typed past the limit was not taken, or how much of the
    limit is used once near it ("" otherwise), and in which colour."""
    if field.refused:
        return tr("social.too_long", limit=limit), WARNING
    if len(field.text) >= COUNT_FROM * limit:
        return tr("social.count", count=len(field.text), limit=limit), MUTED
    return "", MUTED


class ChatScroll:
    """A scrolling view of chat entries in ``rect``."""

    def __init__(self, fonts: Fonts, rect: pygame.Rect) -> None:
        self.fonts = fonts
        self.lines = ChatLines(fonts)
        self.images = ChatRowImages(fonts)
        self.rect = pygame.Rect(rect)
        self.entries: list[ChatEntry] = []
        self.scroll = 0                  # rows back from the newest
        self.unseen = 0                  # lines that came while scrolled back
        self._pointer = (-1, -1)
        self._drag: int | None = None    # the pointer's offset into the thumb while dragging it

    # ------------------------------------------------------------------ rows
    @property
    def width(self) -> int:
        return max(40, self.rect.w - BAR_W - 6)

    def _rows(self) -> list[ChatRow]:
        return [row for e in self.entries for row in self.lines.rows(e, self.width)]

    def fit(self) -> int:
        """Rows the box shows at once."""
        return max(1, self.rect.h // self.lines.row_height)

    def max_scroll(self) -> int:
        return max(0, len(self._rows()) - self.fit())

    # ------------------------------------------------------------------ state
    def set_entries(self, entries: list[ChatEntry]) -> bool:
        """The lines to show now (the oldest first); True when they changed."""
        if entries == self.entries:
            return False
        known = len(self.entries)
        fresh = entries[known:] if entries[:known] == self.entries else entries
        if self.scroll and fresh is not entries:         # reading back: the view stays where it is
            self.scroll += sum(len(self.lines.rows(e, self.width)) for e in fresh)
            self.unseen += sum(1 for e in fresh if not e.message.mine)
        self.entries = list(entries)
        self.scroll = min(self.scroll, self.max_scroll())
        return True

    def to_end(self) -> None:
        self.scroll, self.unseen = 0, 0

    def _set_scroll(self, rows: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), rows))
        if self.scroll == 0:
            self.unseen = 0

    # ------------------------------------------------------------------ geometry
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - BAR_W, self.rect.y, BAR_W, self.rect.h)

    def thumb(self) -> pygame.Rect | None:
        """The scrollbar's thumb (None while everything fits)."""
        total = len(self._rows())
        fit = self.fit()
        if total <= fit:
            return None
        track = self.track()
        h = max(20, track.h * fit // total)
        first = total - fit - self.scroll                 # the first row shown
        y = track.y + (track.h - h) * first // max(1, total - fit)
        return pygame.Rect(track.x, y, BAR_W, h)

    def pill(self) -> pygame.Rect | None:
        """The "new messages" pill (None unless lines came while scrolled back)."""
        if not (self.scroll and self.unseen):
            return None
        w = gfx.text_size(self.fonts.font(14, True), self.pill_text())[0] + 28
        return pygame.Rect(self.rect.centerx - w // 2, self.rect.bottom - PILL_H - 4, w, PILL_H)

    def pill_text(self) -> str:
        return tr("social.new_lines", count=self.unseen)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the view used the event (a scroll, a drag, a click on its bar or pill)."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if self._drag is not None:
                self._drag_to(event.pos[1] - self._drag)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._pointer):
                self._set_scroll(self.scroll + event.y * WHEEL_ROWS)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self._drag is not None:
            self._drag = None
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        pill = self.pill()
        if pill is not None and pill.collidepoint(event.pos):
            self.to_end()
            return True
        thumb = self.thumb()
        if thumb is None or not self.track().collidepoint(event.pos):
            return False
        if thumb.collidepoint(event.pos):
            self._drag = event.pos[1] - thumb.y
        else:                                               # the track: a page toward the click
            page = self.fit() - 1
            self._set_scroll(self.scroll + (page if event.pos[1] < thumb.y else -page))
        return True

    def _drag_to(self, thumb_y: int) -> None:
        thumb = self.thumb()
        if thumb is None:
            return
        track = self.track()
        total, fit = len(self._rows()), self.fit()
        room = max(1, track.h - thumb.h)
        first = round((thumb_y - track.y) * (total - fit) / room)
        self._set_scroll(total - fit - first)

    @property
    def pointer(self) -> tuple[int, int]:
        """Where the pointer last moved (the view is told every motion)."""
        return self._pointer

    def cut_name_at(self, pos: tuple[int, int]) -> str | None:
        """The full name of the sender whose name is drawn cut with "…" at ``pos``, else None."""
        if not self.entries or not self.rect.collidepoint(pos):
            return None
        rows = [(e, i) for e in self.entries for i in range(len(self.lines.rows(e, self.width)))]
        fit, step = self.fit(), self.lines.row_height
        shown = rows[max(0, len(rows) - fit - self.scroll):len(rows) - self.scroll]
        index = (pos[1] - (self.rect.bottom - len(shown) * step)) // step
        if not 0 <= index < len(shown) or shown[index][1] != 0:
            return None
        cut = self.lines.cut_sender(shown[index][0], self.width)
        return cut[1] if cut is not None and pos[0] - self.rect.x < cut[0] else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, empty: str = "") -> None:
        """The rows (``empty``, in muted words, while there is none), the scrollbar and the pill."""
        area, step = self.rect, self.lines.row_height
        if not self.entries:
            if empty:
                img = gfx.render_line(self.fonts.font(17), empty, MUTED)
                surface.blit(img, (area.x, area.y))
            return
        rows = self._rows()
        fit = self.fit()
        shown = rows[max(0, len(rows) - fit - self.scroll):len(rows) - self.scroll]
        y = area.bottom - len(shown) * step
        clip = surface.get_clip()
        surface.set_clip(area)
        for row in shown:
            surface.blit(self.images.image(row), (area.x, y))
            y += step
        surface.set_clip(clip)
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, theme.CHAT_RULE, self.track(), border_radius=BAR_W // 2)
            pygame.draw.rect(surface, theme.FELT_MUTED, thumb, border_radius=BAR_W // 2)
        pill = self.pill()
        if pill is not None:
            pygame.draw.rect(surface, theme.CHAT_BADGE, pill, border_radius=PILL_H // 2)
            img = gfx.render_line(self.fonts.font(14, True), self.pill_text(), WHITE)
            surface.blit(img, img.get_rect(center=pill.center))
