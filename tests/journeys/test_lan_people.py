"""Journeys: a LAN table knows people — a guest whose app dies mid-game comes back to her seat; the host who stands
up is still the host; the evening's scoreboard matches each player's History.

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

Between games the host stands up to watch: still the host (the guest's app
offers no host menu on Hà), the host sits again and the next game is dealt.
Mid-game the host closes the app: Lan reads the evening's scoreboard, and the
scoreboard's rows match each app's History (the evening's row and the sum of
its LAN games), the host's read after its app started again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tala_desktop.net import host as net_host
from tala_desktop.net.discovery import Browser
from tala_desktop.net.protocol import TableInfo
from tala_desktop.ui.core.i18n import tr, tr_count
from tala_desktop.ui.lan import browser as lan_browser
from tala_desktop.ui.lan import session as lan_session
from tala_desktop.ui.lan.lost import LanLostOverlay
from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.screens.menu import MenuScene

from .driver import Journey
from .play import game_over, my_turn_shown, play_turn, results_read
from .test_lan_table import (
    BOT_DELAY,
    GAME_WAIT,
    answer_due,
    hosted_with_a_guest,
    lobby,
    on_top,
    open_lan_page,
    table_on_top,
)

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
    host, guest, address = hosted_with_a_guest(journey, "Hà", "Lan", count=3)
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


def table_of(j: Journey) -> TableInfo:
    """The table this app is at, as its lobby holds it."""
    info = lobby(j).session.lobby
    assert info is not None, "the app is at no table"
    return info


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
    # her chips, as the table holds them: both apps hear the table's last change (the seat may have just paid
    # while played for her) over their own sockets, so the two screens agree once both frames have arrived
    host.until(lambda: guest.table().model.balances[seat] == host.table().model.balances[seat], 3.0,
               "Lan's chips the same on both tables")
    after = guest.table().log_lines
    assert before[0] in after and before[-1] in after                      # the game told from the deal

    host.until(play_both(host, guest, lambda: game_over(host) and game_over(guest)), GAME_WAIT, "the game's end")
    assert guest.table().model.names[seat] == "Lan"                        # her game, under her name
    assert guest.wallet() == wallet                                        # a LAN table plays its own chips


def history_evening(j: Journey) -> tuple[tuple[str, str, str, str, int], list[int]]:
    """Menu → Lịch sử: the evening's row as drawn (when, players, games, chips, net) and the chips of each LAN game
    row; back to the menu."""
    j.until(lambda: tr("menu.history") in j.labels(), 3.0, "the menu")
    j.click(tr("menu.history"))
    page = j.top
    assert isinstance(page, HistoryScene)
    evenings = [page.row_cells(g) for g in page.rows if g.table == "lan_evening"]
    games = [page.row_cells(g)[4] for g in page.rows if g.table == "lan"]
    assert len(evenings) == 1, page.shown_texts()
    j.click(tr("btn.back"))
    return evenings[0], games


def test_the_host_stands_up_still_host_and_every_scoreboard_matches_its_players_history(
        journey: Callable[..., Journey], monkeypatch: pytest.MonkeyPatch) -> None:
    serve(monkeypatch)
    host, guest, _ = host_and_guest(journey)
    host.until(play_both(host, guest, lambda: game_over(host) and game_over(guest)), GAME_WAIT, "the first game's end")
    for j in (host, guest):
        j.until(partial(results_read, j), 8.0, "the results, past the moment they take no click")

    # between games the host stands up to watch: still the host (the guest's app offers no menu on Hà)
    host.click_chat(tr("social.stand_up"))
    host.point_at((20, 360))                          # the pointer leaves the row: it shows the new choices
    host.until(lambda: lobby(host).session.watching, 3.0, "Hà watching")
    host.until(lambda: tr("social.close") in host.labels(), 3.0, "the results' Close for someone watching")
    assert tr("btn.new_game") not in host.labels()    # no vote for the next game without a seat
    guest.until(lambda: table_of(guest).host is None, 3.0, "Hà's seat free on Lan's app")
    assert lobby(host).session.is_host and not lobby(guest).session.is_host
    info = table_of(guest)
    assert info.host_member == lobby(host).session.member and info.watchers == ["Hà"]
    host.until(lambda: tr("social.bot_seat", seat=1) in [e.label for e in host.chat_elements()], 3.0,
               "the host's own choices while watching")
    assert not [e for e in guest.chat_elements() if e.label == tr("social.bot_seat", seat=1)]
    guest.click_chat("person Hà")
    assert not [e for e in guest.chat_elements() if e.label in (tr("lobby.kick"), tr("people.mute"))]

    # the host sits again, still the host, and the next game is dealt
    host.click_chat(tr("social.sit_at", seat=1))
    host.point_at((20, 360))
    host.until(lambda: not lobby(host).session.watching, 3.0, "Hà seated again")
    assert lobby(host).session.is_host and table_of(guest).host == 0
    guest.click(tr("btn.new_game"))
    host.until(lambda: all(table_on_top(j) and not j.table().model.is_over for j in (host, guest)), 10.0,
               "the second game")

    # mid-game the host closes the app: Lan reads the evening's scoreboard, and both keep it in their History
    host.close_window()
    guest.until(partial(on_top, guest, LanLostOverlay), 5.0, "the table closed")
    told = guest.top
    assert isinstance(told, LanLostOverlay) and told.board
    shown = told.shown_texts()
    assert shown[0] == tr("board.title") and any(t.startswith(tr("board.you", name="Lan")) for t in shown)
    board = {r.name: r for r in told.board}
    guest.click(tr("lan.to_menu"))
    (_, _, lan_games, _, lan_net), lan_rows = history_evening(guest)
    host.start()                                                      # Hà's app again, on its folder
    (_, _, ha_games, _, ha_net), ha_rows = history_evening(host)
    assert (board["Lan"].games, board["Lan"].net) == (1, lan_net) == (len(lan_rows), sum(lan_rows))
    assert (board["Hà"].games, board["Hà"].net) == (1, ha_net) == (len(ha_rows), sum(ha_rows))
    assert lan_games == tr_count("board.games", 1, count=1) == ha_games


def test_after_the_grace_she_sits_again_with_the_chips_she_had(journey: Callable[..., Journey],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's grace is 2 s here (the app's own server keeps a seat 60 s): Lan's app dies mid-game and is not
    back in time. Her seat is Móm and played on under her name; when the game ends its chips are hers. Her app,
    started again, offers nothing to go back to; Vào on the host's address sits her on the seat left free, with the
    chips that game left her, and her History holds the game charged to her, saying the computer played for her."""
    serve(monkeypatch, reconnect_seconds=2.0)
    host, guest, address = host_and_guest(journey)
    seat = guest.table().model.me

    def lan_played() -> bool:
        m = guest.table().model
        return m.piles[seat] != [] and not my_turn_shown(guest)
    host.until(play_both(host, guest, lan_played), GAME_WAIT, "Lan's first discard")
    guest.crash()
    host.until(lambda: table_of(host).seats[seat].left, 10.0, "Lan's seat left when the grace ran out")
    assert table_of(host).seats[seat].name == "Lan"                      # played on under her name
    host.until(play_both(host, None, lambda: game_over(host)), GAME_WAIT, "the game's end")
    settled = host.table().model.balances[seat]
    assert host.table().model.names[seat] == "Lan" and host.table().model.outcome.labels[seat] in ("mom", "lose")

    guest.start()
    guest.waits_for.append(partial(answer_due, guest))
    guest.until(lambda: tr("menu.play_lan") in guest.labels(), 3.0, "the menu")
    assert tr("back.button") not in guest.labels()                        # the grace is over: nothing to go back to
    open_lan_page(guest, "Lan")
    guest.type_into(0, address)
    guest.click(tr("lan.join"))
    guest.until(lambda: table_on_top(guest) and not guest.table().spectator, 8.0, "Lan seated again")
    m = guest.table().model
    assert m.me == seat and m.names[seat] == "Lan" and m.balances[seat] == settled != 10_000
    assert host.table().model.balances[seat] == settled                   # as the host's table shows her
    [game] = [g for g in guest.store.history() if g.table == "lan"]       # the game charged to her while away
    assert game.human_seat == seat and game.nets[seat] == settled - 10_000 and game.auto[seat] > 0
