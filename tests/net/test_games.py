"""Full LAN games with 2-4 real clients over websockets: every view agrees with the server; refusals change nothing."""

from __future__ import annotations

import json
import time

import msgspec
import pytest

from tala_desktop.engine import Move, MoveKind
from tala_desktop.net import protocol as p
from tala_desktop.table.messages import Error

from .conftest import close_all, game_over, pump_until, seat_table


def server_outcome(srv, room_id=1):
    return srv.call(lambda: srv.server.core.rooms[room_id].table.state.outcome)


@pytest.mark.parametrize("humans,seats", [(2, 2), (3, 3), (4, 4), (2, 4)])
def test_full_game_every_client_agrees_with_the_server(server, humans, seats):
    names = ["An", "Bình", "Chi", "Dũng"][:humans]
    players = seat_table(server, names, seats=seats, bet=50)
    try:
        assert sorted(pl.client.seat for pl in players) == list(range(humans))
        pump_until(players, game_over(players), timeout=20)
        truth = server_outcome(server)
        balances = server.call(lambda: server.server.core.rooms[1].table.balances[:])
        for pl in players:
            snap = pl.snap
            assert snap.outcome == truth
            assert snap.balances == balances
            assert snap.reveal is not None and len(snap.reveal) == seats
            assert not [c for c in pl.codes() if c != "not_your_turn"], pl.errors
        assert sum(truth.net) == 0
        assert balances == [10_000 + truth.net[s] for s in range(seats)]
    finally:
        close_all(players)


def test_next_game_starts_when_every_player_asked(server):
    players = seat_table(server, ["An", "Bình"], seats=2)
    try:
        pump_until(players, game_over(players), timeout=20)
        winner = players[0].snap.outcome.winner
        players[0].client.next_game()
        pump_until(players, lambda: players[1].last("lobby").table.next_votes == [0], act=False)
        assert players[1].snap.game_id == 1  # one vote is not enough
        players[1].client.next_game()
        pump_until(players, lambda: all(pl.snap.game_id == 2 for pl in players), act=False)
        assert players[0].snap.leader == winner
        pump_until(players, game_over(players, 2), timeout=20)
        assert players[1].snap.outcome == server_outcome(server)
    finally:
        close_all(players)


def test_refused_moves_reach_only_the_sender_and_change_nothing(server):
    players = seat_table(server, ["An", "Bình"], seats=2)
    a, b = players
    try:
        for pl in players:
            pl.auto = False
        pump_until(players, lambda: a.snap.to_move == 0 and b.snap.to_move == 0, act=False)
        def state():
            room = server.call(lambda: server.server.core.rooms[1])
            snaps = server.call(lambda: [msgspec.to_builtins(room.table.snapshot(s)) for s in (0, 1)])
            for snap in snaps:
                snap["clock"].pop("remaining")
            return json.dumps(snaps, sort_keys=True)

        before = state()
        seen_a, seen_b = len(a.messages), len(b.messages)
        hand = set(a.snap.hand)
        missing = next(c for c in range(52) if c not in hand)
        a.client.send_move(Move(0, MoveKind.DISCARD, card=missing))        # illegal: not in hand
        a.client.send_move(Move(1, MoveKind.DRAW))                          # for another seat
        b.client.send_move(Move(1, MoveKind.DRAW))                          # out of turn
        a.client.game_id = 99
        a.client.send_move(Move(0, MoveKind.DISCARD, card=a.snap.hand[0]))  # stale game id
        a.client.game_id = 1
        a.client.send_move(Move(0, MoveKind.TIMEOUT))                       # not a player's move
        a.client.send_raw('{"type":"move","game_id":1,"move":"0 fly away"}')  # a move is a value, not text
        pump_until(players, lambda: len(a.errors) >= 5 and len(b.errors) >= 1, act=False)
        time.sleep(0.1)
        for pl in players:
            pl.pump()
        assert a.codes() == ["not_in_hand", "wrong_seat", "stale_game", "bad_move", "invalid"]
        assert b.codes() == ["not_your_turn"]
        assert state() == before
        assert {type(m) for m in a.messages[seen_a:] + b.messages[seen_b:]} == {Error}
    finally:
        close_all(players)


def test_hint_and_chat_over_the_network(server):
    players = seat_table(server, ["An", "Bình"], seats=2)
    a, b = players
    try:
        a.auto = b.auto = False
        pump_until(players, lambda: a.snap.to_move == 0, act=False)
        a.client.request_hint()
        b.client.request_hint()
        a.client.chat("  xin chào cả nhà  ")
        pump_until(players, lambda: a.last("hint") is not None and b.errors and b.last("chat") is not None, act=False)
        assert a.last("hint").move in a.snap.legal
        assert b.codes()[0] == "not_your_turn"
        assert b.last("chat") == p.ChatEvent(seat=0, name="An", text="xin chào cả nhà", watching=False)
        b.client.chat("x" * 201)
        pump_until(players, lambda: len(b.errors) == 2, act=False)
        assert b.codes()[1] == "bad_chat"
    finally:
        close_all(players)
