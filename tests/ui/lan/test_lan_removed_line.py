"""Someone the host removes: everyone still at the table reads it in the chat, in words that say the host removed
them (not that they left), the lobby's chat too and whoever comes later."""

from __future__ import annotations

import pytest

from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan.channel import LanChannel
from tala_desktop.ui.social.social_channel import ChatMessage


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_table_reads_who_the_host_removed(lan, lang):
    set_language(lang)
    host, minh, fan = lan.session("Lan"), lan.session("Minh"), lan.session("Quân")
    host.client.create_table(seats=3)
    host.pump(0)
    table = host.lobby.id
    minh.client.join(table)
    fan.client.watch(table)
    for s in (host, minh, fan):
        s.pump(0)
    channel = LanChannel(fan)
    channel.poll_chat(0)                                       # what was said before: seen
    host.client.kick(host.lobby.seats[1].member)
    host.pump(0)
    said = channel.poll_chat(1)
    assert ChatMessage(name="", text=tr("social.removed", name="Minh"), notice=True) in said
    assert tr("social.gone", name="Minh") not in [x.text for x in said]   # removed, not "left"
    host.client.kick(host.lobby.watcher_ids[0])
    host.pump(0)
    mine = LanChannel(host)
    texts = [x.text for x in mine.poll_chat(2)]
    assert tr("social.removed", name="Minh") in texts
    assert tr("social.removed_watcher", name="Quân") in texts


def test_the_lobby_chat_shows_the_removal(lan, fonts):
    from tala_desktop.ui.lan.lobby import LanLobbyScene
    from tests.ui.table_helpers import make_services

    host, minh = lan.session("Lan"), lan.session("Minh")
    host.client.create_table(seats=3)
    host.pump(0)
    minh.client.join(host.lobby.id)
    host.pump(0)
    lobby = LanLobbyScene(make_services(fonts), host)
    host.client.kick(host.lobby.seats[1].member)
    host.pump(0)
    lobby.chat.update()
    assert [x.message.text for x in lobby.chat.view.entries] == [tr("social.removed", name="Minh")]
    import pygame
    lobby.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_someone_removed_sees_no_green_join_on_that_table_only_why_not(lan, fonts, lang):
    import pygame

    from tala_desktop.ui.lan.lobby import LanLobbyScene
    from tests.ui.table_helpers import make_services

    set_language(lang)
    host, minh = lan.session("Lan"), lan.session("Minh")
    host.client.create_table(seats=3)
    host.pump(0)
    minh.client.join(host.lobby.id)
    host.pump(0)
    from tala_desktop.ui.core.scene import Scene, SceneStack

    stack = SceneStack()
    stack.push(Scene())
    lobby = LanLobbyScene(make_services(fonts), minh)
    stack.push(lobby)
    stack.update(0.01)
    host.client.kick(host.lobby.seats[1].member)
    for _ in range(3):
        stack.update(0.01)
        stack.draw(pygame.Surface((1280, 720)))
    assert minh.lobby is None and minh.tables
    button = lobby.row_buttons[0]
    assert button.text == tr("lobby.removed_row") and not button.enabled and button.style != "green"
