"""Every command refused for rate is answered (on the core), and a refused vote for the next game is sent again
by the client until the game starts (over websockets)."""

from __future__ import annotations

from tala_desktop.net.host import start_in_thread

from .conftest import FAST, close_all, game_over, pump_until, seat_table
from .core_kit import CoreKit


def test_every_command_refused_for_rate_gets_its_answer():
    with CoreKit(rate=0.01, burst=3.0, flood_close=100) as kit:
        ws = kit.connect()
        assert kit.hello(ws)["type"] == "welcome"                  # one of the three
        for i in range(15):
            kit.say(ws, type="ping", t=float(i))
        replies = kit.heard(ws)
        assert len(replies) == 15
        assert [r["type"] for r in replies].count("pong") == 2
        assert [r.get("code") for r in replies if r["type"] == "error"] == ["rate_limited"] * 13
        assert kit.closed(ws) is None


def test_a_vote_for_the_next_game_refused_for_rate_is_sent_again_until_the_game_starts():
    srv = start_in_thread(**{**FAST, "flood_close": 10_000})
    players = seat_table(srv, ["An", "Bình"], seats=2)
    try:
        pump_until(players, game_over(players), timeout=20)
        players[0].client.next_game()
        for _ in range(120):                    # Bình's budget spent at once: the vote after it is refused
            players[1].client.ping()
        players[1].client.next_game()
        pump_until(players, lambda: any(e.code == "rate_limited" for e in players[1].errors), act=False)
        pump_until(players, lambda: all(pl.snap.game_id == 2 for pl in players), timeout=10, act=False)
    finally:
        close_all(players)
        srv.stop()
