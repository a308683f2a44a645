"""The store screens headless at 1280x720 in both languages: every label fits its box, every character has a glyph,
frames are saved under tests/artifacts/; the replay viewer reaches the recorded outcome of many stored games."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from tala_desktop.bots import BotLevel, make_bot
from tala_desktop.engine import GameState, Rules
from tala_desktop.store import SeatInfo, Store
from tala_desktop.table import SeatKind
from tala_desktop.ui.core import i18n
from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.profile import ProfileScene
from tala_desktop.ui.screens.replay import ReplayScene
from tala_desktop.ui.screens.settings import SettingsScene
from tala_desktop.ui.screens.stats import StatsScene
from tala_desktop.ui.screens.tutorial import TutorialDoneScene
from tala_desktop.ui.shell.app_loop import App
from tala_desktop.ui.widgets.controls import Button
from tests.loops import poll_until
from tests.ui.app_helpers import inline_desktop, open_tutorial

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
LEVELS = (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD, BotLevel.EASY)
NAMES = ("Bạn", "Lan", "Minh", "Nguyễn Thị Hương")


HARD_SAMPLES = 16  # the stored games need Hard's moves, not its full 300 ms a decision (16x faster to fill)


def play_fast_bot_game(rules: Rules, seed: int, levels: list[str]) -> GameState:
    """One bot-only game on the engine, the Hard seat searching a fixed few samples per decision."""
    bots = [make_bot(lv, seed * 16 + s, **({"max_samples": HARD_SAMPLES} if lv == "hard" else {}))
            for s, lv in enumerate(levels)]
    st = GameState.new(rules, seed=seed, leader=0, bet=100, balances=[10_000] * rules.players, record_events=False)
    while not st.is_over:
        st.push(bots[st.to_move].decide(st.view(st.to_move)).move)
    return st


def fill(store: Store, games: int) -> None:
    """Settle ``games`` bot-played games as if you had sat at seat 0 (2, 3 and 4 players)."""
    for g in range(games):
        players = 2 + g % 3
        st = play_fast_bot_game(Rules.from_preset("zingplay" if g % 2 else "co_ban", players=players), 100 + g,
                                ["normal"] + list(LEVELS[1:players]))
        seats = [SeatInfo(NAMES[0], SeatKind.HUMAN)]
        seats += [SeatInfo(NAMES[i], SeatKind.BOT, LEVELS[i]) for i in range(1, players)]
        store.settle(st, f"t{g}", seats, 0)


def _run_folder(tmp_path_factory) -> Path:
    """The temporary folder of this test run: shared by its xdist workers (each has a folder inside it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _built_once(shared: Path, limit: float = 300.0) -> Path:
    """The 60 stored games, filled by the first worker to get here while the others wait (~4 s of CPU each saved)."""
    built, failed = shared / "store-screens-games", shared / "store-screens-games.failed"
    try:
        os.close(os.open(shared / "store-screens-games.lock", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        # another test process fills it: it tells only through the folder, read again
        poll_until(lambda: built.exists() or failed.exists(), timeout=limit, pause=0.05,
                   what="the worker filling the stored games")
        assert not failed.exists(), failed.read_text(encoding="utf-8")
        return built
    staging = shared / "store-screens-games.filling"
    try:
        with Store(staging) as store:
            fill(store, 60)
    except BaseException as exc:
        failed.write_text(f"filling the stored games failed: {exc!r}", encoding="utf-8")
        raise
    staging.rename(built)  # atomic: a waiting worker sees the whole folder or none
    return built


@pytest.fixture(scope="module")
def filled(tmp_path_factory) -> Path:
    """A data folder of this module's own holding the 60 stored games (a copy: the tests may write to it)."""
    path = tmp_path_factory.mktemp("store")
    shutil.copytree(_built_once(_run_folder(tmp_path_factory)), path, dirs_exist_ok=True)
    return path


@pytest.fixture
def app(pg, filled) -> Iterator[App]:
    store = Store(filled)
    made = inline_desktop((1280, 720), store=store, menu=True).app
    made.closers.append(store.close)
    pygame.event.clear()
    yield made
    made.shutdown()


def frame(app: App, frames: int = 40) -> pygame.Surface:
    for _ in range(frames):
        app.frame()
    app.draw()
    return app.display.canvas


def glyphs_missing(texts: list[str], fonts) -> list[str]:
    face = pygame.freetype.Font(str(fonts.path(False)), 24)
    bold = pygame.freetype.Font(str(fonts.path(True)), 24)
    chars = sorted(set("".join(texts)))
    return [ch for ch in chars if face.get_metrics(ch)[0] is None or bold.get_metrics(ch)[0] is None]


def button_overflows(scene) -> list[str]:
    """Buttons whose label, at its font size, is wider than the button (the button would squeeze it)."""
    out = []
    for w in scene.widgets:
        if isinstance(w, Button) and w.visible:
            size = w.font_size or max(10, round(w.rect.h * 0.42))
            if w.fonts.font(size, True).size(w.text)[0] + 2 * max(1, size // 12) > w.rect.w - 8:
                out.append(w.text)
    return out


def screens(app: App):
    """(name, scene) for every store screen, opened over the menu."""
    services = app.services
    store = services.store
    assert store is not None
    entry = store.get_game(store.list_games(limit=1)[0].uid)
    assert entry is not None
    replay = ReplayScene(services, entry, analyse=False)
    replay.go(12)
    yield "menu", app.stack.top
    for name, scene in (("settings", SettingsScene(services)), ("profile", ProfileScene(services)),
                        ("stats", StatsScene(services)), ("history", HistoryScene(services)), ("replay", replay),
                        ("tutorial_done", TutorialDoneScene(services))):
        app.stack.push(scene)
        yield name, scene
        app.stack.pop()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_every_store_screen_fits_its_text_and_has_every_glyph(app, language):
    app.services.settings.language = language
    i18n.set_language(language)
    ARTIFACTS.mkdir(exist_ok=True)
    for name, scene in screens(app):
        surface = frame(app, 30)
        pygame.image.save(surface, str(ARTIFACTS / f"store_{name}_{language}.png"))
        assert app.stack.top is scene
        fit = getattr(scene, "fit", None)
        if fit is not None:
            assert fit.records, name
            assert not fit.overflowing(), (name, fit.overflowing())
            assert not glyphs_missing([r.text for r in fit.records], app.services.fonts), name
        assert not button_overflows(scene), (name, button_overflows(scene))
        assert not glyphs_missing([w.text for w in scene.widgets if isinstance(w, Button)], app.services.fonts)


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_tutorial_and_a_notice_render_in_both_languages(app, language):
    app.services.settings.language = language
    i18n.set_language(language)
    app.services.store.notices.append(__import__("tala_desktop.store", fromlist=["Notice"]).Notice(
        "db_corrupt", "x", "/home/someone/.local/share/TaLaDesktop/tala.db.corrupt-20260301-090000"))
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    surface = frame(app, 60)
    pygame.image.save(surface, str(ARTIFACTS / f"store_menu_notice_{language}.png"))
    box = menu.notice_box
    assert box.visible and len(box.lines()) <= 4
    font = app.services.fonts.font(18)
    assert all(font.size(line)[0] <= box.text_width for line in box.lines())
    assert not glyphs_missing(box.lines(), app.services.fonts)
    tutorial = open_tutorial(app)
    surface = frame(app, 30)
    pygame.image.save(surface, str(ARTIFACTS / f"store_tutorial_{language}.png"))
    rect, lines = tutorial.coach.panel
    fonts = app.services.fonts
    assert all(fonts.font(x.size, x.bold).size(x.text)[0] <= rect.w - 32 for x in lines)
    assert rect.bottom < 540            # above your hand and the buttons
    assert not glyphs_missing([x.text for x in lines], fonts)


def test_the_replay_viewer_reaches_the_recorded_outcome_of_every_stored_game(app):
    store = app.services.store
    games = store.list_games(limit=100)
    assert len(games) == 60
    for summary in games:
        entry = store.get_game(summary.uid)
        scene = ReplayScene(app.services, entry, analyse=False)
        assert scene.count == len(entry.record["moves"]) + 1
        scene.last()
        assert scene.state.is_over and scene.state.outcome.to_dict() == entry.outcome
        assert [r.split(" · ")[0] for r in scene.results()] == [
            __import__("tala_desktop.ui.screens.results_text", fromlist=["x"]).result_label(x) for x in summary.labels]
        scene.first()
        assert scene.state.history == [] and scene.index == 0
        scene.next()
        assert len(scene.state.history) == 1


def test_the_advisor_marks_moves_in_the_background_and_the_page_shows_its_progress(app):
    store = app.services.store
    entry = store.get_game(store.list_games(limit=1)[0].uid)
    scene = ReplayScene(app.services, entry)
    app.stack.push(scene)
    frame(app, 2)
    assert scene.advisor.total > 0
    scene.advisor.join(120)
    assert scene.advisor.finished and scene.advisor.error is None
    assert len(scene.advisor.advice) == scene.advisor.total
    differs = [i for i, a in scene.advisor.advice.items() if a.differs]
    frame(app, 2)
    if differs:
        scene.go(differs[0] + 1)
        text, _ = scene.advice_line()
        assert text.startswith("Máy khuyên:")
    agree = [i for i, a in scene.advisor.advice.items() if not a.differs]
    if agree:
        scene.go(agree[0] + 1)
        assert scene.advice_line()[0] == "Máy cũng sẽ đi như vậy"
    app.stack.pop()
