"""Hướng dẫn: the guided first game can be finished with real mouse clicks only, a wrong move is refused with the
step's prompt, and every lesson of the script is legal play that ends the way the coach says."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tala_desktop.engine.cards import parse_card
from tala_desktop.ui.art.theme import WARNING
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.tutorial import Tutorial, TutorialDoneScene, tutorial_of
from tala_desktop.ui.screens.tutorial_script import LESSONS, bot_moves, lesson_state
from tala_desktop.ui.shell.app_loop import FPS, App
from tala_desktop.ui.shell.desktop import Desktop
from tala_desktop.ui.table.input import INPUT_GUARD
from tala_desktop.ui.table.modes import TableButton
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.scene import TableScene
from tests.ui.app_helpers import inline_desktop, open_tutorial
from tests.ui.store_app_helpers import click, run, two_player_choices


@pytest.fixture
def desktop(pg) -> Iterator[Desktop]:
    made = inline_desktop((1280, 720), menu=True)
    made.services.settings.animation_speed = 0.0      # instant animations; Lan still waits like a real table
    run(made.app, 30)
    yield made
    made.app.shutdown()


@pytest.fixture
def app(desktop) -> App:
    return desktop.app


def frames(seconds: float) -> range:
    """The frames of ``seconds`` of stepped game time."""
    return range(round(seconds * FPS))


def wait_for_my_step(app: App, tutorial: Tutorial, limit: float = 30.0) -> None:
    scene = tutorial.scene
    for _ in frames(limit):
        app.frame()
        m = scene.model
        st = tutorial.table.state
        if (tutorial.step() is not None and st is not None and st.to_move == 0 and scene.accepting_input
                and m is not None and m.my_turn and scene.visible_buttons()):
            return
        if app.stack.top is not scene:
            return
    raise AssertionError(f"stuck at lesson {tutorial.lesson_index} step {tutorial.moves_made()}")


def button(scene: TableScene, name: str) -> pygame.Rect:
    b = scene.buttons[TableButton(name)]
    assert b in scene.visible_buttons(), (name, [x.text for x in scene.visible_buttons()])
    return b.rect


def play_step(app: App, tutorial: Tutorial) -> None:
    step, scene = tutorial.step(), tutorial.scene
    assert step is not None
    before = tutorial.moves_made()
    if step.kind == "discard":
        rect = scene.hand.rect_of(parse_card(step.card))
        assert rect is not None
        click(app, rect.center)
        click(app, button(scene, "discard").center)
    else:
        click(app, button(scene, step.kind).center)
    for _ in frames(10):
        if tutorial.moves_made() != before:
            break
        app.frame()
    assert tutorial.moves_made() == before + 1, (step, scene.status_line())


def test_the_tutorial_can_be_finished_with_the_mouse(app):
    menu = app.stack.top
    click(app, menu.buttons["tutorial"].rect.center)
    tutorial = tutorial_of(app.stack.top)
    assert tutorial is not None
    run(app, 2)
    click(app, tutorial.coach.faster_button.rect.center)      # "Lan đi nhanh hơn"
    for lesson in range(len(LESSONS)):
        assert tutorial.lesson_index == lesson
        while tutorial.step() is not None:
            wait_for_my_step(app, tutorial)
            play_step(app, tutorial)
        for _ in frames(20):
            if isinstance(app.stack.top, ResultsOverlay):
                break
            app.frame()
        results = app.stack.top
        assert isinstance(results, ResultsOverlay)
        assert tutorial.table.state.outcome.winner == 0
        run(app, len(frames(INPUT_GUARD)) + 5)          # the results take clicks once they have been seen
        click(app, results.new_button.rect.center)
        run(app, 5)
    done = app.stack.top
    assert isinstance(done, TutorialDoneScene)
    click(app, done.done_button.rect.center)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def test_a_move_the_step_does_not_ask_for_is_refused_with_its_prompt(app):
    tutorial = open_tutorial(app)
    scene = tutorial.scene
    wait_for_my_step(app, tutorial)
    wrong = scene.hand.rect_of(parse_card("Qd"))
    click(app, wrong.center)
    click(app, button(scene, "discard").center)
    run(app, 3)
    assert tutorial.moves_made() == 0
    text, colour = scene.status_line()
    assert "K♠" in text and colour == WARNING
    assert scene.accepting_input                      # refused: the buttons take your next try
    _, _, todo = tutorial.coach_lines()
    assert "K♠" in todo


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.title for lesson in LESSONS])
def test_every_lesson_is_legal_play_that_ends_with_your_win(lesson):
    st = lesson_state(lesson)
    bots, steps = bot_moves(lesson), list(lesson.steps)
    while not st.is_over:
        legal = st.legal_moves()
        if st.to_move == 1:
            move = bots.pop(0)
            assert move in legal, move
        else:
            step = steps.pop(0)
            fits = [m for m in legal if step.matches(m)]
            assert fits, step
            move = fits[0]
        st.push(move)
    assert not bots and not steps
    assert st.outcome.winner == 0


def test_the_tutorial_opened_over_a_game_comes_back_to_that_game(desktop, app):
    """Rules from the table's header, Hướng dẫn there, finished: the way back leads to the rules page over the
    game still playing, not to the menu (which would have closed the table)."""
    table = desktop.games.start_game(two_player_choices())
    run(app, 10)
    assert isinstance(table, TableScene)
    click(app, table.header.buttons["rules"].rect.center)
    rules = app.stack.top
    click(app, rules.tutorial_button.rect.center)
    tutorial = tutorial_of(app.stack.top)
    assert tutorial is not None
    tutorial.finish()
    done = app.stack.top
    assert isinstance(done, TutorialDoneScene)
    click(app, done.done_button.rect.center)
    assert app.stack.top is rules and table in app.stack.scenes and not table.client.closed
    assert done.done_button.text == tr("btn.back")


def test_leaving_the_practice_game_costs_no_chips_and_says_so(app):
    """The lessons play for no chips: leaving one mid-game is asked about without a Móm's price."""
    from tala_desktop.ui.frames.confirm import ConfirmOverlay
    from tala_desktop.ui.table.pause import PauseOverlay

    wallet = app.services.store.profile().balance if app.services.store is not None else None
    tutorial = open_tutorial(app)
    wait_for_my_step(app, tutorial)
    tutorial.scene.open_pause()
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    app.frame()
    pause.leave()
    ask = app.stack.top
    assert isinstance(ask, ConfirmOverlay)
    words = ask.message
    assert words == tr("confirm.leave_practice")
    assert "Móm" not in words and "100" not in words
    ask.buttons[0].click()
    run(app, 5)
    assert not any(tutorial_of(s) for s in app.stack.scenes)
    if wallet is not None:
        assert app.services.store.profile().balance == wallet
