"""Sampling the hidden cards a seat cannot see, consistent with the public record and weighted by it.

An opponent who threw a card, or drew instead of eating one, is less likely to
hold its neighbours; one who ate a card holds two cards that make a phỏm with
it. The stock gets whatever is left, in random order.
"""

from __future__ import annotations

import random

from tala_desktop.engine import GameState
from tala_desktop.engine.cards import iter_bits

from .knowledge import hidden_counts, meld_partners, passed_cards, unseen_mask

THREW = 0.6    # weight factor for a neighbour of a card the seat threw
PASSED = 0.7   # ... of a card it could have eaten but drew instead
ATE = 2.5      # ... for a card that makes a phỏm with a card it ate


def neighbours(c: int) -> list[int]:
    """Cards of the same rank and the same suit within two ranks."""
    r, s = c % 13, c // 13
    out = [r + 13 * t for t in range(4) if t != s]
    out += [13 * s + q for q in (r - 2, r - 1, r + 1, r + 2) if 0 <= q < 13]
    return out


def card_weights(st: GameState, seat: int) -> list[list[float]]:
    """weights[s][card]: relative chance that seat ``s`` holds ``card``."""
    n = st.n
    w = [[1.0] * 52 for _ in range(n)]
    for s in range(n):
        if s == seat:
            continue
        for c in st.thrown[s]:
            for x in neighbours(c):
                w[s][x] *= THREW
    for s, passed in enumerate(passed_cards(st, seat)):
        for c in passed:
            for x in neighbours(c):
                w[s][x] *= PASSED
    for s in range(n):
        if s == seat:
            continue
        e = st.eaten[s]
        while e:
            low = e & -e
            e ^= low
            for a, b in meld_partners(low.bit_length() - 1, st.rules.ace_high_run):
                w[s][a] *= ATE
                w[s][b] *= ATE
    return w


def determinize(st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
                weights: list[list[float]] | None = None) -> GameState:
    """A full state: ``st`` with every other seat's hidden cards and the stock filled in."""
    pool = list(iter_bits(unseen_mask(st, seat)))
    need = hidden_counts(st, seat, hand_counts)
    weights = weights or card_weights(st, seat)
    order = [s for s in range(st.n) if s != seat and need[s] > 0]
    ace_high = st.rules.ace_high_run
    start_pool = pool
    for _attempt in range(20):  # eaters compete for partner cards: retry until all fit
        world = st.copy()
        pool = start_pool[:]
        rng.shuffle(order)
        fill = {}
        ok = True
        for s in order:  # first give every eater the cards its eaten cards need
            placed = _place_eaten(st.eaten[s], world.hands[s], pool, ace_high, rng)
            if placed is None:
                ok = False
                break
            for c in placed:
                pool.remove(c)
                world.hands[s] |= 1 << c
            fill[s] = need[s] - len(placed)
        if ok:
            break
    if not ok:
        fill = {s: need[s] - (world.hands[s] & ~st.hands[s]).bit_count() for s in order}
    for s in order:
        ws = weights[s]
        hand = world.hands[s]
        for _ in range(fill[s]):
            hand |= 1 << pool.pop(_weighted_index(pool, ws, rng))
        world.hands[s] = hand
    rng.shuffle(pool)
    world.stock = pool
    return world


def _weighted_index(pool: list[int], weights: list[float], rng: random.Random) -> int:
    total = 0.0
    for c in pool:
        total += weights[c]
    pick = rng.random() * total
    for i, c in enumerate(pool):
        pick -= weights[c]
        if pick <= 0.0:
            return i
    return len(pool) - 1


def _place_eaten(eaten: int, hand: int, pool: list[int], ace_high: bool, rng: random.Random) -> list[int] | None:
    """Hidden cards that give each eaten card its own phỏm (an eater always holds them); None if impossible."""
    if not eaten:
        return []
    cards = list(iter_bits(eaten))
    free = set(pool)

    def place(i: int, used: set[int]) -> list[int] | None:
        if i == len(cards):
            return []
        pairs = list(meld_partners(cards[i], ace_high))
        rng.shuffle(pairs)
        for a, b in pairs:
            ok = True
            for c in (a, b):
                if eaten >> c & 1 or c in used or not (c in free or hand >> c & 1):
                    ok = False
                    break
            if not ok:
                continue
            rest = place(i + 1, used | {a, b})
            if rest is not None:
                return [c for c in (a, b) if c in free] + rest
        return None

    return place(0, set())
