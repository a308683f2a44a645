"""Both tutorial lessons by clicks, from the menu back to the menu: the coach's lines are true and it never covers
the hand, the top bar, the table's buttons or the results at any window size (the window is dragged to 2520x1080
at every step, to each size at a lesson's first step and its results), lesson 1's log does not carry into lesson 2,
and nothing touches the wallet."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from tala_desktop.engine.cards import card_label, parse_card
from tala_desktop.ui.core.i18n import texts, tr
from tala_desktop.ui.screens.tutorial import Tutorial, tutorial_of
from tala_desktop.ui.screens.tutorial_layer import TutorialResults
from tala_desktop.ui.screens.tutorial_script import Step
from tala_desktop.ui.table.scene import TableScene

from .driver import Journey
from .play import results_read

ACTIONS = {"eat": "Ăn", "draw": "Bốc", "lay": "Hạ", "send": "Gửi", "u": "Ù"}
TOP_BAR = ("menu", "info", "header.")
SIZES = ((1024, 600), (1280, 720), (1920, 1080), (2520, 1080))
WIDE = (2520, 1080)    # where the coach was seen over the hand: checked at every step (each drag redraws the felt)


def tutorial(j: Journey) -> Tutorial:
    lessons = tutorial_of(j.table())
    assert lessons is not None
    return lessons


def covered(scene: TableScene, coach: pygame.Rect) -> list[str]:
    """The regions of the top bar the coach (a rect) would cover."""
    return [name for name, r in scene.layout.regions().items()
            if name.startswith(TOP_BAR) and r.w and r.h and r.colliderect(coach)]


def coach_covers(j: Journey) -> list[str]:
    """What the coach covers now: the hand's cards, the top bar, the table's buttons, the results window."""
    lessons = tutorial(j)
    scene, top = lessons.scene, j.top
    if isinstance(top, TutorialResults):
        rect = top.coach()[0]
        hit = ["the results"] if rect.colliderect(top.panel) else []
        hit += [b.text for b in (top.new_button, top.leave_button) if rect.colliderect(b.rect)]
    else:
        rect = lessons.coach.panel[0]
        hit = [b.text for b in scene.visible_buttons() if rect.colliderect(b.rect)]
    hit += covered(scene, rect)
    hit += [f"card {card_label(c)}" for c in scene.hand.order if rect.colliderect(scene.hand.target_rect(c))]
    return hit


def coach_clear_at(j: Journey, sizes: tuple[tuple[int, int], ...] = SIZES) -> None:
    """The coach covers nothing at the journey's size, nor at each of ``sizes`` the window is dragged to (then
    back)."""
    others = [s for s in sizes if s != j.size]
    for size in (*others, j.size) if others else ():
        j.drag_window(size)
        assert coach_covers(j) == [], f"at {size[0]}x{size[1]} the coach covers {coach_covers(j)}"
    assert coach_covers(j) == [], f"at {j.size[0]}x{j.size[1]} the coach covers {coach_covers(j)}"


def my_step_shown(j: Journey) -> bool:
    lessons = tutorial(j)
    scene = lessons.scene
    return j.top is scene and lessons.step() is not None and scene.accepting_input and scene.model is not None \
        and scene.model.my_turn


def taken(lessons: Tutorial, step: Step) -> Callable[[], bool]:
    """The table took ``step``: the lesson moved on, or the turn or the game is over."""
    scene = lessons.scene
    return lambda: (lessons.step() is not step or scene.model is None or scene.model.is_over
                    or not scene.model.my_turn)


def play_lesson(j: Journey) -> list[str]:
    """Do what the coach asks, step by step, by clicks; the coach's notes seen on the way."""
    lessons = tutorial(j)
    notes: list[str] = []
    while True:
        j.until(lambda: my_step_shown(j) or isinstance(j.top, TutorialResults), 30.0, "my step or the results")
        if isinstance(j.top, TutorialResults):
            return notes
        step = lessons.step()
        assert step is not None
        _, note, todo = lessons.coach_lines()
        notes.append(note)
        assert todo == lessons.prompt_text(step)
        coach_clear_at(j, SIZES if not notes[:-1] else (WIDE,))     # every size at a lesson's first step
        if step.kind == "discard":
            j.click(f"card {step.card}")
            j.click("Đánh")
        else:
            j.click(ACTIONS[step.kind])
        j.until(taken(lessons, step), 5.0, f"the table to take my {step.kind}")


@pytest.mark.parametrize("size", [(1280, 720)])
def test_both_lessons_from_the_menu_back_to_the_menu(journey, size):
    j = journey(size=size)
    j.start()
    wallet = j.wallet()
    j.until(lambda: "Hướng dẫn" in j.labels(), 2.0, "the menu")
    j.click("Hướng dẫn")
    lessons = tutorial(j)
    scene = lessons.scene
    j.click(tr("tutorial.faster"))

    notes = play_lesson(j)
    assert tr("tutorial.done.eat") in notes
    results = j.top
    assert isinstance(results, TutorialResults)
    rect, lines = results.coach()
    assert lines
    coach_clear_at(j)
    j.until(lambda: results_read(j), 1.0, "the results seen")
    j.click("Ván mới")

    j.until(lambda: lessons.lesson_index == 1 and scene.model is not None and scene.model.game_id == 2, 2.0,
            "lesson 2")
    lesson1 = {card_label(parse_card(c)) for c in ("Ks", "Qd", "Jc", "10d", "8c")}   # my discards in lesson 1
    carried = [line for line in scene.log_lines if any(card in line for card in lesson1)]
    assert carried == [], f"lesson 1's log carried into lesson 2: {carried}"
    play_lesson(j)
    assert isinstance(j.top, TutorialResults)
    coach_clear_at(j)
    j.until(lambda: results_read(j), 1.0, "the results seen")
    j.click("Ván mới")
    j.until(lambda: j.scene_name() == "TutorialDoneScene", 1.0, "the closing page")
    j.click(tr("tutorial.to_menu"))
    j.until(lambda: j.scene_name() == "MenuScene", 1.0, "the menu")
    assert j.wallet() == wallet and j.store.count_games() == 0


def test_the_lesson_lines_say_where_an_eaten_card_goes():
    """The eaten card goes into your hand, edged in gold (it is not laid face up beside you)."""
    vi, en = texts("tutorial.done.eat")
    assert "vào tay bạn" in vi and "cạnh bạn" not in vi
    assert "in your hand" in en and "beside you" not in en
