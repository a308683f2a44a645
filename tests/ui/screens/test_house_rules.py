"""The house-rules editor: real clicks from the menu through setup (Tùy chỉnh, "Sửa luật…") into the editor and
on to the table, whose engine rules carry exactly the edited switches; preset resets; clamping; session memory."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from tala_desktop.engine import Rules
from tala_desktop.ui.screens.house_rules_editor import VIEW, HouseRulesScene
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.setup import SetupScene
from tala_desktop.ui.shell.app_loop import App
from tala_desktop.ui.shell.desktop import Desktop
from tala_desktop.ui.table.scene import TableScene
from tala_desktop.ui.widgets.form import Toggle
from tala_desktop.ui.widgets.stepper import HOLD_DELAY, Stepper
from tests.ui.app_helpers import inline_desktop
from tests.ui.screens.test_menu_pages import click, key, settle


@pytest.fixture
def desktop(pg) -> Iterator[Desktop]:
    made = inline_desktop((1280, 720), seed=5, menu=True)
    settle(made.app, 10)
    yield made
    made.app.shutdown()


@pytest.fixture
def app(desktop) -> App:
    return desktop.app


def open_setup(app: App) -> SetupScene:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["play"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    return setup


def open_editor(app: App, setup: SetupScene) -> HouseRulesScene:
    click(app, setup.edit_button.rect.center)
    editor = app.stack.top
    assert isinstance(editor, HouseRulesScene)
    return editor


def wheel(app: App, dy: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                         precise_y=float(dy)))
    app.frame()


def into_view(app: App, editor: HouseRulesScene, rect_of) -> pygame.Rect:
    """Wheel the editor until ``rect_of()`` lies inside its view; returns that rect."""
    for _ in range(40):
        rect = rect_of()
        if VIEW.contains(rect):
            return rect
        wheel(app, 1 if rect.y < VIEW.y else -1)
    raise AssertionError(f"{rect_of()} never scrolled into {VIEW}")


def toggle(app: App, editor: HouseRulesScene, name: str) -> None:
    control = editor.controls(name)[0]
    assert isinstance(control, Toggle)
    click(app, into_view(app, editor, lambda: control.rect).center)


def step(app: App, editor: HouseRulesScene, name: str, delta: int, times: int = 1, place: int = 0) -> None:
    stepper = editor.controls(name)[place]
    assert isinstance(stepper, Stepper)
    for _ in range(times):
        rect = into_view(app, editor, lambda: stepper.plus_rect if delta > 0 else stepper.minus_rect)
        click(app, rect.center)


def test_custom_rules_edited_with_clicks_reach_the_table_engine(desktop, app):
    setup = open_setup(app)
    click(app, setup.preset.rect_of("custom").center)
    assert setup.choices.preset == "custom"
    editor = open_editor(app, setup)
    assert editor.rules.matches_preset() and editor.rules.chot_pay == 4     # starts from Zingplay's values
    toggle(app, editor, "u_khan")                       # on -> off
    toggle(app, editor, "mom_can_send")                 # off -> on
    toggle(app, editor, "den_chot")                     # on -> off (scrolled into view)
    toggle(app, editor, "timeout_last_turn_is_mom")     # on -> off, the last row of the right column
    step(app, editor, "chot_pay", -1, 2)                # 4 -> 2
    step(app, editor, "u_tron_pay", +1, 14)             # 10 -> 20, then clamped at 20
    step(app, editor, "rank_pay", +1, 3, place=1)       # Ba 2 -> 5
    step(app, editor, "mom_pay", -1, 6)                 # 4 -> 0, then clamped at 0
    assert editor.scroll > 0
    click(app, editor.done_button.rect.center)
    assert app.stack.top is setup and setup.choices.preset == "custom" and setup.preset.value == "custom"
    text = " ".join(setup.description_lines())
    assert text.startswith("Tùy chỉnh:") and "chốt 2 cược" in text and "Móm được gửi" in text
    click(app, setup.players.rect_of(3).center)
    click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    rules = desktop.games.clients[0].table.state.rules
    expected = replace(Rules.from_preset("custom", players=3), u_khan=False, mom_can_send=True, den_chot=False,
                       timeout_last_turn_is_mom=False, chot_pay=2, u_tron_pay=20, rank_pay=(1, 5, 3), mom_pay=0)
    assert rules == expected
    assert app.services.settings.default_preset == "zingplay"    # custom switches are not a stored setting


def test_editing_from_co_ban_starts_from_its_values_and_resets_restore_presets(app):
    setup = open_setup(app)
    click(app, setup.preset.rect_of("co_ban").center)
    editor = open_editor(app, setup)
    co_ban = Rules.from_preset("co_ban")
    assert editor.rules.u_khan is False and editor.rules.chot_pay == 1 and not editor.rules.progressive_eat
    toggle(app, editor, "face_value_10")
    step(app, editor, "u_pay", +1, 2)
    click(app, editor.reset_buttons["zingplay"].rect.center)
    zingplay = Rules.from_preset("zingplay")
    assert all(getattr(editor.rules, f) == getattr(zingplay, f) for f in ("u_khan", "chot_pay", "u_pay",
                                                                        "face_value_10", "progressive_eat"))
    assert editor.controls("u_khan")[0].value is True and editor.controls("chot_pay")[0].value == 4
    click(app, editor.reset_buttons["co_ban"].rect.center)
    assert replace(editor.rules, preset="co_ban") == co_ban
    assert editor.controls("den_three_eats")[0].value is False
    assert [s.value for s in editor.controls("rank_pay")] == [1, 2, 3]
    click(app, editor.done_button.rect.center)            # exactly Cơ bản: the named preset stays chosen
    assert setup.choices.preset == "co_ban" and setup.choices.rules().preset == "co_ban"


def test_esc_leaves_the_editor_without_keeping_anything(app):
    setup = open_setup(app)
    editor = open_editor(app, setup)
    toggle(app, editor, "ace_high_run")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is setup and setup.choices.preset == "zingplay"
    assert not setup.choices.rules().ace_high_run


def test_steppers_clamp_to_a_range_the_engine_accepts_and_repeat_while_held(app):
    setup = open_setup(app)
    editor = open_editor(app, setup)
    stepper = editor.controls("u_khan_pay")[0]
    assert isinstance(stepper, Stepper) and stepper.lo >= 0 and stepper.hi <= 1000
    pos = into_view(app, editor, lambda: stepper.plus_rect).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    for _ in range(round(HOLD_DELAY * 60) + 200):          # hold "+" for a few seconds
        app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame()
    assert stepper.value == stepper.hi == editor.rules.u_khan_pay and not stepper.held
    for _ in range(3):
        click(app, pos)
    assert editor.rules.u_khan_pay == stepper.hi                # past the top: clamped
    for switch in ("u_khan_pay", "u_pay", "u_tron_pay", "chot_pay", "mom_pay"):
        s = editor.controls(switch)[0]
        assert isinstance(s, Stepper)
        s.step(-1000)
        s.step(-1)
        assert getattr(editor.rules, switch) == s.lo >= 0
    Rules.from_dict(editor.rules.to_dict())                    # still valid for the engine


def test_custom_rules_are_remembered_for_the_session(app):
    setup = open_setup(app)
    click(app, setup.preset.rect_of("custom").center)
    editor = open_editor(app, setup)
    step(app, editor, "chot_pay", +1)
    click(app, editor.done_button.rect.center)
    click(app, setup.preset.rect_of("zingplay").center)        # back to Zingplay, then leave the page
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    again = open_setup(app)
    assert again.choices.preset == "zingplay" and again.choices.rules().chot_pay == 4
    click(app, again.preset.rect_of("custom").center)          # Tùy chỉnh brings the edited switches back
    assert again.choices.rules().chot_pay == 5 and again.choices.rules().preset == "custom"
    editor = open_editor(app, again)                            # and the editor opens on them
    assert editor.rules.chot_pay == 5 and editor.controls("chot_pay")[0].value == 5


def test_choosing_custom_without_editing_starts_from_the_selected_preset(app):
    setup = open_setup(app)
    click(app, setup.preset.rect_of("co_ban").center)
    click(app, setup.preset.rect_of("custom").center)
    rules = setup.choices.rules()
    assert rules.preset == "custom" and not rules.u_khan and rules.chot_pay == 1
    assert "không Ù khan" in " ".join(setup.description_lines())


def test_custom_rules_are_remembered_across_runs(tmp_path):
    from tala_desktop.engine import Rules
    from tala_desktop.store import Store
    from tala_desktop.ui.screens.setup import initial_choices
    from tala_desktop.ui.shared.run_state import RunState
    from tala_desktop.ui.shared.store_bridge import load_ui_settings

    with Store(tmp_path) as store:
        store.save_settings({"custom_rules": Rules(chot_pay=2, mom_can_send=True, preset="custom").to_dict()})
    with Store(tmp_path) as store:
        settings = load_ui_settings(store)

        class _Services:  # what initial_choices reads
            pass
        svc = _Services()
        svc.settings = settings
        run = RunState()                                        # a new run: nothing set up or edited yet
        choices = initial_choices(svc, run)
    assert choices.custom_rules is not None
    assert choices.custom_rules.chot_pay == 2 and choices.custom_rules.mom_can_send
    assert run.custom_rules == choices.custom_rules          # and remembered for the rest of the run
