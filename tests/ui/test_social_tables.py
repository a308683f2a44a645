"""The chat and reactions on the real tables: the offline table the menu opens and the LAN table the lobby opens
carry the social layer; real clicks open the chat and send a reaction; frames of both languages are saved."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from tala_desktop.ui.app_loop import App, AppOptions, StepClock, create_app
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.channel import LanChannel
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.offline import OfflineChannel
from tala_desktop.ui.table.scene import TableScene

from .table_helpers import make_services
from .test_menu_pages import click, settle

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


@pytest.fixture
def app(pg) -> App:
    made = create_app(AppOptions(windowed=(1280, 720), seed=11), clock=StepClock())
    pygame.event.clear()
    made.show_menu()
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
    layer = table.extras
    assert isinstance(layer, SocialLayer) and isinstance(layer.channel, OfflineChannel)
    assert layer.panel.field is None                                   # offline: no one to type to
    settle(app, 20)
    click(app, layer.panel.toggle_rect.center)
    assert layer.panel.is_open
    emote = layer.panel.emote_rects["laugh"]
    click(app, emote.center)
    settle(app, 2)
    assert 0 in layer.bubbles.bubbles and layer.bubbles.bubbles[0].key == "laugh"
    assert layer.panel.entries[-1].said.mine
    click(app, layer.panel.close_button.rect.center)
    assert not layer.panel.is_open


def step_until(stack: SceneStack, cond, surface: pygame.Surface, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        stack.update(1 / 30)
        stack.draw(surface)
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


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
        step_until(stack, lambda: host.lobby is not None and host.server is not None, surface)
        guest = LanSession.join("127.0.0.1", host.server.port, "Minh")
        guest.client.join(host.lobby.id)
        step_until(stack, lambda: guest.pump(time.monotonic()) or guest.you is not None, surface)
        guest.client.chat("Chào Hà, vào ván nhé!")                     # said in the lobby: the table keeps it
        guest.client.ready()
        step_until(stack, lambda: host.can_start() and lobby.action.enabled, surface)
        lobby.action.click()
        step_until(stack, lambda: isinstance(stack.top, TableScene) and stack.top.model is not None, surface)
        table = stack.top
        layer = table.extras
        assert isinstance(layer, SocialLayer) and isinstance(layer.channel, LanChannel)
        LanChannel(guest).send_reaction("gg")
        step_until(stack, lambda: 1 in layer.bubbles.bubbles, surface)
        assert [e.said.name for e in layer.panel.entries] == ["Minh", "Minh"]
        assert layer.panel.entries[0].said.text == "Chào Hà, vào ván nhé!"
        assert layer.panel.unread == 2
        layer.panel.open()
        layer.channel.send_chat("Chào Minh!" if language == "vi" else "Hi Minh!")
        step_until(stack, lambda: len(layer.panel.entries) == 3, surface)
        assert layer.panel.entries[2].said.mine and layer.panel.unread == 0
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
