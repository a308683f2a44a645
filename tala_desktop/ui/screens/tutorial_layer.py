"""Tutorial layer: the coach drawn over the lesson's table (its layer hook) and over the lesson's results.

``CoachLayer`` is what the tutorial adds to a plain ``TableScene``: given
as the scene's layer (``layer``), it is offered the table's input first
(the "Lan đi nhanh hơn" switch), is updated after the table (it lays the
coach panel out for the lesson's words now, clear of the log, the seats and
the status line: tutorial_coach.py) and is shown as a value: its
``CoachLook`` (the panel, each line where it goes, the switch's
``ButtonLook``) rides in the frame's ``TableView`` and ``draw_coach`` paints
it over the table from that look alone, except while a dialog (the results)
shows. The words come from the lessons (``Lessons``: the tutorial); the
switch asks them to change Lan's pace.

``TutorialResults`` are the lesson's results: no countdown (the player
reads at their pace), the coach's words above the window. Where the band
between the top bar and the centred window is too low for them (a 720-high
canvas), the window moves down as far as the canvas lets it, so the words
sit above it and never over the hand; the coach there is drawn from a
``CoachLook`` too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..art import theme
from ..core.assets import Fonts
from ..core.i18n import N_, tr
from ..table.layout import TableLayout
from ..table.model import TableModel
from ..table.painter import TablePainter
from ..table.results import ResultsOverlay
from ..table.scene import TableScene
from ..table.scene_layer import DialogRoom, TableNow
from ..table.view import LayerLook, TableView
from ..widgets.button_look import ButtonLook
from ..widgets.controls import Button
from .tutorial_coach import PAD, CoachLine, coach_lines, fits, line_step, results_areas, switch_rect, table_area

Words = Callable[[], tuple[str, str, str]]      # the coach's (title, what happened / why, what to do now)
POINTER = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


@dataclass(frozen=True)
class CoachLook(LayerLook):
    """The coach as one frame shows it: its panel (where, how round), each line at its place, and the faster switch
    (None: not shown, over the results)."""

    box: tuple[int, int, int, int]
    radius: int
    lines: tuple[tuple[CoachLine, tuple[int, int]], ...]
    switch: ButtonLook | None = None


def coach_look(L: TableLayout, rect: pygame.Rect, lines: list[CoachLine], switch: ButtonLook | None = None
               ) -> CoachLook:
    """The look of the coach's panel ``rect`` with its ``lines`` (coach_lines), each placed under the last."""
    placed, x, y = [], rect.x + L.px(PAD), rect.y + L.px(PAD)
    for line in lines:
        placed.append((line, (x, y)))
        y += line_step(line, L)
    return CoachLook((rect.x, rect.y, rect.w, rect.h), L.px(16), tuple(placed), switch)


class Lessons(Protocol):
    """What the coach reads and asks of the lessons."""

    def coach_lines(self) -> tuple[str, str, str]: ...
    def toggle_faster(self) -> bool: ...       # Lan's pace switched: True when she plays faster now


class CoachLayer:
    """The coach panel and the faster switch over the lesson's table (see the module docstring)."""

    def __init__(self, painter: TablePainter, fonts: Fonts, lessons: Lessons) -> None:
        self.painter = painter          # the coach's text and panel, cached
        self.fonts = fonts
        self.lessons = lessons
        self.faster_button = Button((0, 0, 1, 1), tr("tutorial.faster"), fonts, self._switch, style="dark")
        self.panel: tuple[pygame.Rect, list[CoachLine]] = (pygame.Rect(0, 0, 0, 0), [])
        self.hidden = False             # a dialog over the table (the results) shows the coach itself
        self._switched = False
        self._look: CoachLook | None = None   # the last look built (None: the panel moved since)

    def _switch(self) -> None:
        self.faster_button.text = tr(N_("tutorial.slower") if self.lessons.toggle_faster() else N_("tutorial.faster"))
        self._switched = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        return event.type in POINTER and not self.hidden and self.faster_button.handle_event(event)

    def update(self, dt: float, table: TableNow) -> bool:
        """Lay the panel out for the words now (and the switch under it); True when the coach looks different."""
        L = table.layout
        panel = coach_lines(self.fonts, L, table_area(L), *self.lessons.coach_lines())
        changed = panel != self.panel or self._switched or self.hidden != (table.dialog is not None)
        if changed:
            self._look = None
        self.panel, self._switched = panel, False
        self.hidden = table.dialog is not None
        self.faster_button.rect = switch_rect(L, panel[0])
        self.faster_button.font_size = L.px(16)
        return changed

    def look(self, view: TableView) -> CoachLook | None:
        """The coach this frame (None while a dialog shows it): built again only when the panel or the switch
        changed."""
        if self.hidden:
            return None
        switch = self.faster_button.look()
        if self._look is None or self._look.switch != switch:
            self._look = coach_look(view.layout, *self.panel, switch)
        return self._look

    def draw(self, surface: pygame.Surface, look: LayerLook) -> None:
        if isinstance(look, CoachLook):
            draw_coach(surface, look, self.painter)

    def dock(self, canvas: tuple[int, int]) -> int:
        return 0                        # the coach sits on the felt: the table keeps its whole width

    def strip_height(self) -> int:
        return 0                        # the results make their own room for the coach (TutorialResults)

    def handle_over(self, event: pygame.event.Event, room: DialogRoom) -> bool:
        return False

    def look_over(self, room: DialogRoom) -> LayerLook | None:
        return None                     # the results draw the coach themselves (TutorialResults)

    def holding(self) -> bool:
        return False

    def deal_note(self, countdown: float) -> str | None:
        return None


class TutorialResults(ResultsOverlay):
    """The lesson's results (see the module docstring): "Ván mới" calls ``next_lesson``."""

    def __init__(self, table: TableScene, model: TableModel, words: Words, next_lesson: Callable[[], None]) -> None:
        self.table_scene = table
        self.words = words               # before the window is placed: its place leaves room for the coach
        super().__init__(table.services, table.painter, model, table.seat_looks(), table.table_below,
                         next_lesson, table.leave_table, auto_start=False)

    def _place(self) -> None:
        super()._place()
        _, note, todo = self.words()
        L = self.table_scene.layout
        above, _ = results_areas(L, self.panel)
        whole = pygame.Rect(above.x, above.y, above.w, L.size[1])
        need = coach_lines(self.services.fonts, L, whole, "", note, todo)[0].h
        down = max(0, min(need - above.h, L.size[1] - L.px(10) - self.panel.bottom))
        for r in (self.panel, self.new_button.rect, self.leave_button.rect):
            r.y += down

    def coach(self) -> tuple[pygame.Rect, list[CoachLine]]:
        """The coach over the results: above their window, under the top bar; under the window if it is too low."""
        _, note, todo = self.words()
        L = self.table_scene.layout
        above, below = results_areas(L, self.panel)
        rect, lines = coach_lines(self.services.fonts, L, above, "", note, todo)
        if fits(lines, L, above):
            return rect, lines
        return coach_lines(self.services.fonts, L, below, "", note, todo)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_coach(surface, coach_look(self.table_scene.layout, *self.coach()), self.painter)


def draw_coach(surface: pygame.Surface, look: CoachLook, painter: TablePainter) -> None:
    """Paint the coach from its look alone (``painter`` holds the panel, the text and the switch, rendered)."""
    if look.lines:
        x, y, w, h = look.box
        surface.blit(painter.panel((w, h), theme.COACH_PANEL_FILL, look.radius, theme.COACH_PANEL_EDGE), (x, y))
        for line, at in look.lines:
            surface.blit(painter.text(line.text, line.size, line.colour, line.bold), at)
    if look.switch is not None:
        painter.buttons.draw(surface, look.switch)
