"""A chat line that draws as nothing (a lone zero-width joiner, kept from a server's text because emoji need it)
showed an empty bubble at its sender: such a line is not shown at all; a visible one is."""

from __future__ import annotations

import pytest

from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.social_channel import ChatMessage
from tala_desktop.ui.table.scene_layer import TableNow
from tests.ui.social.test_between_games_strip import OfferingChannel
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, make_table


@pytest.mark.parametrize("text", ["\u200d", "\u200c\u200d", " \u200d "])
def test_a_line_that_draws_as_nothing_shows_no_bubble_and_no_row(pg, fonts, text):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0))
    layer = SocialLayer(OfferingChannel(), fonts, (1280, 720))
    drv.scene.layer = layer
    drv.until(lambda: dealt(drv.scene))
    now = TableNow(drv.scene.layout, drv.scene.model)
    rows = len(layer.panel.entries)
    layer.take(ChatMessage(name="Lan", seat=1, text=text), now)
    assert layer.look(drv.scene.view()).bubbles == () and len(layer.panel.entries) == rows
    layer.take(ChatMessage(name="Lan", seat=1, text="chào \u200d"), now)          # a visible line: shown
    assert len(layer.look(drv.scene.view()).bubbles) == 1 and len(layer.panel.entries) == rows + 1
