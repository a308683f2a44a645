"""The hand solver: best arrangements into phỏm, Ù checks, locked cards and eat legality.

Every function takes card masks (see ``cards``). The eaten-card rule of
RULES.md §4 applies throughout: every eaten card lies in a phỏm and no phỏm
holds more than one eaten card.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK_MASKS, mask_points
from .melds import find_melds, has_ca, meld_cover, run_row_mask


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Disjoint phỏm of a hand and the trash left over."""

    melds: tuple[int, ...]
    trash: int
    trash_points: int

    @property
    def covered(self) -> int:
        m = 0
        for x in self.melds:
            m |= x
        return m


def _legal_melds(hand: int, eaten: int, ace_high: bool) -> list[int]:
    melds = find_melds(hand, ace_high)
    if eaten:
        melds = [m for m in melds if (m & eaten) & ((m & eaten) - 1) == 0]
    return melds


def iter_packings(hand: int, eaten: int = 0, ace_high: bool = False):
    """Yield every valid packing (tuple of disjoint meld masks) of ``hand``, each once.

    The empty packing is included only when ``eaten`` is empty.
    """
    melds = _legal_melds(hand, eaten, ace_high)
    out: list[tuple[int, ...]] = []
    _collect(melds, eaten, (), out)
    return out


def _collect(melds: list[int], eaten_left: int, acc: tuple[int, ...], out: list) -> None:
    if eaten_left:
        pivot = eaten_left & -eaten_left
        for m in melds:
            if m & pivot:
                _collect([f for f in melds if not f & m], eaten_left & ~m, acc + (m,), out)
        return
    if not melds:
        out.append(acc)
        return
    first = melds[0]
    pivot = first & -first
    for m in melds:
        if m & pivot:
            _collect([f for f in melds if not f & m], 0, acc + (m,), out)
    _collect([f for f in melds if not f & pivot], 0, acc, out)


class _Best:
    __slots__ = ("value", "found", "weigh", "target")

    def __init__(self, weigh, target: int) -> None:
        self.value = -1
        self.found: list[tuple[int, ...]] = []
        self.weigh = weigh
        self.target = target


def _search(melds: list[int], eaten_left: int, covered: int, acc: tuple[int, ...], best: _Best, keep_all: bool) -> bool:
    """Depth-first search for packings of greatest weight; True once the target is hit."""
    if eaten_left:
        pivot = eaten_left & -eaten_left
        for m in melds:
            if m & pivot and _search([f for f in melds if not f & m], eaten_left & ~m, covered | m,
                                     acc + (m,), best, keep_all):
                return True
        return False
    if not melds:
        v = best.weigh(covered)
        if v > best.value:
            best.value = v
            best.found = [acc]
            return v >= best.target and not keep_all
        if v == best.value and keep_all:
            best.found.append(acc)
        return False
    if len(melds) > 3:
        union = 0
        for f in melds:
            union |= f
        bound = best.weigh(covered | union)
        if bound < best.value or (bound == best.value and not keep_all):
            return False
    first = melds[0]
    pivot = first & -first
    for m in melds:
        if m & pivot and _search([f for f in melds if not f & m], 0, covered | m, acc + (m,), best, keep_all):
            return True
    return _search([f for f in melds if not f & pivot], 0, covered, acc, best, keep_all)


def _prefer(packs: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Among equally good packings: most cards covered, then fewest phỏm, then lowest masks."""
    def key(p: tuple[int, ...]):
        cov = 0
        for m in p:
            cov |= m
        return (-cov.bit_count(), len(p), sorted(p))
    return min(packs, key=key)


def _arrangement(hand: int, pack: tuple[int, ...], face10: bool) -> Arrangement:
    cov = 0
    for m in pack:
        cov |= m
    trash = hand & ~cov
    return Arrangement(tuple(sorted(pack)), trash, mask_points(trash, face10))


def _components(melds: list[int]) -> list[tuple[int, list[int]]]:
    """Group melds that share cards (directly or through others): groups are solved apart."""
    groups: list[tuple[int, list[int]]] = []
    for m in melds:
        mask, members = m, [m]
        rest = []
        for g in groups:
            if g[0] & mask:
                mask |= g[0]
                members = g[1] + members
            else:
                rest.append(g)
        rest.append((mask, members))
        groups = rest
    return groups


def _best_in_group(melds: list[int], eaten: int, face10: bool) -> tuple[int, ...] | None:
    """Packing of one group with every eaten card placed and the most points, then cards, covered."""
    best = _Best(lambda cov: (mask_points(cov, face10) << 4) | cov.bit_count(), 1 << 60)
    _search(melds, eaten, 0, (), best, False)
    return best.found[0] if best.value >= 0 else None


def best_arrangement(hand: int, eaten: int = 0, ace_high: bool = False, face10: bool = False) -> Arrangement | None:
    """The arrangement with least trash points, or None if the eaten cards cannot all be placed.

    Ties go to the arrangement with fewer trash cards.
    """
    melds = _legal_melds(hand, eaten, ace_high)
    if not melds:
        return None if eaten else Arrangement((), hand, mask_points(hand, face10))
    if eaten & ~meld_cover_of(melds):
        return None
    chosen: list[int] = []
    for mask, members in _components(melds):
        if len(members) == 1:
            chosen.append(members[0])
            continue
        pack = _best_in_group(members, eaten & mask, face10)
        if pack is None:
            return None
        chosen.extend(pack)
    return _arrangement(hand, tuple(chosen), face10)


def meld_cover_of(melds: list[int]) -> int:
    cov = 0
    for m in melds:
        cov |= m
    return cov


def all_best_arrangements(hand: int, eaten: int = 0, ace_high: bool = False, face10: bool = False) -> list[Arrangement]:
    """Every arrangement with least trash points, one per distinct trash set."""
    melds = _legal_melds(hand, eaten, ace_high)
    if not melds:
        return [] if eaten else [Arrangement((), hand, mask_points(hand, face10))]
    best = _Best(lambda cov: mask_points(cov, face10), 1 << 60)
    _search(melds, eaten, 0, (), best, True)
    by_trash: dict[int, list[tuple[int, ...]]] = {}
    for pack in best.found:
        cov = 0
        for m in pack:
            cov |= m
        by_trash.setdefault(cov, []).append(pack)
    arrs = [_arrangement(hand, _prefer(packs), face10) for packs in by_trash.values()]
    arrs.sort(key=lambda a: (a.trash.bit_count(), a.melds))
    return arrs


def max_covered(hand: int, eaten: int = 0, ace_high: bool = False, stop_at: int = 99) -> int:
    """Most cards of ``hand`` that fit in valid phỏm (-1 if the eaten cards cannot all fit)."""
    melds = _legal_melds(hand, eaten, ace_high)
    if not melds:
        return -1 if eaten else 0
    best = _Best(int.bit_count, stop_at)
    _search(melds, eaten, 0, (), best, False)
    return best.value


def u_kind(hand: int, eaten: int = 0, ace_high: bool = False) -> str | None:
    """'u_tron' if all 10 cards fit in phỏm, 'u' if all but one do, else None."""
    n = hand.bit_count()
    if n != 10:
        return None
    if meld_cover(hand, ace_high).bit_count() < n - 1:
        return None
    best = max_covered(hand, eaten, ace_high, stop_at=n)
    if best == n:
        return "u_tron"
    if best == n - 1:
        return "u"
    return None


def is_u_khan(hand: int, ace_high: bool = False) -> bool:
    """A dealt hand with no phỏm and no cạ."""
    return not has_ca(hand, ace_high)


def _three_melds_with(c: int, hand: int, avoid: int, ace_high: bool) -> list[int]:
    """3-card phỏm inside ``hand`` that contain card ``c`` and no card of ``avoid``."""
    out: list[int] = []
    bit = 1 << c
    r, s = c % 13, c // 13
    others = hand & RANK_MASKS[r] & ~bit & ~avoid
    if others.bit_count() >= 2:
        x = others
        while x:
            a = x & -x
            x ^= a
            y = x
            while y:
                b = y & -y
                y ^= b
                out.append(bit | a | b)
    usable = hand & ~avoid
    shift = 13 * s
    positions = (r, 13) if (ace_high and r == 0) else (r,)
    for p in positions:
        for lo in (p - 2, p - 1, p):
            hi = lo + 2
            if lo < 0 or hi > (13 if ace_high else 12):
                continue
            m = run_row_mask(lo, hi) << shift
            if m & usable == m:
                out.append(m)
    return out


def _assignments(eaten_cards: list[int], hand: int, eaten: int, used: int, ace_high: bool,
                 out: list[int], first_only: bool) -> bool:
    if not eaten_cards:
        out.append(used)
        return first_only
    c = eaten_cards[0]
    avoid = (eaten & ~(1 << c)) | used
    for m in _three_melds_with(c, hand, avoid, ace_high):
        if _assignments(eaten_cards[1:], hand, eaten, used | m, ace_high, out, first_only):
            return True
    return False


def _eaten_list(eaten: int) -> list[int]:
    out = []
    while eaten:
        low = eaten & -eaten
        out.append(low.bit_length() - 1)
        eaten ^= low
    return out


def eaten_feasible(hand: int, eaten: int, ace_high: bool = False) -> bool:
    """True if every eaten card can sit in its own phỏm inside ``hand``."""
    if not eaten:
        return True
    out: list[int] = []
    return _assignments(_eaten_list(eaten), hand, eaten, 0, ace_high, out, True)


def locked_cards(hand: int, eaten: int, ace_high: bool = False) -> int:
    """Cards that may not be discarded: those every valid placement of the eaten cards needs.

    Returns the whole hand if the eaten cards cannot be placed at all.
    """
    if not eaten:
        return 0
    out: list[int] = []
    _assignments(_eaten_list(eaten), hand, eaten, 0, ace_high, out, False)
    if not out:
        return hand
    locked = out[0]
    for u in out[1:]:
        locked &= u
    return locked


def can_eat(hand: int, eaten: int, c: int, ace_high: bool = False) -> bool:
    """True if adding card ``c`` as an eaten card keeps every eaten card placeable."""
    bit = 1 << c
    if not _three_melds_with(c, hand | bit, eaten, ace_high):
        return False
    return eaten_feasible(hand | bit, eaten | bit, ace_high)
