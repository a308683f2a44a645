"""Tutorial layer: the coach drawn over the lesson's table (its layer hook) and over the lesson's results.

``CoachLayer`` is what the tutorial adds to a plain ``TableScene``: given
as the scene's layer (``layer``), it is offered the table's input first
(the "Lan đi nhanh hơn" switch), is updated after the table (it lays the
coach panel out for the lesson's words now, clear of the log, the seats and
the status line: tutorial_coach.py) and is drawn by the table's painter,
last, from the frame's view, except while a dialog (the results) shows.
The words come from the lessons (``Lessons``: the tutorial); the switch
asks them to change Lan's pace.

``TutorialResults`` are the lesson's results: no countdown (the player
reads at their pace), the coach's words above the window. Where the band
between the top bar and the centred window is too low for them (a 720-high
canvas), the window moves down as far as the canvas lets it, so the words
sit above it and never over the hand.
"""

from __future__ import annotations

from collections.abc import Callable
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
from ..table.view import TableView
from ..widgets.controls import Button
from .tutorial_coach import PAD, CoachLine, coach_lines, fits, line_step, results_areas, switch_rect, table_area

Words = Callable[[], tuple[str, str, str]]      # the coach's (title, what happened / why, what to do now)
POINTER = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


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
        self.panel, self._switched = panel, False
        self.hidden = table.dialog is not None
        self.faster_button.rect = switch_rect(L, panel[0])
        self.faster_button.font_size = L.px(16)
        return changed

    def draw(self, surface: pygame.Surface, view: TableView) -> None:
        if not self.hidden:
            draw_coach(self.painter, view.layout, surface, *self.panel)
            self.faster_button.draw(surface)

    def dock(self, canvas: tuple[int, int]) -> int:
        return 0                        # the coach sits on the felt: the table keeps its whole width

    def strip_height(self) -> int:
        return 0                        # the results make their own room for the coach (TutorialResults)

    def handle_over(self, event: pygame.event.Event, room: DialogRoom) -> bool:
        return False

    def draw_over(self, surface: pygame.Surface, room: DialogRoom) -> None:
        return None

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
        draw_coach(self.painter, self.table_scene.layout, surface, *self.coach())


def draw_coach(painter: TablePainter, L: TableLayout, surface: pygame.Surface, rect: pygame.Rect,
               lines: list[CoachLine]) -> None:
    if not lines:
        return
    surface.blit(painter.panel(rect.size, theme.COACH_PANEL_FILL, L.px(16), theme.COACH_PANEL_EDGE), rect)
    y = rect.y + L.px(PAD)
    for line in lines:
        surface.blit(painter.text(line.text, line.size, line.colour, line.bold), (rect.x + L.px(PAD), y))
        y += line_step(line, L)
