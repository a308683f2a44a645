"""The host's menu of a person at the table: opened at their avatar or plate (or their row in the results, or their
name among those watching), mute at any time, remove between games after a question that names them; the muted
mark by a muted person's avatar for everyone."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.social.people import BADGE
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.results_clock import AUTO_START
from tests.ui.social.lan_fakes import FakeSession, lan_table_scene, table_info
from tests.ui.social.views import layer_look, shown_buttons, strip_labels
from tests.ui.table_helpers import Driver, play_to_results


def labels(drv: Driver) -> list[str]:
    """The words of the host's menu's buttons, as the frame on top draws them."""
    menu = layer_look(drv).people.menu
    return [b.label for b in menu.buttons] if menu is not None else []


def press(drv: Driver, label: str) -> None:
    """Click the menu's (or the strip's) button with these words where the frame on top draws it."""
    found = [b for b in shown_buttons(layer_look(drv)) if b.label == label]
    assert found, (label, labels(drv), strip_labels(drv))
    drv.click(found[0].rect.center)


def test_during_a_game_the_host_mutes_a_guest_from_their_avatar_and_everyone_sees_the_mark(pg, fonts):
    session = FakeSession(table_info())
    drv, layer = lan_table_scene(fonts, session)
    lan = drv.scene.layout.seat(1)
    drv.click(lan.avatar_centre)
    menu = layer_look(drv).people.menu
    assert menu is not None and menu.texts[0].text == "Lan"       # her menu, her name at its top
    assert labels(drv) == [tr("people.mute")]                   # no removing during a game
    assert pg.Rect((0, 0), drv.scene.layout.size).contains(menu.box)
    press(drv, tr("people.mute"))
    assert session.client.sent == [("mute", 41, True)] and layer_look(drv).people.menu is None
    before = drv.draw().copy()
    assert layer_look(drv).people.marks == ()
    session.lobby = table_info(muted=("Lan",))                    # the server's next lobby says so
    drv.step(2)
    after = drv.draw()
    size = drv.scene.layout.px(BADGE)
    ((at, drawn),) = layer_look(drv).people.marks                 # one mark, at her avatar's upper left
    assert drawn == size
    box = pg.Rect(at, (size, size))
    d = round(lan.avatar_radius * 0.707)
    assert box.collidepoint(lan.avatar.centerx - d, lan.avatar.centery - d)
    assert any(before.get_at(xy) != after.get_at(xy) for xy in ((x, y) for x in range(box.x, box.right)
                                                                 for y in range(box.y, box.bottom)))
    drv.click(lan.plate.center)                                   # the name plate opens the menu too
    assert labels(drv) == [tr("people.unmute")]
    drv.scene.close()


def test_a_guest_sees_the_mark_but_gets_no_menu(pg, fonts):
    session = FakeSession(table_info(muted=("Lan",)), you=1)      # Lan's own app: not the host
    drv, layer = lan_table_scene(fonts, session)
    seat = drv.scene.layout.seat(1)
    drv.click(seat.avatar_centre)
    look = layer_look(drv)
    assert look.people.menu is None
    assert [(pg.Rect(at, (s, s)).colliderect(seat.avatar), s) for at, s in look.people.marks] == \
        [(True, drv.scene.layout.px(BADGE))]                      # her muted mark, at her avatar
    drv.scene.close()


@pytest.mark.parametrize("language", ["vi", "en"])
def test_between_games_the_host_removes_a_guest_from_the_results_after_a_question_naming_them(pg, fonts, language):
    set_language(language)
    session = FakeSession(table_info())
    drv, layer = lan_table_scene(fonts, session)
    overlay = play_to_results(drv)
    drv.step(3)
    spot = next(s for s in overlay.room().people if s.seat == 1)
    drv.click(spot.avatar.center)
    assert labels(drv) == [tr("people.mute"), tr("lobby.kick")]
    for b in layer_look(drv).people.menu.buttons:                # drawn over the results' own buttons, clear of them
        assert not b.rect.colliderect(overlay.leave_button.rect) and not b.rect.colliderect(overlay.new_button.rect)
    press(drv, tr("lobby.kick"))
    menu = layer_look(drv).people.menu
    assert menu is not None and tr("people.kick_confirm", name="Lan").startswith(menu.texts[2].text)  # the question
    assert labels(drv) == [tr("lobby.kick"), tr("lobby.kick_no")]
    press(drv, tr("lobby.kick_no"))                         # "Để lại": nothing sent, the menu as it was
    assert session.client.sent == [] and labels(drv) == [tr("people.mute"), tr("lobby.kick")]
    press(drv, tr("lobby.kick"))
    press(drv, tr("lobby.kick"))
    assert session.client.sent == [("kick", 41)]
    assert drv.stack.top is overlay and not drv.left               # the results stay; nobody left
    drv.scene.close()


def test_the_results_list_those_watching_and_the_host_invites_one_to_a_bots_seat(pg, fonts):
    session = FakeSession(table_info())
    drv, layer = lan_table_scene(fonts, session)
    play_to_results(drv)
    drv.step(3)
    press(drv, tr("people.watchers_button", count=1))
    listing = layer_look(drv).people.menu
    assert listing is not None and [row.name for row in listing.rows] == ["Quân"]
    drv.click(pg.Rect(listing.rows[0].box).center)
    menu = layer_look(drv).people.menu
    assert menu is not None and menu.texts[0].text == "Quân"
    assert labels(drv) == [tr("people.invite_seat", seat=3), tr("people.invite_seat", seat=4),
                             tr("people.mute"), tr("lobby.kick")]
    press(drv, tr("people.invite_seat", seat=4))
    assert session.client.sent == [("set_seat", 3, "player", 50)]
    assert isinstance(drv.stack.top, ResultsOverlay)
    drv.scene.close()


def test_on_the_table_the_watching_label_opens_their_list_and_esc_closes_it(pg, fonts):
    session = FakeSession(table_info(muted=("Quân",)))
    drv, layer = lan_table_scene(fonts, session)
    label = layer_look(drv).watchers
    assert label is not None and label.text == tr("social.watchers", count=1)
    drv.click((label.midright[0] - 10, label.midright[1]))          # on its words, where they end
    menu = layer_look(drv).people.menu
    assert menu is not None and [(row.name, row.badge is not None) for row in menu.rows] == [("Quân", True)]
    drv.draw()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    drv.step()
    assert layer_look(drv).people.menu is None and drv.stack.top is drv.scene   # Esc closed the list, not the menu
    drv.scene.close()


def test_the_results_wait_while_the_hosts_menu_is_open_over_them(pg, fonts):
    session = FakeSession(table_info())
    drv, layer = lan_table_scene(fonts, session)
    overlay = play_to_results(drv)
    drv.step(3)
    spot = next(s for s in overlay.room().people if s.seat == 1)
    drv.click(spot.avatar.center)
    press(drv, tr("lobby.kick"))                            # the question is being read
    drv.step(round(AUTO_START * 30) + 30)                          # longer than the results' own countdown
    assert drv.stack.top is overlay
    drv.click((2, 2))                                              # a click elsewhere closes the menu
    assert layer_look(drv).people.menu is None
    drv.step(round(AUTO_START * 30) + 30)
    assert drv.stack.top is overlay and overlay.clock.held         # clicked on: they wait for "Ván mới"
    drv.scene.close()


def test_an_invitation_names_a_long_name_short_and_keeps_the_seat_in_view(pg, fonts):
    session = FakeSession(table_info(watchers={"Nguyễn Thị Minh Khai": 51}))
    drv, layer = lan_table_scene(fonts, session)
    play_to_results(drv)
    drv.step(3)
    invite = strip_labels(drv)[1]                                       # after the host's "Giữ bàn"
    assert invite == tr("people.invite", name="Nguyễn Thị…", seat=3)   # not cut by the button
    drv.scene.close()


@pytest.mark.parametrize("name", ["\ufe0f", "A\x00B", "W" * 48, "\u0301" * 8, "👨‍👩‍👧"])
def test_a_hostile_name_in_the_menus_and_the_row_is_drawn_bounded(pg, fonts, name):
    session = FakeSession(table_info(muted=(name,), watchers={name: 51}))
    drv, layer = lan_table_scene(fonts, session)
    play_to_results(drv)
    drv.step(3)
    press(drv, tr("people.watchers_button", count=1))
    drv.draw()
    drv.click(pg.Rect(layer_look(drv).people.menu.rows[0].box).center)
    drv.draw()
    canvas = pg.Rect((0, 0), drv.scene.layout.size)
    look = layer_look(drv)
    assert look.people.menu is not None and canvas.contains(look.people.menu.box)
    assert all(canvas.contains(b.rect) for b in shown_buttons(look))
    drv.scene.close()


def test_a_muted_guest_reads_it_in_the_empty_chat_field(pg, fonts):
    session = FakeSession(table_info(muted=("Lan",)), you=1)
    session.member = 41                                              # Lan's own app
    drv, layer = lan_table_scene(fonts, session)
    drv.click(layer.panel.toggle_rect.center)                        # the chat opens
    chat = drv.scene.view().layer.panel.open                         # as the next frame shows it
    assert chat is not None and chat.field is not None and chat.field.text == ""
    assert chat.hint == tr("people.you_muted") != tr("social.placeholder")
    drv.scene.close()


def test_a_muted_guest_picking_a_phrase_is_told_so_where_they_pick_and_nothing_is_sent(pg, fonts, monkeypatch):
    session = FakeSession(table_info(muted=("Lan",)), you=1)
    session.member = 41                                              # Lan's own app
    reacted: list[str] = []
    monkeypatch.setattr(session.client, "react", reacted.append, raising=False)
    drv, layer = lan_table_scene(fonts, session)
    drv.click(layer.panel.toggle_rect.center)                        # the chat opens
    phrase = drv.scene.view().layer.panel.open.buttons[1]           # "Hay quá!", after ×, where it is drawn
    assert phrase.label == tr("react.nice")
    drv.click(phrase.rect.center)                                    # the host muted her
    assert reacted == []                                             # not sent to be refused in silence
    chat = drv.scene.view().layer.panel.open
    assert chat is not None                                          # the panel stays where she picked
    assert " ".join(chat.muted) == tr("social.you_muted_here")       # why, in its rows
    note = pg.Rect(chat.veil)                                        # drawn over the reactions, where she picks
    assert note.colliderect(phrase.rect) or note.colliderect(pg.Rect(chat.tiles[0][1]))
    drv.scene.close()
