"""One composition root: only ``tala_desktop/app/composition.py`` builds the services, the loop and the offline tables.

The UI tests, the journeys, the selftest and the already-open window all
start the game through ``build_desktop`` or ``start_desktop``; a second
place that puts the pieces together would drift from the game a player
runs. The import contracts keep the loop (ui/shell/app_loop.py) from
importing the screens and tables it runs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tala_desktop
from tala_desktop.app import composition as root
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.ui.screens.tutorial import tutorial_of
from tala_desktop.ui.shell.app_loop import AppOptions, StepClock

PACKAGE = Path(tala_desktop.__file__).parent
ROOT_MODULE = PACKAGE / "app" / "composition.py"
BUILT_ONCE = {"Services", "App", "OfflineGames", "Desktop"}   # what only the root constructs


def constructed(path: Path) -> set[str]:
    """The names in ``BUILT_ONCE`` that ``path`` calls (``Services(...)``, ``shell.App(...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    called = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in BUILT_ONCE:
                called.add(name)
    return called


def test_only_the_composition_root_builds_the_game():
    assert constructed(ROOT_MODULE) == BUILT_ONCE
    elsewhere = {str(p.relative_to(PACKAGE)): constructed(p) for p in sorted(PACKAGE.rglob("*.py"))
                 if p != ROOT_MODULE}
    assert {name: found for name, found in elsewhere.items() if found} == {}


def test_the_root_wires_the_options_and_the_runner_into_every_table_and_closes_it_last(pg):
    runner = InlineRunner()
    desktop = root.build_desktop(AppOptions(windowed=(1280, 720), seed=3, hard_samples=7), StepClock(),
                                 runner=runner)
    app, games = desktop.app, desktop.games
    try:
        menu = desktop.show_menu()
        assert app.stack.top is menu and desktop.services.pages.tutorial is not None
        from tests.ui.store_app_helpers import two_player_choices

        table = games.start_game(two_player_choices())
        tutorial = desktop.services.pages.tutorial()
        config = games.clients[0].table.config
        assert (config.seed, config.hard_samples) == (3, 7)      # the command line's, at every table
        lessons = tutorial_of(tutorial)
        assert lessons is not None and lessons.table.runner is runner
        assert games.clients[0].table.runner is runner
        assert app.stack.top is table and games.scenes == {id(games.clients[0]): table}
        tutorial.close()
    finally:
        app.shutdown()
    assert runner.closed and games.clients == [] and len(app.stack) == 0


def test_a_store_the_root_could_not_build_a_game_around_is_closed(pg, tmp_path, monkeypatch):
    closed = []

    def no_window(*args, **kwargs):
        raise RuntimeError("no window")

    monkeypatch.setattr(root, "build_desktop", no_window)
    from tala_desktop.store import Store

    real_close = Store.close
    monkeypatch.setattr(Store, "close", lambda self: closed.append(self) or real_close(self))
    with pytest.raises(RuntimeError, match="no window"):
        root.start_desktop(AppOptions(windowed=(1280, 720), data_dir=str(tmp_path)), StepClock())
    assert len(closed) == 1
