"""History and replay: the page counter sits centred between its arrows; the review marks moves or says it has none;
the bots' moves are reviewed on request."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.engine import Rules
from tala_desktop.store import SeatInfo, Store
from tala_desktop.table import SeatKind
from tala_desktop.ui.art.theme import WARNING as ADVICE
from tala_desktop.ui.core import i18n
from tala_desktop.ui.screens.history import TEXT, HistoryScene
from tala_desktop.ui.screens.replay import BOT_MARK, TIMELINE, ReplayScene
from tala_desktop.ui.shell.app_loop import App
from tests.store.helpers import play_bot_game
from tests.ui.app_helpers import inline_desktop
from tests.ui.store_app_helpers import click


@pytest.fixture
def app(pg, tmp_path) -> Iterator[App]:
    store = Store(tmp_path)
    for g, level in enumerate(("random", "normal", "normal")):   # your seat played randomly in the first game
        st = play_bot_game(Rules.from_preset("zingplay", players=3), 300 + g, [level, "normal", "normal"])
        store.settle(st, f"t{g}", [SeatInfo("Bạn", SeatKind.HUMAN), SeatInfo("Lan", SeatKind.BOT, BotLevel.NORMAL),
                                   SeatInfo("Minh", SeatKind.BOT, BotLevel.NORMAL)], 0)
    made = inline_desktop((1280, 720), store=store, menu=True).app
    made.closers.append(store.close)
    pygame.event.clear()
    yield made
    made.shutdown()


def draw(app: App, frames: int = 3) -> pygame.Surface:
    for _ in range(frames):
        app.frame()
    app.draw()
    return app.display.canvas


def ink_columns(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> list[int]:
    """The x of every column of ``rect`` holding a pixel close to ``colour``."""
    xs = []
    for x in range(rect.x, rect.right):
        for y in range(rect.y, rect.bottom):
            if all(abs(a - b) <= 12 for a, b in zip(surface.get_at((x, y))[:3], colour)):
                xs.append(x)
                break
    return xs


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_history_counter_is_centred_between_its_arrows(app, language):
    i18n.set_language(language)
    page = HistoryScene(app.services)
    app.stack.push(page)
    surface = draw(app)
    prev, nxt = page.prev_button.rect, page.next_button.rect
    gap = pygame.Rect(prev.right, prev.y, nxt.x - prev.right, prev.h)
    xs = ink_columns(surface, gap, TEXT)
    assert xs, "no counter drawn between the arrows"
    left, right = xs[0] - gap.x, gap.right - xs[-1]
    assert abs(left - right) <= 3, (left, right)


def test_the_review_marks_the_moves_it_would_play_differently(app):
    store = app.services.store
    random_game = store.get_game(store.list_games(limit=3)[-1].uid)   # the oldest: your seat played randomly
    scene = ReplayScene(app.services, random_game)
    app.stack.push(scene)
    draw(app, 1)
    scene.advisor.join(120)
    assert scene.advisor.finished and scene.advisor.error is None
    marked = [i for i, a in scene.advisor.advice.items() if a.differs]
    assert marked, "random moves all agree with the computer"
    surface = draw(app)
    assert ink_columns(surface, TIMELINE, ADVICE), "no orange mark on the timeline"
    assert str(len(marked)) in scene.marks_note()
    scene.go(marked[0] + 1)
    assert scene.advice_line()[1] == ADVICE


def test_a_review_without_differences_says_so(app):
    store = app.services.store
    entry = store.get_game(store.list_games(limit=1)[0].uid)
    scene = ReplayScene(app.services, entry)
    app.stack.push(scene)
    scene.advisor.join(120)
    assert scene.advisor.finished and scene.advisor.total > 0
    # as if you had played every move the computer advises: the review agrees everywhere
    scene.advisor.advice = {i: replace(a, played=a.advised, differs=False) for i, a in scene.advisor.advice.items()}
    i18n.set_language("en")
    assert scene.marks_note() == "The computer would have made every one of your moves · ← → to step"
    surface = draw(app)
    assert not ink_columns(surface, TIMELINE, ADVICE)


def test_the_bots_moves_are_reviewed_on_request_and_marked_in_blue(app):
    store = app.services.store
    entry = store.get_game(store.list_games(limit=1)[0].uid)
    scene = ReplayScene(app.services, entry)
    app.stack.push(scene)
    draw(app, 1)
    assert scene.bot_advisor is None and scene.bots_button.visible  # nothing about the bots until asked
    click(app, scene.bots_button.rect.center)
    assert scene.show_bots and scene.bot_advisor is not None
    scene.bot_advisor.join(120)
    advice = scene.bot_advisor.advice
    assert advice and all(scene.moves[i].seat in scene.bot_seats for i in advice)
    scene.advisor.join(120)
    assert all(scene.moves[i].seat == entry.summary.human_seat for i in scene.advisor.advice)
    # one of the bots' moves marked as differing: a blue mark, and its line in blue when stepped to
    first = min(advice)
    advice[first] = replace(advice[first], differs=True)
    i18n.set_language("en")
    assert "1 bot move" in scene.bot_marks_note()
    assert ink_columns(draw(app), TIMELINE, BOT_MARK), "no blue mark on the timeline"
    scene.go(first + 1)
    assert scene.advice_line()[1] == BOT_MARK
    click(app, scene.bots_button.rect.center)  # asked again: the bots' marks hide
    assert not scene.show_bots and scene.bot_marks_note() == ""
    assert not ink_columns(draw(app), TIMELINE, BOT_MARK)
