"""The chat and reactions on the real tables: the offline table the menu opens and the LAN table the lobby opens
carry the social layer; real clicks open the chat and send a reaction; frames of both languages are saved."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.channel import LanChannel
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.shell.app_loop import App
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.offline import OfflineChannel
from tala_desktop.ui.table.scene import TableScene
from tests.loops import poll_until
from tests.ui.app_helpers import inline_desktop
from tests.ui.lan.test_lan_scenes import step_until
from tests.ui.lan.test_lan_social import pump_until
from tests.ui.screens.test_menu_pages import click, settle
from tests.ui.table_helpers import make_services

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture
def app(pg) -> Iterator[App]:
    made = inline_desktop((1280, 720), seed=11, menu=True).app
    pygame.event.clear()
    settle(made)
    yield made
    made.shutdown()


def test_the_offline_table_offers_reactions_and_a_click_bubbles_at_your_avatar(app):
    menu = app.stack.top
    click(app, menu.buttons["play"].rect.center)
    setup = app.stack.top
    click(app, setup.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    layer = table.layer
    assert isinstance(layer, SocialLayer) and isinstance(layer.channel, OfflineChannel)
    assert layer.panel.field is None                                   # offline: no one to type to
    settle(app, 20)
    click(app, layer.panel.toggle_rect.center)
    assert layer.panel.is_open
    emote = layer.panel.emote_rects["laugh"]
    click(app, emote.center)
    settle(app, 2)
    assert 0 in layer.bubbles.bubbles and layer.bubbles.bubbles[0].key == "laugh"
    assert layer.panel.entries[-1].message.mine
    click(app, layer.panel.close_button.rect.center)
    assert not layer.panel.is_open


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_lan_table_shows_the_tables_chat_and_a_reaction_bubble(pg, fonts, language):
    i18n.set_language(language)
    ARTIFACTS.mkdir(exist_ok=True)
    stack = SceneStack()
    stack.push(Scene())
    surface = pygame.Surface((1280, 720))
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    guest = None
    try:
        lobby = LanLobbyScene(make_services(fonts), host)
        stack.push(lobby)
        step_until(stack, lambda: host.lobby is not None and host.server is not None, surface=surface)
        guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
        guest.client.join(host.lobby.id)
        step_until(stack, lambda: guest.pump(time.monotonic()) or guest.you is not None, surface=surface)
        guest.client.chat("Chào Hà, vào ván nhé!")                     # said in the lobby: the table keeps it
        guest.client.ready()
        step_until(stack, lambda: host.can_start() and lobby.action.enabled, surface=surface)
        lobby.action.click()
        step_until(stack, lambda: isinstance(stack.top, TableScene) and stack.top.model is not None, surface=surface)
        table = stack.top
        layer = table.layer
        assert isinstance(layer, SocialLayer) and isinstance(layer.channel, LanChannel)
        LanChannel(guest).send_reaction("gg")
        step_until(stack, lambda: 1 in layer.bubbles.bubbles, surface=surface)
        assert [e.message.name for e in layer.panel.entries] == ["Minh", "Minh"]
        assert layer.panel.entries[0].message.text == "Chào Hà, vào ván nhé!"
        assert layer.panel.unread == 2
        layer.panel.open()
        layer.channel.send_chat("Chào Minh!" if language == "vi" else "Hi Minh!")
        step_until(stack, lambda: len(layer.panel.entries) == 3, surface=surface)
        assert layer.panel.entries[2].message.mine and layer.panel.unread == 0
        for _ in range(12):                                              # the bubble pops in
            stack.update(1 / 30)
        stack.draw(surface)
        assert surface.get_at(layer.panel.rect.move(8, 8).topleft)[:3] != surface.get_at((640, 300))[:3]
        pygame.image.save(surface, str(ARTIFACTS / f"lan_table_chat_{language}.png"))
    finally:
        host.close()
        if guest is not None:
            guest.close()
        stack.clear()


def test_someone_watches_a_running_lan_table_and_takes_a_seat_freed_between_games(pg, fonts):
    from tests.net.test_seating import finish_game
    i18n.set_language("vi")
    surface = pygame.Surface((1280, 720))
    stacks = [SceneStack(), SceneStack()]
    for stack in stacks:
        stack.push(Scene())
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=2, bet=100, turn_seconds=0,
                           preset="zingplay")
    guest = fan = None
    live = list(stacks)     # the stacks stepped (the host's stops once the game runs: its results wait)

    def step_all(cond, timeout: float = 10.0) -> None:
        def frame() -> None:
            guest.pump(time.monotonic())
            for stack in live:
                stack.update(1 / 30)
                stack.draw(surface)

        poll_until(cond, frame, timeout, what="both apps")

    try:
        services = make_services(fonts)
        lobby = LanLobbyScene(services, host)
        stacks[0].push(lobby)
        step_until(stacks[0], lambda: host.lobby is not None and host.server is not None, surface=surface)
        guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
        guest.client.join(host.lobby.id)
        step_all(lambda: guest.you is not None)
        guest.client.ready()
        step_all(lambda: host.can_start() and lobby.action.enabled and host.lobby.players == 2)
        lobby.action.click()
        step_all(lambda: isinstance(stacks[0].top, TableScene) and stacks[0].top.model is not None)
        live.remove(stacks[0])
        fan = LanSession.join("127.0.0.1", host.server.port, "Quân")
        fan_lobby = LanLobbyScene(services, fan)
        stacks[1].push(fan_lobby)
        step_all(lambda: len(fan_lobby.row_buttons) == 1 and fan.tables and fan.tables[0].state == "playing")
        watch = fan_lobby.row_buttons[0]
        assert watch.text == i18n.tr("social.watch") and watch.enabled
        watch.click()
        step_all(lambda: isinstance(stacks[1].top, TableScene) and stacks[1].top.model is not None)
        seen = stacks[1].top
        assert seen.spectator and seen.model.me == -1 and seen.model.held == [] and seen.model.legal == []
        assert seen.visible_buttons() == [] and seen.highlights.buttons == ()     # nothing to press
        layer = seen.layer
        assert isinstance(layer, SocialLayer) and layer.seat_buttons == []       # a game runs: no seat to take
        pump_host = lambda: host.pump(time.monotonic()) or host.lobby is not None and host.lobby.watchers == ["Quân"]  # noqa: E731
        step_all(pump_host)
        finish_game(host.server, host.lobby.id)
        step_all(lambda: seen.model.is_over)
        guest.client.stand_up()                                                  # Minh stands up between games
        step_all(lambda: seen.results is not None and stacks[1].top is seen.results)
        assert seen.results.new_button.text == i18n.tr("social.close")          # no vote to give: it closes
        seen.results.start_next()
        step_all(lambda: layer.seat_buttons != [])
        assert [b.text for b in layer.seat_buttons] == [i18n.tr("social.sit_at", seat=2)]
        host.pump(time.monotonic())
        offered = [c.label for c in LanChannel(host).seat_choices(True)]           # the host, between games
        assert offered == [i18n.tr("social.hold"), i18n.tr("people.invite", name="Quân", seat=2),
                           i18n.tr("people.invite", name="Minh", seat=2),
                           i18n.tr("social.bot_seat", seat=2), i18n.tr("social.stand_up")]   # both watch now
        assert LanChannel(host).seat_choices(False) == []
        stacks[1].draw(surface)
        ARTIFACTS.mkdir(exist_ok=True)
        pygame.image.save(surface, str(ARTIFACTS / "lan_watching_sit_vi.png"))
        assert seen.model.label_of(1) is not None                                # Minh's standing at seat 2
        layer.seat_buttons[0].click()
        step_all(lambda: seen.model.me == 1 and not seen.spectator)
        assert seen.model.label_of(1) is None and seen.model.label_of(0) is not None   # not Quân's game to show
        step_all(lambda: [b.text for b in layer.seat_buttons] == [i18n.tr("social.give_seat", seat=2, name="Minh"),
                                                                  i18n.tr("social.stand_up")])   # seated now
        assert seen.model.held == []                                             # nor Minh's last cards
        pygame.image.save(surface, str(ARTIFACTS / "lan_seated_between_games_vi.png"))
        host.client.next_game()
        step_all(lambda: seen.model.game_id == 2 and not seen.model.is_over and seen.model.held != [])
        assert seen.model.names[1] == "Quân" and layer.seat_buttons == []
    finally:
        for s in (host, guest, fan):
            if s is not None:
                s.close()
        for stack in stacks:
            stack.clear()


def test_the_host_gives_a_bots_seat_to_someone_watching_and_stands_up_still_the_host(pg, fonts):
    from tests.net.test_seating import finish_game
    i18n.set_language("en")
    host = LanSession.host("Hà", "Bàn của Hà", 0, ("127.0.0.1", 9), seats=3, bet=100, turn_seconds=0,
                           preset="zingplay")
    fan = None
    try:
        pump_until([host], lambda: host.lobby is not None and host.server is not None)
        fan = LanSession.join("127.0.0.1", host.server.port, "Quân")
        fan.client.watch(host.lobby.id)
        pump_until([host, fan], lambda: fan.watching and host.lobby.watchers == ["Quân"])
        host.client.start()
        pump_until([host, fan], lambda: host.playing and fan.playing)
        assert LanChannel(fan).seat_choices(True) == []                # two bots play: no free seat
        finish_game(host.server, host.lobby.id)
        choices = LanChannel(host).seat_choices(True)
        assert [c.label for c in choices] == ["Hold the table", "Invite Quân to seat 2", "Stand up and watch"]
        choices[1].act()                                               # Quân is asked ...
        pump_until([host, fan], lambda: fan.offered() is not None)
        assert [c.label for c in LanChannel(fan).seat_choices(True)] == ["Take seat 2", "No, thanks"]
        LanChannel(fan).seat_choices(True)[0].act()                    # ... and takes it
        # the host's own lobby view may arrive a moment after Quân's: wait for both
        pump_until([host, fan], lambda: fan.you == 1 and not fan.watching and host.lobby.seats[1].name != "Bot 2")
        assert host.lobby.seats[1].name == "Quân" and host.lobby.watchers == []
        LanChannel(host).seat_choices(True)[-1].act()                  # the host stands up
        pump_until([host, fan], lambda: host.watching and fan.lobby.watchers == ["Hà"])
        assert host.is_host and not fan.is_host                        # watching, Hà is still the host
        assert [c.label for c in LanChannel(fan).seat_choices(True)] == ["Give seat 2 to Hà", "Stand up and watch"]
        assert [c.label for c in LanChannel(host).seat_choices(True)] == ["Take seat 1", "Hold the table",
                                                                          "A bot takes seat 1"]
    finally:
        host.close()
        if fan is not None:
            fan.close()

