"""The lab's Hard variants: the fitted leaf, the look-ahead after a take, the playout policy, the sampler, and the
one hook they plug into, which with the app's options searches exactly as the app's Hard does."""

from __future__ import annotations

import random

import pytest

from lab import make_bot as lab_bot
from lab import parse_options
from lab.leaf import WEIGHTS, features, fitted_value
from lab.search import LabSearch, Variant, rival_leaf
from tala_desktop.bots import make_bot
from tala_desktop.bots.determinize import determinize
from tala_desktop.bots.hard import HardBot, HardConfig, normal_leaf
from tala_desktop.bots.normal import NormalBot
from tala_desktop.engine import GameState, Move, Rules, parse_card
from tala_desktop.engine.moves import MoveKind


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def search_of(**options) -> LabSearch:
    return LabSearch(HardBot(1), Variant(**options))


def searched(bot: HardBot, st: GameState) -> tuple[list[float], int]:
    """The per-option means and the samples of ``bot``'s search of the move to make in ``st``."""
    seat = st.to_move
    view = st.view(seat)
    red, legal, counts = view.redacted_state(), view.legal, view.hand_counts
    bot.rng = random.Random(f"{bot.seed}:{len(red.history)}:{seat}")
    base = NormalBot.decide_state(bot, red, seat, legal, counts)
    options = bot._options(red, seat, legal, counts, base)
    means, _, samples = bot._search(red, seat, counts, options, float("inf"), options.index(base.move))
    return means, samples


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fitted_leaf_reads_one_weight_per_feature_at_any_table_size(players):
    st = GameState.new(Rules(players=players), seed=3, leader=0, record_events=False)
    assert len(features(st, 0, normal_leaf(st, 0, NormalBot(None)))) == len(WEIGHTS)


def test_the_fitted_leaf_values_a_table_lower_when_a_rival_holds_more_phom():
    me = cards("As 2s 3s 7d 7c 9h 10h Kc Jd Qd")  # the leader: ten cards
    ready = cards("4h 5h 6h 8c 8d 8s Jc Js Jh")    # three phỏm
    loose = cards("4h 6c 8d 10s Qh Kd 2c 5d 9s")   # none
    values = []
    for rival in (loose, ready):
        others = [c for c in range(52) if c not in me and c not in rival]
        hands = [me, rival, others[:9], others[9:18]]
        st = GameState.from_deal(Rules(players=4), hands, others[18:], 0, record_events=False)
        values.append(fitted_value(st, 0, normal_leaf(st, 0, NormalBot(None)), WEIGHTS))
    assert values[1] < values[0]


def test_a_hard_bot_with_every_switch_plays_a_whole_game_legally():
    rules = Rules(players=3)
    bots = [lab_bot("hard", 1, max_samples=3, leaf="fitted", take_ahead=True, others="normal", infer=4),
            make_bot("normal", 2), make_bot("easy", 3)]
    st = GameState.new(rules, seed=9, leader=0)
    while not st.is_over:
        st.push(bots[st.to_move].decide(st.view(st.to_move)).move)  # raises on an illegal move


@pytest.mark.parametrize("seed", [4, 11, 23])
def test_the_hook_with_the_apps_options_searches_exactly_as_the_apps_hard(seed):
    st = GameState.new(Rules(players=4), seed=seed, leader=0, record_events=False)
    normal = NormalBot(seed)
    checked = 0
    while not st.is_over and checked < 4:
        if len(st.legal_moves()) > 1:
            app = make_bot("hard", seed, max_samples=16)
            hooked = lab_bot("hard", seed, max_samples=16, sampler=determinize)  # a LabSearch with Variant()
            assert isinstance(hooked, HardBot) and isinstance(hooked.strategy, LabSearch)
            assert isinstance(app, HardBot) and app.strategy is None
            assert searched(hooked, st) == searched(app, st)
            checked += 1
        st.push(normal.decide(st.view(st.to_move)).move)
    assert checked == 4


def test_the_apps_options_give_the_apps_hard_and_a_variant_stays_in_this_process():
    plain = lab_bot("hard", 3, budget_ms=150, leaf="normal", horizon=1)  # the app's options, said out loud
    assert isinstance(plain, HardBot) and plain.strategy is None
    level, seed, options = plain.spec()
    assert (level, seed, options) == ("hard", 3, {"budget_ms": 150, "max_samples": None, "candidates": 4,
                                                  "min_gain_se": 2.0})
    rebuilt = make_bot(level, seed, **options)
    assert isinstance(rebuilt, HardBot) and rebuilt.config == plain.config == HardConfig(budget_ms=150)
    variant = lab_bot("hard", 3, others="normal")
    with pytest.raises(ValueError, match="cannot be rebuilt in another process"):
        variant.spec()
    with pytest.raises(TypeError):
        lab_bot("normal", 3, infer=4)


def _after_a_take() -> tuple[GameState, int]:
    st = GameState.new(Rules(players=4), seed=12, leader=0, record_events=False)
    bot = NormalBot(1)
    st.push(bot.decide(st.view(0)).move)  # the leader's first discard
    st.push(Move(1, MoveKind.DRAW))         # seat 1 has taken: the option a take search would value
    return st, 1


def test_without_take_ahead_a_take_is_valued_at_once_and_with_it_the_playout_runs_on():
    st, seat = _after_a_take()
    at_once = st.copy()
    search_of(take_ahead=False).playout(at_once, seat, 5)
    assert len(at_once.history) == len(st.history)
    app = st.copy()
    HardBot(1).playout(app, seat, 5)
    assert len(app.history) == len(st.history)   # the app's Hard too
    ahead = st.copy()
    search_of(take_ahead=True).playout(ahead, seat, 5)
    later = ahead.history[len(st.history):]
    assert any(m.seat != seat for m in later)  # the other seats played before its next take
    assert ahead.to_move == seat and ahead.took or ahead.is_over


def test_the_playout_policy_of_the_other_seats_is_chosen_by_name():
    assert type(search_of(others="normal").policy) is NormalBot
    assert type(search_of().policy) is not NormalBot
    for bad in ({"others": "perfect"}, {"leaf": "oracle"}, {"horizon": 0}):
        with pytest.raises(ValueError):
            Variant(**bad)


def test_the_sim_reads_hard_options_as_json_and_refuses_unknown_ones():
    assert parse_options(["take_ahead=true", "infer=40", "leaf=fitted", "budget_ms=50"]) == {
        "take_ahead": True, "infer": 40, "leaf": "fitted", "budget_ms": 50}
    for bad in (["take_ahead"], ["=3"], ["colour=red"], ["leaf=oracle"]):
        with pytest.raises(ValueError):
            parse_options(bad)


def test_the_leaf_scale_weighs_the_hand_value_against_the_money_won_meanwhile():
    st, seat = _after_a_take()
    hand_value = normal_leaf(st, seat, NormalBot(None))
    assert hand_value != 0.0
    assert search_of().leaf(st, seat) == pytest.approx(hand_value)
    assert search_of(leaf_scale=0.5).leaf(st, seat) == pytest.approx(0.5 * hand_value)
    assert parse_options(["leaf_scale=0.5"]) == {"leaf_scale": 0.5}


def test_the_rival_weight_counts_the_other_seats_hand_values_against_this_seats():
    st, seat = _after_a_take()
    own = search_of().leaf(st, seat)
    rivals = sum(rival_leaf(st, t, NormalBot(None)) for t in range(st.n) if t != seat)
    assert rivals != 0.0
    assert search_of(rival_weight=0.5).leaf(st, seat) == pytest.approx(own - 0.5 * rivals)


def test_the_search_samples_its_worlds_with_the_bots_sampler():
    """The peeking benches deal the true hands through the sampler."""
    st = GameState.new(Rules(players=4), seed=21, leader=0, record_events=False)
    seen = []

    def true_deal(state, seat, hand_counts, rng, weights=None):
        seen.append(seat)
        return st.copy()

    bot = lab_bot("hard", 1, max_samples=20, sampler=true_deal)
    assert isinstance(bot, HardBot)
    bot.decide(st.view(0))
    assert bot.last_samples == len(seen) == 20


def test_the_feed_penalty_is_taken_only_from_playouts_where_the_next_seat_eats_the_discard():
    """Dealt the true hands without a reshuffle, every playout of an option is the same game: the greedy next
    seat eats the discard exactly when it can, and only those options lose the penalty."""
    st = GameState.new(Rules(players=4), seed=SEED_WITH_A_FEED, leader=0, record_events=False)
    legal = st.legal_moves()

    def deal(state, seat, counts, rng, weights=None):
        return st.copy()

    plain = lab_bot("hard", 1, max_samples=16, sampler=deal)
    penalised = lab_bot("hard", 1, max_samples=16, feed_penalty=5.0, sampler=deal)
    assert isinstance(plain, HardBot) and isinstance(penalised, HardBot)
    options = plain._options(st, 0, legal, None, plain.decide_state(st, 0, legal, None))
    means_a, _, _ = plain._search(st, 0, None, options, float("inf"), 0)
    means_b, _, _ = penalised._search(st, 0, None, options, float("inf"), 0)
    eaten = []
    for m in options:
        g = st.copy()
        g.push_unchecked(m)
        eaten.append(any(x.kind is MoveKind.EAT for x in g.legal_moves()))
    assert True in eaten and False in eaten                  # the deal offers both kinds of discard
    for fed, a, b in zip(eaten, means_a, means_b):
        assert b == pytest.approx(a - 5.0 * fed)


SEED_WITH_A_FEED = 21
