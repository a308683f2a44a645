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
    while mask:                       # (iter_bits inline: a snapshot takes a dozen of these per seat)
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    out.sort(key=_SORT_KEYS.__getitem__)
    return out


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
