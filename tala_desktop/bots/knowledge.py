"""What a seat can infer from the public table: unseen cards, cạ outs and the risk of feeding a discard.

Every function reads only the seat's own hand and public facts of the state
(piles, laid phỏm, eaten rows, revealed cards, counts), so it gives the same
answer on a redacted view and on a full (determinised) state.
"""

from __future__ import annotations

from functools import cache

from tala_desktop.engine import GameState
from tala_desktop.engine.cards import FULL_DECK, RANK_MASKS, ROW, points
from tala_desktop.engine.moves import DISCARD, DRAW

_SUIT_SHIFT = (0, 13, 26, 39)


def public_mask(st: GameState) -> int:
    """Cards on the table for all to see: piles, laid phỏm, eaten rows, revealed cards."""
    m = st.table_cards()
    for s in range(st.n):
        m |= st.eaten[s] | st.revealed[s]
    return m


def unseen_mask(st: GameState, seat: int) -> int:
    """Cards ``seat`` cannot locate: somewhere in other hands or the stock."""
    return FULL_DECK & ~(public_mask(st) | st.hands[seat])


def hidden_counts(st: GameState, seat: int, hand_counts: list[int] | None = None) -> list[int]:
    """How many unseen cards each seat holds (0 for ``seat`` itself)."""
    out = []
    for s in range(st.n):
        if s == seat:
            out.append(0)
            continue
        total = hand_counts[s] if hand_counts is not None else st.hands[s].bit_count()
        known = (st.eaten[s] | st.revealed[s]).bit_count()
        out.append(max(0, total - known))
    return out


def passed_cards(st: GameState, viewer: int) -> list[list[int]]:
    """For every seat but ``viewer``, the cards on offer it drew instead of eating, in order (public).

    Only seats that have not laid down count: a seat that laid down may not eat at all.
    """
    out: list[list[int]] = [[] for _ in range(st.n)]
    prev = -1
    for m in st.history:
        if m.kind == DISCARD:
            prev = m.card
        elif m.kind == DRAW and prev >= 0 and m.seat != viewer and st.lay_order[m.seat] < 0:
            out[m.seat].append(prev)
            prev = -1
        else:
            prev = -1
    return out


def completers(a: int, b: int, ace_high: bool = False) -> int:
    """Cards x such that {a, b, x} is a phỏm (0 if a and b are not a cạ)."""
    ra, rb = a % 13, b % 13
    if ra == rb:
        return RANK_MASKS[ra] & ~((1 << a) | (1 << b))
    sa = a // 13
    if sa != b // 13:
        return 0
    lo, hi = (ra, rb) if ra < rb else (rb, ra)
    if ace_high and lo == 0 and hi >= 11:  # Q-A or K-A: the ace plays high
        lo, hi = hi, 13
    gap = hi - lo
    shift = _SUIT_SHIFT[sa]
    if gap == 2:
        return 1 << (shift + lo + 1)
    if gap != 1:
        return 0
    out = 0
    if lo >= 1:
        out |= 1 << (shift + lo - 1)
    if hi <= 11:
        out |= 1 << (shift + hi + 1)
    elif hi == 12 and ace_high:
        out |= 1 << shift  # J-Q-K... K then ace high
    return out


def ca_pairs(trash: int, ace_high: bool = False) -> list[tuple[int, int, int]]:
    """Cạ inside ``trash`` as (a, b, completing-cards mask)."""
    cards = []
    x = trash
    while x:
        low = x & -x
        cards.append(low.bit_length() - 1)
        x ^= low
    out = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            comp = completers(a, b, ace_high)
            if comp:
                out.append((a, b, comp))
    return out


def ca_outs(trash: int, unseen: int, weight: tuple[float, ...]) -> dict[int, float]:
    """For each trash card in some cạ: the most live outs (unseen completing cards) of its cạ.

    Each out counts ``weight[rank]`` (``out_weights``). Ace low only; with ``ace_high_run``
    use ``ca_pairs`` for the Q-A and K-A cạ.
    """
    out: dict[int, float] = {}
    x = trash
    while x:
        low = x & -x
        x ^= low
        c = low.bit_length() - 1
        r = c % 13
        best = 0.0
        rank_mask = RANK_MASKS[r]
        if trash & rank_mask & ~low:
            best = (rank_mask & unseen).bit_count() * weight[r]
        shift = c - r
        t_row = (trash >> shift) & ROW
        u_row = (unseen >> shift) & ROW
        if t_row >> (r + 1) & 1:  # r, r+1
            o = _open_ends(r, u_row, weight)
            if o > best:
                best = o
        if r >= 1 and t_row >> (r - 1) & 1:  # r-1, r
            o = _open_ends(r - 1, u_row, weight)
            if o > best:
                best = o
        if t_row >> (r + 2) & 1 and u_row >> (r + 1) & 1 and weight[r + 1] > best:  # r, r+2: out r+1
            best = weight[r + 1]
        if r >= 2 and t_row >> (r - 2) & 1 and u_row >> (r - 1) & 1 and weight[r - 1] > best:  # r-2, r: out r-1
            best = weight[r - 1]
        if best:
            out[c] = best
    return out


def _open_ends(lo: int, u_row: int, weight: tuple[float, ...]) -> float:
    """Weighted live outs of the two-card run lo, lo+1 of one suit: lo-1 and lo+2."""
    o = weight[lo - 1] if lo >= 1 and u_row >> (lo - 1) & 1 else 0.0
    if lo <= 10 and u_row >> (lo + 2) & 1:
        o += weight[lo + 2]
    return o


def weighted_count(mask: int, weight: tuple[float, ...]) -> float:
    """The cards of ``mask``, each counted ``weight[rank]``."""
    total = 0.0
    while mask:
        low = mask & -mask
        mask ^= low
        total += weight[(low.bit_length() - 1) % 13]
    return total


# How often a seat's next discard is one given card it may hold, in % per discard, by the card's
# points (A = 1 ... K = 13; index 0-12), for its 1st, 2nd and 3rd discard: everyone throws high
# trash first. Measured over 1,500 Easy and 1,500 Normal games (python bench/discard_rates.py).
DISCARD_RATE = (
    (0.32, 0.44, 0.47, 0.56, 0.75, 0.95, 1.13, 1.37, 1.73, 2.41, 3.59, 6.55, 12.75),
    (0.46, 0.49, 0.64, 0.83, 1.07, 1.60, 1.93, 2.60, 3.28, 4.25, 5.76, 8.11, 7.67),
    (0.59, 0.62, 0.80, 1.02, 1.43, 2.03, 2.82, 3.57, 4.41, 5.71, 7.00, 7.53, 7.33),
)
_OLD_DRAW_FACTOR = 2.5  # the uniform model counted every out as 2.5 draws' worth; the weights keep that scale


@cache
def out_weights(flow: float, takes: int, unseen: int, face10: bool = False) -> tuple[float, ...]:
    """Per rank: how fast a live out of that rank reaches us, relative to the uniform model.

    A take brings a given unseen card by a draw (chance 1/``unseen``) or as the previous
    seat's discard (``DISCARD_RATE``, averaged over the discards still to come before our
    ``takes`` takes). ``flow`` 0 counts every out alike (1.0); 1 is that model; more than 1
    stretches it.
    """
    rows = DISCARD_RATE[3 - min(max(takes, 1), 3):]
    out = []
    for r in range(13):
        pts = points(r, face10)  # card r: rank r of the first suit
        rate = sum(row[pts - 1] for row in rows) / len(rows) / 100.0
        model = (1.0 + unseen * rate) / _OLD_DRAW_FACTOR
        out.append((1.0 - flow) + flow * model)
    return tuple(out)


@cache
def meld_partners(c: int, ace_high: bool = False) -> tuple[tuple[int, int], ...]:
    """Every pair of cards that forms a 3-card phỏm with ``c``."""
    r, s = c % 13, c // 13
    out = []
    others = [x for x in range(r, 52, 13) if x != c]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            out.append((a, b))
    base = 13 * s
    positions = (r, 13) if (ace_high and r == 0) else (r,)
    top = 13 if ace_high else 12
    for p in positions:
        for lo in (p - 2, p - 1, p):
            if lo < 0 or lo + 2 > top:
                continue
            pair = [base + (q % 13) for q in range(lo, lo + 3) if q != p]
            out.append((pair[0], pair[1]))
    return tuple(out)


@cache
def neighbour_mask(c: int, ace_high: bool = False) -> int:
    """Cards that can share a phỏm with ``c``: its rank, and its suit within two ranks."""
    m = 0
    for a, b in meld_partners(c, ace_high):
        m |= (1 << a) | (1 << b)
    return m


def next_taker(st: GameState, seat: int) -> int | None:
    """The seat that will take after ``seat`` discards, if it may eat (None if it has laid down)."""
    for i in range(1, st.n):
        t = (seat + i) % st.n
        if st.lay_order[t] < 0 or len(st.piles[t]) < 4:
            return t if st.lay_order[t] < 0 and not st.left[t] else None
    return None


def eat_chance(st: GameState, seat: int, c: int, unseen: int, hidden: list[int]) -> float:
    """Rough chance that the next seat can eat card ``c`` if ``seat`` discards it."""
    t = next_taker(st, seat)
    if t is None:
        return 0.0
    total = unseen.bit_count()
    if total <= 0:
        return 0.0
    p = hidden[t] / total
    known = st.eaten[t] | st.revealed[t]
    eaten_t = st.eaten[t]
    miss = 1.0
    for a, b in meld_partners(c, st.rules.ace_high_run):
        pa = 1.0 if known >> a & 1 else (p if unseen >> a & 1 else 0.0)
        if pa == 0.0:
            continue
        pb = 1.0 if known >> b & 1 else (p if unseen >> b & 1 else 0.0)
        if pb == 0.0 or (eaten_t >> a & 1 and eaten_t >> b & 1):
            continue
        miss *= 1.0 - pa * pb
    return 1.0 - miss
