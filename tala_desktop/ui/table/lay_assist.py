"""Lay assist: the engine-backed suggestions of the table scene (eat helpers, raised phỏm, sends, sorting).

Pure functions over card masks (no pygame): which of your cards complete
the card you may eat, the best arrangement to raise at the lay-down turn,
whether the raised cards can be laid (and why not), the sends to raise and
their targets, the move strings for ``lay`` and ``send``, and the two hand
orders of "Xếp bài", and the points your hand would count now.
"""

from __future__ import annotations

from dataclasses import dataclass

from tala_desktop.engine import (
    Move,
    MoveKind,
    Phom,
    best_arrangement,
    best_lay_plan,
    card_label,
    find_melds,
    plan_sends,
)
from tala_desktop.engine.cards import cards_of, iter_bits, mask_of, points
from tala_desktop.engine.sends import send_order, sendable_cards
from tala_desktop.engine.solver import iter_packings

from ..core.i18n import tr

Target = tuple[int, int, Phom]


def eat_helpers(hand: int, eaten: int, card: int, ace_high: bool = False) -> set[int]:
    """Cards of ``hand`` that make a phỏm with ``card`` (holding no other eaten card)."""
    bit = 1 << card
    out = 0
    for m in find_melds(hand | bit, ace_high):
        if m & bit and (m & (eaten | bit)).bit_count() == 1:
            out |= m
    return set(iter_bits(out & ~bit))


@dataclass(frozen=True)
class LayCheck:
    """Whether the raised cards can be laid: the phỏm they split into, or why not."""

    ok: bool
    melds: tuple[int, ...] = ()
    reason: str = ""
    groups: tuple[int, ...] = ()           # phỏm to outline (the valid part when not ok)
    stray: frozenset[int] = frozenset()    # raised cards in no phỏm


def suggest_lay(hand: int, eaten: int, targets: list[Target], ace_high: bool = False,
                face10: bool = False) -> tuple[int, ...]:
    """The phỏm to raise at the lay-down turn: the best lay counting the sends it allows."""
    plan = best_lay_plan(hand, eaten, targets, ace_high, face10)
    if plan is not None:
        return plan.melds
    arr = best_arrangement(hand, eaten, ace_high, face10)
    if arr is None or not hand & ~arr.covered:
        return ()
    return arr.melds


def check_lay(raised: int, hand: int, eaten: int, ace_high: bool = False) -> LayCheck:
    """Can exactly the ``raised`` cards be laid as phỏm (RULES.md §6)?"""
    if eaten & ~raised:
        missing = cards_of(eaten & ~raised)[0]
        return LayCheck(False, reason=tr("status.eaten_not_raised", card=card_label(missing)),
                        groups=_partial(raised, eaten, ace_high), stray=_stray(raised, eaten, ace_high))
    if not raised:
        return LayCheck(True, (), tr("status.lay_none"))
    if not hand & ~raised:
        return LayCheck(False, reason=tr("status.keep_one"), groups=_partial(raised, eaten, ace_high))
    for pack in sorted(iter_packings(raised, eaten & raised, ace_high), key=len):
        cov = 0
        for m in pack:
            cov |= m
        if cov == raised:
            return LayCheck(True, tuple(sorted(pack)), tr("status.lay_ready", count=len(pack)), tuple(pack))
    reason = tr("status.invalid_lay")
    if (eaten & raised).bit_count() > 1 and _partition_ignoring_eaten(raised, ace_high):
        reason = tr("status.two_eaten")
    return LayCheck(False, reason=reason, groups=_partial(raised, eaten, ace_high),
                    stray=_stray(raised, eaten, ace_high))


def _partial(raised: int, eaten: int, ace_high: bool) -> tuple[int, ...]:
    arr = best_arrangement(raised, eaten & raised, ace_high) or best_arrangement(raised, 0, ace_high)
    return arr.melds if arr is not None else ()


def _stray(raised: int, eaten: int, ace_high: bool) -> frozenset[int]:
    cov = 0
    for m in _partial(raised, eaten, ace_high):
        cov |= m
    return frozenset(iter_bits(raised & ~cov))


def _partition_ignoring_eaten(raised: int, ace_high: bool) -> bool:
    for pack in iter_packings(raised, 0, ace_high):
        cov = 0
        for m in pack:
            cov |= m
        if cov == raised:
            return True
    return False


def lay_move(seat: int, melds: tuple[int, ...]) -> Move:
    """Lay ``melds`` (card masks) in this order (``()`` lays nothing: Móm)."""
    return Move(seat, MoveKind.LAY, melds=tuple(melds))


def phom_order(mask: int, ace_high: bool = False) -> list[int]:
    """A phỏm's cards in display order (runs low to high)."""
    try:
        return Phom(mask, ace_high).cards()
    except ValueError:
        return cards_of(mask)


# ---------------------------------------------------------------------- sends
def suggest_sends(hand: int, targets: list[Target], ace_high: bool = False,
                  face10: bool = False) -> list[tuple[int, int, int]]:
    """(card, seat, index) sends that leave the fewest points, in a playable order."""
    if not targets or hand.bit_count() < 2:
        return []
    return plan_sends(hand, targets, ace_high, face10)


def sendable(hand: int, targets: list[Target], ace_high: bool = False) -> set[int]:
    """Cards that fit some phỏm now or after other sends."""
    if not targets:
        return set()
    return set(iter_bits(sendable_cards(hand, targets, ace_high)))


def fits(card: int, targets: list[Target], ace_high: bool = False) -> list[tuple[int, int]]:
    """(seat, index) of every phỏm that takes ``card`` now."""
    return [(s, k) for s, k, p in targets if p.accepts(card, ace_high)]


def order_sends(cards: list[int], targets: list[Target], preferred: dict[int, tuple[int, int]],
                ace_high: bool = False) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Sends for ``cards`` in an order that places as many as any order can, and the cards that fit nowhere."""
    return send_order(cards, targets, preferred, ace_high)


def send_move(seat: int, card: int, target: int, index: int) -> Move:
    """Send ``card`` to phỏm ``index`` of ``target``."""
    return Move(seat, MoveKind.SEND, card=card, target=target, index=index)


# ---------------------------------------------------------------------- sorting
def sort_by_phom(hand: list[int], eaten: int, ace_high: bool = False, face10: bool = False) -> list[int]:
    """Zingplay's order: the phỏm of the best arrangement first (each in order, the lowest phỏm first), then the
    trash by points, lowest first (ties by rank, then suit)."""
    mask = mask_of(hand)
    arr = best_arrangement(mask, eaten & mask, ace_high, face10) or best_arrangement(mask, 0, ace_high, face10)
    melds = sorted(arr.melds, key=lambda m: cards_of(m)[0] % 13) if arr is not None else []
    out: list[int] = []
    for m in melds:
        out.extend(phom_order(m, ace_high))
    rest = mask
    for m in melds:
        rest &= ~m
    out.extend(sorted(cards_of(rest), key=lambda c: (points(c, face10), c % 13, c // 13)))
    return out


def sort_by_suit(hand: list[int]) -> list[int]:
    """By suit (♠ ♣ ♦ ♥), then rank."""
    return sorted(hand, key=lambda c: (c // 13, c % 13))


def sort_by_rank(hand: list[int]) -> list[int]:
    """By rank (A to K), then suit."""
    return sorted(hand, key=lambda c: (c % 13, c // 13))


def trash_points(hand: int, eaten: int, laid: bool, ace_high: bool = False, face10: bool = False) -> int:
    """The points your cards would count now: the trash after the best arrangement, every card once you laid."""
    arr = None if laid else best_arrangement(hand, eaten & hand, ace_high, face10)
    if arr is None:
        return sum(points(c, face10) for c in iter_bits(hand))
    return arr.trash_points
