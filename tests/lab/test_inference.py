"""Reading hidden hands from the record: the replay, the walk back through draws, the policy's verdicts."""

from __future__ import annotations

import random

from lab import make_bot as lab_bot
from lab.inference import PolicyModel, Record, hands_before, policy_weights
from tala_desktop.bots import make_bot
from tala_desktop.bots.determinize import determinize
from tala_desktop.bots.normal import NormalBot, eat_advantage
from tala_desktop.engine import GameState, Move, Rules
from tala_desktop.engine.moves import DISCARD, DRAW, EAT, TIMEOUT


def normal_game(seed: int, stop_after: int | None = None) -> tuple[GameState, list[GameState]]:
    """A game of four Normal bots and the state before every move (stopped early at a discard if asked)."""
    bots = [make_bot("normal", seed * 4 + s) for s in range(4)]
    st = GameState.new(Rules(players=4), seed=seed, leader=seed % 4, record_events=False)
    before: list[GameState] = []
    while not st.is_over:
        if stop_after is not None and len(st.history) >= stop_after and st.phase.value == "discard" and st.took:
            break
        before.append(st.copy())
        st.push(bots[st.to_move].decide(st.view(st.to_move)).move)
    return st, before


def record_for(st: GameState, seat: int, seed: int = 1, model: PolicyModel | None = None) -> Record:
    view = st.view(seat)
    rng = random.Random(seed)
    world = determinize(view.redacted_state(), seat, view.hand_counts, rng)
    return Record(view.redacted_state(), seat, world, rng, model)


def test_record_replays_the_public_table_as_it_stood_at_each_choice():
    st, before = normal_game(5, stop_after=24)
    seat = st.to_move
    record = record_for(st, seat)
    checked = 0
    for s in range(4):
        for choice in record.choices[s]:
            real, replayed = before[choice.index], choice.state
            assert replayed.to_move == real.to_move == s
            assert replayed.phase == real.phase
            assert replayed.piles == real.piles and replayed.eaten == real.eaten
            assert replayed.last_discard == real.last_discard
            assert [h.bit_count() for h in replayed.hands] == [h.bit_count() for h in real.hands]
            checked += 1
    assert checked >= 6
    assert not record.choices[seat]  # the seat's own choices are not evidence about the others


def test_walking_back_from_the_true_hand_keeps_every_recorded_move_possible():
    st, before = normal_game(8, stop_after=26)
    eat_cards = {i: st.history[i - 1].card for i, m in enumerate(st.history) if m.kind == EAT}
    for s in range(4):
        hands, _ = hands_before(st.history, s, st.hands[s], eat_cards, random.Random(s))
        for i, m in enumerate(st.history):
            if m.seat != s:
                continue
            assert hands[i].bit_count() == before[i].hands[s].bit_count()
            if m.kind == DISCARD:
                assert hands[i] >> m.card & 1
            if m.kind == EAT:
                assert not hands[i] >> eat_cards[i] & 1
            if m.kind == DRAW:  # the hand after the draw is the one before plus exactly one card
                after = next((hands[j] for j in range(i + 1, len(st.history)) if st.history[j].seat == s),
                             st.hands[s])
                assert (after & ~hands[i]).bit_count() == 1 and not hands[i] & ~after


def test_the_true_hands_explain_the_choices_better_than_random_ones():
    model = PolicyModel(temperature=2.0, walks=2)
    truth_total = random_total = 0.0
    counted = 0
    for seed in (3, 4, 6):
        st, _ = normal_game(seed, stop_after=22)
        seat = st.to_move
        record = record_for(st, seat, model=model)
        view = st.view(seat)
        rng = random.Random(seed)
        flat = [[1.0] * 52 for _ in range(4)]
        for s in range(4):
            if s == seat or not record.choices[s]:
                continue
            truth_total += record.log_likelihood(s, st.hands[s], rng)
            others = [determinize(view.redacted_state(), seat, view.hand_counts, rng, flat) for _ in range(8)]
            random_total += sum(record.log_likelihood(s, w.hands[s], rng) for w in others) / len(others)
            counted += 1
    assert counted >= 6
    assert truth_total / counted > random_total / counted + 2.0


def test_a_timeout_in_the_record_leaves_the_plain_sampler_in_charge():
    st = GameState.new(Rules(players=4), seed=2, leader=0, record_events=False)
    bots = [NormalBot(s) for s in range(4)]
    st.push(bots[0].decide(st.view(0)).move)
    st.push(Move(1, TIMEOUT))  # seat 1 runs out of time: its draw and discard depend on its hidden hand
    while st.to_move != 0 or not st.took:
        st.push(bots[st.to_move].decide(st.view(st.to_move)).move)
    view = st.view(0)
    assert policy_weights(view.redacted_state(), 0, view.hand_counts, random.Random(1), 8) is None
    move = lab_bot("hard", 1, max_samples=4, infer=8).decide(view).move
    assert st.is_legal(move)


def test_normal_eats_exactly_when_its_eat_advantage_says_so():
    seen = 0
    for seed in range(12):
        st = GameState.new(Rules(players=4), seed=100 + seed, leader=seed % 4, record_events=False)
        bot = NormalBot(seed)
        while not st.is_over:
            s = st.to_move
            legal = st.legal_moves()
            if any(m.kind == EAT for m in legal):
                margin = eat_advantage(bot, st, s, None)
                chosen = bot.decide_state(st, s, legal, None).move
                assert (chosen.kind == EAT) == (margin is not None and margin >= 0)
                seen += 1
            st.push(bot.decide_state(st, s, legal, None).move)
    assert seen >= 10
