"""PIN tables from the app: the host sets it in the lobby (digits only), Vào and Xem ask it, a wrong one is said in
words with how long to wait, in both languages; the right one lets you in. Over the server core (core_lan.py)."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.table import SeatKind
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.pin import PinDialog, pin_refusal_text
from tala_desktop.ui.lan.session import LanSession
from tala_desktop.ui.widgets.controls import Button
from tests.ui.lan.core_lan import CoreLan
from tests.ui.table_helpers import make_services


def type_text(dialog: PinDialog, text: str) -> None:
    for ch in text:
        dialog.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def frames(stack: SceneStack, lan: CoreLan, n: int = 3, dt: float = 0.05) -> None:
    surface = pygame.Surface((1280, 720))
    for _ in range(n):
        lan.tick(dt)
        stack.update(dt)
        stack.draw(surface)


@pytest.fixture
def stack(pg):
    stack = SceneStack()
    stack.push(Scene())
    yield stack
    stack.clear()


def host_with_pin(lan: CoreLan, stack: SceneStack, services, pin: str) -> tuple[LanSession, LanLobbyScene]:
    host = lan.session("Hà")
    host.client.create_table(seats=3)
    lobby = LanLobbyScene(services, host)
    stack.push(lobby)
    frames(stack, lan)
    assert host.is_host and lobby.where.pin_button(lambda: None).text == i18n.tr("lobby.pin_set")
    button = next(w for w in lobby.widgets if isinstance(w, Button) and w.text == i18n.tr("lobby.pin_set"))
    button.click()
    dialog = stack.top
    assert isinstance(dialog, PinDialog)
    type_text(dialog, "4a8-2 1x9")                     # digits only, four of them
    assert dialog.field.text == "4821" and dialog.confirm_button.enabled
    dialog.confirm_button.click()
    frames(stack, lan)
    assert stack.top is lobby and host.lobby is not None and host.lobby.password
    assert any(getattr(w, "text", "") == i18n.tr("lobby.pin_shown", pin="4821") for w in lobby.widgets)
    return host, lobby


@pytest.mark.parametrize("language", ["vi", "en"])
def test_the_host_sets_a_pin_and_a_guest_joins_with_a_wrong_then_the_right_one(lan, stack, fonts, language):
    i18n.set_language(language)
    services = make_services(fonts)
    host, _ = host_with_pin(lan, stack, services, "4821")
    guest = LanSession(lan.client("Minh"), straight_in=True)
    guest.client.list_tables()
    seen = LanLobbyScene(services, guest)
    stack.push(seen)
    frames(stack, lan)
    dialog = stack.top                                  # straight to the one table: its PIN asked first
    assert isinstance(dialog, PinDialog) and guest.lobby is None
    assert dialog.title == i18n.tr("pin.join_title")
    type_text(dialog, "1234")
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(stack, lan)
    assert stack.top is dialog and dialog.refusal == i18n.tr("pin.wrong") and dialog.field.text == ""
    type_text(dialog, "4821")
    dialog.confirm_button.click()
    frames(stack, lan)
    assert stack.top is seen and guest.lobby is not None and guest.you == 1
    host.pump(0.0)
    assert [s.name for s in host.lobby.seats if s.kind == SeatKind.PLAYER] == ["Hà", "Minh"]


def test_wrong_pins_say_how_long_to_wait_and_the_dialog_counts_down(lan, stack, fonts):
    i18n.set_language("en")
    services = make_services(fonts)
    host_with_pin(lan, stack, services, "4821")
    guest = lan.session("Minh")
    seen = LanLobbyScene(services, guest)
    stack.push(seen)
    frames(stack, lan)
    assert guest.lobby is None and len(seen.row_buttons) == 1
    seen.row_buttons[0].click()                         # Vào on the PIN table of the list
    dialog = stack.top
    assert isinstance(dialog, PinDialog)
    for pin in ("0000", "1111", "2222"):
        type_text(dialog, pin)
        dialog.confirm_button.click()
        frames(stack, lan, 1, 0.01)
    assert dialog.refusal == i18n.tr_count("pin.wait", 1, seconds=1) and not dialog.confirm_button.enabled
    type_text(dialog, "4821")
    assert not dialog.confirm_button.enabled            # not before the wait is over
    frames(stack, lan, 12, 0.05)
    assert dialog.refusal == i18n.tr("pin.try_again") and dialog.confirm_button.enabled
    dialog.confirm_button.click()
    frames(stack, lan)
    assert stack.top is seen and guest.you == 1


@pytest.mark.parametrize("language", ["vi", "en"])
def test_every_refusal_reads_as_words_with_the_seconds(language):
    i18n.set_language(language)
    assert pin_refusal_text("bad_password", 0.0) == i18n.tr("pin.wrong")
    assert pin_refusal_text("bad_password", 0.0, server=True) == i18n.tr("pin.wrong_password")
    assert pin_refusal_text("bad_password", 3.2) == i18n.tr_count("pin.wait", 4, seconds=4)
    assert pin_refusal_text("retry_later", 59.9) == i18n.tr_count("pin.wait", 60, seconds=60)
    assert "4" in pin_refusal_text("bad_password", 3.2) and "{" not in pin_refusal_text("retry_later", 1)


def test_watching_a_pin_table_asks_the_pin_and_removing_it_lets_anyone_in(lan, stack, fonts):
    i18n.set_language("vi")
    services = make_services(fonts)
    host, lobby = host_with_pin(lan, stack, services, "4821")
    guest = lan.session("Minh")
    guest.client.join(host.lobby.id, password="4821")
    guest.pump(0.0)
    guest.client.ready()
    lan.tick(0.05)
    host.pump(0.0)
    host.client.start()
    frames(stack, lan, 2)
    fan = lan.session("Lan")
    seen = LanLobbyScene(services, fan)
    stack.push(seen)
    frames(stack, lan)
    assert seen.row_buttons[0].text == i18n.tr("social.watch")
    seen.row_buttons[0].click()
    dialog = stack.top
    assert isinstance(dialog, PinDialog) and dialog.confirm_button.text == i18n.tr("social.watch")
    type_text(dialog, "4821")
    dialog.confirm_button.click()
    frames(stack, lan)
    assert fan.watching and fan.lobby is not None
    host.set_pin("")                                     # mid-evening: the PIN removed
    lan.tick(0.05)
    late = lan.session("Quân")
    late.pump(0.0)
    late.client.watch(late.tables[0].id)
    lan.tick(0.05)
    late.pump(0.0)
    assert late.watching and not late.tables[0].password
