"""PeopleMenu: one person's menu at the table (what the host may do about them) or the list of those watching.

The host clicks a guest's avatar or name plate (on the table, or their row
in the results), or a name in the list of those watching, and a small
panel opens by it: the name, where they are ("Ghế 2", "đang xem", "bị cấm
chat") and one button per choice the channel offers ("Mời vào ghế 3",
"Cấm chat" / "Cho chat lại", "Mời ra"). A choice with a question
(``SeatChoice.confirm``: removing someone) turns the panel into that
question, which names them, with the choice and "Để lại". A click outside
or Esc closes it. ``refresh`` follows the table: a person who left closes
their menu, a changed choice (muted now) is shown at once. ``look()`` is the
open menu as a frame shows it (``MenuLook``: its words already said and
placed, its buttons' looks), built again only when it changed; the layer's
painter draws it.
"""

from __future__ import annotations

import functools

import pygame

from ..art import gfx
from ..art.theme import (
    GOLD,
    MUTED,
    PERSON_ROW,
    PERSON_ROW_PLAIN,
    WHITE,
)
from ..core.assets import Fonts
from ..core.i18n import tr
from ..frames.page import wrap_text
from ..widgets.controls import Button
from ..widgets.text_fit import ellipsize
from .social_channel import Person, SeatChoice
from .social_look import MenuLook, PersonRowLook, TextLook

MENU_W = 300
ROW_H = 40
ROW_GAP = 6
PAD = 12


class PeopleMenu:
    """The open menu (one person's, or the list of those watching), laid out by what it was opened at."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.person: Person | None = None      # whose menu is open
        self.listing: list[Person] | None = None   # the people watching, when their list is open
        self.asking: SeatChoice | None = None  # the choice waiting for its question's answer
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.bounds = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.rows: list[tuple[Person, pygame.Rect]] = []    # the list's names, each where it is drawn
        self._row_looks: list[PersonRowLook] = []            # each row as it is drawn
        self._texts: list[TextLook] = []
        self._badges: list[tuple[int, int, int]] = []       # (centre x, centre y, size) of muted marks
        self._look: MenuLook | None = None                  # the last look built (None: built again since)

    @property
    def is_open(self) -> bool:
        return self.person is not None or self.listing is not None

    def _px(self, v: float) -> int:
        return round(v * self.scale)

    # ------------------------------------------------------------------ opening, closing, following the table
    def open_person(self, person: Person, anchor: pygame.Rect, bounds: pygame.Rect, scale: float) -> None:
        self.person, self.listing, self.asking = person, None, None
        self.anchor, self.bounds, self.scale = pygame.Rect(anchor), pygame.Rect(bounds), scale
        self._build()

    def open_list(self, watching: list[Person], anchor: pygame.Rect, bounds: pygame.Rect, scale: float) -> None:
        self.person, self.listing, self.asking = None, list(watching), None
        self.anchor, self.bounds, self.scale = pygame.Rect(anchor), pygame.Rect(bounds), scale
        self._build()

    def close(self) -> None:
        self.person, self.listing, self.asking = None, None, None
        self.buttons, self.rows = [], []

    def refresh(self, people: list[Person]) -> bool:
        """Follow the table's people: True when what the menu shows changed (or it closed)."""
        if self.person is not None:
            now = next((p for p in people if p.key == self.person.key), None)
            if now is None or (not now.actions and self.person.actions):
                self.close()
                return True
            if now != self.person:
                self.person = now
                if self.asking is not None and self.asking not in now.actions:
                    self.asking = None
                self._build()
                return True
        elif self.listing is not None:
            watching = [p for p in people if p.seat is None]
            if not watching:
                self.close()
                return True
            if watching != self.listing:
                self.listing = watching
                self._build()
                return True
        return False

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        p = self._px
        w = min(p(MENU_W), self.bounds.w)
        inner = w - 2 * p(PAD)
        texts: list[tuple[TextLook, int, int]] = []     # (words, x offset, y offset) inside the panel
        self._badges, self.rows, self.buttons, self._row_looks, self._look = [], [], [], [], None
        y = p(PAD)
        title_font = self.fonts.font(p(20), bold=True)
        small = self.fonts.font(p(15))

        def text(words: str, font: pygame.font.Font, size: int, colour: tuple[int, int, int], bold: bool = False
                 ) -> tuple[int, int]:
            """A line of the panel at ``y``; the size it takes."""
            texts.append((TextLook(words, size, colour, (0, 0), bold), 0, y))
            return gfx.render_text(font, words, colour).get_size()

        place: list[tuple[str, SeatChoice | None, Person | None, int]] = []   # what goes in each row, and at y
        if self.person is not None:
            person = self.person
            name_w, name_h = text(ellipsize(title_font, person.name, inner - p(30)), title_font, p(20), GOLD, True)
            if person.muted:
                self._badges.append((name_w + p(14), y + name_h // 2, p(20)))
            y += name_h + p(2)
            where = tr("people.seat", seat=person.seat + 1) if person.seat is not None else tr("social.watching_mark")
            if person.muted:
                where = where + " · " + tr("people.muted_mark")
            y += text(ellipsize(small, where, inner), small, p(15), MUTED)[1] + p(10)
            if self.asking is not None:
                for line in wrap_text(small, self.asking.confirm, inner):
                    y += text(line, small, p(15), WHITE)[1] + p(2)
                y += p(8)
                place.append(("yes", self.asking, None, y))
                y += p(ROW_H) + p(PAD)
            else:
                for choice in person.actions:
                    place.append(("pick", choice, None, y))
                    y += p(ROW_H) + p(ROW_GAP)
                y += p(PAD) - p(ROW_GAP)
        elif self.listing is not None:
            title = tr("people.watching_title", count=len(self.listing))
            y += text(ellipsize(title_font, title, inner), title_font, p(20), GOLD, True)[1] + p(8)
            for person in self.listing:
                place.append(("row", None, person, y))
                y += p(ROW_H - 6) + p(4)
            y += p(PAD) - p(4)
        h = y
        x = max(self.bounds.x, min(self.anchor.centerx - w // 2, self.bounds.right - w))
        top = self.anchor.bottom + p(6)
        if top + h > self.bounds.bottom:
            top = max(self.bounds.y, self.anchor.y - p(6) - h)
        self.rect = pygame.Rect(x, top, w, h)
        left = x + p(PAD)
        size = p(18)
        for kind, pick, who, ry in place:
            if kind == "yes" and pick is not None:
                half = (inner - p(10)) // 2
                self.buttons.append(Button((left, top + ry, half, p(ROW_H)), pick.label, self.fonts,
                                           self._do_asked, style="red", font_size=size))
                self.buttons.append(Button((left + half + p(10), top + ry, inner - half - p(10), p(ROW_H)),
                                           tr("lobby.kick_no"), self.fonts, self._cancel, style="dark",
                                           font_size=size))
            elif kind == "pick" and pick is not None:
                style = "red" if pick.confirm else "dark"
                self.buttons.append(Button((left, top + ry, inner, p(ROW_H)), pick.label, self.fonts,
                                           functools.partial(self._pick, pick), style=style, font_size=size))
            elif who is not None:
                row = pygame.Rect(left, top + ry, inner, p(ROW_H - 6))
                self.rows.append((who, row))
                font = self.fonts.font(p(17), bold=bool(who.actions))
                mark = p(20)
                self._row_looks.append(PersonRowLook(
                    (row.x, row.y, row.w, row.h), PERSON_ROW if who.actions else PERSON_ROW_PLAIN, p(8),
                    ellipsize(font, who.name, row.w - p(44)), p(17), bool(who.actions), row.x + p(10),
                    (row.right - p(8) - mark, row.centery - mark // 2, mark) if who.muted else None))
        self._texts = [TextLook(t.text, t.size, t.colour, (left + dx, top + dy), t.bold) for t, dx, dy in texts]
        self._badges = [(left + bx, top + by, bs) for bx, by, bs in self._badges]

    # ------------------------------------------------------------------ input
    def _pick(self, choice: SeatChoice) -> None:
        if choice.confirm:
            self.asking = choice
            self._build()
            return
        self.close()
        choice.act()

    def _do_asked(self) -> None:
        choice = self.asking
        self.close()
        if choice is not None:
            choice.act()

    def _cancel(self) -> None:
        self.asking = None
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """While open: its buttons take their clicks, a click elsewhere or Esc closes it (and is used up)."""
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        for b in list(self.buttons):
            if b.handle_event(event) and event.type != pygame.MOUSEMOTION:
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if not self.rect.collidepoint(event.pos):
                self.close()
                return True
            row = next(((person, rect) for person, rect in self.rows if rect.collidepoint(event.pos)), None)
            if row is not None and row[0].actions:       # a name in the list: that person's menu, by it
                self.open_person(row[0], row[1], self.bounds, self.scale)
            return True
        return event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos)

    def hovered(self) -> tuple[bool, ...]:
        return tuple(b.hovered for b in self.buttons)

    def shown_texts(self) -> list[str]:
        """The words the open menu shows: the name, where they are, the question, the names listed."""
        if not self.is_open:
            return []
        out: list[str] = []
        if self.person is not None:
            where = tr("people.seat", seat=self.person.seat + 1) if self.person.seat is not None \
                else tr("social.watching_mark")
            out += [self.person.name, where] + ([self.asking.confirm] if self.asking is not None else [])
        elif self.listing is not None:
            out += [tr("people.watching_title", count=len(self.listing)), *(p.name for p in self.listing)]
        return out

    # ------------------------------------------------------------------ the frame's look
    def look(self) -> MenuLook | None:
        """The open menu as a frame shows it (None: closed); the last look while nothing in it changed."""
        if not self.is_open:
            return None
        buttons = tuple(b.look() for b in self.buttons)
        if self._look is None or self._look.buttons != buttons:
            r = self.rect
            self._look = MenuLook((r.x, r.y, r.w, r.h), self._px(12), tuple(self._texts), tuple(self._badges),
                                  tuple(self._row_looks), buttons)
        return self._look
