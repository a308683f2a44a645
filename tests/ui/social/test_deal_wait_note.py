"""Between games everyone reads why the next deal waits and for how long: a free seat offered to those watching,
a newcomer's vote, or the players who have not asked for the next game yet; the seconds count down."""

from __future__ import annotations

import pytest

from tala_desktop.net import protocol as p
from tala_desktop.table import SeatKind
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.channel import LanChannel
from tests.ui.social.lan_fakes import FakeSession, lan_table_scene, table_info
from tests.ui.table_helpers import play_to_results


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_seat_offer_counts_down_and_says_next_game_once_everyone_asked(language):
    set_language(language)
    session = FakeSession(table_info(free=True, deal_wait=8.0))
    channel = LanChannel(session)
    assert channel.between_note(True, 10.0) == tr("people.seat_open", seat=4, seconds=8)
    assert channel.between_note(True, 12.5) == tr("people.seat_open", seat=4, seconds=6)
    assert channel.between_note(False, 12.5) == ""                 # a game runs: nothing waits
    session.lobby = table_info(free=True, votes=(0, 1), deal_wait=5.4)    # both players asked, a lobby later
    assert channel.between_note(True, 13.0) == tr("people.deal_seat_open", seat=4, seconds=6)
    assert channel.between_note(True, 19.0) == ""                  # the offer is over: the deal is due


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
    session.lobby = table_info(free=True, deal_wait=8.0)           # the game's end: the seat is offered
    drv.step(3)
    assert layer.strip.note == tr("people.seat_open", seat=4, seconds=8)
    note = layer.strip.note_rect()
    assert overlay.panel.contains(note)
    assert all(not note.colliderect(b.rect) for b in (*layer.strip.buttons, overlay.new_button, overlay.leave_button))
    assert all(not note.colliderect(overlay._row_rect(i)) for i in range(len(overlay.rows)))
    drv.step(60)                                                   # two seconds later
    assert layer.strip.note == tr("people.seat_open", seat=4, seconds=6)
    drv.click(overlay.new_button.rect.center)
    session.lobby = table_info(free=True, votes=(0, 1), deal_wait=5.0)
    drv.step(2)
    assert drv.stack.top is drv.scene
    assert layer.strip.note == tr("people.deal_seat_open", seat=4, seconds=5)
    drv.scene.close()
