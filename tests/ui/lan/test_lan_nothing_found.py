"""The LAN page when nothing is found: after 5 s of silence (or with discovery off) it says why that may be and
offers "Nhập địa chỉ", in both languages and, on a Mac, with the local-network permission."""

from __future__ import annotations

import sys

import pygame
import pytest

from tala_desktop.net.discovery import BeaconInfo, Browser
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.frames.page import PANEL
from tala_desktop.ui.lan import errors
from tala_desktop.ui.lan.browser import LEFT, NOTHING_FOUND_AFTER, LanBrowserScene
from tests.conftest import ARTIFACTS
from tests.ui.table_helpers import make_services


@pytest.fixture
def page(pg, fonts):
    stack = SceneStack()
    stack.push(Scene())
    browsers: list[Browser] = []

    def open_page(factory=None) -> LanBrowserScene:
        def loopback() -> Browser:
            browsers.append(Browser(bind=("127.0.0.1", 0), expiry=30.0))
            return browsers[-1]
        scene = LanBrowserScene(make_services(fonts), factory or loopback, host_port=0,
                                announce_target=("127.0.0.1", 9))
        stack.push(scene)
        return scene
    yield open_page, stack, browsers
    stack.clear()
    i18n.set_language("vi")


def step(stack: SceneStack, seconds: float, surface: pygame.Surface) -> None:
    for _ in range(round(seconds * 20)):
        stack.update(0.05)
    stack.draw(surface)


def click(scene: Scene, rect: pygame.Rect) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=rect.center, button=1))


@pytest.mark.parametrize("language", ["vi", "en"])
def test_after_five_quiet_seconds_the_list_says_why_and_offers_to_enter_an_address(page, language, monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    i18n.set_language(language)
    open_page, stack, _ = page
    scene = open_page()
    surface = pygame.Surface((1280, 720))
    step(stack, NOTHING_FOUND_AFTER - 0.5, surface)
    assert not scene.nothing_found() and scene.address_button_shown is None    # still looking
    step(stack, 1.0, surface)
    assert scene.nothing_found() and scene.address_button_shown is not None
    text = " ".join(scene.nothing_found_lines())
    for word in {"vi": ("tường lửa", "Riêng tư", "Công cộng", "mạng con"),
                 "en": ("firewall", "Private", "Public", "subnet")}[language]:
        assert word in text
    assert "Mac" not in text                                                  # the Mac's advice only on a Mac
    font = scene.services.fonts.font(19)
    assert all(font.size(line)[0] <= LEFT.w for line in scene.nothing_found_lines())
    button = scene.address_button_shown.rect
    assert PANEL.contains(button) and button.bottom < PANEL.bottom - 60     # above the error line
    assert button.top > LEFT.y + 60 + 26 * (len(scene.nothing_found_lines()) - 1) + 19   # below the notice
    pygame.image.save(surface, str(ARTIFACTS / f"lan_nothing_found_{language}.png"))
    assert not scene.address.focused
    click(scene, button)
    assert scene.address.focused                                              # the cursor is in the field
    for ch in "192.168.1.5":
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert scene.address_text == "192.168.1.5"


def test_a_server_heard_later_replaces_the_notice(page):
    open_page, stack, browsers = page
    scene = open_page()
    surface = pygame.Surface((1280, 720))
    step(stack, NOTHING_FOUND_AFTER + 0.5, surface)
    assert scene.nothing_found()
    import msgspec

    browsers[0].feed(msgspec.json.encode(BeaconInfo(id="a", name="Nhà Lan", port=8765)), "192.168.1.9")
    step(stack, 0.6, surface)
    assert not scene.nothing_found() and scene.address_button_shown is None
    assert [s.name for s in scene.servers] == ["Nhà Lan"] and len(scene.server_buttons) == 1


def test_with_discovery_off_the_list_says_so_at_once(page):
    open_page, stack, _ = page

    def taken() -> Browser:
        raise OSError(98, "Address already in use")
    scene = open_page(taken)
    step(stack, 0.1, pygame.Surface((1280, 720)))
    assert scene.browser is None and scene.nothing_found() and scene.address_button_shown is not None
    assert "37020" in " ".join(scene.nothing_found_lines())


def test_on_a_mac_the_notice_and_an_unreachable_host_name_the_local_network_permission(page, monkeypatch):
    open_page, stack, _ = page
    monkeypatch.setattr(sys, "platform", "darwin")
    scene = open_page()
    step(stack, NOTHING_FOUND_AFTER + 0.2, pygame.Surface((1280, 720)))
    assert "Quyền riêng tư & Bảo mật › Mạng cục bộ" in " ".join(scene.nothing_found_lines())
    assert "No route to host" in errors.disconnect_text("unreachable", "192.168.1.5:8765")
    assert "192.168.1.5:8765" in errors.disconnect_text("unreachable", "192.168.1.5:8765")
    assert "Mạng cục bộ" not in errors.disconnect_text("lost")
    monkeypatch.setattr(sys, "platform", "linux")
    assert "No route to host" not in errors.disconnect_text("unreachable", "192.168.1.5:8765")
