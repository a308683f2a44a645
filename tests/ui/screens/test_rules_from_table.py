"""The rules page opened from a LAN table ("?") offers no guided first game: it started the tutorial's own table
over the real one, whose game went on with the computer playing for you, and which the tutorial's "Bàn 1 ·
Cược 100" and its opponent "Lan" made look like the table you had left. Over an offline game (it waits under
the page) and from the menu it still does."""

from __future__ import annotations

import pytest

from tala_desktop.table import LocalTableClient
from tala_desktop.ui.screens.rules import RulesScene
from tala_desktop.ui.shared.run_state import RunState
from tala_desktop.ui.shell.startup import make_pages
from tests.ui.table_helpers import Driver, make_services, make_table


class RunningClient(LocalTableClient):
    """A table whose clock is not the caller's, as a LAN table's: it cannot pause."""

    can_pause = False


@pytest.mark.parametrize("pauses", [False, True])
def test_the_rules_over_a_lan_table_have_no_guided_game(pg, fonts, pauses):
    services = make_services(fonts, speed=0.0)
    services.pages = make_pages(services, RunState())
    table = make_table(seed=3, seconds=30)
    drv = Driver(table, services, client=LocalTableClient(table, 0) if pauses else RunningClient(table, 0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input)
    drv.click(sc.header.buttons["rules"].rect.center)
    drv.step()
    page = drv.stack.top
    assert isinstance(page, RulesScene)
    assert page.tutorial_button.visible is pauses and (page.tutorial_button in page.widgets) is pauses
    if not pauses:
        drv.click(page.tutorial_button.rect.center)          # where it was: nothing starts
        drv.step()
        assert drv.stack.top is page
    menu_page = services.pages.rules()
    assert isinstance(menu_page, RulesScene) and menu_page.tutorial_button.visible
