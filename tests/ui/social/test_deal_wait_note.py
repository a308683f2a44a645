"""Between games everyone reads why the next deal waits and for how long: a free seat offered to those watching,
a newcomer's vote, or the players who have not asked for the next game yet; the seconds count down."""

from __future__ import annotations

import math

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.table import SeatKind
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.channel import LanChannel
from tests.ui.social.lan_fakes import FakeSession, lan_table_scene, table_info
from tests.ui.table_helpers import play_to_results


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_seat_offer_counts_down_in_one_wording_with_the_next_game(language):
    set_language(language)
    session = FakeSession(table_info(free=True, deal_wait=8.0))
    channel = LanChannel(session)
    assert channel.between_note(True, 10.0) == tr("people.deal_seat_open", seat=4, seconds=8)
    assert channel.between_note(True, 12.5) == tr("people.deal_seat_open", seat=4, seconds=6)
    assert channel.between_note(True, 12.5, 9.2) == tr("people.deal_seat_open", seat=4, seconds=10)  # the later
    assert channel.between_note(False, 12.5) == ""                 # a game runs: nothing waits
    session.lobby = table_info(free=True, votes=(0, 1), deal_wait=5.4)    # both players asked, a lobby later
    assert channel.between_note(True, 13.0) == tr("people.deal_seat_open", seat=4, seconds=6)
    assert channel.between_note(True, 19.0) == ""                  # the offer is over: the deal is due
    assert channel.between_note(True, 19.0, 2.5) == tr("table.auto_start", seconds=3)   # the results' clock


def test_the_host_who_asked_is_told_whom_the_deal_waits_for():
    session = FakeSession(table_info(votes=(0,)))
    channel = LanChannel(session)
    assert channel.between_note(True, 0.0) == tr("people.wait_votes", names="Lan")
    lan = FakeSession(table_info(votes=(0,)), you=1)               # Lan has not asked: her own button says it all
    assert LanChannel(lan).between_note(True, 0.0) == ""


def test_a_newcomers_vote_is_waited_for_by_name():
    info = table_info(votes=(0, 1), deal_wait=7.2)
    info.seats[3] = p.SeatInfo(seat=3, kind=SeatKind.PLAYER, name="Quân", member=50, joining=True)
    channel = LanChannel(FakeSession(info))
    assert channel.between_note(True, 0.0) == tr("people.deal_newcomer", name="Quân", seat=4, seconds=8)


def test_the_note_shows_over_the_results_and_on_the_table(pg, fonts):
    session = FakeSession(table_info(free=True, deal_wait=8.0))
    drv, layer = lan_table_scene(fonts, session)
    overlay = play_to_results(drv)
    session.lobby = table_info(free=True, deal_wait=14.0)          # the game's end: the seat is offered
    drv.step(1)
    came = layer.clock                                             # the results read the table's line every frame
    drv.step(2)
    assert layer.strip.note == ""                                  # over the results, the results say it ...
    assert layer.deal_note(overlay.countdown) == tr("people.deal_seat_open", seat=4, seconds=14)
    drv.step(120)                                                  # some seconds later: counted down
    left = math.ceil(14.0 - (layer.clock - came))
    assert left < 14 and layer.deal_note(overlay.countdown) == tr("people.deal_seat_open", seat=4, seconds=left)
    drv.click(overlay.new_button.rect.center)
    session.lobby = table_info(free=True, votes=(0, 1), deal_wait=5.0)
    drv.step(2)
    assert drv.stack.top is drv.scene
    assert layer.strip.note == tr("people.deal_seat_open", seat=4, seconds=5)   # ... then the table, in its words
    drv.scene.close()


@pytest.mark.parametrize("size", [(1280, 720), (1680, 720), (1280, 960)])
def test_on_the_table_the_note_takes_the_status_lines_place_and_yields_to_its_words(pg, fonts, size):
    session = FakeSession(table_info(free=True, votes=(0, 1), deal_wait=6.0))
    drv, layer = lan_table_scene(fonts, session, size)
    overlay = play_to_results(drv)
    drv.click(overlay.new_button.rect.center)
    drv.step(100)                                                  # the last move's words in the status line fade
    layout = drv.scene.layout
    strip = drv.scene.view().layer.strip
    assert strip is not None and strip.pill                        # in a pill, in the status line's place
    assert strip.note in [tr("people.deal_seat_open", seat=4, seconds=k) for k in range(1, 6)]   # counting down
    note = pg.Rect(strip.box)
    assert layout.status.contains(note) and note.center == layout.status.center
    regions = {k: r for k, r in layout.regions().items() if k != "status"}
    for name, r in regions.items():
        assert not note.colliderect(r), (size, name)
    for b in strip.buttons:
        assert not b.rect.colliderect(layout.status) and all(not b.rect.colliderect(r) for r in regions.values())
    frame = drv.draw().copy()
    assert drv.scene.status_line()[0] == ""
    drv.scene.say("Máy chủ không nhận lệnh này")                   # the table's own words: the note waits
    drv.step(1)
    said = drv.draw()
    inside = [(x, note.centery) for x in range(note.x + 4, note.right - 4, 3)]
    assert any(frame.get_at(xy) != said.get_at(xy) for xy in inside)
    look = drv.scene.view().layer
    assert look.strip is not None and look.strip.note == "" and look.strip.buttons == strip.buttons   # it waits
    surface = pg.Surface(size, pg.SRCALPHA)
    layer.draw(surface, look)                                      # the layer alone: nothing in the status line
    assert all(surface.get_at(xy).a == 0 for xy in inside)
    drv.scene.close()
