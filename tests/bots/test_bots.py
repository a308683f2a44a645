"""Bots: always legal, blind to hidden cards, deterministic, and they explain themselves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from tala_desktop.bots import LEVELS, make_bot
from tala_desktop.engine import GameState, Rules

from ..engine.randomplay import random_rules

FAST_LEVELS = ("random", "easy", "normal")


def play(levels, seed, rules=None, hard_samples=2):
    rules = rules or Rules(players=len(levels))
    bots = [make_bot(lv, seed + i, **({"max_samples": hard_samples} if lv == "hard" else {}))
            for i, lv in enumerate(levels)]
    st = GameState.new(rules, seed=seed, leader=seed % rules.players)
    while not st.is_over:
        s = st.to_move
        d = bots[s].decide(st.view(s))
        st.push(d.move)  # raises IllegalMoveError if a bot ever plays an illegal move
        assert d.reason.key.startswith(("bot.", "move.")), d.reason
    return st


@settings(max_examples=40, deadline=None)
@given(st_.integers(0, 2**31), st_.lists(st_.sampled_from(FAST_LEVELS), min_size=2, max_size=4))
def test_bots_only_play_legal_moves_under_any_rules(seed, levels):
    rules = random_rules(random.Random(seed), players=len(levels))
    play(levels, seed, rules)


def test_hard_bot_plays_whole_games_legally():
    for seed in range(2):
        play(["hard", "normal", "easy", "random"], seed)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_given_a_seed(level):
    a = play([level, "normal", "normal"], 11)
    b = play([level, "normal", "normal"], 11)
    assert [str(m) for m in a.history] == [str(m) for m in b.history]


def _shuffle_hidden(st: GameState, seat: int, rng: random.Random) -> GameState:
    """The same public position with every card ``seat`` cannot see dealt differently."""
    other = st.copy()
    hidden = []
    for s in range(st.n):
        if s != seat:
            known = st.eaten[s] | st.revealed[s]
            hidden += [c for c in range(52) if (st.hands[s] & ~known) >> c & 1]
    hidden += list(st.stock)
    rng.shuffle(hidden)
    for s in range(st.n):
        if s != seat:
            known = st.eaten[s] | st.revealed[s]
            k = (st.hands[s] & ~known).bit_count()
            other.hands[s] = known
            for c in hidden[:k]:
                other.hands[s] |= 1 << c
            hidden = hidden[k:]
    other.stock = hidden
    return other


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_plays_identically_when_the_hidden_cards_are_shuffled(level):
    rng = random.Random(5)
    st = GameState.new(Rules(), seed=21)
    checked = 0
    while not st.is_over and checked < 12:
        s = st.to_move
        twin = _shuffle_hidden(st, s, rng)
        opts = {"max_samples": 3} if level == "hard" else {}
        d1 = make_bot(level, 99, **opts).decide(st.view(s))
        d2 = make_bot(level, 99, **opts).decide(twin.view(s))
        assert d1 == d2
        checked += 1
        st.push(make_bot("normal", checked).decide(st.view(s)).move)


def test_all_levels_declare_u():
    from tala_desktop.engine import Move, parse_card, parse_move
    seat1 = [parse_card(t) for t in ["As", "2s", "3s", "7d", "7c", "7h", "9h", "10h", "Ks"]]
    top = parse_card("Jh")
    rest = [c for c in range(52) if c not in seat1 and c != top]
    hands = [rest[:10], seat1, rest[10:19], rest[19:28]]
    stock = [top] + rest[28:]
    for level in LEVELS:
        st = GameState.from_deal(Rules(), hands, stock, 0)
        st.push(Move(0, "discard", card=hands[0][0]))
        st.push(parse_move("1 draw"))
        assert any(m.kind == "u" for m in st.legal_moves())
        d = make_bot(level, 1, **({"max_samples": 2} if level == "hard" else {})).decide(st.view(1))
        assert d.move.kind == "u", level


def test_a_normal_bot_carries_its_own_weights():
    from dataclasses import replace

    from tala_desktop.bots.evaluate import P, Params

    def game(params):
        bots = [make_bot("normal", 40 + s) for s in range(4)]
        if params is not None:
            bots[0].params = params
        st = GameState.new(Rules(), seed=8, leader=0)
        while not st.is_over:
            st.push(bots[st.to_move].decide(st.view(st.to_move)).move)
        return [str(m) for m in st.history]

    before = Params(**{k: getattr(P, k) for k in Params.__dataclass_fields__})
    default = game(None)
    assert game(replace(P)) == default  # the same weights in a copy: the same game
    assert game(replace(P, ca_bonus=0.0, danger=5.0, mom_fear=0.0)) != default
    assert before == P  # the shared default weights are untouched
