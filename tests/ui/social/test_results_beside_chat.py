"""With the chat open the results dialog lies in the table's part of the window, beside the docked panel: it was
centred on the whole window, so at 1280x720 it covered the panel's left edge and its quick phrases, whose hidden
buttons still took the clicks there (the layer takes events first)."""

from __future__ import annotations

import pytest

from tala_desktop.ui.social.layer import SocialLayer
from tests.ui.social.test_between_games_strip import SIZES, OfferingChannel, WaitingClient
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results


@pytest.mark.parametrize("size", SIZES)
def test_the_results_lie_beside_the_open_chat(pg, fonts, size):
    table = make_table(seed=5)
    drv = Driver(table, make_services(fonts, speed=0.0), size=size, client=WaitingClient(table, 0))
    layer = SocialLayer(OfferingChannel(), fonts, size)
    drv.scene.layer = layer
    layer.panel.open()
    overlay = play_to_results(drv)
    drv.step(3)
    chat = drv.scene.view().layer.panel.open                 # the open chat, as the table under the results shows it
    assert chat is not None and drv.scene.layout.dock > 0
    assert overlay.panel.right <= chat.box[0], (size, overlay.panel, chat.box)
    assert overlay.panel.x >= 0
    for b in (overlay.new_button, overlay.leave_button):
        assert overlay.panel.contains(b.rect)
    for i in range(len(overlay.rows)):
        assert overlay.panel.contains(overlay._row_rect(i))
    drv.scene.close()


def test_closing_and_opening_the_chat_over_the_results_moves_them(pg, fonts):
    size = (1280, 720)
    table = make_table(seed=5)
    drv = Driver(table, make_services(fonts, speed=0.0), size=size, client=WaitingClient(table, 0))
    layer = SocialLayer(OfferingChannel(), fonts, size)
    drv.scene.layer = layer
    overlay = play_to_results(drv)
    drv.step(3)
    assert overlay.panel.centerx == size[0] // 2          # no chat: the whole window's middle
    layer.panel.open()                                    # as when it was open before the results came
    drv.step(3)
    chat = drv.scene.view().layer.panel.open
    assert chat is not None and overlay.panel.right <= chat.box[0]
    layer.panel.close()
    drv.step(3)
    assert drv.scene.view().layer.panel.open is None and overlay.panel.centerx == size[0] // 2
    drv.scene.close()
