"""The learned card model: its features read only the public record, and it foresees the hands better than chance."""

from __future__ import annotations

import math

import pytest

from lab import make_bot as lab_bot
from lab.card_model import COEF, NAMES, features, learned_weights, log_odds
from lab.search import LabSearch, Variant
from tala_desktop.bots import knowledge, make_bot
from tala_desktop.bots.determinize import card_weights, determinize
from tala_desktop.engine import GameState, Phase, Rules


def _positions(games: int, first: int = 500):
    """(the full state, the deciding seat, its view) at every discard decision of ``games`` Normal games."""
    for game in range(first, first + games):
        bots = [make_bot("normal", game * 16 + s) for s in range(4)]
        st = GameState.new(Rules(players=4), seed=game, leader=game % 4, record_events=False)
        while not st.is_over:
            s0 = st.to_move
            if st.phase is Phase.DISCARD and st.took:
                yield st, s0, st.view(s0)
            st.push(bots[s0].decide(st.view(s0)).move)


def test_one_coefficient_per_feature_and_a_row_for_every_unseen_card_of_every_hiding_seat():
    assert len(COEF) == len(NAMES)
    st, seat, view = next(p for i, p in enumerate(_positions(1)) if i == 6)
    red = view.redacted_state()
    rows = features(red, seat, view.hand_counts)
    unseen = knowledge.unseen_mask(red, seat)
    hidden = knowledge.hidden_counts(red, seat, view.hand_counts)
    assert set(rows) == {t for t in range(4) if t != seat and hidden[t]}
    for cells in rows.values():
        assert sorted(cells) == [c for c in range(52) if unseen >> c & 1]
        assert all(len(r) == len(NAMES) for r in cells.values())


def test_the_features_are_the_same_whatever_the_hidden_cards_are():
    """Read from the seat's view: dealing the other seats other hidden cards changes nothing."""
    st, seat, view = next(p for i, p in enumerate(_positions(1, first=77)) if i == 10)
    red = view.redacted_state()
    assert features(red, seat, view.hand_counts) == features(st, seat, view.hand_counts)


def test_a_neighbour_of_a_thrown_card_weighs_less_than_the_same_card_untouched():
    st, seat, view = next(p for i, p in enumerate(_positions(1, first=31)) if i == 9)
    rows = features(view.redacted_state(), seat, view.hand_counts)
    cells = next(iter(rows.values()))
    row = list(next(iter(cells.values())))
    thrown = list(row)
    thrown[NAMES.index("thr_rank")] += 1.0
    assert log_odds(thrown) < log_odds(row)


def test_the_fitted_chances_foresee_unseen_games_hands_better_than_chance_and_the_hand_set_weights():
    """Scored as the fit was scored: each cell's fitted chance against the uniform guess and card_weights."""
    uniform = hand_set = learned = 0.0
    cells = 0
    for st, seat, view in _positions(8):
        red = view.redacted_state()
        hidden = knowledge.hidden_counts(red, seat, view.hand_counts)
        cw = card_weights(red, seat)
        for t, rows in features(red, seat, view.hand_counts).items():
            total = sum(cw[t][c] for c in rows)
            for c, row in rows.items():
                held = st.hands[t] >> c & 1
                for q, acc in ((1 / (1 + math.exp(-log_odds(row))), "learned"),
                               (min(0.999, hidden[t] * cw[t][c] / total), "hand_set"),
                               (hidden[t] / len(rows), "uniform")):
                    ll = math.log(q if held else 1 - q)
                    if acc == "learned":
                        learned += ll
                    elif acc == "hand_set":
                        hand_set += ll
                    else:
                        uniform += ll
                cells += 1
    assert cells > 10_000
    learned, hand_set, uniform = learned / cells, hand_set / cells, uniform / cells
    assert learned > hand_set + 0.01 and learned > uniform + 0.01, (learned, hand_set, uniform)


def test_hard_samples_with_the_learned_weights_on_request_and_refuses_an_unknown_weighing():
    st = GameState.new(Rules(players=4), seed=21, leader=0, record_events=False)
    given = []

    def sampler(state, seat, hand_counts, rng, weights=None):
        given.append(weights)
        return determinize(state, seat, hand_counts, rng, weights)

    bot = lab_bot("hard", 1, max_samples=10, weights="learned", sampler=sampler)
    bot.decide(st.view(0))
    assert given and all(w == learned_weights(st.view(0).redacted_state(), 0, st.view(0).hand_counts)
                         for w in given)
    assert isinstance(bot.strategy, LabSearch) and bot.strategy.variant.weights == "learned"
    with pytest.raises(ValueError):
        Variant(weights="peeking")
