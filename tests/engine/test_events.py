"""The engine's events are typed, immutable values; their JSON keeps the game notation's names and forms."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tala_desktop.engine import GameState, Outcome, OutcomeKind, Rules, TurnKind, record, redact_event
from tala_desktop.engine import events as ev
from tala_desktop.engine.cards import parse_card

from .randomplay import random_move, random_rules

C = parse_card


def test_every_event_of_random_games_is_a_typed_frozen_value():
    seen: set[type] = set()
    for seed in range(40):
        rng = random.Random(seed)
        st = GameState.new(random_rules(rng, players=2 + seed % 3), seed=seed, leader=0)
        while not st.is_over:
            st.push(random_move(st, rng, chaos=0.05, greedy=0.3))
        for e in st.events or []:
            assert isinstance(e, ev.Event) and dataclasses.is_dataclass(e)
            seen.add(type(e))
        assert isinstance(st.events[0], ev.Dealt) and isinstance(st.events[-1], ev.GameEnded)
    assert seen >= {ev.Dealt, ev.Turn, ev.Drew, ev.Ate, ev.Discarded, ev.Laid, ev.Sent, ev.Payment, ev.GameEnded}
    e = ev.Drew(1, C("7h"), 20)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.card = C("8h")


def test_a_copy_with_its_log_shares_the_events_but_not_the_list():
    st = GameState.new(Rules(), seed=3, leader=0)
    again = st.copy(record_events=True)
    assert again.events == st.events and again.events is not st.events
    st.push(st.legal_moves()[0])
    assert len(again.events or []) < len(st.events or [])


@pytest.mark.parametrize("event,notation", [
    (ev.Dealt(0, ((C("As"), C("2s")), (C("Kd"),)), (2, 1), 30),
     {"type": "dealt", "leader": 0, "hands": [["As", "2s"], ["Kd"]], "stock_count": 30}),
    (ev.Dealt(0, ((C("As"), C("2s")), None), (2, 1), 30),
     {"type": "dealt", "leader": 0, "hands": [["As", "2s"], None], "counts": [2, 1], "stock_count": 30}),
    (ev.Turn(2, TurnKind.LAY), {"type": "turn", "seat": 2, "kind": "lay"}),
    (ev.Drew(1, None, 12), {"type": "drew", "seat": 1, "card": None, "stock_count": 12}),
    (ev.Ate(1, 0, C("Qh"), True, 2, 3),
     {"type": "ate", "seat": 1, "victim": 0, "card": "Qh", "chot": True, "nth": 2, "starter": 3}),
    (ev.Moved(3, 0, C("10c")), {"type": "moved", "from": 3, "to": 0, "card": "10c"}),
    (ev.Laid(2, ((C("3h"), C("4h"), C("5h")),), False, 0),
     {"type": "laid", "seat": 2, "melds": [["3h", "4h", "5h"]], "mom": False, "order": 0}),
    (ev.Laid(2, (), True, 1), {"type": "laid", "seat": 2, "melds": [], "mom": True, "order": 1}),
    (ev.Sent(1, C("6h"), 2, 0), {"type": "sent", "seat": 1, "card": "6h", "target": 2, "index": 0}),
    (ev.Revealed(0, (C("Jd"), C("Js"))), {"type": "revealed", "seat": 0, "cards": ["Jd", "Js"]}),
    (ev.Declared(0, OutcomeKind.U_TRON), {"type": "u", "seat": 0, "kind": "u_tron"}),
    (ev.TimedOut(1), {"type": "timeout", "seat": 1}),
    (ev.SeatLeft(3), {"type": "left", "seat": 3}),
    (ev.Payment(1, 0, 40, "chot"), {"type": "payment", "from": 1, "to": 0, "amount": 40, "reason": "chot"}),
])
def test_an_events_json_is_the_notation_it_always_was(event, notation):
    assert json.loads(json.dumps(record.event_to_json(event))) == notation


def test_the_outcome_event_writes_the_outcome_beside_the_hands_left():
    outcome = Outcome(OutcomeKind.SHOWDOWN, 1, None, (1, 0), ("nhi", "nhat"), (12, 3), (-4, 4))
    got = record.event_to_json(ev.GameEnded(outcome, ((C("Kh"),), ())))
    assert got == {**outcome.to_dict(), "type": "outcome", "hands": [["Kh"], []]}


def test_redaction_makes_a_new_value_and_leaves_the_log_as_it_was():
    st = GameState.new(Rules(players=3), seed=8, leader=0)
    dealt = st.events[0]
    assert isinstance(dealt, ev.Dealt)
    seen = redact_event(dealt, 1)
    assert isinstance(seen, ev.Dealt) and seen.hands[0] is None and seen.hands[1] == dealt.hands[1]
    assert st.events[0] is dealt and all(h is not None for h in dealt.hands)
