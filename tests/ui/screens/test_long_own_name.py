"""Your own name at its longest (20 characters, as the LAN page and Hồ sơ take it) on the menu's card and on the
new-game page: readable (never under 80 % of its size) and clear of what is beside it, cut with "…" when it must
be. The new-game page drew "WWWW…" at full size over "Người chơi (bạn)"; the card shrank it to 12 px."""

from __future__ import annotations

import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.screens.setup import SetupScene
from tala_desktop.ui.widgets.text_fit import NAME_SHRINK
from tests.ui.store_app_helpers import click, open_app, run

LONGEST = ["W" * 20, "Nguyễn Thị Ngọc Anh"]


@pytest.mark.parametrize("name", LONGEST)
@pytest.mark.parametrize("language", ["vi", "en"])
def test_your_long_name_is_readable_and_clear_on_the_menu_card_and_the_new_game_page(pg, tmp_path, name, language):
    i18n.set_language(language)
    desktop = open_app(tmp_path, size=(1024, 600))
    app = desktop.app
    try:
        app.services.store.set_name(name)
        app.services.settings.player_name = name
        run(app, 60)
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        fonts = app.services.fonts
        shown, room = menu.card_name()
        assert shown.size >= round(26 * NAME_SHRINK)
        assert fonts.font(shown.size, True).size(shown.text)[0] <= room
        assert shown.text == name or (shown.cut and shown.text.endswith("…"))
        click(app, menu.buttons["play"].rect.center)
        run(app, 30)
        page = app.stack.top
        assert isinstance(page, SetupScene)
        shown, room = page.your_name()
        assert shown.size >= round(22 * NAME_SHRINK)
        assert fonts.font(shown.size, True).size(shown.text)[0] <= room
        note_x = page.you_note_x()
        assert room <= note_x - page.you_name_x() - 8                   # clear of "Người chơi (bạn)"
        assert tr("setup.you")
    finally:
        app.shutdown()
