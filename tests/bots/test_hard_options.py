"""Hard's search switches: the fitted leaf, the look-ahead after a take, the playout policy, the sim's --hard-option."""

from __future__ import annotations

import pytest

from tala_desktop.bots import make_bot
from tala_desktop.bots.hard import HardBot, normal_leaf, rival_leaf
from tala_desktop.bots.leaf import WEIGHTS, features, fitted_value
from tala_desktop.bots.normal import NormalBot
from tala_desktop.bots.sim import hard_options
from tala_desktop.engine import GameState, Move, Rules, parse_card
from tala_desktop.engine.moves import MoveKind


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


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
    bots = [make_bot("hard", 1, max_samples=3, leaf="fitted", take_ahead=True, others="normal", infer=4),
            make_bot("normal", 2), make_bot("easy", 3)]
    st = GameState.new(rules, seed=9, leader=0)
    while not st.is_over:
        st.push(bots[st.to_move].decide(st.view(st.to_move)).move)  # raises on an illegal move


def _after_a_take() -> tuple[GameState, int]:
    st = GameState.new(Rules(players=4), seed=12, leader=0, record_events=False)
    bot = NormalBot(1)
    st.push(bot.decide(st.view(0)).move)  # the leader's first discard
    st.push(Move(1, MoveKind.DRAW))         # seat 1 has taken: the option a take search would value
    return st, 1


def test_without_take_ahead_a_take_is_valued_at_once_and_with_it_the_playout_runs_on():
    st, seat = _after_a_take()
    at_once = st.copy()
    HardBot(1, take_ahead=False)._playout(at_once, seat, 5)
    assert len(at_once.history) == len(st.history)
    ahead = st.copy()
    HardBot(1, take_ahead=True)._playout(ahead, seat, 5)
    later = ahead.history[len(st.history):]
    assert any(m.seat != seat for m in later)  # the other seats played before its next take
    assert ahead.to_move == seat and ahead.took or ahead.is_over


def test_the_playout_policy_of_the_other_seats_is_chosen_by_name():
    assert type(HardBot(1, others="normal").policy) is NormalBot
    assert type(HardBot(1).policy) is not NormalBot
    with pytest.raises(ValueError):
        HardBot(1, others="perfect")
    with pytest.raises(ValueError):
        HardBot(1, leaf="oracle")


def test_the_sim_reads_hard_options_as_json_and_refuses_unknown_ones():
    assert hard_options(["take_ahead=true", "infer=40", "leaf=fitted"]) == {
        "take_ahead": True, "infer": 40, "leaf": "fitted"}
    for bad in (["take_ahead"], ["=3"], ["colour=red"], ["leaf=oracle"]):
        with pytest.raises(ValueError):
            hard_options(bad)


def test_the_leaf_scale_weighs_the_hand_value_against_the_money_won_meanwhile():
    st, seat = _after_a_take()
    hand_value = normal_leaf(st, seat, NormalBot(None))
    assert hand_value != 0.0
    assert HardBot(1)._leaf(st, seat) == pytest.approx(hand_value)
    assert HardBot(1, leaf_scale=0.5)._leaf(st, seat) == pytest.approx(0.5 * hand_value)
    assert HardBot(1, leaf_scale=0.5).spec()[2]["leaf_scale"] == 0.5
    assert hard_options(["leaf_scale=0.5"]) == {"leaf_scale": 0.5}


def test_the_rival_weight_counts_the_other_seats_hand_values_against_this_seats():
    st, seat = _after_a_take()
    own = HardBot(1)._leaf(st, seat)
    rivals = sum(rival_leaf(st, t, NormalBot(None)) for t in range(st.n) if t != seat)
    assert rivals != 0.0
    assert HardBot(1, rival_weight=0.5)._leaf(st, seat) == pytest.approx(own - 0.5 * rivals)
    assert HardBot(1, rival_weight=0.5).spec()[2]["rival_weight"] == 0.5


def test_the_search_samples_its_worlds_with_the_bots_sampler():
    """The peeking benches put their own sampler here (compiled code would not see a replaced function)."""
    st = GameState.new(Rules(players=4), seed=21, leader=0, record_events=False)
    bot = HardBot(1, max_samples=20)
    seen = []

    def true_deal(state, seat, hand_counts, rng, weights=None):
        seen.append(seat)
        return st.copy()

    bot.sampler = true_deal
    bot.decide(st.view(0))
    assert bot.last_samples == len(seen) == 20


def test_the_feed_penalty_is_taken_only_from_playouts_where_the_next_seat_eats_the_discard():
    """Dealt the true hands without a reshuffle, every playout of an option is the same game: the greedy next
    seat eats the discard exactly when it can, and only those options lose the penalty."""
    st = GameState.new(Rules(players=4), seed=SEED_WITH_A_FEED, leader=0, record_events=False)
    legal = st.legal_moves()
    plain, penalised = HardBot(1, max_samples=16), HardBot(1, max_samples=16, feed_penalty=5.0)
    options = plain._options(st, 0, legal, None, plain.decide_state(st, 0, legal, None))
    plain.sampler = penalised.sampler = lambda state, seat, counts, rng, weights=None: st.copy()
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
    assert penalised.spec()[2]["feed_penalty"] == 5.0 and plain.spec()[2]["feed_penalty"] == 0.0


SEED_WITH_A_FEED = 21
