"""Between games a LAN table shows one countdown in one wording: the results' own "Ván mới sau N giây" and the
server's wait for a free seat ("còn 5 giây") were two clocks that disagreed. Over the results the line says when
the next game comes (the later of the two) and why it waits; the host can hold the table ("Giữ bàn") and deal on
("Chia tiếp"), a hold everyone reads, which stops the results' clock."""

from __future__ import annotations

import math

import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tests.ui.social.lan_fakes import FakeSession, lan_table_scene, table_info
from tests.ui.social.views import layer_look
from tests.ui.table_helpers import play_to_results


def countdowns(drv, layer) -> list[str]:
    """Every text drawn in a frame that counts seconds: the table's and the dialog's, and the strip's note."""
    seen: list[str] = []
    painter = drv.scene.painter
    real = painter.text

    def spy(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    painter.text = spy
    try:
        drv.draw()
    finally:
        del painter.text
    unit = tr("lobby.clock_value", seconds=0).split("0")[-1].strip()     # "giây" / "s"
    strip = layer_look(drv).strip                                         # the layer's, over what is on top
    seen += [strip.note] if strip is not None and strip.note else []
    return [t for t in seen if any(ch.isdigit() for ch in t) and f" {unit}" in t]


@pytest.mark.parametrize("language", ["vi", "en"])
def test_over_the_results_one_line_says_when_the_next_game_comes_and_why(pg, fonts, language):
    set_language(language)
    session = FakeSession(table_info(free=True, deal_wait=5.0))
    drv, layer = lan_table_scene(fonts, session)
    overlay = play_to_results(drv)
    session.lobby = table_info(free=True, deal_wait=5.0)      # the seat is offered for 5 s; the results count 12
    drv.step(2)
    left = math.ceil(overlay.countdown)
    assert countdowns(drv, layer) == [tr("people.deal_seat_open", seat=4, seconds=max(5, left))]
    drv.scene.close()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_host_holds_the_table_and_everyone_reads_it_while_the_results_clock_waits(pg, fonts, language):
    set_language(language)
    session = FakeSession(table_info())
    drv, layer = lan_table_scene(fonts, session)
    overlay = play_to_results(drv)
    drv.step(2)
    hold = layer_look(drv).strip.buttons[0]
    assert hold.label == tr("social.hold")                       # the host's "Giữ bàn", first
    drv.click(hold.rect.center)
    assert session.client.sent[-1] == ("hold", True)
    session.lobby = table_info(held=180.0)                       # the server says so
    drv.step(2)
    before = overlay.countdown
    drv.step(120)                                                # four seconds later
    assert overlay.countdown == before                           # held: the results' clock waits
    assert countdowns(drv, layer) == [tr("people.held", seconds=176)]   # counted down since the table said so
    deal_on = layer_look(drv).strip.buttons[0]
    assert deal_on.label == tr("social.deal_on") and deal_on.box == hold.box   # "Chia tiếp" in the same place
    drv.click(deal_on.rect.center)
    assert session.client.sent[-1] == ("hold", False)
    drv.scene.close()
