"""Journey: a LAN table of three apps in one process — a host, a guest and someone watching.

Each app is the real game from its composition root on a fresh data folder;
they share pygame's display (``driver.together``), each drawing its own
canvas, and input goes only where things are drawn. The server is the one
the host's LAN page starts, on loopback: it listens on 127.0.0.1 only, its
beacons go to a loopback port nobody reads (the others type the address),
and its bots hold a move back for a short moment instead of the 0.8 s that
lets people follow, so the journey takes seconds.

The host hosts from the LAN page and takes three seats (the third a bot's);
the guest types the address, which seats him at the host's table (its
only one), and is ready; a fourth app's player sits down the same way and
the host removes him ("Mời ra", confirmed): he is told so. The host
starts; the watcher's app then finds the running table listed and watches it. The
guest says a line in the chat: it bubbles at the guest's avatar on the
host's and the watcher's tables. Both players play by clicks to the
results, which all three see. Between games the host removes the guest
from his row's menu in the results (asked first, by name): the guest's
app takes him back to the list of tables, saying why; his seat is
offered to the watcher, everyone reads for how long, and she sits down
from the row drawn over her results; the host deals the next game, hers
to play. Mid-game the host closes its app: she is told who closed the
table and that the game's money stays as it was. Nobody's wallet moved (a
LAN table plays with its own chips).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tala_desktop.net import host as net_host
from tala_desktop.net.discovery import Browser
from tala_desktop.net.protocol import SeatInfo
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.lan import browser as lan_browser
from tala_desktop.ui.lan import session as lan_session
from tala_desktop.ui.lan.lobby import LanLobbyScene
from tala_desktop.ui.lan.lost import LanLostOverlay
from tala_desktop.ui.table.scene import TableScene

from .driver import Journey, JourneyError, together
from .play import game_over, my_turn_shown, play_turn, results_read

BOT_DELAY = 0.05          # the server's bots hold a move back this long (the game's 0.8 s lets people follow)
GAME_WAIT = 40.0          # stepped seconds a whole game may take
LINE = "Chào cả bàn"


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The apps' network is this machine: the host's server on 127.0.0.1 (any free port), beacons to a loopback
    port nobody reads, each LAN page listening for beacons on loopback only."""
    def start(**settings: Any) -> net_host.ServerThread:
        return net_host.start_in_thread(**{**settings, "host": "127.0.0.1", "port": 0,
                                            "announce_target": ("127.0.0.1", 9), "bot_delay": BOT_DELAY})

    monkeypatch.setattr(lan_session, "start_in_thread", start)
    monkeypatch.setattr(lan_browser, "_default_browser", lambda: Browser(bind=("127.0.0.1", 0)))


def lobby(j: Journey) -> LanLobbyScene:
    for scene in reversed(j.running_app.stack.visible()):
        if isinstance(scene, LanLobbyScene):
            return scene
    found = [s for s in j.running_app.stack.scenes if isinstance(s, LanLobbyScene)]  # under the table
    if not found:
        raise JourneyError(f"no LAN lobby in the app ({j.scene_name()} on top)")
    return found[-1]


def open_lan_page(j: Journey, name: str) -> None:
    """Menu → Chơi qua mạng LAN, the name typed into "Tên của bạn trên LAN"."""
    j.until(lambda: tr("menu.play_lan") in j.labels(), 2.0, "the menu")
    j.click(tr("menu.play_lan"))
    j.until(lambda: tr("lan.host") in j.labels(), 2.0, "the LAN page")
    j.type_into(1, name)


def join_by_address(j: Journey, address: str) -> None:
    """Type the host's address under "Nhập địa chỉ" and press its Vào: the LAN lobby, the server's tables read."""
    j.type_into(0, address)
    j.click(tr("lan.join"))
    j.until(lambda: j.scene_name() == "LanLobbyScene" and bool(lobby(j).session.tables), 5.0, "the tables")


def sit_by_address(j: Journey, address: str, what: str) -> None:
    """Vào on the host's address: its one open table seats this app's player at once (no list to choose from)."""
    join_by_address(j, address)
    j.until(lambda: tr("lobby.ready") in j.labels(), 3.0, what)
    assert lobby(j).session.you is not None and not lobby(j).session.watching


def table_on_top(j: Journey) -> bool:
    top = j.top
    return isinstance(top, TableScene) and top.model is not None


def seats(j: Journey) -> list[SeatInfo]:
    """The seats of the table this app is at, as its lobby shows them (none when at no table)."""
    info = lobby(j).session.lobby
    return [] if info is None else list(info.seats)


def on_top(j: Journey, kind: type) -> bool:
    return isinstance(j.top, kind)


def bubble_shown(j: Journey, line: str) -> bool:
    """``line`` bubbles over this app's table."""
    table = j.table()
    return table is not None and any(b.text == line for b in table.layer.bubbles.bubbles.values())


def seat_offered(j: Journey) -> bool:
    """The app says seat 2 waits for someone watching to sit, with the seconds left."""
    shown = j.text()
    return any(tr("people.deal_seat_open", seat=2, seconds=left) in shown for left in range(1, 13))


def answer_due(j: Journey) -> bool:
    """This app's table sent a command and the server's answer has not reached the app yet."""
    table = j.table()
    if table is None or not table.actions.awaiting:
        return False
    session = lobby(j).session
    return not (session.table_queue or session.closed or session.lost) and session.client._inbox.empty()



def hosted_with_a_guest(journey: Callable[..., Journey], host_name: str, guest_name: str,
                        count: int | None = None) -> tuple[Journey, Journey, str]:
    """Two apps side by side: ``host_name`` hosts from the LAN page (``count`` seats chosen in the lobby if given),
    ``guest_name`` types the table's address and sits. Returns both and the address."""
    host, guest = journey(folder="host"), journey(folder="guest")
    together(host, guest)
    for j in (host, guest):
        j.start()
        j.waits_for.append(partial(answer_due, j))
    open_lan_page(host, host_name)
    host.click(tr("lan.host"))
    host.until(lambda: host.scene_name() == "LanLobbyScene" and tr("lobby.start") in host.labels(), 5.0,
               "the host's table")
    if count is not None:
        host.click(str(count))
        host.until(lambda: len(seats(host)) == count, 3.0, f"{count} seats")
    server = lobby(host).session.server
    assert server is not None
    address = f"127.0.0.1:{server.port}"
    open_lan_page(guest, guest_name)
    sit_by_address(guest, address, f"{guest_name}'s seat")
    return host, guest, address


def test_three_apps_host_join_watch_chat_play_and_the_host_quits(journey: Callable[..., Journey],
                                                                 loopback: None) -> None:
    started = time.perf_counter()
    host, guest, watcher = (journey(folder=name) for name in ("host", "guest", "watcher"))
    together(host, guest, watcher)
    apps = [host, guest, watcher]
    for j in apps:
        j.start()
        j.waits_for.append(partial(answer_due, j))
    wallets = [j.wallet() for j in apps]

    # the host hosts from the LAN page and takes three seats: the third is a bot's
    open_lan_page(host, "Hà")
    host.click(tr("lan.host"))
    host.until(lambda: host.scene_name() == "LanLobbyScene" and tr("lobby.start") in host.labels(), 5.0,
               "the host's table")
    host.click("3")
    server = lobby(host).session.server
    assert server is not None
    host.until(lambda: len(seats(host)) == 3, 3.0, "three seats")
    address = f"127.0.0.1:{server.port}"

    # the guest types the address, joins the table and is ready
    open_lan_page(guest, "Minh")
    sit_by_address(guest, address, "a seat at the table")
    guest.click(tr("lobby.ready"))
    host.until(lambda: any(seat.name == "Minh" and seat.ready for seat in seats(host)), 3.0,
               "Minh ready in the host's lobby")
    host.until(lambda: host.find(tr("lobby.start")).enabled, 3.0, "everyone ready")

    # a third player sits down before the start; the host removes him ("Mời ra", confirmed): he is told so
    tuan = journey(folder="tuan")
    together(host, guest, watcher, tuan)
    tuan.start()
    tuan.waits_for.append(partial(answer_due, tuan))
    open_lan_page(tuan, "Tuấn")
    sit_by_address(tuan, address, "Tuấn's seat")
    host.until(lambda: host.labels().count(tr("lobby.kick")) == 2, 3.0, "Mời ra beside both guests")
    host.click(tr("lobby.kick"), nth=1)
    assert "Tuấn" in host.text()                                   # the question names whom it removes
    host.click(tr("lobby.kick"))
    tuan.until(lambda: lobby(tuan).session.lobby is None and tr("net.left.kicked") in lobby(tuan).drawn_status,
               3.0, "Tuấn told he was removed")
    host.until(lambda: [seat.name for seat in seats(host) if seat.name] == ["Hà", "Minh"], 3.0, "Tuấn's seat free")
    tuan.close_window()

    host.click(tr("lobby.start"))
    host.until(lambda: table_on_top(host) and table_on_top(guest), 5.0, "the game on both players' tables")

    # the watcher's app finds the same server by its address: its table runs with no seat free, so it is listed
    open_lan_page(watcher, "Lan")
    join_by_address(watcher, address)
    watcher.until(lambda: tr("social.watch") in watcher.labels(), 5.0, "Xem on the running table")
    watcher.click(tr("social.watch"))
    watcher.until(lambda: table_on_top(watcher), 5.0, "the game on the watcher's table")
    assert watcher.table().spectator
    assert [watcher.table().model.names[s] for s in (0, 1)] == ["Hà", "Minh"]
    assert "avatar Minh" in host.drawn_texts() and "avatar Hà" in guest.drawn_texts()
    host.until(lambda: host.table().layer.watchers() == ["Lan"], 3.0, "the host's table to show Lan watching")

    # the guest says a line: it bubbles at the guest's avatar on the host's and the watcher's tables
    guest.click_chat("chat")
    guest.click_chat("chat field")
    guest.type_text(LINE)
    guest.click_chat(tr("social.send"))
    guest.click_chat("×")
    for j in (host, watcher):
        j.until(partial(bubble_shown, j, LINE), 3.0, "the guest's line as a bubble")
        table = j.table()
        seat = table.model.names.index("Minh")
        bubble = next(b for b in table.layer.bubbles.bubbles.values() if b.text == LINE)
        assert bubble.anchor.centre == table.layout.seat(seat).avatar_centre   # at the sender's avatar

    # both players play by clicks to the results, which all three apps show
    def play_on() -> bool:
        for j in (host, guest):
            if my_turn_shown(j):
                play_turn(j)
        return all(game_over(j) for j in apps)

    host.until(play_on, GAME_WAIT, "the end of the game")
    for j in apps:
        j.until(partial(results_read, j), 5.0, "the results")
    for j, others in ((host, ["Minh"]), (guest, ["Hà"]), (watcher, ["Hà", "Minh"])):
        shown = j.text()                       # the results' title over the game's log, names as each sees them
        assert all(name in shown for name in others), shown
    assert tr("btn.new_game") in host.labels() and tr("btn.new_game") in guest.labels()
    assert host.wallet() == wallets[0]

    # between games the host removes the guest from the results (his row's menu, "Mời ra", asked first)
    host.click_chat("person Minh")
    host.click_chat(tr("lobby.kick"))
    assert tr("people.kick_confirm", name="Minh") in host.text()      # the question names whom it removes
    host.click_chat(tr("lobby.kick"))
    # Minh's app takes him back to the list of tables and says why, in his language
    guest.until(lambda: guest.scene_name() == "LanLobbyScene" and lobby(guest).session.lobby is None, 3.0,
                "Minh back at the list of tables")
    assert lobby(guest).drawn_status == tr("net.left.kicked")        # why, and nothing stale from the table

    # Minh's seat is offered to Lan, who watches: the deal waits for her, and everyone reads why
    for j in (host, watcher):
        j.until(partial(seat_offered, j), 3.0, "the seat offered")
    watcher.click_chat(tr("social.sit_at", seat=2))                   # drawn over her results
    host.until(lambda: any(x.name == "Lan" and x.joining for x in seats(host)), 3.0, "Lan at seat 2 next game")
    host.click(tr("btn.new_game"))
    watcher.until(lambda: table_on_top(watcher) and not watcher.table().spectator
                  and not watcher.table().model.is_over, 5.0, "Lan's own hand in the next game")
    assert watcher.table().model.names[1] == "Lan" and watcher.table().model.me == 1

    # mid-game the host closes its app: Lan is told who closed the table and what became of that game's money
    host.close_window()
    watcher.until(partial(on_top, watcher, LanLostOverlay), 5.0, "the table closed")
    told = watcher.top
    assert isinstance(told, LanLostOverlay)
    assert told.text.startswith(tr("net.host_quit", who="Hà")), told.text
    assert tr("net.game_money") in told.text                           # the same words as a leave's
    assert tr("lan.to_menu") in watcher.labels()
    guest.until(partial(on_top, guest, LanLostOverlay), 5.0, "the server gone, at the list of tables")
    gone = guest.top
    assert isinstance(gone, LanLostOverlay) and tr("net.game_money") not in gone.text   # he was at no game

    assert [j.wallet() for j in (guest, watcher)] == wallets[1:]
    elapsed = time.perf_counter() - started
    print(f"the LAN journey took {elapsed:.1f} s")
