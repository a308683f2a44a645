"""A watcher's view (seat None) holds exactly the public facts: no hidden card, no drawn or dealt card, no moves."""

from __future__ import annotations

import random

import pytest

from tala_desktop.engine import GameState, redact_event
from tala_desktop.engine.events import Dealt, Drew
from tala_desktop.engine.view import REDACTED_EVENTS

from .randomplay import random_move, random_rules


def _game_states(seed: int) -> list[GameState]:
    """Every state of one random game (copies, with their events), from the deal to the end."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    st = GameState.new(rules, seed=seed, leader=rng.randrange(rules.players))
    states = [st.copy(record_events=True)]
    while not st.is_over:
        st.push(random_move(st, rng, chaos=0.05, greedy=0.5))
        states.append(st.copy(record_events=True))
    return states


@pytest.mark.parametrize("seed", range(12))
def test_a_watcher_sees_only_public_cards_at_every_step(seed):
    for st in _game_states(seed):
        view = st.view(None)
        assert view.seat is None
        assert view.hand == 0
        assert view.legal == []
        assert view.redacted_state().stock == []
        assert view.stock_count == len(st.stock)
        for s in range(st.n):
            public = st.eaten[s] | st.revealed[s]
            assert view.known_cards(s) == public
            assert view.hand_counts[s] == st.hands[s].bit_count()
            # whatever a watcher knows of a hand, every seat knows too
            for other in range(st.n):
                assert view.known_cards(s) & ~st.view(other).known_cards(s) == 0
        assert view.public_cards() == st.table_cards()


def test_a_watcher_sees_no_dealt_and_no_drawn_card():
    st = GameState.new(random_rules(random.Random(5), players=4), seed=5, leader=0)
    rng = random.Random(5)
    while not st.is_over:
        st.push(random_move(st, rng, chaos=0.0))
    events = st.events or []
    dealt = [e for e in events if isinstance(e, Dealt)]
    drew = [e for e in events if isinstance(e, Drew)]
    assert dealt and drew
    for e in dealt:
        seen = redact_event(e, None)
        assert isinstance(seen, Dealt) and seen.hands == (None,) * st.n
        assert seen.counts == tuple(len(h) for h in e.hands if h is not None) and len(seen.counts) == st.n
    for e in drew:
        assert e.card is not None
        seen_draw = redact_event(e, None)
        assert isinstance(seen_draw, Drew) and seen_draw.card is None
    for e in events:  # the other events are public as they are
        if type(e) not in REDACTED_EVENTS:
            assert redact_event(e, None) is e


def test_a_seat_still_sees_its_own_dealt_hand_and_draws():
    """The watcher's redaction did not change what a seat sees of itself."""
    st = GameState.new(random_rules(random.Random(9), players=3), seed=9, leader=1)
    e = next(e for e in st.events or [] if isinstance(e, Dealt))
    for seat in range(st.n):
        seen = redact_event(e, seat)
        assert isinstance(seen, Dealt) and seen.hands[seat] == e.hands[seat]
        assert all(h is None for s, h in enumerate(seen.hands) if s != seat)
    view = st.view(st.to_move)
    assert view.legal and view.hand == st.hands[st.to_move]


def test_determinizing_a_watchers_view_may_place_every_hidden_card():
    """A watcher's view can be completed at every seat (none of them is its own)."""
    st = GameState.new(random_rules(random.Random(3), players=2), seed=3, leader=0)
    view = st.view(None)
    hidden = {s: st.hands[s] & ~view.known_cards(s) for s in range(st.n)}
    full = view.determinize(hidden, list(reversed(st.stock)))
    assert full.hands == st.hands
    assert full.stock == st.stock
