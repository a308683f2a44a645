"""Tutorial scene: Hướng dẫn, the guided first game — the real table with fixed deals, a coach panel and scripted Lan.

``TutorialScene`` is a ``TableScene`` over a 2-seat table whose games are
the fixed deals of ``tutorial_script`` (installed with ``Table.resume``).
Lan plays her scripted moves (``ScriptedBot``); ``TutorialClient`` lets
through only the move the current step asks for and answers anything else
with the step's prompt. The coach panel says what just happened and what
to do next, and waits for it. After the last lesson a page congratulates
the player, and its button goes back to the scene that opened the tutorial
(the menu, or the rules page over a game still playing). Nothing here touches
the wallet or the history. The tutorial imports no screen that opens it: the
menu and the rules page reach it through ``Services.pages``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tala_desktop.bots import BotLevel, Decision, Reason, make_bot
from tala_desktop.bots.base import Bot
from tala_desktop.bots.runner import Runner
from tala_desktop.engine import Move, SeatView, card_label
from tala_desktop.engine.cards import parse_card
from tala_desktop.table import BOT, HUMAN, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.table.messages import Error, TableMessage

from ..art import theme
from ..art.theme import TEXT, WARNING
from ..core.i18n import N_, tr
from ..core.names import shown_name
from ..core.scene import Scene
from ..frames.page import PANEL, PageScene, wrap_text
from ..shared.new_game import think_delay
from ..shared.services import Services
from ..table.layout import TableLayout
from ..table.model import TableModel
from ..table.painter import TablePainter
from ..table.results import ResultsOverlay
from ..table.scene import TableScene
from ..widgets.controls import Button
from .tutorial_coach import PAD, CoachLine, coach_lines, fits, line_step, results_areas, switch_rect, table_area
from .tutorial_script import (
    BALANCE,
    BET,
    BOT_NAME,
    DONE_PHOM,
    LESSONS,
    PLAYERS,
    Lesson,
    Step,
    bot_moves,
    lesson_rules,
    lesson_state,
)

FAST_DELAY = 0.25          # seconds Lan holds a move back with "Lan đi nhanh hơn"


class ScriptedBot(Bot):
    """Lan: her k-th move of the game is the script's k-th (a Normal bot if the script has no answer)."""

    level = BotLevel.NORMAL

    def __init__(self, lesson: Lesson) -> None:
        super().__init__(0)
        self.moves = bot_moves(lesson)
        self.fallback = make_bot("normal", 0)

    def decide(self, view: SeatView) -> Decision:
        k = sum(1 for m in view.history if m.seat == view.seat)
        if k < len(self.moves) and self.moves[k] in view.legal:
            return Decision(self.moves[k], Reason("bot.tutorial"))
        return self.fallback.decide(view)


class TutorialClient(LocalTableClient):
    """Your seat: a move the current step does not ask for is refused with that step's prompt."""

    def __init__(self, table: Table, scene: TutorialScene) -> None:
        super().__init__(table, 0)
        self.scene = scene

    def send_move(self, move: Move) -> None:
        step = self.scene.step()
        if step is not None and not step.matches(move):
            self._extra.append(Error(code="tutorial", message=self.scene.prompt_text(step)))
            return
        super().send_move(move)


def lesson_delay(services: Services) -> float:
    """Lan's pace: a real table's at normal speed, or slower if the animation speed setting is slower (a lesson
    never rushes, even with Tức thì animations)."""
    speed = float(services.settings.animation_speed)
    return think_delay(min(speed, 1.0) if speed > 0 else 1.0)


def tutorial_table(services: Services, runner: Runner | None = None) -> Table:
    """The lessons' 2-seat table; Lan decided by ``runner`` (None: a bot thread of the table's own)."""
    seats = [SeatConfig(shown_name(services.settings.player_name), HUMAN, balance=BALANCE),
             SeatConfig(BOT_NAME, BOT, BotLevel.NORMAL, balance=BALANCE)]
    config = TableConfig(seats=seats, rules=lesson_rules(), bet=BET, seed=1, think_delay=lesson_delay(services),
                         bot_workers=1)
    return Table(config, runner)


class TutorialScene(TableScene):
    """The table, two short lessons, and the coach."""

    practice = True     # the lessons play for no chips: leaving one costs nothing

    def __init__(self, services: Services, on_done: Callable[[], None] | None = None,
                 runner: Runner | None = None) -> None:
        self.tutorial_table = tutorial_table(services, runner)
        self.lesson_index = 0
        self.on_done = on_done
        self.finished = False
        super().__init__(TutorialClient(self.tutorial_table, self), services, spectator=False, on_leave=self._left)
        self.faster_button = Button((0, 0, 1, 1), tr("tutorial.faster"), services.fonts, self.toggle_faster,
                                    style="dark")
        self.coach: tuple[pygame.Rect, list[CoachLine]] = (pygame.Rect(0, 0, 0, 0), [])
        self.opener: Scene | None = None   # the scene under the tutorial when it opened: where "back" leads
        self.start_lesson(0)
        self._place_coach()

    # ------------------------------------------------------------------ lessons
    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.lesson_index]

    def start_lesson(self, index: int) -> None:
        """Deal lesson ``index``; its log starts empty (the last lesson's lines are not this one's)."""
        self.lesson_index = index
        self.status.forget()
        self.tutorial_table.bots[1] = ScriptedBot(self.lesson)
        self.tutorial_table.resume(lesson_state(self.lesson), index + 1, [BALANCE] * PLAYERS, self.clock)

    def moves_made(self) -> int:
        st = self.tutorial_table.state
        return 0 if st is None else sum(1 for m in st.history if m.seat == 0)

    def step(self) -> Step | None:
        """Your next step, or None when the lesson's game is over."""
        st = self.tutorial_table.state
        k = self.moves_made()
        if st is None or st.is_over or k >= len(self.lesson.steps):
            return None
        return self.lesson.steps[k]

    def prompt_text(self, step: Step) -> str:
        card = card_label(parse_card(step.card)) if step.card else ""
        return tr(step.prompt, card=card)

    def coach_lines(self) -> tuple[str, str, str]:
        """(title, what happened / why, what to do now) for the coach panel."""
        st = self.tutorial_table.state
        title = tr("tutorial.lesson_of", number=self.lesson_index + 1, total=len(LESSONS),
                   name=tr(self.lesson.title))
        if st is None:
            return title, "", ""
        if st.is_over:
            return title, tr(self.lesson.finish), tr(N_("tutorial.next_lesson") if self.lesson_index + 1 < len(LESSONS)
                                                     else N_("tutorial.all_done"))
        k = self.moves_made()
        note = tr(self.lesson.intro) if k == 0 else self._note(self.lesson.steps[k - 1])
        step = self.step()
        if st.to_move != 0 or step is None:
            return title, note, tr("tutorial.wait", name=BOT_NAME)
        return title, note, self.prompt_text(step)

    def _note(self, done: Step) -> str:
        """The note after your step ``done``: its ``then`` once Lan has played her turn since (``done`` may say what
        she is about to do, which is stale once she did it)."""
        st = self.tutorial_table.state
        if done.then and st is not None and st.history and st.history[-1].seat != 0 and st.to_move == 0:
            return tr(done.then)
        return tr(done.done) if done.done else ""

    @property
    def faster(self) -> bool:
        return self.tutorial_table.think_delay == FAST_DELAY

    def toggle_faster(self) -> None:
        """Lan's moves: held back like a table at normal speed, or quicker for who knows the game already."""
        table = self.tutorial_table
        table.think_delay = lesson_delay(self.services) if self.faster else FAST_DELAY
        self.faster_button.text = tr(N_("tutorial.slower") if self.faster else N_("tutorial.faster"))
        self.touch()

    # ------------------------------------------------------------------ table hooks
    def next_game(self) -> None:
        """"Ván mới" on the results: the next lesson, or the end of the tutorial."""
        if self.lesson_index + 1 < len(LESSONS):
            self.start_lesson(self.lesson_index + 1)
        else:
            self.finish()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        stack = self.stack
        if stack is not None:
            while stack.top is not None and stack.top is not self:
                stack.pop()
            home = self.opener is None or stack.scenes[0] is self.opener
            stack.replace(TutorialDoneScene(self.services, self.opener, home))
        if self.on_done is not None:
            self.on_done()

    def on_enter(self) -> None:
        if self.stack is not None and len(self.stack) > 1:
            self.opener = self.stack.scenes[-2]
        super().on_enter()

    def _left(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def _route(self, msg: TableMessage) -> None:
        if isinstance(msg, Error) and msg.code == "tutorial":
            self.actions.awaiting = False
            self.say(msg.message, WARNING, seconds=4.0)
            return
        super()._route(msg)

    def results_overlay(self, model: TableModel) -> ResultsOverlay:
        return TutorialResults(self, model)

    # ------------------------------------------------------------------ the coach
    def update(self, dt: float) -> None:
        super().update(dt)
        self._place_coach()

    def _place_coach(self) -> None:
        """Lay the coach panel out for the current text (and the faster switch under it)."""
        coach = coach_lines(self.services.fonts, self.layout, table_area(self.layout), *self.coach_lines())
        if coach != self.coach:
            self.coach = coach
            self.touch()
        self.faster_button.rect = switch_rect(self.layout, coach[0])
        self.faster_button.font_size = self.layout.px(16)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                self.faster_button.handle_event(event):
            self.touch()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.results is None or self.stack is None or self.results not in self.stack.scenes:
            draw_coach(self.painter, self.layout, surface, *self.coach)
            self.faster_button.draw(surface)


class TutorialResults(ResultsOverlay):
    """The lesson's results: no countdown (the player reads at their pace), the coach's words above the window.

    Where the band between the top bar and the centred window is too low for the coach's words (a 720-high canvas),
    the window moves down as far as the canvas lets it, so the words sit above it and never over the hand."""

    def __init__(self, table: TutorialScene, model: TableModel) -> None:
        self.tutorial = table        # before the window is placed: its place leaves room for the coach
        super().__init__(table.services, table.painter, model, table.seat_looks(), table.facts,
                         table.next_game, table.leave_table, auto_start=False)

    def _place(self) -> None:
        super()._place()
        _, note, todo = self.tutorial.coach_lines()
        L = self.tutorial.layout
        above, _ = results_areas(L, self.panel)
        whole = pygame.Rect(above.x, above.y, above.w, L.size[1])
        need = coach_lines(self.services.fonts, L, whole, "", note, todo)[0].h
        down = max(0, min(need - above.h, L.size[1] - L.px(10) - self.panel.bottom))
        for r in (self.panel, self.new_button.rect, self.leave_button.rect):
            r.y += down

    def coach(self) -> tuple[pygame.Rect, list[CoachLine]]:
        """The coach over the results: above their window, under the top bar; under the window if it is too low."""
        _, note, todo = self.tutorial.coach_lines()
        L = self.tutorial.layout
        above, below = results_areas(L, self.panel)
        rect, lines = coach_lines(self.services.fonts, L, above, "", note, todo)
        if fits(lines, L, above):
            return rect, lines
        return coach_lines(self.services.fonts, L, below, "", note, todo)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_coach(self.painter, self.tutorial.layout, surface, *self.coach())


def draw_coach(painter: TablePainter, L: TableLayout, surface: pygame.Surface, rect: pygame.Rect,
               lines: list[CoachLine]) -> None:
    if not lines:
        return
    surface.blit(painter.panel(rect.size, theme.COACH_PANEL_FILL, L.px(16), theme.COACH_PANEL_EDGE), rect)
    y = rect.y + L.px(PAD)
    for line in lines:
        surface.blit(painter.text(line.text, line.size, line.colour, line.bold), (rect.x + L.px(PAD), y))
        y += line_step(line, L)


class TutorialDoneScene(PageScene):
    """The end of the tutorial: well done, and the way back to the scene that opened it (``back_to``)."""

    title_key = N_("tutorial.title")

    def __init__(self, services: Services, back_to: Scene | None = None, home: bool = True) -> None:
        self.back_to = back_to
        self.home = home          # going back reaches the app's first scene (the menu): the button says so
        super().__init__(services)

    def build(self) -> None:
        label = tr("tutorial.to_menu") if self.home else tr("btn.back")
        self.done_button = Button((PANEL.centerx - 170, PANEL.bottom - 130, 340, 70), label,
                                  self.services.fonts, self.back, style="primary", font_size=24)
        self.widgets.append(self.done_button)

    def draw_page(self, surface: pygame.Surface) -> None:
        big = self.art.gold_text(tr("tutorial.congrats"), 54)
        surface.blit(big, big.get_rect(center=(PANEL.centerx, PANEL.y + 110)))
        font = self.services.fonts.font(21)
        y = PANEL.y + 190
        for line in wrap_text(font, tr("tutorial.summary"), PANEL.w - 240):
            img = self.art.text(line, 21, TEXT)
            surface.blit(img, img.get_rect(midtop=(PANEL.centerx, y)))
            y += 32
        for card, x in zip((c for phom in DONE_PHOM for c in phom), (-150, -100, -50, 50, 100, 150)):
            face = self.services.cards.face(parse_card(card), 64)
            self.services.cards.blit_card(surface, face, (PANEL.centerx + x - 32, PANEL.bottom - 250))

    def back(self) -> None:
        """The button (and Esc, and Quay lại): back to the scene that opened the tutorial, whatever is over it;
        a game under that page keeps playing. Never empties the stack."""
        stack = self.stack
        if stack is None:
            return
        while len(stack) > 1 and stack.top is not None and stack.top is not self.back_to:
            stack.pop()
