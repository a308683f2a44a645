"""The lobby's people: the watchers listed (bounded, turned with "Xem tiếp"), the host's "Cấm chat" and "Mời ra" on
each person by id, the muted person told so where they would type, a removed watcher told why, names shown once.

The real lobby scene over the server core (tests/ui/lan/core_lan.py), drawn headless at 1280x720; clicks land
on the buttons' drawn rects.
"""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.frames.confirm import ConfirmOverlay
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.roster import HINT_BOTTOM, LEFT, WATCH_BOTTOM
from tala_desktop.ui.lan.session import LanSession
from tests.ui.lan.core_lan import CoreLan
from tests.ui.lan.test_lan_scenes import click
from tests.ui.table_helpers import make_services

Screen = tuple[SceneStack, LanLobbyScene]


def screen(fonts, session: LanSession) -> Screen:
    stack = SceneStack()
    stack.push(Scene())                     # stands for the LAN page
    lobby = LanLobbyScene(make_services(fonts), session)
    stack.push(lobby)
    return stack, lobby


def frames(*screens: Screen, sessions: tuple[LanSession, ...] = (), n: int = 3) -> None:
    """``n`` frames of each app (updated and drawn); ``sessions`` without a screen read what came too."""
    canvas = pygame.Surface((1280, 720))
    for _ in range(n):
        for stack, _lobby in screens:
            stack.update(1 / 30)
            stack.draw(canvas)
        for s in sessions:
            s.pump(0.0)


def table_with(lan: CoreLan, watchers: list[str], seats: int = 3) -> tuple[LanSession, LanSession, list[LanSession]]:
    """Lan hosts ``seats`` seats, Minh sits at seat 1, ``watchers`` watch (in that order)."""
    host = lan.session("Lan")
    host.client.create_table(seats=seats)
    host.pump(0.0)
    assert host.lobby is not None
    guest = lan.session("Minh")
    guest.client.join(host.lobby.id)
    fans = []
    for name in watchers:
        fan = lan.session(name)
        fan.client.watch(host.lobby.id)
        fans.append(fan)
    for s in (host, guest, *fans):
        s.pump(0.0)
    return host, guest, fans


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_host_mutes_a_watcher_and_a_player_by_id_and_they_read_so_where_they_would_type(lan, fonts, lang):
    set_language(lang)
    host, guest, (fan, twin) = table_with(lan, ["Quân", "QUÂN"])         # the second watches as "QUÂN (2)"
    host_app, twin_app, guest_app = screen(fonts, host), screen(fonts, twin), screen(fonts, guest)
    frames(host_app, twin_app, guest_app, sessions=(fan,))
    lobby, roster = host_app[1], host_app[1].roster
    assert [(who.name, who.member) for who, _ in roster.shown] == [("Quân", fan.member), ("QUÂN (2)", twin.member)]
    assert len({fan.member, twin.member, guest.member, host.member}) == 4
    assert set(roster.mute_buttons) == {guest.member, fan.member, twin.member}    # never on one's own row
    assert set(roster.kick_buttons) == {guest.member, fan.member, twin.member}
    assert twin_app[1].chat_field.visible and twin_app[1].drawn_chat_note == ""

    click(lobby, roster.mute_buttons[twin.member].rect)                  # "Cấm chat" on the look-alike's row
    frames(host_app, twin_app, guest_app, sessions=(fan,))
    assert host.lobby.muted_ids == [twin.member] and twin.am_muted and not fan.am_muted
    assert roster.mute_buttons[twin.member].text == tr("people.unmute")
    assert roster.mute_buttons[fan.member].text == tr("people.mute")
    twin_lobby = twin_app[1]
    assert not twin_lobby.chat_field.visible and not twin_lobby.send_button.enabled
    assert twin_lobby.drawn_chat_note == tr("lobby.chat_muted")          # whole, where they would type
    assert twin_lobby.drawn_chat_hint == ""                               # not "type below and press Send"
    twin_lobby.chat_text = "alo"
    twin_lobby.send_chat()                                                # Enter does nothing either
    assert twin_lobby.chat_text == "alo"

    click(lobby, roster.mute_buttons[guest.member].rect)                 # a seated guest, on their seat row
    frames(host_app, twin_app, guest_app, sessions=(fan,))
    assert guest.am_muted and guest_app[1].drawn_chat_note == tr("lobby.chat_muted")
    click(lobby, roster.mute_buttons[twin.member].rect)                  # "Cho chat lại"
    frames(host_app, twin_app, guest_app, sessions=(fan,))
    assert not twin.am_muted and twin_lobby.chat_field.visible and twin_lobby.send_button.enabled
    assert twin_lobby.drawn_chat_note == "" and host.lobby.muted_ids == [guest.member]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_host_removes_a_watcher_after_a_question_and_they_are_told_why_until_the_next_table(lan, fonts, lang):
    set_language(lang)
    host, guest, (fan,) = table_with(lan, ["Quân"])
    host_app, fan_app = screen(fonts, host), screen(fonts, fan)
    frames(host_app, fan_app)
    stack, lobby = host_app
    click(lobby, lobby.roster.kick_buttons[fan.member].rect)
    ask = stack.top
    assert isinstance(ask, ConfirmOverlay)
    assert ask.message == tr("lobby.kick_watcher_text", name="Quân")     # says who, and that they watch
    click(ask, ask.cancel_button.rect)
    frames(host_app, fan_app)
    assert stack.top is lobby and host.lobby.watchers == ["Quân"]
    click(lobby, lobby.roster.kick_buttons[fan.member].rect)
    click(stack.top, stack.top.confirm_button.rect)
    frames(host_app, fan_app)
    assert host.lobby.watchers == [] and not lobby.roster.shown
    fan_lobby = fan_app[1]
    assert fan.lobby is None and fan_lobby.drawn_status == tr("net.left.kicked")    # why, and what to do
    font = fonts.font(fan_lobby.status_size)
    assert all(font.size(line)[0] <= fan_lobby.status_width() for line in fan_lobby.status_lines())
    fan.client.watch(host.lobby.id)                                       # not let back in, told so whole
    frames(host_app, fan_app)
    assert fan_lobby.drawn_status == tr("net.error.kicked")
    assert " ".join(fan_lobby.status_lines()) == tr("net.error.kicked")
    fan.client.create_table(seats=2)                                      # a table of their own: that was before
    frames(host_app, fan_app)
    assert fan.lobby is not None and fan_lobby.drawn_status == "" and fan_lobby.status_line() is None


def test_many_watchers_are_a_bounded_list_that_turns_to_show_each_of_them(lan, fonts):
    names = [f"Người xem {i}" for i in range(1, 11)]
    host, guest, fans = table_with(lan, names, seats=4)
    host_app = screen(fonts, host)
    frames(host_app, sessions=tuple(fans))
    lobby, roster = host_app[1], host_app[1].roster
    assert 1 <= len(roster.shown) < len(names) and roster.hidden == len(names) - len(roster.shown)
    rows = [row for _, row in roster.shown]
    assert all(LEFT.x <= r.x and r.right <= LEFT.right and r.bottom <= HINT_BOTTOM for r in rows)
    assert all(a.bottom <= b.y for a, b in zip(rows, rows[1:]))        # one under another
    assert not any(r.colliderect(lobby.action.rect) or r.colliderect(lobby.leave_button.rect) for r in rows)
    assert roster.more_button is not None and roster.more_button.text == tr("lobby.next_watchers")
    seen: list[str] = []
    for _ in range(len(names)):
        seen += [who.name for who, _ in roster.shown]
        assert all(who.member in roster.kick_buttons and who.member in roster.mute_buttons for who, _ in roster.shown)
        last = roster.more_button.text == tr("lobby.first_watchers")
        click(lobby, roster.more_button.rect)
        frames(host_app)
        if last:
            break
    assert seen == names                                                  # each one once, in the order they came
    assert [who.name for who, _ in roster.shown] == names[:len(roster.shown)]   # and back to the first
    guest.client.ready()                                                  # the host's hint goes: more rows fit
    frames(host_app, sessions=(guest,))
    assert host.can_start() and all(r.bottom <= WATCH_BOTTOM for _, r in roster.shown)
