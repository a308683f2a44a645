"""The tutorial's coach: its panel owns its place at the table and above the results, its lines follow the game,
Lan is paced like a real table (faster on request), the closing cards are phỏm, and its end leads to the menu."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tala_desktop.engine import Rules
from tala_desktop.engine.cards import mask_of, parse_card
from tala_desktop.engine.melds import find_melds
from tala_desktop.ui.core import i18n
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.rules import RulesScene
from tala_desktop.ui.screens.tutorial import FAST_DELAY, Tutorial, TutorialDoneScene
from tala_desktop.ui.screens.tutorial_layer import TutorialResults
from tala_desktop.ui.screens.tutorial_script import DONE_PHOM
from tala_desktop.ui.shared.new_game import think_delay
from tala_desktop.ui.shared.run_state import RunState
from tala_desktop.ui.shell.app_loop import FPS, App
from tala_desktop.ui.table.results_clock import AUTO_START
from tests.ui.app_helpers import inline_desktop, open_tutorial
from tests.ui.screens.test_tutorial import play_step, wait_for_my_step
from tests.ui.store_app_helpers import click, run

KEEP_OFF = ("log", "status", "stock", "stock_label", "hand", "menu", "info", "seat0.", "seat1.", "button")


@pytest.fixture
def app(pg) -> Iterator[App]:
    made = inline_desktop((1280, 720), menu=True).app
    made.services.settings.animation_speed = 0.0
    pygame.event.clear()
    run(made, 30)
    yield made
    made.shutdown()


def overlaps(tutorial: Tutorial) -> list[str]:
    """What the coach panel or its switch would cover: the table's regions, Lan's laid phỏm as they lie now."""
    rect = tutorial.coach.panel[0].union(tutorial.coach.faster_button.rect)
    L, m = tutorial.scene.layout, tutorial.scene.model
    regions = {name: r for name, r in L.regions().items() if name != "seat1.laid"}   # room for 3 phỏm: she lays 1
    if m is not None:
        for k, r in enumerate(L.laid_group_rects(1, [len(ph) + 1 for ph in m.laid[1]])):   # + a card sent to it
            regions[f"seat1.laid{k}"] = r
    return [name for name, r in regions.items() if name.startswith(KEEP_OFF) and r.w and r.h and rect.colliderect(r)]


def results_of(app: App, limit: float = 20.0) -> TutorialResults:
    for _ in range(round(limit * FPS)):         # seconds of stepped game time
        if isinstance(app.stack.top, TutorialResults):
            break
        app.frame()
    assert isinstance(app.stack.top, TutorialResults)
    return app.stack.top


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_coach_keeps_clear_of_the_table_and_the_results_at_every_step(app, language):
    i18n.set_language(language)
    tutorial = open_tutorial(app)
    click(app, tutorial.coach.faster_button.rect.center)
    seen_notes = []
    for _lesson in range(2):
        while tutorial.step() is not None:
            wait_for_my_step(app, tutorial)
            assert not overlaps(tutorial), (tutorial.lesson_index, tutorial.moves_made(), overlaps(tutorial))
            fonts = app.services.fonts
            rect, lines = tutorial.coach.panel
            assert all(fonts.font(x.size, x.bold).size(x.text)[0] <= rect.w - 28 for x in lines)
            seen_notes.append(tutorial.coach_lines()[1])
            play_step(app, tutorial)
        results = results_of(app)
        rect, lines = results.coach()
        assert lines and not rect.colliderect(results.panel) and rect.top >= 0
        assert any(i18n.tr(tutorial.lesson.finish).startswith(x.text) for x in lines)
        click(app, results.new_button.rect.center)
        run(app, 5)
    assert i18n.tr("tutorial.done.lan_laid") in seen_notes


def test_a_lesson_line_does_not_announce_what_already_happened(app):
    """After Lan lays 3♠ 4♠ 5♠ the coach no longer says she will lay it on her next turn."""
    tutorial = open_tutorial(app)
    tutorial.toggle_faster()
    while tutorial.moves_made() < 7:
        wait_for_my_step(app, tutorial)
        play_step(app, tutorial)
    assert tutorial.coach_lines()[1] == i18n.tr("tutorial.done.lan_lays")        # she has not laid yet
    wait_for_my_step(app, tutorial)
    assert tutorial.table.state.laid[1]
    assert tutorial.coach_lines()[1] == i18n.tr("tutorial.done.lan_laid")


def test_the_results_of_a_lesson_wait_for_the_player(app):
    tutorial = open_tutorial(app)
    tutorial.toggle_faster()
    while tutorial.step() is not None:
        wait_for_my_step(app, tutorial)
        play_step(app, tutorial)
    results = results_of(app)
    run(app, round(60 * (AUTO_START + 2)))   # a table's results would have started the next game by now
    assert app.stack.top is results and tutorial.lesson_index == 0


@pytest.mark.parametrize("speed", [0.0, 0.5, 1.0, 2.0])
def test_lan_is_paced_like_a_real_table_and_faster_on_request(app, speed):
    app.services.settings.animation_speed = speed
    tutorial = open_tutorial(app)
    table, switch = tutorial.table, tutorial.coach.faster_button
    assert table.think_delay == think_delay(min(speed, 1.0) if speed else 1.0) >= think_delay(1.0)
    before = switch.text
    click(app, switch.rect.center)
    assert table.think_delay == FAST_DELAY < think_delay(2.0) and switch.text != before
    click(app, switch.rect.center)
    assert table.think_delay == think_delay(min(speed, 1.0) if speed else 1.0)


def test_the_closing_cards_are_phom():
    rules = Rules()
    for phom in DONE_PHOM:
        mask = mask_of(parse_card(c) for c in phom)
        assert mask in find_melds(mask, rules.ace_high_run), phom


def test_back_to_the_menu_returns_to_the_menu_from_the_rules_page(app):
    assert isinstance(app.stack.top, MenuScene)
    app.stack.push(RulesScene(app.services, RunState()))
    app.stack.push(TutorialDoneScene(app.services))
    run(app, 3)
    click(app, app.stack.top.done_button.rect.center)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def test_the_coach_is_a_frozen_look_in_the_frame_lit_where_the_pointer_is(app):
    """The coach rides in the table's frame as a CoachLook (its panel, each line placed, the switch's ButtonLook):
    the same look while nothing moves, another when the pointer lights the switch, none over the results."""
    import dataclasses

    from tala_desktop.ui.screens.tutorial_layer import CoachLook

    tutorial = open_tutorial(app)
    wait_for_my_step(app, tutorial)
    first = tutorial.scene.view().layer
    assert isinstance(first, CoachLook) and dataclasses.is_dataclass(first)
    assert first.lines and first.switch is not None and first.switch.label == i18n.tr("tutorial.faster")
    assert tutorial.coach_lines()[0].startswith(first.lines[0][0].text)     # the title, already said
    assert all(isinstance(at, tuple) for _, at in first.lines) and isinstance(first.box, tuple)
    run(app, 2)
    assert tutorial.scene.view().layer is first                              # still: the same look
    switch = first.switch.rect
    pos = tuple(round(v) for v in app.display.to_window(switch.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run(app, 1)
    lit = tutorial.scene.view().layer
    assert lit != first and lit.switch.hover and lit.lines == first.lines
