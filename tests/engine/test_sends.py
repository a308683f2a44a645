"""Gửi search: every card some order of sends can place is sendable, and a send order places as many raised cards
as any order can — checked against an exhaustive search over every sequence of sends."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tala_desktop.engine import Phom, parse_card
from tala_desktop.engine.cards import iter_bits, mask_of
from tala_desktop.engine.sends import send_order, sendable_cards


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def phom(text: str) -> Phom:
    return Phom(mask(text))


def test_a_chain_reaches_a_card_that_first_fit_misses():
    targets = [(1, 0, phom("4s 4c 4d")), (1, 1, phom("5h 6h 7h"))]
    hand = mask("Ac 2d 3h 4h 5c 8d Kh")
    assert sendable_cards(hand, targets) == mask("3h 4h")       # 4h onto the run, then 3h
    sends, stuck = send_order(cards("3h 4h"), targets)
    assert stuck == [] and sends == [(parse_card("4h"), 1, 1), (parse_card("3h"), 1, 1)]


def test_the_last_card_is_never_sendable():
    targets = [(1, 0, phom("5h 6h 7h"))]
    assert sendable_cards(mask("3h 4h"), targets) == mask("4h")   # 3h would empty the hand
    assert sendable_cards(mask("8h"), targets) == 0


def test_a_preferred_target_is_kept_when_it_works():
    targets = [(1, 0, phom("4s 4c 4d")), (2, 0, phom("5h 6h 7h"))]
    sends, stuck = send_order(cards("4h"), targets, {parse_card("4h"): (2, 0)})
    assert sends == [(parse_card("4h"), 2, 0)] and stuck == []
    sends, stuck = send_order(cards("4h Ks"), targets)
    assert [c for c, _, _ in sends] == cards("4h") and stuck == cards("Ks")


# ---------------------------------------------------------------------- against an exhaustive search
def _accepts_all(seq: list[tuple[int, int]], phoms: list[Phom]) -> bool:
    ps = [p.copy() for p in phoms]
    for c, i in seq:
        if not ps[i].accepts(c):
            return False
        ps[i].add(c)
    return True


def _every_sequence(hand: int, phoms: list[Phom], keep_one: bool):
    """Every legal sequence of sends from ``hand`` (no memo, no pruning)."""
    def rec(h: int, ps: list[Phom], seq: list[tuple[int, int]]):
        yield seq
        if keep_one and h.bit_count() < 2:
            return
        for c in iter_bits(h):
            for i, p in enumerate(ps):
                if p.accepts(c):
                    q = p.copy()
                    q.add(c)
                    yield from rec(h & ~(1 << c), ps[:i] + [q] + ps[i + 1:], seq + [(c, i)])
    yield from rec(hand, [p.copy() for p in phoms], [])


@st.composite
def positions(draw):
    """A few laid phỏm (sets and runs of nearby ranks) and a hand of cards around them."""
    used: set[int] = set()
    phoms: list[Phom] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            rank = draw(st.integers(0, 12))
            suits = draw(st.permutations(range(4)))[:3]
            pcards = [s * 13 + rank for s in suits]
        else:
            suit = draw(st.integers(0, 3))
            lo = draw(st.integers(0, 10))
            pcards = [suit * 13 + r for r in range(lo, lo + draw(st.integers(3, 4))) if r < 13]
        if len(pcards) < 3 or used & set(pcards):
            continue
        used |= set(pcards)
        phoms.append(Phom(mask_of(pcards)))
    if not phoms:
        phoms.append(Phom(mask_of([13 * 3 + 4, 13 * 3 + 5, 13 * 3 + 6])))
        used |= {13 * 3 + 4, 13 * 3 + 5, 13 * 3 + 6}
    near: set[int] = set()
    for p in phoms:
        pc = p.cards()
        if len({c % 13 for c in pc}) == 1:       # a set: the missing suits of its rank
            near |= {s * 13 + pc[0] % 13 for s in range(4)}
        else:                                    # a run: its suit around it
            near |= {pc[0] // 13 * 13 + r for r in range(max(0, min(pc) % 13 - 3), min(13, max(pc) % 13 + 4))}
    near = near - used
    hand = draw(st.lists(st.sampled_from(sorted(near)), min_size=1, max_size=5, unique=True)) if near else []
    for c in draw(st.lists(st.integers(0, 51), max_size=2)):   # and a card or two from anywhere
        if c not in used and c not in hand:
            hand.append(c)
    if not hand:
        hand = [next(c for c in range(52) if c not in used)]
    return phoms, hand


@settings(max_examples=250, deadline=None)
@given(positions())
def test_sendable_cards_is_every_card_some_order_of_sends_places(position):
    phoms, hand = position
    targets = [(1, i, p) for i, p in enumerate(phoms)]
    want = 0
    for seq in _every_sequence(mask_of(hand), phoms, keep_one=True):
        for c, _ in seq:
            want |= 1 << c
    assert sendable_cards(mask_of(hand), targets) == want


@settings(max_examples=250, deadline=None)
@given(positions())
def test_send_order_places_as_many_cards_as_any_order(position):
    phoms, hand = position
    targets = [(1, i, p) for i, p in enumerate(phoms)]
    raised = mask_of(hand)
    best = max(len(seq) for seq in _every_sequence(raised, phoms, keep_one=False))
    sends, stuck = send_order(hand, targets)
    assert len(sends) == best and sorted(stuck + [c for c, _, _ in sends]) == sorted(hand)
    assert _accepts_all([(c, k) for c, _, k in sends], phoms)     # the order is playable as given
