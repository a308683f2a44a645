"""The LAN screens headless over loopback: discovery, hosting in-app, the lobby, the table scene, losing the server."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.net.discovery import Browser
from tala_desktop.net.host import start_in_thread
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.browser import LanBrowserScene, parse_address
from tala_desktop.ui.lan.lobby import LanLobbyScene, LanLostOverlay
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.table.scene import TableScene
from tests.loops import poll_until
from tests.ui.table_helpers import make_services


def loopback_browser() -> Browser:
    return Browser(bind=("127.0.0.1", 0), expiry=2.0)


def click(scene: Scene, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=rect.center, button=1))


def step_until(stack: SceneStack, cond, timeout: float = 10.0, surface: pygame.Surface | None = None) -> None:
    """Step and draw ``stack`` (onto ``surface``, for a test that saves it) until ``cond()``, at most ``timeout`` s."""
    canvas = surface or pygame.Surface((1280, 720))

    def frame() -> None:
        stack.update(1 / 30)
        stack.draw(canvas)

    poll_until(cond, frame, timeout, what="the scenes")


@pytest.fixture
def app(pg, fonts):
    stack = SceneStack()
    stack.push(Scene())  # stands for the menu
    yield stack, make_services(fonts)
    stack.clear()


@pytest.mark.parametrize("text,want", [("192.168.1.5:8765", ("192.168.1.5", 8765)), ("host", ("host", 8765)),
                                       ("[::1]:9000", ("::1", 9000)), ("a:0", None), ("a:x", None), ("", None),
                                       (":80", None), ("a b:80", None)])
def test_addresses_are_parsed(text, want):
    assert parse_address(text) == want


def test_host_a_lan_table_play_and_lose_the_server(app):
    stack, services = app
    browser = LanBrowserScene(services, loopback_browser, host_port=0, announce_target=("127.0.0.1", 9))
    stack.push(browser)
    browser.announce_target = ("127.0.0.1", browser.browser.port)  # beacons stay on loopback
    click(browser, browser.host_button.rect)
    lobby = stack.top
    assert isinstance(lobby, LanLobbyScene)
    step_until(stack, lambda: lobby.session.is_host and lobby.session.lobby is not None)
    step_until(stack, lambda: [s.players for s in browser.browser.servers()] == [1])  # its own beacon, on loopback
    port = lobby.session.server.port
    guest = LanSession.join("127.0.0.1", port, "Minh")
    try:
        step_until(stack, lambda: guest.pump(0) or guest.tables)
        guest.client.join(guest.tables[0].id)
        guest.client.ready()
        guest.client.chat("chào cả nhà")
        step_until(stack, lambda: lobby.session.can_start() and lobby.action.enabled and lobby.session.chat)
        assert lobby.session.chat[-1] == ("Minh", "chào cả nhà")
        names = [s.name for s in lobby.session.lobby.seats]
        assert names[:2] == ["Người chơi", "Minh"] and lobby.session.lobby.seats[2].kind == "empty"
        click(lobby, lobby.controls[0].rect_of(3))  # the host makes it a 3-seat table
        step_until(stack, lambda: len(lobby.session.lobby.seats) == 3)
        assert not lobby.action.enabled  # new settings: everyone confirms again
        guest.client.ready()
        step_until(stack, lambda: lobby.action.enabled)
        click(lobby, lobby.action.rect)
        step_until(stack, lambda: isinstance(stack.top, TableScene) and stack.top.model is not None)
        table = stack.top
        assert table.model.me == 0 and table.model.n == 3
        services.settings.table_colour = "blue"        # the table-colour setting holds at a LAN table too
        frame = pygame.Surface((1280, 720))
        stack.draw(frame)
        felt = frame.get_at((table.layout.stock.centerx, table.layout.stock.y - table.layout.px(24)))
        assert felt.b > felt.g and felt.b > felt.r, felt
        step_until(stack, lambda: guest.pump(0) or guest.table_queue)
        lobby.session.server.stop()
        step_until(stack, lambda: isinstance(stack.top, LanLostOverlay))
        overlay = stack.top
        click(overlay, overlay.button.rect)
        assert len(stack) == 1 and not isinstance(stack.top, LanBrowserScene)
        assert lobby.session.closed
    finally:
        guest.close()


def test_a_discovered_server_is_listed_and_joined(app):
    stack, services = app
    browser = LanBrowserScene(services, loopback_browser)
    stack.push(browser)
    srv = start_in_thread(host="127.0.0.1", port=0, announce=True, announce_target=("127.0.0.1", browser.browser.port),
                          announce_every=0.05, name="Nhà Hùng")
    try:
        step_until(stack, lambda: browser.server_buttons)
        assert browser.servers[0].name == "Nhà Hùng" and browser.servers[0].port == srv.port
        click(browser, browser.server_buttons[0].rect)
        lobby = stack.top
        assert isinstance(lobby, LanLobbyScene)
        step_until(stack, lambda: lobby.session.welcome is not None)
        click(lobby, lobby.create_button.rect)
        step_until(stack, lambda: lobby.session.lobby is not None and lobby.session.is_host)
        click(lobby, lobby.leave_button.rect)
        step_until(stack, lambda: lobby.session.lobby is None and lobby.session.tables == [])
        lobby.back()
        assert stack.top is browser
    finally:
        srv.stop()


def test_a_server_that_is_not_there_comes_back_as_an_error(app):
    stack, services = app
    browser = LanBrowserScene(services, loopback_browser)
    stack.push(browser)
    browser.address_text = "127.0.0.1:1"
    browser.join_address()
    step_until(stack, lambda: stack.top is browser and browser.error)
    assert "127.0.0.1:1" in browser.error
    browser.address_text = "no port:x"
    browser.join_address()
    assert browser.error == "Địa chỉ phải có dạng máy:cổng"
