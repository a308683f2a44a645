"""Journeys: a LAN table knows people — a guest whose app dies mid-game comes back to her seat.

Two apps in one process (``driver.together``), each the real game on its own
data folder, the server the one the host's LAN page starts on loopback (as in
test_lan_table.py). Input goes only where things are drawn.

Lan's app is killed mid-game (no leave is sent; its connection drops as a dead
process's does). The host's table plays her seat and its name plate says she is
away, with the seconds her seat is still kept. Her app, started again on the
same folder within the grace, offers "Quay lại bàn" on the menu, with the table
and the seconds left; a click puts her back in her seat, with the chips the
table holds for her and the game told from the deal in her log, and she plays
the game to its end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tala_desktop.net import host as net_host
from tala_desktop.net.discovery import Browser
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.lan import browser as lan_browser
from tala_desktop.ui.lan import session as lan_session
from tala_desktop.ui.screens.menu import MenuScene

from .driver import Journey, together
from .play import game_over, my_turn_shown, play_turn
from .test_lan_table import BOT_DELAY, GAME_WAIT, answer_due, lobby, open_lan_page, sit_by_address, table_on_top

AWAY = re.compile(r"vắng · (\d+)s")


def serve(monkeypatch: pytest.MonkeyPatch, **extra: Any) -> None:
    """The apps' network is this machine (test_lan_table.loopback), the server started with ``extra`` settings."""
    def start(**settings: Any) -> net_host.ServerThread:
        return net_host.start_in_thread(**{**settings, "host": "127.0.0.1", "port": 0,
                                            "announce_target": ("127.0.0.1", 9), "bot_delay": BOT_DELAY, **extra})

    monkeypatch.setattr(lan_session, "start_in_thread", start)
    monkeypatch.setattr(lan_browser, "_default_browser", lambda: Browser(bind=("127.0.0.1", 0)))


def host_and_guest(journey: Callable[..., Journey]) -> tuple[Journey, Journey, str]:
    """Hà hosts a three-seat table (a bot in the third), Lan sits by its address and is ready, Hà starts."""
    host, guest = journey(folder="host"), journey(folder="guest")
    together(host, guest)
    for j in (host, guest):
        j.start()
        j.waits_for.append(partial(answer_due, j))
    open_lan_page(host, "Hà")
    host.click(tr("lan.host"))
    host.until(lambda: host.scene_name() == "LanLobbyScene" and tr("lobby.start") in host.labels(), 5.0,
               "the host's table")
    host.click("3")
    server = lobby(host).session.server
    assert server is not None
    address = f"127.0.0.1:{server.port}"
    open_lan_page(guest, "Lan")
    sit_by_address(guest, address, "Lan's seat")
    guest.click(tr("lobby.ready"))
    host.until(lambda: host.find(tr("lobby.start")).enabled, 3.0, "everyone ready")
    host.click(tr("lobby.start"))
    host.until(lambda: table_on_top(host) and table_on_top(guest), 5.0, "the game on both tables")
    return host, guest, address


def play_both(host: Journey, guest: Journey | None, done: Callable[[], bool]) -> Callable[[], bool]:
    """A condition for ``until`` that plays the apps' turns by clicks as it waits for ``done``."""
    def step() -> bool:
        for j in (host, guest):
            if j is not None and j.app is not None and my_turn_shown(j):
                play_turn(j)
        return done()
    return step


def away_seconds(j: Journey) -> int | None:
    """The seconds "vắng · 45s" on Lan's name plate says (None: no such mark)."""
    found = next((AWAY.search(t) for t in j.texts() if t.startswith("Lan: ")), None)
    return int(found.group(1)) if found else None


def test_a_guest_killed_mid_game_is_back_in_her_seat_with_her_chips_and_the_story(
        journey: Callable[..., Journey], monkeypatch: pytest.MonkeyPatch) -> None:
    serve(monkeypatch)
    host, guest, _ = host_and_guest(journey)
    wallet = guest.wallet()
    seat = guest.table().model.me

    def lan_played() -> bool:
        m = guest.table().model
        return m.piles[seat] != [] and not my_turn_shown(guest)    # she has discarded once, and waits
    host.until(play_both(host, guest, lan_played), GAME_WAIT, "Lan's first discard")
    before = list(guest.table().log_lines)
    assert before and not game_over(guest)

    guest.crash()                                                  # her app dies: no leave, the socket drops
    host.until(lambda: away_seconds(host) is not None, 5.0, "Lan's plate marked away on the host's table")
    first = away_seconds(host)
    assert first is not None and 50 <= first <= 60
    vi = tr("people.away", seconds=first)
    assert vi.startswith("vắng")

    guest.start()                                                  # the same folder, within the grace
    guest.waits_for.append(partial(answer_due, guest))
    guest.until(lambda: tr("back.button") in guest.labels(), 3.0, "Quay lại bàn on the menu")
    menu = guest.top
    assert isinstance(menu, MenuScene)
    note = menu.back_note()
    assert note.startswith(tr("table.number", number=1)) and "Bàn của Hà" in note
    guest.click(tr("back.button"))
    guest.until(lambda: table_on_top(guest) and guest.table().model is not None, 5.0, "Lan back at her table")
    m = guest.table().model
    assert m.me == seat and not guest.table().spectator
    host.until(lambda: away_seconds(host) is None, 3.0, "the away mark gone from the host's table")
    assert m.balances[seat] == host.table().model.balances[seat]          # her chips, as the table holds them
    after = guest.table().log_lines
    assert before[0] in after and before[-1] in after                      # the game told from the deal

    host.until(play_both(host, guest, lambda: game_over(host) and game_over(guest)), GAME_WAIT, "the game's end")
    assert guest.table().model.names[seat] == "Lan"                        # her game, under her name
    assert guest.wallet() == wallet                                        # a LAN table plays its own chips
