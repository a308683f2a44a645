"""Tutorial scene: Hướng dẫn, the guided first game — the real table with fixed deals, a coach panel and scripted Lan.

``TutorialScene`` is a ``TableScene`` over a 2-seat table whose games are
the fixed deals of ``tutorial_script`` (installed with ``Table.resume``).
Lan plays her scripted moves (``ScriptedBot``); ``TutorialClient`` lets
through only the move the current step asks for and answers anything else
with the step's prompt. The coach panel says what just happened and what
to do next, and waits for it. After the last lesson a page congratulates
the player. Nothing here touches the wallet or the history.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tala_desktop.bots import Decision, Reason, make_bot
from tala_desktop.bots.base import Bot
from tala_desktop.engine import Move, SeatView, card_label
from tala_desktop.engine.cards import parse_card
from tala_desktop.table import BOT, HUMAN, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.table.messages import Error, TableMessage

from ..art.theme import CYAN, GOLD, TEXT, WARNING
from ..core.i18n import tr
from ..core.names import shown_name
from ..core.scene import SceneStack
from ..frames.page import PANEL, PageScene, wrap_text
from ..new_game import think_delay
from ..services import Services
from ..table.scene import TableScene
from ..widgets.controls import Button
from .tutorial_script import (
    BALANCE,
    BET,
    BOT_NAME,
    LESSONS,
    PLAYERS,
    Lesson,
    Step,
    bot_moves,
    lesson_rules,
    lesson_state,
)

COACH = pygame.Rect(22, 64, 380, 0)      # height follows the text
COACH_PAD = 16


class ScriptedBot(Bot):
    """Lan: her k-th move of the game is the script's k-th (a Normal bot if the script has no answer)."""

    level = "normal"

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


def tutorial_table(services: Services) -> Table:
    seats = [SeatConfig(shown_name(services.settings.player_name), HUMAN, balance=BALANCE),
             SeatConfig(BOT_NAME, BOT, "normal", balance=BALANCE)]
    config = TableConfig(seats=seats, rules=lesson_rules(), bet=BET, seed=1,
                         think_delay=think_delay(services.settings.animation_speed), bot_workers=1)
    return Table(config)


class TutorialScene(TableScene):
    """The table, two short lessons, and the coach."""

    def __init__(self, services: Services, on_done: Callable[[], None] | None = None) -> None:
        self.tutorial_table = tutorial_table(services)
        self.lesson_index = 0
        self.on_done = on_done
        self.finished = False
        super().__init__(TutorialClient(self.tutorial_table, self), services, spectator=False, on_leave=self._left)
        self.start_lesson(0)

    # ------------------------------------------------------------------ lessons
    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.lesson_index]

    def start_lesson(self, index: int) -> None:
        self.lesson_index = index
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
            return title, tr(self.lesson.finish), tr("tutorial.next_lesson" if self.lesson_index + 1 < len(LESSONS)
                                                     else "tutorial.all_done")
        k = self.moves_made()
        note = tr(self.lesson.intro) if k == 0 else tr(self.lesson.steps[k - 1].done) if \
            self.lesson.steps[k - 1].done else ""
        step = self.step()
        if st.to_move != 0 or step is None:
            return title, note, tr("tutorial.wait", name=BOT_NAME)
        return title, note, self.prompt_text(step)

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
            stack.replace(TutorialDoneScene(self.services))
        if self.on_done is not None:
            self.on_done()

    def _left(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def _route(self, msg: TableMessage) -> None:
        if isinstance(msg, Error) and msg.code == "tutorial":
            self.actions.awaiting = False
            self.say(msg.message, WARNING, seconds=4.0)
            return
        super()._route(msg)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_coach(surface)

    def coach_layout(self) -> tuple[pygame.Rect, list[tuple[str, int, tuple[int, int, int], bool]]]:
        """The panel's rect and its lines: (text, size, colour, bold)."""
        title, note, todo = self.coach_lines()
        fonts, width = self.services.fonts, COACH.w - 2 * COACH_PAD
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = [
            (text, 19, GOLD, True) for text in wrap_text(fonts.font(19, True), title, width)]
        for text in wrap_text(fonts.font(17), note, width) if note else []:
            lines.append((text, 17, TEXT, False))
        for text in wrap_text(fonts.font(18, True), todo, width) if todo else []:
            lines.append((text, 18, CYAN, True))
        h = 2 * COACH_PAD + sum(s + 8 for _, s, _, _ in lines) + 6
        return pygame.Rect(COACH.x, COACH.y, COACH.w, h), lines

    def draw_coach(self, surface: pygame.Surface) -> None:
        rect, lines = self.coach_layout()
        surface.blit(self.painter.panel(rect.size, (8, 28, 20, 225), 16, (255, 214, 110, 200)), rect)
        y = rect.y + COACH_PAD
        for i, (text, size, colour, bold) in enumerate(lines):
            img = self.painter.text(text, size, colour, bold)
            surface.blit(img, (rect.x + COACH_PAD, y))
            y += size + 8 + (6 if colour == GOLD and i + 1 < len(lines) and lines[i + 1][2] != GOLD else 0)


class TutorialDoneScene(PageScene):
    """The end of the tutorial: well done, and the way back to the menu."""

    title_key = "tutorial.title"

    def build(self) -> None:
        self.done_button = Button((PANEL.centerx - 170, PANEL.bottom - 130, 340, 70), tr("tutorial.to_menu"),
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
        for card, x in (("5h", -150), ("6h", -100), ("7h", -50), ("6s", 50), ("Js", 100), ("Qs", 150)):
            face = self.services.cards.face(parse_card(card), 64)
            self.services.cards.blit_card(surface, face, (PANEL.centerx + x - 32, PANEL.bottom - 250))


def open_tutorial(stack: SceneStack, services: Services) -> TutorialScene:
    """Push the guided first game on ``stack``; it pops itself when left."""
    scene = TutorialScene(services)
    stack.push(scene)
    return scene
