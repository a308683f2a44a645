"""Cards: the integer encoding, notation parsing/formatting, points and bitmasks.

A card is an int ``suit * 13 + rank`` with rank 0 = A .. 12 = K and suit
0 = spades (s), 1 = clubs (c), 2 = diamonds (d), 3 = hearts (h). A set of
cards is a 52-bit int mask (bit ``card``), so the 13 cards of one suit are
contiguous bits and runs are found with shifts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import CardParseError

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = "scdh"
SUIT_SYMBOLS = "♠♣♦♥"
FULL_DECK = (1 << 52) - 1
ROW = 0x1FFF  # the 13 bits of one suit

_RANK_BY_TOKEN = {name: i for i, name in enumerate(RANK_NAMES)}
_RANK_BY_TOKEN["T"] = 9
_RANK_BY_TOKEN["1"] = -1  # caught below with a clear message

RANK_MASKS = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = A) and ``suit`` (0 = s)."""
    return suit * 13 + rank


def rank_of(c: int) -> int:
    return c % 13


def suit_of(c: int) -> int:
    return c // 13


def points(c: int, face_value_10: bool = False) -> int:
    """Points of a card: A = 1 .. K = 13 (J/Q/K = 10 with the house switch)."""
    p = c % 13 + 1
    return 10 if face_value_10 and p > 10 else p


def sort_key(c: int) -> int:
    """Notation order: by rank A..K, then suit s c d h."""
    return (c % 13) * 4 + c // 13


_SORT_KEYS = tuple(sort_key(c) for c in range(52))


def parse_card(token: str) -> int:
    """Parse ``As``, ``10h``, ``Th``, ``qd`` (case-insensitive) into a card."""
    if not isinstance(token, str):
        raise CardParseError(f"bad card {token!r}: expected a string like 'As' or '10h'")
    text = token.strip()
    if len(text) < 2:
        raise CardParseError(f"bad card {token!r}: expected rank then suit, like 'As' or '10h'")
    rank_text, suit_text = text[:-1], text[-1].lower()
    rank = _RANK_BY_TOKEN.get(rank_text.upper())
    if rank is None or rank < 0:
        raise CardParseError(f"bad card {token!r}: unknown rank {rank_text!r} (A 2-10 T J Q K)")
    if suit_text not in SUIT_LETTERS:
        raise CardParseError(f"bad card {token!r}: unknown suit {suit_text!r} (s c d h)")
    return SUIT_LETTERS.index(suit_text) * 13 + rank


def card_str(c: int) -> str:
    """Notation of a card: ``As``, ``10h``, ``Qd``."""
    return RANK_NAMES[c % 13] + SUIT_LETTERS[c // 13]


def card_label(c: int) -> str:
    """Display form with a suit symbol: ``7♥``."""
    return RANK_NAMES[c % 13] + SUIT_SYMBOLS[c // 13]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """Cards of a mask in notation order."""
    out: list[int] = []
    if mask.bit_count() > 3:          # a hand: the mask laid out in notation order, read a byte at a time
        lo, hi = _SPREAD_LO, _SPREAD_HI
        m = (lo[0][mask & 127] | hi[0][mask >> 7 & 63] | lo[1][mask >> 13 & 127] | hi[1][mask >> 20 & 63]
             | lo[2][mask >> 26 & 127] | hi[2][mask >> 33 & 63] | lo[3][mask >> 39 & 127] | hi[3][mask >> 46])
        for k, byte in enumerate(m.to_bytes(7, "little")):
            if byte:
                out += _BYTE_CARDS[k][byte]
        return out
    while mask:                       # a few cards: their bits, sorted
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    out.sort(key=_SORT_KEYS.__getitem__)
    return out


def _spread(suit: int, row: int) -> int:
    """The ranks in ``row`` (bits 0-12) of ``suit`` as a mask in notation order (bit ``rank * 4 + suit``)."""
    return sum(1 << (r * 4 + suit) for r in range(13) if row >> r & 1)


# a mask's suit rows (7 low bits and 6 high ones of each) laid out in notation order, and the cards of each byte of
# a mask so laid out (a hand, listed in every seat's snapshot after every move, costs about half as much)
_SPREAD_LO = tuple(tuple(_spread(s, row) for row in range(128)) for s in range(4))
_SPREAD_HI = tuple(tuple(_spread(s, row << 7) for row in range(64)) for s in range(4))
_BYTE_CARDS = tuple(tuple(tuple((8 * k + i) % 4 * 13 + (8 * k + i) // 4 for i in range(8) if b >> i & 1)
                          for b in range(256)) for k in range(7))


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def parse_cards(tokens: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in tokens]


def _row_points_table(face_value_10: bool) -> tuple[int, ...]:
    pts = [points(r, face_value_10) for r in range(13)]
    table = [0] * (1 << 13)
    for row in range(1, 1 << 13):
        low = row & -row
        table[row] = table[row ^ low] + pts[low.bit_length() - 1]
    return tuple(table)


ROW_POINTS = (_row_points_table(False), _row_points_table(True))


def mask_points(mask: int, face_value_10: bool = False) -> int:
    """Total points of the cards in ``mask``."""
    t = ROW_POINTS[face_value_10]
    return t[mask & ROW] + t[(mask >> 13) & ROW] + t[(mask >> 26) & ROW] + t[mask >> 39]


def deck() -> list[int]:
    """The 52 cards in notation order."""
    return sorted(range(52), key=sort_key)
