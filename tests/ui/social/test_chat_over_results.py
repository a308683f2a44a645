"""The chat works while the results show: its toggle, drawn in the window's corner, opened nothing there (the
results took every event first), so nobody could say "good game" until the next deal."""

from __future__ import annotations

import pygame

from tala_desktop.ui.social.layer import SocialLayer
from tests.ui.social.test_between_games_strip import OfferingChannel, WaitingClient
from tests.ui.social.views import layer_look
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results


def test_the_chat_toggle_opens_the_chat_while_the_results_show(pg, fonts):
    table = make_table(seed=5)
    drv = Driver(table, make_services(fonts, speed=0.0), client=WaitingClient(table, 0))
    layer = SocialLayer(OfferingChannel(), fonts, (1280, 720))
    drv.scene.layer = layer
    overlay = play_to_results(drv)
    drv.step(40)                                             # past the moment the results take no click
    look = layer_look(drv)
    assert drv.stack.top is overlay and look.panel is not None and look.panel.open is None   # drawn over them, closed
    drv.click(pygame.Rect(look.panel.toggle).center)
    drv.step(2)
    assert drv.stack.top is overlay                          # the results stay
    opened = layer_look(drv).panel
    assert opened is not None and opened.open is not None    # the chat is open over them
