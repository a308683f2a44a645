"""The store's notices on screen: every code has a text in both languages, and a stale save shows one at start-up."""

from __future__ import annotations

import pytest

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.store import Notice, OfflineSession, Store
from tala_desktop.store.db import NOTICE_CODES
from tala_desktop.ui.core import i18n
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.shared.store_bridge import NOTICE_KEYS, notice_text
from tests.store.helpers import drive, make_config
from tests.ui.store_app_helpers import open_app

FACTS = {"folder": "/home/lan/TaLaDesktop", "games": 3, "ledger": 4, "rows": 2}


@pytest.mark.parametrize("code", sorted(set(NOTICE_CODES) | set(NOTICE_KEYS)))
def test_every_store_notice_has_a_text_in_both_languages(code):
    """Also the app's own codes (a resume or a save that failed): the log keeps the exception, the player never
    reads it."""
    notice = Notice(code, "an English sentence for the log", "/data/tala.db.corrupt-20260301-090000", FACTS)
    texts = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        texts[lang] = notice_text(notice)
        assert code in NOTICE_KEYS and "{" not in texts[lang] and "an English sentence" not in texts[lang]
    assert texts["vi"] != texts["en"]


def test_a_save_of_a_paid_game_is_not_offered_and_the_menu_says_why(pg, tmp_path):
    with Store(tmp_path) as store:
        session = OfflineSession.new(store, make_config(seed=3), runner=InlineRunner())
        session.table.start_game(0.0)
        drive(session.table, until_moves=5)
        stale = store.autosave_path.read_bytes()
        drive(session.table)                             # the game ends and is paid; its save goes ...
        store.autosave_path.write_bytes(stale)           # ... but a copy of it stays (it could not be removed)
    desktop = open_app(tmp_path)
    app = desktop.app
    try:
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        assert not desktop.games.can_continue and "continue" not in menu.buttons
        assert menu.notices() == [i18n.tr("notice.autosave_paid")]
        assert not app.services.store.has_autosave()
    finally:
        app.shutdown()
