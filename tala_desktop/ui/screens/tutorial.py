"""Tutorial: Hướng dẫn, the guided first game — a plain table scene with fixed deals, a coach and scripted Lan.

``Tutorial`` builds a ``TableScene`` over a 2-seat table whose games are
the fixed deals of ``tutorial_script`` (installed with ``Table.resume``)
and adds to it, without changing it: Lan's scripted moves
(``ScriptedBot``), a move filter given to the offline client (a move the
current step does not ask for is refused with the step's prompt), the coach
as the scene's layer (tutorial_layer.py: what just happened and what to do
next, and the "Lan đi nhanh hơn" switch), the lessons' own results (no
countdown; "Ván mới" is the next lesson) and the practice flag (leaving
costs nothing). After the last lesson a page congratulates the player, and
its button goes back to the scene that opened the tutorial (the menu, or
the rules page over a game still playing). Nothing here touches the wallet
or the history. The tutorial imports no screen that opens it: the menu and
the rules page reach it through ``Services.pages`` (``tutorial_scene``).
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

from ..art.theme import TEXT
from ..core.i18n import N_, tr
from ..core.names import shown_name
from ..core.scene import Scene
from ..frames.page import PANEL, PageScene, wrap_text
from ..shared.new_game import think_delay
from ..shared.services import Services
from ..table.model import TableModel
from ..table.painter import TablePainter
from ..table.results import ResultsOverlay
from ..table.scene import TableScene
from ..widgets.controls import Button
from .tutorial_layer import CoachLayer, TutorialResults
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


def tutorial_scene(services: Services, on_done: Callable[[], None] | None = None,
                   runner: Runner | None = None) -> TableScene:
    """Hướng dẫn: the lessons' table scene, ready to be pushed (see ``Tutorial``)."""
    return Tutorial(services, on_done, runner).scene


def tutorial_of(scene: object) -> Tutorial | None:
    """The tutorial ``scene`` plays (None: not a table scene of the tutorial)."""
    if isinstance(scene, TableScene) and isinstance(scene.layer, CoachLayer):
        lessons = scene.layer.lessons
        return lessons if isinstance(lessons, Tutorial) else None
    return None


class Tutorial:
    """Two short lessons on a plain ``TableScene``: the coach over it and the move filter of its client."""

    def __init__(self, services: Services, on_done: Callable[[], None] | None = None,
                 runner: Runner | None = None) -> None:
        self.services = services
        self.table = tutorial_table(services, runner)
        self.lesson_index = 0
        self.on_done = on_done
        self.finished = False
        self.coach = CoachLayer(TablePainter(services), services.fonts, self)
        client = LocalTableClient(self.table, 0, refuse=self.refusal)
        self.scene = TableScene(client, services, on_leave=self._left, layer=self.coach, practice=True,
                                results=self.results)
        self.start_lesson(0)

    # ------------------------------------------------------------------ lessons
    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.lesson_index]

    def start_lesson(self, index: int) -> None:
        """Deal lesson ``index``; its log starts empty (the last lesson's lines are not this one's)."""
        self.lesson_index = index
        self.scene.status.forget()
        self.table.bots[1] = ScriptedBot(self.lesson)
        self.table.resume(lesson_state(self.lesson), index + 1, [BALANCE] * PLAYERS, self.scene.clock)

    def moves_made(self) -> int:
        st = self.table.state
        return 0 if st is None else sum(1 for m in st.history if m.seat == 0)

    def step(self) -> Step | None:
        """Your next step, or None when the lesson's game is over."""
        st = self.table.state
        k = self.moves_made()
        if st is None or st.is_over or k >= len(self.lesson.steps):
            return None
        return self.lesson.steps[k]

    def refusal(self, move: Move) -> str | None:
        """The move filter of your seat: a move the current step does not ask for is refused with its prompt."""
        step = self.step()
        return self.prompt_text(step) if step is not None and not step.matches(move) else None

    def prompt_text(self, step: Step) -> str:
        card = card_label(parse_card(step.card)) if step.card else ""
        return tr(step.prompt, card=card)

    def coach_lines(self) -> tuple[str, str, str]:
        """(title, what happened / why, what to do now) for the coach panel."""
        st = self.table.state
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
        st = self.table.state
        if done.then and st is not None and st.history and st.history[-1].seat != 0 and st.to_move == 0:
            return tr(done.then)
        return tr(done.done) if done.done else ""

    @property
    def faster(self) -> bool:
        return self.table.think_delay == FAST_DELAY

    def toggle_faster(self) -> bool:
        """Lan's moves: held back like a table at normal speed, or quicker for who knows the game already; True:
        quicker now."""
        self.table.think_delay = lesson_delay(self.services) if self.faster else FAST_DELAY
        return self.faster

    # ------------------------------------------------------------------ the table's ends
    def results(self, model: TableModel) -> ResultsOverlay:
        """A lesson's results: "Ván mới" is the next lesson."""
        return TutorialResults(self.scene, model, self.coach_lines, self.next_lesson)

    def next_lesson(self) -> None:
        """"Ván mới" on the results: the next lesson, or the end of the tutorial."""
        if self.lesson_index + 1 < len(LESSONS):
            self.start_lesson(self.lesson_index + 1)
        else:
            self.finish()

    def finish(self) -> None:
        """The closing page, in place of the tutorial; its button leads back to the scene that opened it."""
        if self.finished:
            return
        self.finished = True
        stack = self.scene.stack
        if stack is not None:
            while stack.top is not None and stack.top is not self.scene:
                stack.pop()
            at = stack.scenes.index(self.scene)
            opener = stack.scenes[at - 1] if at > 0 else None
            stack.replace(TutorialDoneScene(self.services, opener, opener is None or at == 1))
        if self.on_done is not None:
            self.on_done()

    def _left(self) -> None:
        stack = self.scene.stack
        if stack is not None and stack.top is self.scene:
            stack.pop()


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
