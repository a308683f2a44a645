"""Resume after a crash: a child process runs the real app, plays some moves and dies with os._exit; the next
start offers "Chơi tiếp" on the menu, and a click on it resumes the very same game, which is then paid once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tala_desktop.store import STARTING_GRANT
from tala_desktop.ui.table.scene import TableScene
from tests.store.helpers import fingerprint
from tests.ui.store_app_helpers import click, open_app, play_my_turns

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("moves", [1, 9])
def test_the_game_a_crash_left_resumes_exactly_and_is_paid_once(pg, tmp_path, moves):
    out = tmp_path / "where.json"
    data = tmp_path / "data"
    child = subprocess.run([sys.executable, "-m", "tests.ui.crash_app_child", str(data), str(moves), str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert child.returncode == 3, child.stderr[-2000:]
    before = json.loads(out.read_text(encoding="utf-8"))
    desktop = open_app(data)
    app = desktop.app
    try:
        menu = app.stack.top
        assert "continue" in menu.buttons and menu.buttons["continue"].text == "Chơi tiếp"
        assert app.services.store.count_games() == 0
        click(app, menu.buttons["continue"].rect.center)
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        client = desktop.games.clients[0]
        now = json.loads(json.dumps(fingerprint(client.table.state)))
        assert now == before["fingerprint"]
        assert client.table.balances == before["balances"]
        client.table.think_delay = 0.0
        play_my_turns(app, client)
        store = app.services.store
        assert store.count_games() == 1
        assert store.profile().balance == STARTING_GRANT + client.table.state.outcome.net[0]
        scene.leave_table()
        assert "continue" not in app.stack.top.buttons
    finally:
        app.shutdown()


def test_a_new_game_over_a_saved_one_asks_first(pg, tmp_path):
    from tala_desktop.ui.frames.confirm import ConfirmOverlay
    from tala_desktop.ui.screens.setup import SetupScene

    out = tmp_path / "where.json"
    data = tmp_path / "data"
    child = subprocess.run([sys.executable, "-m", "tests.ui.crash_app_child", str(data), "1", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert child.returncode == 3, child.stderr[-2000:]
    app = open_app(data).app
    try:
        menu = app.stack.top
        click(app, menu.buttons["play"].rect.center)
        ask = app.stack.top
        assert isinstance(ask, ConfirmOverlay)
        click(app, ask.cancel_button.rect.center)  # go back: nothing is settled, the saved game stays
        assert app.stack.top is menu and "continue" in menu.buttons
        assert app.services.store.count_games() == 0
        click(app, menu.buttons["play"].rect.center)
        click(app, app.stack.top.confirm_button.rect.center)
        assert isinstance(app.stack.top, SetupScene)
    finally:
        app.shutdown()
