"""Full LAN games: every view agrees with the server (on the core, and over websockets with the real clients);
the next game, refusals that change nothing, hints and chat (on the core, tests/net/core_table.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import msgspec
import pytest

from tala_desktop.engine import Move, MoveKind
from tala_desktop.net import protocol as p
from tala_desktop.table.messages import Hint

from .conftest import close_all, game_over, pump_until, seat_table
from .core_kit import CoreKit
from .core_table import CoreTable, typed


@pytest.fixture
def kit() -> Iterator[CoreKit]:
    with CoreKit() as k:
        yield k


def server_outcome(srv, room_id=1):
    return srv.call(lambda: srv.server.core.rooms[room_id].table.state.outcome)


@pytest.mark.parametrize("humans", [2, 3, 4])
def test_full_game_every_view_agrees_with_the_server(kit, humans):
    names = ["An", "Bình", "Chi", "Dũng"][:humans]
    t = CoreTable(kit, names, bet=50)
    assert [t.view(c)["seat"] for c in t.conns] == list(range(humans))
    t.play_until(t.game_over())
    table = kit.core.rooms[t.id].table
    truth, balances = table.state.outcome, table.balances[:]
    for conn in t.conns:
        snap = typed(t.view(conn))
        assert snap.outcome == truth
        assert snap.balances == balances
        assert snap.reveal is not None and len(snap.reveal) == humans
        assert t.codes(conn) == []
    assert sum(truth.net) == 0
    assert balances == [10_000 + truth.net[s] for s in range(humans)]


def test_full_game_with_bots_every_client_agrees_with_the_server(server):
    """Over websockets with the real clients, two of the four seats the server's bots."""
    players = seat_table(server, ["An", "Bình"], seats=4, bet=50)
    try:
        assert sorted(pl.client.seat for pl in players) == [0, 1]
        pump_until(players, game_over(players), timeout=20)
        truth = server_outcome(server)
        balances = server.call(lambda: server.server.core.rooms[1].table.balances[:])
        for pl in players:
            snap = pl.snap
            assert snap.outcome == truth
            assert snap.balances == balances
            assert snap.reveal is not None and len(snap.reveal) == 4
            assert not [c for c in pl.codes() if c != "not_your_turn"], pl.errors
        assert sum(truth.net) == 0
        assert balances == [10_000 + truth.net[s] for s in range(4)]
    finally:
        close_all(players)


def test_next_game_starts_when_every_player_asked(kit):
    t = CoreTable(kit, ["An", "Bình"])
    a, b = t.conns
    t.play_until(t.game_over())
    winner = typed(t.view(a)).outcome.winner
    kit.say(a, type="next_game")
    t.read()
    assert t.last(b, "lobby")["table"]["next_votes"] == [0]
    assert t.view(b)["game_id"] == 1  # one vote is not enough
    kit.say(b, type="next_game")
    t.play_until(lambda: all(t.view(c)["game_id"] == 2 for c in t.conns), act=False)
    assert t.view(a)["leader"] == winner
    t.play_until(t.game_over(2))
    assert typed(t.view(b)).outcome == kit.core.rooms[t.id].table.state.outcome


def test_refused_moves_reach_only_the_sender_and_change_nothing(kit):
    t = CoreTable(kit, ["An", "Bình"])
    a, b = t.conns
    assert t.view(a)["to_move"] == t.view(b)["to_move"] == 0
    room = kit.core.rooms[t.id]

    def state():
        snaps = [msgspec.to_builtins(room.table.snapshot(s)) for s in (0, 1)]
        for snap in snaps:
            snap["clock"].pop("remaining")
        return json.dumps(snaps, sort_keys=True)

    before = state()
    seen_a, seen_b = len(t.messages[a]), len(t.messages[b])
    hand = set(t.view(a)["hand"])
    missing = next(c for c in range(52) if c not in hand)
    t.send_move(a, Move(0, MoveKind.DISCARD, card=missing))            # illegal: not in hand
    t.send_move(a, Move(1, MoveKind.DRAW))                              # for another seat
    t.send_move(b, Move(1, MoveKind.DRAW))                              # out of turn
    t.send_move(a, Move(0, MoveKind.DISCARD, card=t.view(a)["hand"][0]), game_id=99)   # stale game id
    t.send_move(a, Move(0, MoveKind.TIMEOUT))                           # not a player's move
    kit.send(a, '{"type":"move","game_id":1,"move":"0 fly away"}')     # a move is a value, not text
    kit.tick(0.05)
    t.read()
    assert t.codes(a) == ["not_in_hand", "wrong_seat", "stale_game", "bad_move", "invalid"]
    assert t.codes(b) == ["not_your_turn"]
    assert state() == before
    assert {m["type"] for m in t.messages[a][seen_a:] + t.messages[b][seen_b:]} == {"error"}


def test_hint_and_chat_at_the_table(kit):
    t = CoreTable(kit, ["An", "Bình"])
    a, b = t.conns
    assert t.view(a)["to_move"] == 0
    kit.say(a, type="hint")
    kit.say(b, type="hint")
    kit.say(a, type="chat", text="  xin chào cả nhà  ")
    t.read()
    hint = p.decode_server_frame(json.dumps(t.last(a, "hint")))
    assert isinstance(hint, Hint) and hint.move in typed(t.view(a)).legal
    assert t.codes(b) == ["not_your_turn"]
    chat = p.decode_server_frame(json.dumps(t.last(b, "chat")))
    assert chat == p.ChatEvent(seat=0, name="An", text="xin chào cả nhà", watching=False)
    kit.say(b, type="chat", text="x" * 201)
    t.read()
    assert t.codes(b) == ["not_your_turn", "bad_chat"]
