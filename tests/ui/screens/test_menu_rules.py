"""Rules page: both languages cover the same sections and glyphs, card examples render, wheel/bar/contents scroll."""

from __future__ import annotations

import pygame
import pygame.freetype
import pytest

from tala_desktop.engine.cards import parse_card
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.screens.rules import BAR, VIEW, RulesScene
from tala_desktop.ui.screens.rules_text import RULES, all_text, rules_for
from tala_desktop.ui.shared.run_state import RunState
from tests.ui.app_helpers import inline_desktop


@pytest.fixture
def app(pg):
    made = inline_desktop((1280, 720)).app
    pygame.event.clear()
    yield made
    made.shutdown()


def open_rules(app, language: str) -> RulesScene:
    i18n.set_language(language)
    page = RulesScene(app.services, RunState())
    app.stack.push(page)
    app.frame()
    return page


def test_both_languages_have_the_same_structure():
    vi, en = RULES["vi"], RULES["en"]
    assert [b[0] for b in vi] == [b[0] for b in en]
    assert [b[1] for b in vi if b[0] == "cards"] == [b[1] for b in en if b[0] == "cards"]
    assert rules_for("fr") is vi


def test_the_rules_cover_the_game_terms():
    text = " ".join(part for block in RULES["vi"] for part in block[1:])
    for term in ("phỏm ngang", "Phỏm dọc", "Cạ", "ăn", "Lá bị khóa", "Hạ", "Gửi", "Ù tròn", "Ù khan", "Đền",
                 "Móm", "Nhất", "Nhì", "Bét", "cược"):
        assert term.lower() in text.lower(), term
    kinds = {b[1] for b in RULES["vi"] if b[0] == "cards"}
    assert {"7s 7c 7h", "5h 6h 7h 8h", "9c 9d | 5h 7h"} <= kinds   # a phỏm ngang, a phỏm dọc, cạ


def test_every_example_card_parses():
    for blocks in RULES.values():
        for block in blocks:
            if block[0] == "cards":
                for token in block[1].replace("|", " ").replace("+", " ").split():
                    assert 0 <= parse_card(token) < 52


@pytest.mark.parametrize("bold", [False, True])
def test_the_font_has_every_rules_glyph(pg, bold):
    chars = sorted(set(all_text()))
    face = pygame.freetype.Font(str(Fonts().path(bold)), 20)
    missing = [ch for ch, m in zip(chars, face.get_metrics("".join(chars))) if m is None]
    assert not missing


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_page_renders_with_headings_and_card_images(app, language):
    page = open_rules(app, language)
    assert [h for h, _ in page.headings] == [b[1] for b in rules_for(language) if b[0] == "h"]
    assert page.content.get_height() > 3 * VIEW.h      # long enough to need the scroll bar
    canvas = app.display.canvas
    near_white = sum(1 for x in range(VIEW.x, VIEW.right, 3) for y in range(VIEW.y, VIEW.bottom, 3)
                     if min(canvas.get_at((x, y))[:3]) > 240)
    assert near_white > 300                             # card faces of the phỏm ngang example are on screen


def test_wheel_scrolls_smoothly_and_stops_at_the_ends(app):
    page = open_rules(app, "vi")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    app.frame()
    assert page.target == 216 and 0 < page.scroll < 216   # moving towards it, not jumping
    for _ in range(60):
        app.frame()
    assert page.scroll == page.target and not page.needs_redraw
    for _ in range(200):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0,
                                             precise_y=-5.0))
    app.frame()
    assert page.target == page.max_scroll
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    app.frame()
    assert page.target == 0


def test_dragging_the_scroll_bar_and_clicking_the_contents(app):
    page = open_rules(app, "en")
    thumb = page.bar.thumb()
    for etype, pos in ((pygame.MOUSEBUTTONDOWN, thumb.center), (pygame.MOUSEMOTION, (thumb.centerx, BAR.bottom)),
                       (pygame.MOUSEBUTTONUP, (thumb.centerx, BAR.bottom))):
        extra = {"button": 1} if etype != pygame.MOUSEMOTION else {"rel": (0, 1), "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(etype, pos=pos, **extra))
    app.frame()
    assert page.scroll == pytest.approx(page.max_scroll, abs=2)
    target = 3                                              # "Eating (ăn)"
    rect = page.toc_rects()[target]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    for _ in range(60):
        app.frame()
    assert page.scroll == page.headings[target][1]
    assert page.current_section() == target


def test_the_rules_page_is_drawn_once_a_run_and_again_in_another_run(pg):
    desktop = inline_desktop((1280, 720), menu=True)
    other = inline_desktop((1280, 720))
    try:
        app, menu = desktop.app, desktop.app.stack.top
        menu.open_rules()
        first = app.stack.top
        app.stack.pop()
        menu.open_rules()
        again = app.stack.top
        over_a_table = desktop.services.pages.table_rules()
        assert isinstance(again, RulesScene) and again is not first
        assert again.content is first.content and over_a_table.content is first.content   # kept for the run
        assert RulesScene(other.app.services, other.run).content is not first.content     # each run its own
    finally:
        desktop.app.shutdown()
        other.app.shutdown()
