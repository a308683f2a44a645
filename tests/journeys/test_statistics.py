"""Thống kê for a player who has met ten opponents (three of them Khó): every one is on a page, inside the panel.

The games were played before this start (settled into the fresh folder);
the player opens Thống kê from the menu and turns the opponents' pages with
▶ where it is drawn, at 2520x1080 in Vietnamese and at 1024x600 in English.
"""

from __future__ import annotations

import pytest

from tala_desktop.store import Store
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.screens.stats import StatsScene
from tests.ui.page_fit import outside_panel
from tests.ui.store_app_helpers import settle_games_met

from .driver import Journey


def english(j: Journey) -> None:
    j.click("Cài đặt")
    j.click("English")
    j.click("Back")


@pytest.mark.parametrize(("size", "language"), [((2520, 1080), "vi"), ((1024, 600), "en")])
def test_every_opponent_met_is_on_a_page_of_the_statistics_inside_its_panel(journey, size, language):
    j = journey(size=size)
    with Store(j.folder) as store:
        met = settle_games_met(store)
    j.start()
    if language == "en":
        english(j)
    j.click(tr("menu.stats"))
    page = j.top
    assert isinstance(page, StatsScene)
    seen: list[str] = []
    while True:
        assert not outside_panel(page), outside_panel(page)
        texts = j.texts()
        seen += [t.split(" | ")[0] for t in texts if " | " in t]
        if "▶" not in j.labels() or not j.find("▶").enabled:
            break
        j.click("▶")
    assert sorted(seen) == sorted(f"{name} · {tr(f'setup.level.{level}')}" for name, level in met)
    assert [name for name, level in met if level == "hard"] == ["Hùng", "Lan", "Minh", "Nguyễn Thị Hương"]
    assert tr("stats.page", first=6, last=10, total=10) in j.texts()
