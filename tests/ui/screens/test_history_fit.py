"""Lịch sử at every window size, in both languages: each row's texts in their own places, none under another, none
smaller than the readable floor.

At 1024x600 in English the line of what a game's chips were made of ran
under the "3rd" of the result column, in 12 px type.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tala_desktop.store import Store
from tala_desktop.ui.core import i18n
from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.widgets.text_fit import READABLE
from tests.ui.app_helpers import inline_desktop
from tests.ui.page_fit import WINDOWS, drawn_rects, outside_panel, overlaps
from tests.ui.store_app_helpers import settle_games_met


@pytest.fixture(scope="module")
def met_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("met")
    with Store(folder) as store:
        settle_games_met(store)
    return folder


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize("size", WINDOWS)
def test_each_history_row_keeps_its_texts_apart_and_readable(pg, met_folder, tmp_path, size, language):
    shutil.copytree(met_folder, tmp_path / "data")
    with Store(tmp_path / "data") as store:
        app = inline_desktop(size, store=store, menu=True).app
        try:
            app.services.settings.language = language
            i18n.set_language(language)
            page = HistoryScene(app.services)
            app.stack.push(page)
            app.frame()
            smallest = app.services.fonts.font(READABLE).get_height()
            detailed = 0
            for _ in range(page.pages):
                assert not outside_panel(page), outside_panel(page)
                drawn = drawn_rects(page)
                for i in range(len(page.rows)):
                    row, button = page.row_rect(i), page.view_buttons[i].rect
                    texts = [r for r in drawn if row.colliderect(r) and r.size != row.size]
                    assert not overlaps(texts), (i, overlaps(texts))
                    assert all(row.contains(r) and r.right <= button.x for r in texts), (i, texts, row, button)
                    assert all(r.h >= smallest for r in texts), (i, texts)
                    detailed += page.row_why(i) != ""
                assert not page.fit.overflowing(), page.fit.overflowing()
                page.next_page()
            assert detailed >= 5                  # rows with a line of what their chips were made of were seen
        finally:
            app.shutdown()
