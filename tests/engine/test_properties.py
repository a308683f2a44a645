"""Property tests: RULES.md §12 invariants under random play, replay round-trips, legal = accepted."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from tala_desktop.engine import EngineError, GameState, IllegalMoveError, Move, MoveKind, record
from tala_desktop.engine.cards import FULL_DECK, iter_bits

from .randomplay import check_invariants, play_random_game, random_move, random_rules

seeds = st_.integers(min_value=0, max_value=2**32)


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_invariants_hold_at_every_step(seed):
    play_random_game(seed)


@settings(max_examples=60, deadline=None)
@given(seeds, st_.lists(st_.integers(min_value=0, max_value=60), min_size=2, max_size=4))
def test_balances_cap_payments_and_money_is_zero_sum(seed, balances):
    rng = random.Random(seed)
    rules = random_rules(rng, players=len(balances))
    st = play_random_game(seed, rules, balances=list(balances))
    assert sum(st.balances) == sum(balances)
    assert all(b >= 0 for b in st.balances)
    assert [b0 + d for b0, d in zip(balances, st.net)] == st.balances


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_serialise_and_replay_byte_for_byte(seed):
    st = play_random_game(seed, check=False)
    text = record.dumps(st)
    again = record.loads(text)
    assert record.dumps(again) == text
    assert record.events_json(again.events) == record.events_json(st.events)
    assert again.outcome == st.outcome


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_same_seed_same_game(seed):
    a = play_random_game(seed, check=False)
    b = play_random_game(seed, check=False)
    assert record.events_json(a.events) == record.events_json(b.events)


def _candidate_moves(st: GameState) -> list[Move]:
    """Many moves, legal or not, for the seat to move and its neighbours."""
    out = []
    for s in range(st.n):
        out += [Move(s, k) for k in (MoveKind.DRAW, MoveKind.EAT, MoveKind.U, MoveKind.UKHAN)]
        out += [Move(s, MoveKind.DISCARD, card=c) for c in range(52)]
        hand = st.hands[s]
        out += [Move(s, MoveKind.SEND, card=c, target=t) for c in iter_bits(hand) for t in range(st.n)]
        out += [Move(s, MoveKind.SEND, card=c, target=t, index=k) for c in iter_bits(hand)
                for t in range(st.n) for k in range(len(st.laid[t]))]
    out += [Move(st.to_move, MoveKind.LAY, melds=())]
    return out


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_every_legal_move_applies_and_every_other_is_refused(seed):
    rng = random.Random(seed)
    st = GameState.new(random_rules(rng), seed=seed, leader=rng.randrange(2))
    while not st.is_over:
        legal = st.legal_moves()
        assert legal, "a live game always has a legal move"
        for m in legal:
            st.copy().push(m)  # must not raise
            assert st.check(m) == m, "legal moves are in canonical form"
        legal_set = set(legal)
        for m in _candidate_moves(st):
            if m in legal_set:
                continue
            try:
                canon = st.check(m)
            except IllegalMoveError:
                continue
            assert canon in legal_set, f"{m} accepted but not listed as legal"
        before = record.dumps(st)
        bad = Move(st.to_move, "discard", card=next(c for c in range(52) if not st.hands[st.to_move] >> c & 1))
        try:
            st.push(bad)
            raise AssertionError("a card not in the hand was discarded")
        except IllegalMoveError:
            pass
        assert record.dumps(st) == before, "a refused move changed the game"
        st.push(random_move(st, rng, chaos=0.01))
        check_invariants(st)


def test_refused_moves_raise_typed_errors():
    st = GameState.new(seed=3)
    for m in (Move(1, "draw"), Move(0, "draw"), Move(0, "eat"), Move(0, "lay"), Move(9, "draw")):
        try:
            st.push(m)
        except IllegalMoveError as exc:
            assert exc.code and str(exc)
        else:
            raise AssertionError(f"{m} was accepted")
    assert isinstance(IllegalMoveError("x"), (EngineError, ValueError))


def test_card_census_is_full_deck_at_start():
    assert GameState.new(seed=1).card_census() == FULL_DECK
