"""No lost seconds at a LAN table, walked by two players' apps from a cold start: the leader's clock starts when
their screen has shown the deal (the ring full when Đánh appears), and a guest who holds the results ("Xem
tiếp") stops only their own countdown: the host's app votes, and the table deals by its own between-games rule
(``vote_seconds`` after the first vote), the guest's results closing under them.

The apps, their server on loopback and its quick bots are those of test_lan_table.py; the server's vote wait is
cut to a few seconds so the journey is short."""

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
from tala_desktop.ui.table.results import ResultsOverlay

from .driver import Journey
from .play import clock, game_over, my_turn_shown, play_turn, results_read
from .test_lan_table import (
    BOT_DELAY,
    GAME_WAIT,
    hosted_with_a_guest,
    on_top,
    table_on_top,
)

VOTE_SECONDS = 4.0
TURN = 30.0


@pytest.fixture
def quick_votes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's server on 127.0.0.1, beacons to a loopback port nobody reads, quick bots and a short vote wait."""
    def start(**settings: Any) -> net_host.ServerThread:
        return net_host.start_in_thread(**{**settings, "host": "127.0.0.1", "port": 0, "vote_seconds": VOTE_SECONDS,
                                            "announce_target": ("127.0.0.1", 9), "bot_delay": BOT_DELAY})

    monkeypatch.setattr(lan_session, "start_in_thread", start)
    monkeypatch.setattr(lan_browser, "_default_browser", lambda: Browser(bind=("127.0.0.1", 0)))


def leader_sees_a_full_ring(apps: list[Journey]) -> None:
    """Frame by frame until one app shows its player's first buttons: its ring then holds the whole turn."""
    def buttons_up() -> bool:
        for j in apps:
            table = j.table()
            m = table.model if table is not None else None
            if m is not None and m.clock is not None and m.clock.seat == m.me and not m.is_over:
                if table.accepting_input and m.my_turn:
                    return True
                assert clock(j) == (TURN, TURN), "the leader's clock ran while the cards were dealt"
        return False

    apps[0].until(buttons_up, 10.0, "the leader's buttons")
    leader = next(j for j in apps if my_turn_shown(j))
    assert clock(leader)[0] >= TURN - 0.1


def test_the_leaders_clock_waits_for_the_deal_and_a_held_result_does_not_hold_the_table(
        journey: Callable[..., Journey], quick_votes: None) -> None:
    host, guest, _ = hosted_with_a_guest(journey, "Hà", "Minh", count=2)
    guest.click(tr("lobby.ready"))
    host.until(lambda: host.find(tr("lobby.start")).enabled, 3.0, "everyone ready")
    host.click(tr("lobby.start"))
    host.until(lambda: table_on_top(host) and table_on_top(guest), 5.0, "the game on both tables")
    leader_sees_a_full_ring([host, guest])

    def play_on() -> bool:
        for j in (host, guest):
            if my_turn_shown(j):
                play_turn(j)
        return all(game_over(j) for j in (host, guest))

    host.until(play_on, GAME_WAIT, "the end of the game")
    for j in (host, guest):
        j.until(partial(on_top, j, ResultsOverlay), 8.0, "the results")
    guest.until(partial(results_read, guest), 2.0, "the results seen")
    guest.click(tr("results.keep_looking"))                        # Minh keeps looking: no vote from his app
    assert tr("results.held_lan") in guest.text()
    host.point_at((4, 4))                                          # Hà's app counts down and votes
    host.until(lambda: not on_top(host, ResultsOverlay), 20.0, "the host's vote")
    host.until(lambda: table_on_top(guest) and guest.table().model.game_id == 2, VOTE_SECONDS + 10.0,
               "the next game dealt by the table's own rule")
    assert not on_top(guest, ResultsOverlay)                       # his results closed under him
    leader_sees_a_full_ring([host, guest])
