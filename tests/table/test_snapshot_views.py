"""A seat's snapshot is the public one with its own hand and moves: built once per change, it shows each seat what
it showed when every seat's was built whole, and never a card the seat may not see."""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as hs

from tala_desktop.engine import GameState, Phase
from tala_desktop.engine.cards import cards_of
from tala_desktop.engine.legal import legal_moves
from tala_desktop.table.messages import Clock, Snapshot
from tala_desktop.table.snapshot import public_snapshot, seat_view

from ..engine.randomplay import random_move, random_rules
from .card_finder import cards_in
from .test_table import make_table, run_until_over

SEAT_FIELDS = {"seat", "hand", "known", "legal"}     # what differs from one seat to another


def whole(st: GameState, seat: int | None) -> dict:
    """What ``seat`` may see of its own, built field by field from the game."""
    over = st.phase is Phase.GAME_OVER
    return {"seat": seat, "hand": [] if seat is None else cards_of(st.held(seat)),
            "known": [[] if s == seat else cards_of(st.revealed[s] & ~st.eaten[s]) for s in range(st.n)],
            "legal": legal_moves(st) if seat is not None and st.to_move == seat and not over else []}


def hidden_from(st: GameState, seat: int | None) -> int:
    """The cards ``seat`` may not see now: the stock, and the others' hands but their eaten and revealed cards
    (every hand is shown at the game's end)."""
    if st.is_over:
        return 0
    mask = sum(1 << c for c in st.stock)
    for s in range(st.n):
        if s != seat:
            mask |= st.hands[s] & ~st.eaten[s] & ~st.revealed[s]
    return mask


def check_views(st: GameState, game_id: int) -> None:
    clock = Clock(seat=st.to_move, deadline=12.5, seconds=30, remaining=3.0)
    public = public_snapshot(st, game_id=game_id, names=[f"P{i}" for i in range(st.n)],
                             balances=[1000 * (i + 1) for i in range(st.n)], clock=clock, bet=10, thinking=None)
    shared = {f: getattr(public, f) for f in Snapshot.__struct_fields__ if f not in SEAT_FIELDS}
    assert seat_view(public, st, None) is public
    for seat in (None, *range(st.n)):
        view = seat_view(public, st, seat)
        mine = whole(st, seat)
        assert {f: getattr(view, f) for f in SEAT_FIELDS} == mine
        assert {f: getattr(view, f) for f in shared} == shared
        leaked = cards_in(view) & {c for c in range(52) if hidden_from(st, seat) >> c & 1}
        assert not leaked, f"seat {seat} was shown {sorted(leaked)}"
    encoded = msgspec.json.encode(public)
    for seat in range(st.n):          # a seat's view changes nothing the others' are made of
        seat_view(public, st, seat)
    assert msgspec.json.encode(public) == encoded


@settings(max_examples=25, deadline=None)
@given(hs.integers(0, 10 ** 6))
def test_each_seats_view_of_random_games_is_its_whole_snapshot(seed):
    rng = random.Random(seed)
    st = GameState.new(random_rules(rng), seed=seed, leader=0, balances=None)
    greedy = rng.choice((0.0, 0.5, 0.9))
    while True:
        check_views(st, 3)
        if st.is_over:
            break
        st.push(random_move(st, rng, 0.02, greedy))


def test_a_table_sends_every_seat_and_the_watchers_their_views_over_a_game():
    table = make_table(("easy", "normal", "random", "normal"), human=False)
    for seat in (None, *range(table.n)):
        table.open_feed(seat)
    table.start_game(0.0)
    run_until_over(table, None)
    st = table.state
    assert st is not None
    for seat in (None, *range(table.n)):
        snaps = [m for m in table.drain(seat) if isinstance(m, Snapshot)]
        assert snaps and all(s.seat == seat for s in snaps)
        last = snaps[-1]
        assert last == table.snapshot(seat) and {f: getattr(last, f) for f in SEAT_FIELDS} == whole(st, seat)
