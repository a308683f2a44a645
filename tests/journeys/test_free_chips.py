"""An empty wallet at start-up: the menu offers the free chips, the game can be played at once; once today's were
had, the menu and the new-game page say when the next come.

Before, the top-up lived in Hồ sơ → "Nhận chip" (and on the menu's card
only while it could be had): the menu said nothing when the wallet could not
cover the smallest bet.
"""

from __future__ import annotations

from tala_desktop.store import DAILY_FLOOR, Store
from tala_desktop.ui.core.i18n import tr

from .driver import Journey
from .play import table_shown


def broke(j: Journey, claimed_today: bool) -> None:
    """The wallet as the last games left it: 300 chips (and today's free chips had already, if said)."""
    with Store(j.folder) as store:
        store.conn.execute("UPDATE profile SET balance = 300")
        if claimed_today:
            store.claim_daily_topup()
            store.conn.execute("UPDATE profile SET balance = 120")


def test_the_menu_offers_the_free_chips_and_the_game_starts_with_them(journey):
    j = journey()
    broke(j, claimed_today=False)
    j.start()
    assert tr("setup.error.broke", min="500") in j.texts()
    j.click("Nhận chip miễn phí")
    assert j.wallet() == DAILY_FLOOR
    assert "Nhận chip miễn phí" not in j.labels() and "Bạn nhận được 1.700 chip miễn phí" in j.texts()
    j.click("Chơi với máy")
    assert j.find("Bắt đầu").enabled
    j.click("Bắt đầu")
    j.until(lambda: table_shown(j), 2.0, "the table")


def test_once_todays_free_chips_were_had_the_menu_and_the_new_game_page_say_when_the_next_come(journey):
    j = journey()
    broke(j, claimed_today=True)
    j.start()
    said = [t for t in j.texts() if t.startswith("Chip miễn phí lần tới: 00:00 ngày mai, còn ")]
    assert said and "Nhận chip miễn phí" not in j.labels()
    j.click("Chơi với máy")
    assert not j.find("Bắt đầu").enabled
    assert any(t.startswith("Chip miễn phí lần tới: 00:00 ngày mai") for t in j.texts())
    assert j.wallet() == 120
