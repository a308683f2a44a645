"""Phỏm (melds) and cạ: detection in a hand mask, validation, and laid phỏm that take sends.

Runs are found per suit on a 14-position row: positions 0..12 are A..K and,
with the ``ace_high_run`` switch, position 13 is the ace again (Q-K-A).
"""

from __future__ import annotations

from functools import cache

from .cards import RANK_MASKS, ROW, card_str, cards_of, rank_of, suit_of

ACE_HIGH_POS = 13


def _row14(row: int, ace_high: bool) -> int:
    return row | ((row & 1) << 13) if ace_high else row


def run_row_mask(lo: int, hi: int) -> int:
    """Suit-row bits (13 bits) of the run from position ``lo`` to ``hi``."""
    bits = (1 << (hi + 1)) - (1 << lo)
    if hi == ACE_HIGH_POS:
        bits = (bits & ROW) | 1
    return bits


@cache
def _subruns(lo: int, hi: int) -> tuple[int, ...]:
    """Every run of 3+ positions inside the segment lo..hi, as suit-row bits, longest first."""
    spans = [(a, b) for a in range(lo, hi - 1) for b in range(a + 2, hi + 1)]
    spans.sort(key=lambda ab: (ab[0] - ab[1], ab[0]))
    return tuple(run_row_mask(a, b) for a, b in spans)


@cache
def _segments(row14: int) -> tuple[tuple[int, int], ...]:
    """Maximal segments of 3+ consecutive positions in a 14-bit row."""
    out = []
    x = row14
    while x:
        p = (x & -x).bit_length() - 1
        run = x >> p
        length = (run ^ (run + 1)).bit_length() - 1
        if length >= 3:
            out.append((p, p + length - 1))
        x &= ~(((1 << length) - 1) << p)
    return tuple(out)


def _set_rows(hand: int) -> int:
    a = hand & ROW
    b = (hand >> 13) & ROW
    c = (hand >> 26) & ROW
    d = hand >> 39
    return (a & b & (c | d)) | (c & d & (a | b))


def find_melds(hand: int, ace_high: bool = False) -> list[int]:
    """Every phỏm (as a card mask) inside ``hand``: sets of 3 and 4 and all sub-runs."""
    melds: list[int] = []
    three = _set_rows(hand)
    while three:
        low = three & -three
        r = low.bit_length() - 1
        three ^= low
        m = hand & RANK_MASKS[r]
        melds.append(m)
        if m.bit_count() == 4:
            x = m
            while x:
                b = x & -x
                melds.append(m ^ b)
                x ^= b
    for s in range(4):
        row = (hand >> (13 * s)) & ROW
        x = _row14(row, ace_high)
        if not (x & (x >> 1) & (x >> 2)):
            continue
        shift = 13 * s
        for lo, hi in _segments(x):
            for bits in _subruns(lo, hi):
                melds.append(bits << shift)
    return melds


def meld_cover(hand: int, ace_high: bool = False) -> int:
    """Union of every phỏm in ``hand`` (cards that could be in some phỏm)."""
    cover = 0
    three = _set_rows(hand)
    while three:
        low = three & -three
        r = low.bit_length() - 1
        three ^= low
        cover |= hand & RANK_MASKS[r]
    for s in range(4):
        row = (hand >> (13 * s)) & ROW
        x = _row14(row, ace_high)
        starts = x & (x >> 1) & (x >> 2)
        if not starts:
            continue
        bits = starts | (starts << 1) | (starts << 2)
        if bits >> 13:
            bits = (bits & ROW) | 1
        cover |= bits << (13 * s)
    return cover


def has_ca(hand: int, ace_high: bool = False) -> bool:
    """True if two cards of ``hand`` form a cạ (same rank, or same suit 1-2 apart)."""
    a = hand & ROW
    b = (hand >> 13) & ROW
    c = (hand >> 26) & ROW
    d = hand >> 39
    if (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d):
        return True
    for row in (a, b, c, d):
        x = _row14(row, ace_high)
        if x & ((x >> 1) | (x >> 2)):
            return True
    return False


def run_positions(row: int, ace_high: bool) -> tuple[int, int] | None:
    """(lo, hi) if the suit-row bits form one run of 3+ positions, else None."""
    if row.bit_count() < 3:
        return None
    lo = (row & -row).bit_length() - 1
    y = row >> lo
    if y & (y + 1) == 0:
        return lo, lo + y.bit_length() - 1
    if ace_high and row & 1:
        hi_row = (row >> 1) | (1 << 12)  # positions 1..13 shifted down by one
        lo2 = (hi_row & -hi_row).bit_length() - 1
        y2 = hi_row >> lo2
        if y2 & (y2 + 1) == 0:
            return lo2 + 1, lo2 + y2.bit_length()
    return None


def is_meld(mask: int, ace_high: bool = False) -> bool:
    """True if ``mask`` is one valid phỏm."""
    n = mask.bit_count()
    if n < 3:
        return False
    low = (mask & -mask).bit_length() - 1
    r = rank_of(low)
    if mask & ~RANK_MASKS[r] == 0:
        return n <= 4
    s = suit_of(low)
    row = mask >> (13 * s)
    if row & ~ROW:
        return False
    return run_positions(row, ace_high) is not None


def describe_meld(mask: int) -> str:
    """Notation of a meld: cards joined by '-', runs in rank order."""
    return "-".join(card_str(c) for c in cards_of(mask))


class Phom:
    """A laid phỏm on the table; it grows when other players send cards to it."""

    __slots__ = ("mask", "is_set", "suit", "lo", "hi")

    def __init__(self, mask: int, ace_high: bool = False,
                 shape: tuple[bool, int, int, int] | None = None) -> None:
        self.mask = mask
        if shape is not None:  # a copy: the shape is known
            self.is_set, self.suit, self.lo, self.hi = shape
            return
        low = (mask & -mask).bit_length() - 1
        r = rank_of(low)
        self.is_set = mask & ~RANK_MASKS[r] == 0
        if self.is_set:
            self.suit, self.lo, self.hi = -1, r, r
        else:
            self.suit = suit_of(low)
            pos = run_positions(mask >> (13 * self.suit), ace_high)
            if pos is None:
                raise ValueError(f"not a phỏm: {describe_meld(mask)}")
            self.lo, self.hi = pos

    def copy(self) -> Phom:
        return Phom(self.mask, False, (self.is_set, self.suit, self.lo, self.hi))

    def __reduce__(self) -> tuple[type[Phom], tuple[int, bool, tuple[bool, int, int, int]]]:
        """Pickled (to a search process) as its constructor's arguments: the compiled class has no bare __new__."""
        return Phom, (self.mask, False, (self.is_set, self.suit, self.lo, self.hi))

    def accepts(self, c: int, ace_high: bool = False) -> bool:
        """True if card ``c`` can be sent to this phỏm now."""
        if self.is_set:
            return c % 13 == self.lo and self.mask.bit_count() == 3 and not (self.mask >> c) & 1
        if c // 13 != self.suit:
            return False
        r = c % 13
        if r == self.hi + 1 or r == self.lo - 1:
            return True
        return ace_high and r == 0 and self.hi == 12

    def add(self, c: int) -> None:
        self.mask |= 1 << c
        if self.is_set:
            return
        r = c % 13
        if r == self.lo - 1:
            self.lo = r
        elif r == 0 and self.hi == 12:
            self.hi = ACE_HIGH_POS
        else:
            self.hi = r

    def cards(self) -> list[int]:
        """Cards in display order (runs low to high, ace-high last)."""
        if self.is_set:
            return cards_of(self.mask)
        return [self.suit * 13 + (p % 13) for p in range(self.lo, self.hi + 1)]

    def __repr__(self) -> str:
        return "Phom(" + "-".join(card_str(c) for c in self.cards()) + ")"
