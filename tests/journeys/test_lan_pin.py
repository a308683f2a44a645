"""Journey: a PIN table made in the app, found in a second app's LAN list and joined with a wrong, then the right PIN.

Two apps from their composition root on fresh data folders, side by side in
this process (``driver.together``), by clicks on what is drawn. The host's
server listens on loopback only and sends its beacons to the port the
guest's LAN page listens on (loopback too), so the guest finds the table as
on a real network: its row has a padlock, the host's address and the code
the host's lobby shows. The host sets the PIN in its lobby; the guest's Vào
asks it, a wrong one is refused in words, the right one seats her.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tala_desktop.net import host as net_host
from tala_desktop.net.discovery import Browser
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.lan import browser as lan_browser
from tala_desktop.ui.lan import session as lan_session
from tala_desktop.ui.lan.browser import LanBrowserScene
from tala_desktop.ui.lan.pin import PinDialog

from .driver import Journey, together
from .test_lan_table import BOT_DELAY, answer_due, lobby, open_lan_page, seats

PIN = "4821"


@pytest.fixture
def beacons(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The apps' network is this machine: servers on 127.0.0.1, their beacons to the loopback port the last LAN page
    opened first listens on, each LAN page listening on loopback only."""
    ports: list[int] = []

    def start(**settings: Any) -> net_host.ServerThread:
        return net_host.start_in_thread(**{**settings, "host": "127.0.0.1", "port": 0, "bot_delay": BOT_DELAY,
                                            "announce_target": ("127.0.0.1", ports[0] if ports else 9),
                                            "announce_every": 0.2})

    def listen() -> Browser:
        browser = Browser(bind=("127.0.0.1", 0))
        ports.append(browser.port)
        return browser

    monkeypatch.setattr(lan_session, "start_in_thread", start)
    monkeypatch.setattr(lan_browser, "_default_browser", listen)
    return ports


def page(j: Journey) -> LanBrowserScene:
    scene = next((s for s in j.running_app.stack.scenes if isinstance(s, LanBrowserScene)), None)
    assert scene is not None, "no LAN page"
    return scene


def pin_dialog(j: Journey) -> PinDialog | None:
    top = j.top
    return top if isinstance(top, PinDialog) else None


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_pin_table_made_in_the_app_is_joined_with_a_wrong_then_the_right_pin(
        journey: Callable[..., Journey], beacons: list[int], language: str) -> None:
    host, guest = journey(folder="host"), journey(folder="guest")
    together(host, guest)
    for j in (host, guest):
        j.start()
        j.running_app.services.settings.language = language
        j.waits_for.append(partial(answer_due, j))
    from tala_desktop.ui.core import i18n
    i18n.set_language(language)

    # the guest's LAN page listens first: the host's beacons will go to it
    open_lan_page(guest, "Lan")
    assert beacons, "the guest's LAN page listens for beacons"

    # the host opens a table and sets its PIN in the lobby: a digits-only field
    open_lan_page(host, "Hà")
    host.click(tr("lan.host"))
    host.until(lambda: host.scene_name() == "LanLobbyScene" and tr("lobby.pin_set") in host.labels(), 5.0,
               "the host's lobby")
    host.click(tr("lobby.pin_set"))
    host.until(lambda: pin_dialog(host) is not None, 1.0, "the PIN dialog")
    host.type_text("48a21")                             # a letter typed by mistake is not taken
    assert pin_dialog(host).field.text == PIN           # type: ignore[union-attr]
    host.click(tr("pin.save"))
    host.until(lambda: tr("lobby.pin_shown", pin=PIN) in host.labels(), 3.0, "the PIN on the host's button")
    code = lobby(host).session.code
    assert code and tr("lobby.code", code=code) in lobby(host).where.drawn

    # the guest's list shows the table with its padlock, its address and the same code
    server = lobby(host).session.server
    assert server is not None
    address = f"127.0.0.1:{server.port}"
    guest.until(lambda: any(r.locked for r in page(guest).rows), 5.0, "the host's table in the guest's list")
    guest.until(lambda: bool(page(guest).drawn_notes), 1.0, "the row drawn")
    assert page(guest).drawn_notes == [f"{address} · {tr('lan.code', code=code)} · {tr('lan.pin_needed')}"]
    assert page(guest).rows[0].title == tr("lan.server_name", name="Hà")

    # Vào asks the PIN; a wrong one is refused in words
    guest.click(tr("lan.join"))
    guest.until(lambda: pin_dialog(guest) is not None, 5.0, "the PIN asked")
    assert tr("pin.join_title") in guest.text()
    guest.type_text("1234")
    guest.click(tr("lan.join"))
    guest.until(lambda: tr("pin.wrong") in guest.text(), 5.0, "the wrong PIN said")
    assert lobby(guest).session.lobby is None

    # the right one seats her at the host's table
    guest.type_text(PIN)
    guest.click(tr("lan.join"))
    guest.until(lambda: pin_dialog(guest) is None and tr("lobby.ready") in guest.labels(), 5.0, "a seat")
    host.until(lambda: [s.name for s in seats(host) if s.name] == ["Hà", "Lan"], 3.0, "Lan at the host's table")
    assert lobby(guest).where.drawn[-1] == tr("lobby.code", code=code)   # she reads the code the host reads
