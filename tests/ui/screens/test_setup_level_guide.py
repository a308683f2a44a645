"""The setup page says under the seats what each bot level does: one line a level, in both languages."""

from __future__ import annotations

import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.screens.setup import LEFT
from tala_desktop.ui.shared.new_game import BOT_LEVELS
from tests.ui.screens.test_house_rules import app, desktop, open_setup  # noqa: F401 - fixtures


@pytest.mark.parametrize("language", ["vi", "en"])
def test_each_level_is_explained_in_one_line_that_fits_beside_the_seats(app, language):  # noqa: F811
    i18n.set_language(language)
    try:
        setup = open_setup(app)
        lines = setup.level_guide_lines()
        assert lines == [i18n.tr(f"setup.level_guide.{lv}") for lv in BOT_LEVELS]   # one line each, unwrapped
        font = setup.services.fonts.font(17)
        assert max(font.size(line)[0] for line in lines) <= LEFT.w
        assert all(i18n.tr(f"setup.level.{lv}") in line for lv, line in zip(BOT_LEVELS, lines))
    finally:
        i18n.set_language("vi")
