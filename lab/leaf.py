"""The fitted value of a position at the end of a Hard playout: the seat's money still to come, in bets.

A playout stops at the seat's next take, in a sampled deal where every hand
is known. Normal's value of the seat's own hand (``normal_value``, points / 8)
says nothing of the others: how close each is to laying down cheap, to Ù, to
a Móm. ``features`` reads the whole table, and ``WEIGHTS`` is a least-squares
fit of the money each seat went on to win or lose after such positions, over
games of four Normal bots (``python bench/bot_leaf_fit.py``; the fit and its
test error are in docs/experiments/bots-fitted-leaf.md).
"""

from __future__ import annotations

from tala_desktop.bots.evaluate import takes_left
from tala_desktop.bots.knowledge import ca_pairs, unseen_mask
from tala_desktop.engine import GameState
from tala_desktop.engine.solver import best_arrangement


def seat_fields(g: GameState, t: int, unseen: int) -> list[float]:
    """Seat ``t``'s seven fields: trash points / 8, phỏm, trash cards, live cạ, eats, laid, takes left."""
    rules = g.rules
    arr = best_arrangement(g.hands[t], g.eaten[t], rules.ace_high_run, rules.face_value_10)
    if arr is None:
        trash_points, melds, trash = g.hand_points(t), 0, g.hands[t]
    else:
        trash_points, melds, trash = arr.trash_points, len(arr.melds), arr.trash
    live = 0
    for _, _, comp in ca_pairs(trash, rules.ace_high_run):
        if comp & unseen:
            live += 1
    return [trash_points / 8.0, float(melds), float(trash.bit_count()), float(live), float(g.eat_count[t]),
            float(g.lay_order[t] >= 0), float(takes_left(g, t))]


def features(g: GameState, seat: int, normal_value: float) -> list[float]:
    """The model's inputs for ``seat`` in the full state ``g``; ``normal_value``: Normal's value of its hand."""
    unseen = unseen_mask(g, seat)
    me = seat_fields(g, seat, unseen)
    out = [1.0, normal_value, float(len(g.stock)), *me]
    for i in range(1, g.n):
        tp, nm, nt, ca, ec, laid, tl = seat_fields(g, (seat + i) % g.n, unseen)
        no_meld = 1.0 if nm == 0 else 0.0
        out += [tp, nm, nt, ca, ec, laid, tl, no_meld, no_meld * tl, tp * (1.0 - laid)]
    for _ in range(g.n, 4):  # fewer than four players: the missing seats read as empty
        out += [0.0] * 10
    me_no_meld = 1.0 if me[1] == 0 else 0.0
    out += [normal_value * me[6], me_no_meld, me_no_meld * me[6]]
    return out


def fitted_value(g: GameState, seat: int, normal_value: float, weights: tuple[float, ...]) -> float:
    total = 0.0
    for w, x in zip(weights, features(g, seat, normal_value)):
        total += w * x
    return total


# python bench/bot_leaf_fit.py --games 8000 --seed 2 --workers 2
WEIGHTS: tuple[float, ...] = (
    4.9096, 0.6511, -0.3877, 0.0573, 0.1109, -0.9964, 0.2634, -0.1976, -5.1503, 0.5138,
    0.0569, -0.7524, 0.3401, -0.0224, -0.1076, -0.1098, -0.0430, -0.6012, -0.0458, -0.2423,
    0.1268, -0.5011, 0.3057, -0.0641, 0.1046, 0.0353, 0.4169, -0.3335, -0.0725, -0.1099,
    0.1897, -0.4980, 0.3139, -0.1778, -0.0400, -1.8810, 0.3629, -0.1927, -0.0977, -0.1392,
    -0.1304, 6.5776, -1.2730,
)
