"""Every command refused for rate is answered, and a refused vote for the next game is sent again until it comes."""

from __future__ import annotations

from tala_desktop.net.host import start_in_thread

from .conftest import FAST, close_all, game_over, hear, pump_until, raw, say, seat_table


def test_every_command_refused_for_rate_gets_its_answer():
    srv = start_in_thread(**{**FAST, "rate": 0.01, "burst": 3.0, "flood_close": 100})
    try:
        with raw(srv.port) as ws:
            say(ws, type="hello", name="An", version=3)
            assert hear(ws)["type"] == "welcome"                  # one of the three
            for i in range(15):
                say(ws, type="ping", t=float(i))
            replies = [hear(ws) for _ in range(15)]
            assert [r["type"] for r in replies].count("pong") == 2
            assert [r.get("code") for r in replies if r["type"] == "error"] == ["rate_limited"] * 13
    finally:
        srv.stop()


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
