""""Quay lại bàn": the menu and the LAN page offer the seat a LAN server keeps for the player, while it does."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace

import msgspec
import pygame
import pytest

from tala_desktop.net.discovery import Browser, LanServer
from tala_desktop.store import Store
from tala_desktop.store.lan_seats import LanSeat
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.lan import browser as lan_browser
from tala_desktop.ui.lan.back_row import back_note
from tala_desktop.ui.lan.browser import LanBrowserScene
from tala_desktop.ui.screens.menu import MenuScene
from tala_desktop.ui.shell.app_loop import App
from tests.store.helpers import FakeClock
from tests.ui.app_helpers import inline_desktop


@pytest.fixture
def app(pg, tmp_path, monkeypatch) -> Iterator[tuple[App, Store, FakeClock]]:
    monkeypatch.setattr(lan_browser, "_default_browser", lambda: Browser(bind=("127.0.0.1", 0)))
    clock = FakeClock()
    store = Store(tmp_path, clock)
    made = inline_desktop(store=store, menu=True).app
    yield made, store, clock
    made.shutdown()
    set_language("vi")


KEY = "c0ffee" * 5 + "00"                   # the kept server's lasting identity


def kept(store: Store, seated: bool = True, server_name: str = "Bàn của Hà") -> None:
    store.keep_lan_seat(LanSeat(host="192.0.2.7", port=9, server_key=KEY, token="t" * 32, server_name=server_name,
                                table=2, seat=1, seated=seated, alive_at=store.clock().timestamp(), grace=60.0,
                                hosted=False))


SERVER_VI = 'Máy chủ "Bàn của Hà"'         # the server's name as the LAN list words a server's own name


def frames(app: App, n: int = 40) -> None:
    for _ in range(n):
        app.frame()


def test_the_menu_offers_the_kept_seat_with_its_table_and_seconds_until_the_grace_ends(app) -> None:
    made, store, clock = app
    menu = made.stack.top
    assert isinstance(menu, MenuScene) and "back" not in menu.buttons
    kept(store)
    frames(made)
    assert menu.buttons["back"].text == tr("back.button") and menu.buttons["back"].style == "primary"
    assert menu.back_note() == tr("back.note", table=tr("table.number", number=2), server=SERVER_VI, seconds=60)
    assert menu.buttons["play"].style == "green"
    clock.advance(seconds=20)
    frames(made)
    assert "40" in menu.back_note()
    set_language("en")
    frames(made)
    assert menu.back_note() == 'Table 2 · Server "Bàn của Hà" · 40 s left'
    clock.advance(seconds=41)
    frames(made)
    assert "back" not in menu.buttons and menu.buttons["play"].style == "primary"   # the grace is over


def test_the_lan_page_shows_the_kept_seat_above_hosting(app) -> None:
    made, store, clock = app
    kept(store)
    page = LanBrowserScene(made.services)
    made.stack.push(page)
    frames(made, 2)
    button = page.kept.button
    assert button is not None and button.text == tr("back.button") and button in page.widgets
    assert page.kept.lines == (tr("back.note", table=tr("table.number", number=2), server=SERVER_VI, seconds=60),
                               "192.0.2.7:9")
    assert button.rect.bottom < page.host_button.rect.y                 # above "Tạo bàn LAN"
    clock.advance(seconds=61)
    frames(made)
    assert page.kept.button is None and button not in page.widgets


def test_no_offer_for_a_seat_given_up(app) -> None:
    made, store, _ = app
    kept(store, seated=False)
    frames(made)
    assert "back" not in made.stack.top.buttons
    pygame.event.clear()


@pytest.mark.parametrize(("language", "words"), [("vi", 'Bàn 2 · Máy chủ "Bàn của Hà?" · còn 60 giây'),
                                                 ("en", 'Table 2 · Server "Bàn của Hà?" · 60 s left')])
def test_the_note_shows_the_servers_name_cleaned_in_the_players_language(app, language, words) -> None:
    """The name came from the server: hostile text. Controls, a right-to-left override, invisible and format
    characters go; a look-alike letter of another script shows as "?"; it is worded as the LAN list words it."""
    made, store, _ = app
    set_language(language)
    kept(store, server_name="  Bàn\u202e của\u200b  Hà\x07\u0405\u0301\n")
    frames(made)
    menu = made.stack.top
    assert isinstance(menu, MenuScene) and menu.back_note() == words
    page = LanBrowserScene(made.services)
    made.stack.push(page)
    frames(made, 2)
    assert page.kept.lines[0] == words
    nothing = dataclasses.replace(store.lan_seat("192.0.2.7", 9), server_name="\u200b\u202e ")   # nothing shows
    assert back_note(made.services, nothing) == words.replace('Máy chủ "Bàn của Hà?"', "Máy chủ không tên").replace(
        'Server "Bàn của Hà?"', "Unnamed server")


def heard(key: str, port: int = 9) -> LanServer:
    """A beacon of the server of identity ``key`` at 192.0.2.7:``port``, as the LAN list heard it."""
    return LanServer(host="192.0.2.7", port=port, name="Bàn của Hà", players=2, tables=1, open=0, bet=100,
                     password=False, seen=0.0, host_name="Hà", id=key)


def going_back(app, monkeypatch, servers: list[LanServer]) -> tuple[LanBrowserScene, list[dict[str, object]],
                                                                      list[SimpleNamespace]]:
    """The LAN page going back to the kept seat while the list hears ``servers``: the page, what each join was
    given (``where``: the address dialed) and the sessions it opened (stand-ins: nothing connects)."""
    made, _, _ = app
    calls: list[dict[str, object]] = []
    opened: list[SimpleNamespace] = []

    def join(*a: object, **k: object) -> SimpleNamespace:
        calls.append({"where": a[:2], **k})
        return SimpleNamespace(kept_at=None)

    monkeypatch.setattr(lan_browser.LanSession, "join", join)
    monkeypatch.setattr(LanBrowserScene, "_open", lambda self, session: opened.append(session))
    page = LanBrowserScene(made.services)
    made.stack.push(page)
    page.servers = servers
    page.go_back()
    return page, calls, opened


@pytest.mark.parametrize(("listed", "token"), [([], None), ([KEY], "t" * 32), (["f" * 32, KEY], "t" * 32)])
def test_going_back_brings_the_token_only_to_the_server_it_came_from(app, monkeypatch, listed, token) -> None:
    """The token goes back only where the list hears the same server (its identity) at that address; where the
    app cannot tell, it goes back with its key alone (which the server knows it by)."""
    _, store, _ = app
    kept(store)
    _, calls, _ = going_back(app, monkeypatch, [heard(key, port=9 if key == KEY else 10) for key in listed])
    [call] = calls
    assert call["where"] == ("192.0.2.7", 9) and call["resume"] == token and call["straight_in"] is False
    assert call["person"] == store.lan_person("192.0.2.7", 9)


def test_going_back_where_another_server_answers_now_says_the_seat_is_gone(app, monkeypatch) -> None:
    _, store, _ = app
    kept(store)
    page, calls, _ = going_back(app, monkeypatch, [heard("f" * 32)])   # another server at the kept address
    assert calls == [] and page.error == tr("back.gone")               # nothing sent to it: not even the key
    assert store.waiting_lan_seat() is None                            # and nothing offered any more


@pytest.mark.parametrize(("heard_host", "goes_to", "token"), [("192.0.2.7", 10, "t" * 32), ("192.0.2.99", 9, None)])
def test_the_same_server_back_on_another_port_of_its_host_is_found_again(app, monkeypatch, heard_host, goes_to,
                                                                           token) -> None:
    """A server that came back on another port of the same host (its identity heard there, nothing at the kept
    port) is where "Quay lại bàn" goes, as the person it knows (the key of the address it was met at), and the row
    stays under that address. The identity heard on another host proves nothing (anyone may copy it): the app goes
    to the kept address then, with its key alone."""
    _, store, _ = app
    kept(store)
    moved = msgspec.structs.replace(heard(KEY, port=10), host=heard_host)
    _, calls, opened = going_back(app, monkeypatch, [moved])
    [call] = calls
    assert call["where"] == ("192.0.2.7", goes_to) and call["resume"] == token
    assert call["person"] == store.lan_person("192.0.2.7", 9)            # who that server knows the player as
    assert opened[0].kept_at == (("192.0.2.7", 9) if goes_to != 9 else None)
