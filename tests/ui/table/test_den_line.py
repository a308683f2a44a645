"""The line that says who pays all after an Ù: "Bạn đền cho Lan" / "You pay all to Lan" when it is you (English said
"You pays all to Lan"); another seat is named: "Lan pays all to Minh"."""

from __future__ import annotations

import pytest

from tala_desktop.table import LocalTableClient
from tala_desktop.ui.core import i18n
from tests.ui.table_helpers import Driver, bot_about_to_u, make_services


@pytest.mark.parametrize(("language", "line"), [("vi", "Bạn đền cho Lan"), ("en", "You pay all to Lan")])
def test_you_paying_all_is_said_as_you(pg, fonts, language, line):
    i18n.set_language(language)
    table = bot_about_to_u()
    drv = Driver(table, make_services(fonts, speed=1.0), client=LocalTableClient(table, 0))
    drv.until(lambda: drv.scene.model is not None and drv.scene.model.outcome is not None, limit=600)
    assert drv.scene.model.outcome.den == 0
    assert line in drv.scene.log_lines
    drv.scene.close()

