"""TablePeople: the people at a table as the social layer shows them — muted and away marks, their menus.

The channel says who is at the table (``Person``: seated or watching,
muted or not, away or not, and the host's choices about them). A muted
person's mark (social_painter.py's ``muted_badge``) sits at their avatar's upper left on the
table, and by their name in the results; a player whose connection dropped
reads "vắng · 45s" on their name plate (the seconds their seat is still kept
while the computer plays it). The host opens a person's menu
(people_menu.py) by clicking their avatar or name plate on the table,
their row in the results, or their name in the list of those watching
(opened from the "N người đang xem" label, or the results' "Người xem"
button); someone without choices (a bot, yourself) opens nothing. The menu
is drawn over the table or over the results, whichever it was opened on,
and closes when that changes. ``look_table`` and ``look_dialog`` hand what
a frame shows of them as a frozen ``PeopleLook`` (where each mark goes, the
away words said, the menu's look), the last one while nothing changed.
"""

from __future__ import annotations

import math

import pygame

from ..core.assets import Fonts
from ..core.i18n import tr
from ..table.layout import TableLayout
from ..table.scene_layer import DialogRoom
from .people_menu import PeopleMenu
from .social_channel import Person
from .social_look import AwayLook, PeopleLook, box_of

BADGE = 22             # design pixels: the muted mark's size
AWAY_TEXT = 13         # design pixels: the away mark's type


class TablePeople:
    """The people shown at one table, and the menu open on one of them."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.menu = PeopleMenu(fonts)
        self.people: list[Person] = []
        self.on_dialog = False          # the menu was opened over the results (closed when they go)
        self._look: tuple[tuple[object, ...], PeopleLook] = ((), PeopleLook())   # the last look, and what it showed

    def update(self, people: list[Person], dialog: bool) -> bool:
        """Follow the table: True when what is shown changed."""
        changed = people != self.people
        self.people = people
        if self.menu.is_open and dialog != self.on_dialog:
            self.menu.close()
            changed = True
        elif self.menu.refresh(people):
            changed = True
        return changed

    def at_seat(self, seat: int) -> Person | None:
        return next((p for p in self.people if p.seat == seat), None)

    def away_texts(self) -> list[str]:
        """The away marks on the table's name plates, as they read ("Lan: vắng · 45s")."""
        return [p.name + ": " + tr("people.away", seconds=p.away) for p in self.people
                if p.away is not None and p.seat is not None]

    def watching(self) -> list[Person]:
        return [p for p in self.people if p.seat is None]

    # ------------------------------------------------------------------ opening
    def open_seat(self, seat: int, anchor: pygame.Rect, bounds: pygame.Rect, scale: float, dialog: bool) -> bool:
        """Open the menu of the person at ``seat`` (True when they have one)."""
        person = self.at_seat(seat)
        if person is None or not person.actions:
            return False
        self.on_dialog = dialog
        self.menu.open_person(person, anchor, bounds, scale)
        return True

    def open_watching(self, anchor: pygame.Rect, bounds: pygame.Rect, scale: float, dialog: bool) -> bool:
        """Open the list of the people watching (True when anyone is)."""
        watching = self.watching()
        if not watching:
            return False
        self.on_dialog = dialog
        self.menu.open_list(watching, anchor, bounds, scale)
        return True

    def click_table(self, event: pygame.event.Event, layout: TableLayout, watch_label: pygame.Rect | None) -> bool:
        """A press on the table: on a person's avatar or name plate their menu, on the watching label the list."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        bounds = pygame.Rect((0, 0), layout.size)
        if watch_label is not None and watch_label.collidepoint(event.pos):
            return self.open_watching(watch_label, bounds, layout.scale, dialog=False)
        for seat in range(layout.n):
            g = layout.seat(seat)
            if g.avatar.collidepoint(event.pos) or g.plate.collidepoint(event.pos):
                return self.open_seat(seat, g.plate, bounds, layout.scale, dialog=False)
        return False

    def click_dialog(self, event: pygame.event.Event, room: DialogRoom, bounds: pygame.Rect, scale: float) -> bool:
        """A press on the results: on a row's avatar or name, that person's menu."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        spot = next((s for s in room.people if s.hit.collidepoint(event.pos)), None)
        return spot is not None and self.open_seat(spot.seat, spot.name, bounds, scale, dialog=True)

    # ------------------------------------------------------------------ the frame's look
    def look_table(self, layout: TableLayout) -> PeopleLook:
        """The muted marks at the avatars, the away marks on the name plates, and the menu opened on the table."""
        menu = None if self.on_dialog else self.menu.look()
        key = (layout, tuple(self.people), menu)
        if key != self._look[0]:
            n = layout.n
            marks = tuple(_mark(layout.seat(p.seat).avatar, layout.px(BADGE)) for p in self.people
                          if p.muted and p.seat is not None and 0 <= p.seat < n)
            away = tuple(AwayLook(box_of(layout.seat(p.seat).plate), tr("people.away", seconds=p.away),
                                  layout.px(AWAY_TEXT))
                         for p in self.people if p.away is not None and p.seat is not None and 0 <= p.seat < n)
            self._look = (key, PeopleLook(marks, away, menu))
        return self._look[1]

    def look_dialog(self, room: DialogRoom, scale: float) -> PeopleLook:
        """The muted marks at the avatars in the results, and the menu opened on them."""
        marks = []
        for spot in room.people:
            p = self.at_seat(spot.seat)
            if p is not None and p.muted:
                marks.append(_mark(spot.avatar, round(BADGE * scale)))
        return PeopleLook(tuple(marks), (), self.menu.look() if self.on_dialog else None)


def _mark(avatar: pygame.Rect, size: int) -> tuple[tuple[int, int], int]:
    """Where the muted mark of ``size`` goes on a round avatar's edge at its upper left (the clock's seconds sit at
    its upper right): its top left, and its size."""
    d = avatar.w / 2 * math.sqrt(0.5)
    x, y = avatar.centerx - d, avatar.centery - d
    return (round(x - size / 2), round(y - size / 2)), size
