"""The learned chance that an opponent holds each card it may hide: a logistic fit on public features.

For every other seat with hidden cards and every card the viewer cannot see,
``features`` reads the public record around that card: the seat's throws and
passed-up cards of the same rank or one or two apart in its suit, the cards
it ate that the card would make a phỏm with, how many of the card's phỏm
partners are still unseen, its points beside the seat's latest throws (Normal
throws its highest trash: a dead card above them is unlikely to be held),
how far the game is. ``COEF`` was fitted by ``bench/card_model.py`` on
958,204 cells of 600 games of four Normal bots; scored on 200 other games it
gives the truth a mean log-likelihood of -0.5386 a cell where the hand-set
``card_weights`` give -0.5619 and the uniform guess -0.5624 (knowing the
hands: 0). ``learned_weights`` turns it into the sampler's weights (odds).
"""

from __future__ import annotations

import math

from tala_desktop.bots.knowledge import hidden_counts, meld_partners, passed_cards, unseen_mask
from tala_desktop.engine import GameState
from tala_desktop.engine.cards import iter_bits, points

NAMES = ("bias", "thr_rank", "thr_adj1", "thr_adj2", "pass_rank", "pass_adj1", "pass_adj2", "ate_partner",
         "live_rank", "live_run", "dead", "points", "dead_points", "above_last", "dead_above_last",
         "last_rank", "last_adj1", "turns", "eaten_cards", "hidden_share")
COEF = (-2.250, -1.386, -0.978, -0.486, -0.338, -0.186, -0.053, +0.977, -0.044, -0.001, -0.015, +0.127,
        -0.067, -0.033, -0.868, +0.383, +0.229, +0.305, -0.836, +4.764)


def relation(x: int, c: int) -> int:
    """0: same rank, 1: same suit one apart, 2: same suit two apart, -1: neither (or the same card)."""
    if x == c:
        return -1
    if x % 13 == c % 13:
        return 0
    if x // 13 == c // 13:
        d = abs(x % 13 - c % 13)
        if d in (1, 2):
            return d
    return -1


def features(st: GameState, viewer: int, hand_counts: list[int] | None = None) -> dict[int, dict[int, list[float]]]:
    """features[t][x] (in ``NAMES`` order) for every other seat t with hidden cards and every unseen card x."""
    unseen = unseen_mask(st, viewer)
    hidden = hidden_counts(st, viewer, hand_counts)
    total = max(unseen.bit_count(), 1)
    passed = passed_cards(st, viewer)
    ace_high, face10 = st.rules.ace_high_run, st.rules.face_value_10
    out: dict[int, dict[int, list[float]]] = {}
    for t in range(st.n):
        if t == viewer or not hidden[t]:
            continue
        thrown = st.thrown[t]
        last = thrown[-1] if thrown else -1
        last_pts = max((points(c, face10) for c in thrown[-2:]), default=0)
        eaten = st.eaten[t]
        own = unseen | eaten
        rows: dict[int, list[float]] = {}
        for x in iter_bits(unseen):
            thr = [0.0, 0.0, 0.0]
            for c in thrown:
                k = relation(x, c)
                if k >= 0:
                    thr[k] += 1.0
            pas = [0.0, 0.0, 0.0]
            for c in passed[t]:
                k = relation(x, c)
                if k >= 0:
                    pas[k] += 1.0
            ate = 0
            live = 0
            for a, b in meld_partners(x, ace_high):
                if (eaten >> a & 1) or (eaten >> b & 1):
                    ate += 1
                if own >> a & 1 and own >> b & 1:
                    live += 1
            live_rank = sum(1 for y in range(x % 13, 52, 13) if y != x and own >> y & 1)
            live_run = live - (live_rank * (live_rank - 1)) // 2
            dead = 1.0 if live == 0 else 0.0
            pts = points(x, face10)
            above = 1.0 if pts > last_pts else 0.0
            rel = relation(x, last) if last >= 0 else -1
            rows[x] = [1.0, thr[0], thr[1], thr[2], pas[0], pas[1], pas[2], float(ate),
                       float(live_rank), float(live_run), dead, pts / 10.0, dead * pts / 10.0, above, dead * above,
                       1.0 if rel == 0 else 0.0, 1.0 if rel == 1 else 0.0, len(thrown) / 4.0,
                       eaten.bit_count() / 3.0, hidden[t] / total]
        out[t] = rows
    return out


def log_odds(row: list[float], coef: tuple[float, ...] = COEF) -> float:
    z = 0.0
    for a, b in zip(row, coef):
        z += a * b
    return z


def learned_weights(st: GameState, viewer: int, hand_counts: list[int] | None = None,
                    coef: tuple[float, ...] = COEF) -> list[list[float]]:
    """weights[s][card] for ``determinize``: each unseen card's fitted odds of being in seat s's hand."""
    w = [[1.0] * 52 for _ in range(st.n)]
    for t, rows in features(st, viewer, hand_counts).items():
        wt = w[t]
        for x, row in rows.items():
            wt[x] = math.exp(max(-20.0, min(20.0, log_odds(row, coef))))
    return w
