"""Moves from the network: a move that is not legal is refused (bad_move or a game code), never internal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tala_desktop.engine import Move, MoveKind
from tala_desktop.net import protocol as p
from tala_desktop.net.limits import ServerConfig
from tala_desktop.net.rooms import Room, RoomError

from .conftest import close_all, pump_until, seat_table


class SeatedMember:
    def __init__(self, name: str) -> None:
        self.name = name
        self.avatar: int | None = None
        self.addr = "127.0.0.1"
        self.person = f"person of {name}"
        self.dropped_at: float | None = None
        self.room: Room | None = None
        self.seat: int | None = None
        self.frames: list[str] = []

    @property
    def connected(self) -> bool:
        return True

    def send(self, frame: str) -> None:
        self.frames.append(frame)


@pytest.fixture(scope="module")
def room():
    config = ServerConfig(seed=5, bot_delay=0.0, hard_budget_ms=5.0)
    r = Room(1, p.TableSettings(seats=2, bots=["random", "random"]), config)
    host = SeatedMember("An")
    r.join(host, 0, None)
    r.start(host, 0.0)
    yield r, host
    r.close()


INTS = st.one_of(st.integers(-3, 60), st.integers(-(2 ** 70), 2 ** 70))
MASKS = st.one_of(st.integers(-(2 ** 60), 2 ** 60), st.integers(1, (1 << 52) - 1))
MOVES = st.builds(Move, seat=st.integers(-2, 5), kind=st.sampled_from(list(MoveKind)), card=INTS,
                  melds=st.lists(MASKS, max_size=5).map(tuple), target=INTS, index=st.one_of(st.none(), INTS))


@settings(max_examples=400, deadline=None, database=None)
@given(MOVES)
def test_no_move_value_is_answered_with_anything_but_a_refusal_or_a_move(room, move):
    r, host = room
    game = r.table.game_id
    try:
        r.move(host, game, move)
    except RoomError as exc:
        assert exc.code.isidentifier() and exc.code != "internal", (move, exc.code)  # a refusal the player reads
        return
    # it was a legal move: it applied, so the next game may need starting for the property to go on
    if r.table.state.is_over:
        r.next_game(host, r.table.now)


def test_odd_move_values_over_the_network_are_refused_as_invalid(server):
    players = seat_table(server, ["An", "Bình"], seats=2)
    a = players[0]
    try:
        for pl in players:
            pl.auto = False
        moves = ['"0 draw"', '["²","draw"]', '[0,"fly"]', '[0,"discard",99]', '[0,"lay",-1,[-7]]',
                 '[0,"send",5,[],1,-1]', '[0,"lay",-1,[7,56,448,3584]]', '[0,"draw",-1,[],-1,null,0]']
        for move in moves:
            a.client.send_raw(f'{{"type":"move","game_id":1,"move":{move}}}')
        pump_until(players, lambda: len(a.errors) >= len(moves), act=False)
        assert a.codes() == ["invalid"] * len(moves)
        a.client.ping()
        pump_until(players, lambda: a.last("pong") is not None, act=False)  # the connection is still served
    finally:
        close_all(players)
