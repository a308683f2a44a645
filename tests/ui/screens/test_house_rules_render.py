"""The house-rules editor and the setup page's custom description at 1280x720 in both languages: every §9 switch
is listed, every label fits its box, every character has a glyph; frames are saved under tests/artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from pathlib import Path

import pygame
import pytest

from tala_desktop.engine import Rules
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.frames.page import wrap_text
from tala_desktop.ui.screens.house_rules import PLACES, SWITCHES, TOGGLE, describe, differences, set_switch, summary
from tala_desktop.ui.screens.house_rules_editor import COL_W, PAD, STATE_W, TEXT_W, VIEW, HouseRulesScene
from tala_desktop.ui.screens.setup import DESC_LINES, RIGHT, SetupScene
from tala_desktop.ui.shared.run_state import RunState
from tala_desktop.ui.shell.app_loop import App
from tala_desktop.ui.widgets.controls import Button
from tala_desktop.ui.widgets.stepper import Stepper
from tests.ui.app_helpers import inline_desktop
from tests.ui.screens.test_store_screens import button_overflows, glyphs_missing

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
# every switch changed from Zingplay: the longest description the setup page can get
EVERYTHING = replace(Rules.from_preset("custom"), u_khan=False, u_khan_pay=12, u_pay=7, u_tron_pay=15,
                     progressive_eat=False, chot_pay=2, den_three_eats=False, den_chot=False, mom_can_send=True,
                     ace_high_run=True, face_value_10=True, reveal_eaten_phom=True, timeout_last_turn_is_mom=False,
                     rank_pay=(2, 4, 6), mom_pay=8)


@pytest.fixture
def app(pg) -> Iterator[App]:
    made = inline_desktop((1280, 720), menu=True).app
    pygame.event.clear()
    yield made
    made.shutdown()


def speak(app: App, language: str) -> None:
    app.services.settings.language = language
    i18n.set_language(language)


def frame(app: App, frames: int = 10) -> pygame.Surface:
    for _ in range(frames):
        app.frame()
    app.draw()
    return app.display.canvas


def test_the_editor_lists_every_house_rule_switch_but_the_clock():
    switches = {f.name for f in fields(Rules)} - {"players", "preset", "turn_seconds"}
    assert {s.name for s in SWITCHES} == switches and len(SWITCHES) == 15


def test_set_switch_clamps_and_the_summary_names_each_change():
    rules = set_switch(Rules(), "chot_pay", 999)
    assert rules.chot_pay == 20
    assert set_switch(rules, "rank_pay", -5, place=2).rank_pay == (1, 2, 0)
    assert differences(Rules.from_preset("co_ban")) == ["u_khan", "progressive_eat", "chot_pay", "den_three_eats",
                                                        "den_chot"]
    assert summary(replace(Rules(), chot_pay=2, mom_can_send=True)) == ["chốt 2 cược", "Móm được gửi"]
    assert len(summary(EVERYTHING)) == 15


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_editor_fits_its_text_in_both_languages(app, language):
    speak(app, language)
    ARTIFACTS.mkdir(exist_ok=True)
    editor = HouseRulesScene(app.services, replace(EVERYTHING, u_tron_pay=20, chot_pay=0), lambda r: None)
    app.stack.push(editor)
    assert editor.max_scroll > 0                               # it scrolls at 720p
    for where, offset in (("top", 0.0), ("bottom", 1e9)):
        editor.scroll_to(offset)
        surface = frame(app)
        pygame.image.save(surface, str(ARTIFACTS / f"house_rules_{language}_{where}.png"))
        assert editor.fit.records and not editor.fit.overflowing(), editor.fit.overflowing()
        assert not glyphs_missing([r.text for r in editor.fit.records], app.services.fonts)
    assert editor.scroll == editor.max_scroll
    assert not button_overflows(editor), button_overflows(editor)
    assert not glyphs_missing([w.text for w in editor.widgets if isinstance(w, Button)], app.services.fonts)
    steppers = [c for row in editor.rows for c in row.controls if isinstance(c, Stepper)]
    assert len(steppers) == 8 and all(s.label_fits() and s.label_size() == s.size for s in steppers)
    for row in editor.rows:                                     # text never runs under a control
        assert all(r.right <= COL_W - PAD + 1 for r in row.offsets)
        if row.switch.kind != PLACES:                           # (a toggle's Bật/Tắt sits left of it)
            room = STATE_W if row.switch.kind == TOGGLE else 0
            assert PAD + TEXT_W[row.switch.kind] + room <= row.offsets[0].x
    assert VIEW.bottom < editor.done_button.rect.top            # the rows never reach the footer


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_setup_page_describes_custom_rules_in_at_most_three_lines(app, language):
    speak(app, language)
    setup = SetupScene(app.services, RunState(), lambda c: None)
    app.stack.push(setup)
    setup.choices.preset, setup.choices.custom_rules = "custom", EVERYTHING
    setup.preset.value = "custom"
    surface = frame(app)
    pygame.image.save(surface, str(ARTIFACTS / f"setup_custom_{language}.png"))
    font = app.services.fonts.font(18)
    lines = setup.description_lines()
    assert 1 <= len(lines) <= DESC_LINES and lines[0].startswith(tr("setup.preset.custom"))
    assert all(font.size(line)[0] <= RIGHT.w - 8 for line in lines)
    bottom = setup.preset.rect.bottom + 12 + 25 * len(lines) + 14 + font.get_linesize()
    assert bottom < setup.start_button.rect.top                 # the chips note stays clear of "Bắt đầu"
    assert not glyphs_missing(lines, app.services.fonts)
    assert not button_overflows(setup), button_overflows(setup)
    assert not glyphs_missing([w.text for w in setup.widgets if isinstance(w, Button)], app.services.fonts)
    assert not setup.edit_button.rect.colliderect(setup.preset.rect)
    short = describe(replace(Rules(), chot_pay=2), lambda t: wrap_text(font, t, RIGHT.w - 8), DESC_LINES)
    assert len(short) == 1 and "2" in short[0]
