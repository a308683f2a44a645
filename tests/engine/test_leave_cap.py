"""A leave costs at most its Móm (RULES.md §10, rule decision 23): what a seat pays after leaving, whatever the
rest of the game brings (eats, chốt, Ù, đền), and the version 1 records that were played without that cap."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st_

from tala_desktop.engine import GameState, Move, MoveKind, Rules, record
from tala_desktop.engine.cards import parse_card
from tala_desktop.engine.moves import parse_move

from .randomplay import check_invariants, paid_after_leaving, random_move

seeds = st_.integers(min_value=0, max_value=2**32)
BET = 200


def play_with_a_leave(seed: int, players: int, balances: list[int]) -> tuple[GameState, int, int]:
    """A game of greedy random moves in which one seat (not the leader) leaves at a random step; returns the game,
    the leaver and its balance when it left."""
    rng = random.Random(seed)
    st = GameState.new(Rules(players=players), seed=seed, leader=0, bet=BET, balances=balances)
    leaver, when = rng.randrange(1, players), rng.randrange(0, 16)
    at_leave = -1
    for step in range(400):
        if st.is_over:
            break
        if step >= when and at_leave < 0:
            assert st.balances is not None
            at_leave = st.balances[leaver]
            st.push(Move(leaver, MoveKind.LEAVE))
        else:
            st.push(random_move(st, rng, chaos=0.0, greedy=0.9))
        check_invariants(st)
    assert st.is_over
    assume(at_leave >= 0)    # the game ended (an Ù) before the step the seat was to leave at
    return st, leaver, at_leave


@settings(max_examples=120, deadline=None)
@given(seeds, st_.integers(min_value=0, max_value=4000))
def test_at_two_seats_a_leave_costs_exactly_its_mom_or_what_is_left(seed, balance):
    st, leaver, at_leave = play_with_a_leave(seed, 2, [balance, balance])
    assert paid_after_leaving(st)[leaver] == min(4 * BET, at_leave)
    assert sum(st.net) == 0 and st.balances is not None and sum(st.balances) == 2 * balance


@settings(max_examples=120, deadline=None)
@given(seeds, st_.sampled_from([3, 4]))
def test_at_more_seats_a_leave_never_costs_more_than_its_mom(seed, players):
    st, leaver, _ = play_with_a_leave(seed, players, [5000] * players)
    assert paid_after_leaving(st)[leaver] <= 4 * BET
    assert sum(st.net) == 0


def test_a_game_recorded_before_the_cap_replays_as_it_was_played():
    """A version 1 record (from before the cap) replays without it: its stored outcome still matches."""
    path = Path(__file__).resolve().parent.parent / "scenarios" / "leave_cap_chot_uses_it_all.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    st = GameState.from_deal(Rules(players=2), [[parse_card(c) for c in h] for h in data["hands"]],
                             [parse_card(c) for c in data["stock"]], 0)
    for text in data["moves"]:
        st.push(parse_move(text))
    capped = record.game_to_obj(st)
    assert capped["version"] == record.VERSION == 2 and st.net == [4, -4]
    old = dict(capped, version=1)
    before = record.game_from_obj(old)
    assert before.net == [8, -8]                       # the chốt 4 and the whole Móm 4, as paid then
    assert record.game_to_obj(before)["version"] == 1  # and it is written back as what it is
    assert record.game_from_obj(capped).net == [4, -4]
