"""The between-games strip: the seat changes offered (buttons in one row) under a line saying why the deal waits.

Between two games of a LAN table the channel offers seat changes (sit
down, stand up, the host's "Mời Lan vào ghế 3") and says why the next deal
waits ("Ghế 3 chờ người xem vào ngồi: còn 6 s"). The strip lays both out in
an area it is given: inside the results dialog (the room the dialog leaves
under its rows, drawn over the dialog), or, once the results are closed,
on the table's free middle (``table_area``: under the stock and the side
seats' rows, over your own discards), its note then in the status line's
place (a pill like it, left out while the status line has words: the
table's own message comes first). Each button is as wide as its words;
the ones that do not fit in the row are left out (the first are the most
wanted; the rest are in the people menu). ``look`` hands the strip as a
frame shows it (``StripLook``: the buttons' looks, the note as it fits and
where), the last one while nothing in it changed.
"""

from __future__ import annotations

import pygame

from ..art import gfx
from ..art.theme import RESULTS_NOTE
from ..core.assets import Fonts
from ..table.layout import TableLayout
from ..widgets.controls import Button
from ..widgets.text_fit import ellipsize
from .social_channel import SeatChoice
from .social_look import StripLook, box_of

STRIP_H = 78          # design pixels: the note line, a gap, a row of buttons
BUTTON_H = 44
NOTE_SIZE = 16
FONT_SIZE = 19
SMALLEST = 15
GAP = 14
MIN_W, MAX_W = 180, 360


def table_area(layout: TableLayout) -> pygame.Rect:
    """The table's free middle between games: under the stock's label and the side seats' laid rows, over the
    discards of the seat at the bottom, as wide as the table."""
    p = layout.px
    top = layout.stock_label.bottom
    bottom = layout.size[1]
    for s in range(layout.n):
        g = layout.seat(s)
        if g.slot in ("left", "right"):
            top = max(top, g.laid.bottom, g.pile.bottom, g.eaten.bottom)
        elif g.slot == "bottom":
            bottom = min(bottom, g.pile.y, g.laid.y)
    table = layout.table
    return pygame.Rect(table.x + p(20), top + p(6), table.w - p(40), max(0, bottom - p(6) - top - p(6)))


class BetweenStrip:
    """The note and the seat-change buttons, laid out in one area."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.choices: list[SeatChoice] = []
        self.note = ""
        self.buttons: list[Button] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.note_at: pygame.Rect | None = None   # where the note goes when not over the buttons (the status line)
        self.scale = 1.0
        self._note_img: tuple[tuple[str, int, int], tuple[str, pygame.Surface]] | None = None  # as it fits, measured
        self._look: tuple[tuple[object, ...], StripLook | None] = ((), None)
        self._key: tuple[object, ...] = ()
        self._pointer = (-1, -1)            # the last pointer position seen
        self._pending: list[SeatChoice] | None = None   # the row to show once the pointer leaves it

    @property
    def wanted(self) -> bool:
        """There is something to show (a seat change offered, or a reason the deal waits)."""
        return bool(self.choices or self.note)

    def offer(self, choices: list[SeatChoice], note: str) -> bool:
        """What to show now; True when it changed. While the pointer is over a button the row keeps its shape:
        each button keeps its place and its choice (by its key, never its position), one whose choice is gone is
        greyed there; the new row is laid out once the pointer leaves."""
        if self._under_pointer():
            changed = note != self.note or choices != self._pending
            self.note, self._pending = note, choices
            if changed:
                self._rebind(choices)
            return changed
        self._pending = None
        if choices == self.choices and note == self.note:
            return False
        self.choices, self.note = choices, note
        self._key = ()                      # placed again at the next ``place``
        return True

    def _under_pointer(self) -> bool:
        return any(b.rect.collidepoint(self._pointer) for b in self.buttons)

    def _rebind(self, choices: list[SeatChoice]) -> None:
        """Each button shown takes the action of the new choice with its identity, or is greyed without one."""
        now = {c.ident: c for c in choices}
        for shown, b in zip(self.choices, self.buttons):
            fresh = now.get(shown.ident)
            b.on_click = fresh.act if fresh is not None else None
            b.enabled = fresh is not None
            if fresh is not None and fresh.label != b.text:      # the same choice in new words ("Chia tiếp")
                font = self.fonts.font(b.font_size or self._px(FONT_SIZE), True)
                b.text = ellipsize(font, fresh.label, b.rect.w - self._px(16))

    def place(self, area: pygame.Rect, scale: float, note_at: pygame.Rect | None = None) -> None:
        """Lay the note and the buttons out in ``area`` (at the table's ``scale``), the two together in its middle,
        or the note in ``note_at`` and the buttons under it."""
        key = (tuple(area), scale, tuple(c.label for c in self.choices), note_at and tuple(note_at), bool(self.note))
        if key == self._key:
            return
        self._key, self.area, self.scale = key, pygame.Rect(area), scale
        self.note_at = pygame.Rect(note_at) if note_at is not None else None
        p = self._px
        h, gap = p(BUTTON_H), p(GAP)
        room = area.w
        widths: list[int] = []
        sizes: list[int] = []
        for c in self.choices:
            size = p(FONT_SIZE)             # smaller type for long words, rather than cutting them
            while size > p(SMALLEST) and gfx.text_size(self.fonts.font(size, True), c.label)[0] > p(MAX_W - 24):
                size -= 1
            w = max(p(MIN_W), min(p(MAX_W), gfx.text_size(self.fonts.font(size, True), c.label)[0] + p(40)))
            if sum(widths) + gap * len(widths) + w > room:
                break
            widths.append(w)
            sizes.append(size)
        total = sum(widths) + gap * max(0, len(widths) - 1)
        note = self.fonts.font(p(NOTE_SIZE)).get_height() + p(6) if self.note else 0
        x, y = area.centerx - total // 2, min(area.bottom - h, area.centery - (h + note) // 2 + note)
        if note_at is not None:             # under the status line, as low as the area lets them
            y = max(note_at.bottom + p(2), area.bottom - h)
            h = max(p(30), min(h, area.bottom - y))
        self.buttons = []
        for i, (c, w, size) in enumerate(zip(self.choices, widths, sizes)):
            label = ellipsize(self.fonts.font(size, True), c.label, w - p(16))
            self.buttons.append(Button((x, y, w, h), label, self.fonts, c.act,
                                       style="green" if i == 0 else "dark", font_size=size))
            x += w + gap

    def _px(self, v: float) -> int:
        return round(v * self.scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a button (its action done); a move only lights it (and, leaving the row, lets a new row in)."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if self._pending is not None and not self._under_pointer():
                pending, self._pending = self._pending, None
                self.offer(pending, self.note)
        used = False
        for b in self.buttons:
            if b.handle_event(event) and event.type != pygame.MOUSEMOTION:
                used = True
        return used

    def hovered(self) -> tuple[bool, ...]:
        return tuple(b.hovered for b in self.buttons)

    def note_rect(self) -> pygame.Rect:
        """Where the note is drawn: centred over the buttons (in the area's middle without any), or in its pill in
        ``note_at``."""
        img = self._note()
        if self.note_at is not None:
            pad = self._px(18)
            return pygame.Rect(0, 0, img.get_width() + 2 * pad, self.note_at.h).move(
                self.note_at.centerx - (img.get_width() + 2 * pad) // 2, self.note_at.y)
        bottom = (self.buttons[0].rect.y - self._px(6)) if self.buttons else self.area.centery + img.get_height() // 2
        return img.get_rect(midbottom=(self.area.centerx, bottom))

    def _note(self) -> pygame.Surface:
        return self._fitted()[1]

    def _fitted(self) -> tuple[str, pygame.Surface]:
        """The note as it fits the area's width, and its picture (to measure it)."""
        size = self._px(NOTE_SIZE)
        key = (self.note, size, self.area.w)
        if self._note_img is None or self._note_img[0] != key:
            font = self.fonts.font(size)
            text = ellipsize(font, self.note, self.area.w)
            self._note_img = (key, (text, gfx.shadowed_text(font, text, RESULTS_NOTE, size)))
        return self._note_img[1]

    def look(self, note: bool = True) -> StripLook | None:
        """The strip as a frame shows it: the buttons, and the note unless ``note`` is False (the status line in its
        place has words); None when it shows nothing."""
        buttons = tuple(b.look() for b in self.buttons)
        shown = bool(self.note and note)
        key = (buttons, shown and self.note, self._key, self.note_at and tuple(self.note_at))
        if key != self._look[0]:
            look = None
            if shown:
                look = StripLook(buttons, self._fitted()[0], self._px(NOTE_SIZE), box_of(self.note_rect()),
                                 self.note_at is not None)
            elif buttons:
                look = StripLook(buttons)
            self._look = (key, look)
        return self._look[1]
