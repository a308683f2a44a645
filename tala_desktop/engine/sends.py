"""Gửi planning: which trash cards to send onto laid phỏm (every order searched), and the best lay plus sends."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import iter_bits, mask_of, mask_points, points
from .melds import Phom
from .solver import iter_packings

Target = tuple[int, int, Phom]  # (seat, index of the phỏm in that seat's laid list, the phỏm)


def _final_score(hand: int, face10: bool) -> int:
    """Points left after the last discard, discarding the highest card."""
    if not hand:
        return 0
    top = max(points(c, face10) for c in iter_bits(hand))
    return mask_points(hand, face10) - top


def plan_sends(hand: int, targets: list[Target], ace_high: bool = False,
               face10: bool = False) -> list[tuple[int, int, int]]:
    """Sends ``(card, seat, index)`` in playable order that leave the fewest points after the discard.

    Chains are followed (a sent card can open the way for the next); one card
    always stays in the hand for the discard.
    """
    phoms = [p.copy() for _, _, p in targets]
    best_score = _final_score(hand, face10)
    best_seq: list[tuple[int, int]] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def rec(h: int, ps: list[Phom], seq: list[tuple[int, int]]) -> None:
        nonlocal best_score, best_seq
        score = _final_score(h, face10)
        if score < best_score or (score == best_score and len(seq) > len(best_seq)):
            best_score, best_seq = score, seq
        if h.bit_count() < 2:
            return
        key = (h, tuple(p.mask for p in ps))
        if key in seen:
            return
        seen.add(key)
        for i, p in enumerate(ps):
            for c in iter_bits(h):
                if p.accepts(c, ace_high):
                    q = p.copy()
                    q.add(c)
                    nxt = ps[:]
                    nxt[i] = q
                    rec(h & ~(1 << c), nxt, seq + [(c, i)])

    rec(hand, phoms, [])
    return [(c, targets[i][0], targets[i][1]) for c, i in best_seq]


def sendable_cards(hand: int, targets: list[Target], ace_high: bool = False) -> int:
    """Mask of the cards of ``hand`` that some order of sends can place (one card always stays for the discard).

    A search over every order, not first fit: with 4♠4♣4♦ and 5♥6♥7♥ laid,
    3♥ is sendable from 3♥ 4♥ + more because 4♥ can open the run for it.
    """
    out = 0
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def rec(h: int, ps: tuple[Phom, ...]) -> None:
        nonlocal out
        if h.bit_count() < 2:
            return
        key = (h, tuple(p.mask for p in ps))
        if key in seen:
            return
        seen.add(key)
        for i, p in enumerate(ps):
            for c in iter_bits(h):
                if p.accepts(c, ace_high):
                    out |= 1 << c
                    q = p.copy()
                    q.add(c)
                    rec(h & ~(1 << c), ps[:i] + (q,) + ps[i + 1:])

    rec(hand, tuple(p.copy() for _, _, p in targets))
    return out


def send_order(cards: list[int], targets: list[Target], preferred: dict[int, tuple[int, int]] | None = None,
               ace_high: bool = False) -> tuple[list[tuple[int, int, int]], list[int]]:
    """Sends ``(card, seat, index)`` in a playable order placing as many of ``cards`` as any order can,
    and the cards left over. A card goes to its ``preferred`` (seat, index) when that still places as many."""
    keys = [(s, k) for s, k, _ in targets]
    prefer = preferred or {}
    best: list[tuple[int, int]] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def options(c: int, ps: tuple[Phom, ...]) -> list[int]:
        fits = [i for i, p in enumerate(ps) if p.accepts(c, ace_high)]
        want = prefer.get(c)
        return sorted(fits, key=lambda i: keys[i] != want)

    def rec(left: tuple[int, ...], ps: tuple[Phom, ...], seq: list[tuple[int, int]]) -> bool:
        nonlocal best
        if len(seq) > len(best):
            best = seq
        if len(best) == len(cards):
            return True
        key = (mask_of(left), tuple(p.mask for p in ps))
        if key in seen:
            return False
        seen.add(key)
        for j, c in enumerate(left):
            for i in options(c, ps):
                q = ps[i].copy()
                q.add(c)
                if rec(left[:j] + left[j + 1:], ps[:i] + (q,) + ps[i + 1:], seq + [(c, i)]):
                    return True
        return False

    rec(tuple(cards), tuple(p.copy() for _, _, p in targets), [])
    placed = {c for c, _ in best}
    return [(c, keys[i][0], keys[i][1]) for c, i in best], [c for c in cards if c not in placed]


@dataclass(frozen=True, slots=True)
class LayPlan:
    melds: tuple[int, ...]
    sends: tuple[tuple[int, int, int], ...]
    score: int  # points left after the sends and the highest discard


def best_lay_plan(hand: int, eaten: int, targets: list[Target], ace_high: bool = False,
                  face10: bool = False) -> LayPlan | None:
    """Choose the lay arrangement and the sends together for the fewest points left."""
    best: LayPlan | None = None
    for pack in iter_packings(hand, eaten, ace_high):
        cov = 0
        for m in pack:
            cov |= m
        rest = hand & ~cov
        if not rest:
            continue
        sends = plan_sends(rest, targets, ace_high, face10) if targets else []
        left = rest
        for c, _, _ in sends:
            left &= ~(1 << c)
        plan = LayPlan(tuple(sorted(pack)), tuple(sends), _final_score(left, face10))
        if best is None or (plan.score, -len(plan.melds)) < (best.score, -len(best.melds)):
            best = plan
    return best
