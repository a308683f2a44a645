"""The LAN page's rows against rogue beacons: sorted by the title shown, never pixel-identical to a friend's row,
look-alikes marked, the friend's row always within reach."""

from __future__ import annotations

import unicodedata

import msgspec
import pygame
import pytest

from tala_desktop.net.discovery import Browser, LanServer
from tala_desktop.net.identity import short_code
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.scene import Scene, SceneStack
from tala_desktop.ui.lan.browser import LEFT, MAX_ROWS, ROW_H, LanBrowserScene
from tala_desktop.ui.lan.server_rows import server_rows
from tests.ui.table_helpers import make_services

FRIEND = "5f0c" * 8


def server(ident: str, host: str, host_name: str | None, name: str = "Tá Lả", pin: bool = False) -> LanServer:
    return LanServer(host=host, port=8765, name=name, players=1, tables=1, open=1, bet=100, password=False, seen=0.0,
                     host_name=host_name, id=ident, pin=pin)


class Heard:
    """Discovery that heard the datagrams fed to its real ``Browser`` (no socket on the LAN)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    def start(self) -> None: ...
    def stop(self) -> None: ...

    def servers(self) -> list[LanServer]:
        return self.browser.servers()


@pytest.fixture
def page(pg, fonts):
    stack = SceneStack()
    stack.push(Scene())
    scene = LanBrowserScene(make_services(fonts), lambda: None)
    stack.push(scene)
    yield scene
    stack.clear()
    i18n.set_language("vi")


def shown(scene: LanBrowserScene, servers: list[LanServer]) -> list[str]:
    scene.servers = servers
    scene.rebuild()
    return [row.title for row in scene.shown_rows()]


SORTED = {"vi": ["Bàn của an", "Bàn của Bình", "Bàn của Bình", "Bàn của Zung", "Máy chủ \"Bàn của An\""],
          "en": ["an's table", "Bình's table", "Bình's table", "Server \"Bàn của An\"", "Zung's table"]}


@pytest.mark.parametrize("language", ["vi", "en"])
def test_rows_sort_by_the_title_shown_then_the_address_never_by_the_beacons_name(page, language):
    i18n.set_language(language)
    listed = [server("a" * 32, "10.0.0.9", "Zung", name="AAAA first by name"),
              server("b" * 32, "10.0.0.2", None, name="Bàn của An"),
              server("c" * 32, "10.0.0.10", "Bình", name="ZZZZ last by name"),
              server("d" * 32, "10.0.0.3", "Bình", name="0000"),
              server("e" * 32, "10.0.0.4", "an", name="!")]
    assert shown(page, listed) == SORTED[language]
    hosts = [row.server.host for row in page.shown_rows() if row.server.host_name == "Bình"]
    assert hosts == ["10.0.0.3", "10.0.0.10"]                     # the same title: by address, as numbers


def row_pixels(scene: LanBrowserScene, index: int) -> bytes:
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    scene.draw_page(surface)
    y = LEFT.y + 50 + index * ROW_H
    return pygame.image.tobytes(surface.subsurface((LEFT.x, y, LEFT.w, ROW_H - 6)), "RGB")


@pytest.mark.parametrize("language", ["vi", "en"])
def test_a_rogue_row_never_draws_like_a_friends_and_look_alikes_are_marked(page, language):
    i18n.set_language(language)
    friend = server(FRIEND, "192.168.1.7", "Tuấn")
    rogues = [server("e" * 32, "192.168.1.66", unicodedata.normalize("NFC", "Tuấn")),     # the same name
              server(FRIEND, "192.168.1.66", "Tuấn"),                                     # and a copied identity
              server("f" * 32, "192.168.1.7", "TUẤN"),                                    # a forged source address
              server("0" * 32, "192.168.1.67", None, name=i18n.tr("lan.server_name", name="Tuấn")),
              server("1" * 32, "192.168.1.68", "Tuan")]
    for rogue in rogues:
        shown(page, [friend, rogue])
        rows = page.shown_rows()
        mine = next(i for i, r in enumerate(rows) if r.server is friend)
        theirs = 1 - mine
        assert row_pixels(page, mine) != row_pixels(page, theirs), rogue
        if rogue.host_name is not None:                            # "Bàn của Tuấn" twice: both rows say so
            assert rows[0].look_alike and rows[1].look_alike
        else:                                                       # its own name, quoted: nothing to mark
            assert not rows[theirs].look_alike
            assert rows[theirs].title == i18n.tr("lan.server_named", name=i18n.tr("lan.server_name", name="Tuấn"))
    alone = server_rows([friend, server("2" * 32, "192.168.1.9", "Minh")])
    assert not any(r.look_alike for r in alone)


def test_the_row_shows_the_address_and_the_code_the_hosts_lobby_shows(page):
    i18n.set_language("en")
    friend = server(FRIEND, "192.168.1.7", "Tuấn", pin=True)
    shown(page, [friend])
    surface = pygame.Surface((1280, 720))
    page.draw_page(surface)
    assert page.drawn_notes == [f"192.168.1.7:8765 · code {short_code(FRIEND)} · PIN needed"]
    assert page.shown_rows()[0].locked


def test_six_rogue_rows_before_a_friends_cannot_push_it_out_of_reach(page):
    """A rogue machine answers with many identities, titled to sort first: it gets a few rows, and the list
    scrolls to the friend's."""
    browser = Browser(bind=("127.0.0.1", 0))
    try:
        beacon = {"type": "tala_beacon", "name": "x", "port": 8765, "players": 1, "tables": 1, "open": 1, "bet": 100}
        browser.feed(msgspec.json.encode({**beacon, "id": FRIEND, "host_name": "Tuấn"}), "192.168.1.7")
        for i in range(6):
            for host in ("192.168.1.66", "192.168.1.67"):             # two rogue machines
                browser.feed(msgspec.json.encode({**beacon, "id": f"{i}{host[-1]}" * 16, "host_name": f"An {i}"}),
                             host)
        page.browser = Heard(browser)
        page._poll = 0
        page.update(0.01)
        assert len(page.rows) == 9 and len(page.shown_rows()) == MAX_ROWS
        assert all(r.server.host_name != "Tuấn" for r in page.shown_rows())   # "An ..." sort first
        while page.scroll_buttons and page.scroll_buttons[1].enabled:
            page.scroll_buttons[1].click()
        assert any(r.server.host_name == "Tuấn" for r in page.shown_rows())
        page.browser = None
    finally:
        browser.stop()


def test_a_host_on_two_networks_is_one_row_with_both_addresses_and_a_copy_stays_apart(page):
    i18n.set_language("en")
    mine = ("10.9.0.1", "192.168.77.5")
    wifi = server(FRIEND, "192.168.77.5", "Tuấn")
    cable = server(FRIEND, "10.9.0.1", "Tuấn")
    wifi.addrs = cable.addrs = mine                             # both beacons name the host's two addresses
    rows = server_rows([wifi, cable])
    assert len(rows) == 1 and not rows[0].look_alike
    assert rows[0].addresses == ("10.9.0.1:8765", "192.168.77.5:8765") and rows[0].server.host == "10.9.0.1"
    rogue = server(FRIEND, "192.168.77.66", "Tuấn")             # a copy sent from its own address
    rogue.addrs = (*mine, "192.168.77.66")                      # ... claiming to be one more of the host's
    rows = server_rows([wifi, cable, rogue])
    assert len(rows) == 2 and all(r.look_alike for r in rows)
    assert [r.addresses for r in rows] == [("10.9.0.1:8765", "192.168.77.5:8765"), ("192.168.77.66:8765",)]
    shown(page, [wifi, cable])
    surface = pygame.Surface((1280, 720))
    page.draw_page(surface)
    assert page.drawn_notes == [f"10.9.0.1:8765 · 192.168.77.5:8765 · code {short_code(FRIEND)}"]
