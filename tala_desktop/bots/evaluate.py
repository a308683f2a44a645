"""Hand evaluation for the heuristic bots: expected trash cost, cạ potential and discard danger."""

from __future__ import annotations

from dataclasses import dataclass, field

from tala_desktop.engine import GameState
from tala_desktop.engine.cards import iter_bits, mask_points, points
from tala_desktop.engine.melds import is_meld, meld_cover
from tala_desktop.engine.solver import Arrangement, best_arrangement, u_kind

from .knowledge import ca_outs, ca_pairs, eat_chance, neighbour_mask, next_taker, out_weights, weighted_count

BET_IN_POINTS = 8.0  # one bet is worth about one showdown place, about 8 points


@dataclass(slots=True)
class Params:
    """Weights of the heuristic evaluation (tuned with bench/tune_normal.py: the defaults against Easy)."""

    ca_bonus: float = 16.0      # worth of a cạ card beyond its points, times its completion chance
    draw_factor: float = 1.5    # eats make a live out arrive faster than draws alone
    eat_flow: float = 1.5       # high outs arrive sooner (players throw high trash first): knowledge.out_weights
    trash_count: float = 0.6    # per trash card and take left: distance from Ù
    mom_fear: float = 30.0      # points per bet of Móm payment, times the chance of no phỏm
    danger: float = 0.3         # weight of feeding the next seat
    feed_extra: float = 0.0     # points lost when the next seat gets a phỏm from us
    u_weight: float = 1.0       # weight of the chance to Ù from this hand
    eat_margin: float = 2.0     # points an eat may look worse than drawing and still be taken


P = Params()  # the weights Normal and Hard play with (docs/benchmarks.md: why not the ones tuned against Normal)


@dataclass(slots=True)
class Context:
    """Facts about the position computed once per decision."""

    st: GameState
    seat: int
    unseen: int
    hidden: list[int]
    takes_left: int  # takes before (and including) this seat's lay-down turn
    params: Params = field(default_factory=lambda: P)  # the deciding bot's weights

    @property
    def unseen_count(self) -> int:
        return self.unseen.bit_count()


def takes_left(st: GameState, seat: int) -> int:
    if st.lay_order[seat] >= 0:
        return 0
    return max(0, 4 - len(st.piles[seat]) - (1 if st.took and st.to_move == seat else 0))


def complete_chance(outs: float, unseen: int, takes: int, draw_factor: float) -> float:
    """Chance that one of ``outs`` live cards reaches us in ``takes`` draws (eats count as about one more)."""
    if outs <= 0 or unseen <= 0 or takes <= 0:
        return 0.0
    miss = 1.0 - min(1.0, outs / unseen)
    return 1.0 - miss ** (takes * draw_factor)


@dataclass(slots=True)
class HandScore:
    value: float         # higher is better
    trash: int           # trash mask of the best arrangement
    melds: tuple[int, ...]
    keep: int            # trash cards kept for a live cạ


def score_hand(ctx: Context, hand: int, eaten: int, arr: Arrangement | None = None) -> HandScore | None:
    """Value of holding ``hand`` (None if the eaten cards cannot be placed); ``arr``: its best arrangement, if known."""
    rules = ctx.st.rules
    face10 = rules.face_value_10
    w = ctx.params
    if arr is None:
        arr = best_arrangement(hand, eaten, rules.ace_high_run, face10)
    if arr is None:
        return None
    trash = arr.trash
    value = -float(arr.trash_points)
    keep = 0
    if ctx.takes_left > 0 and trash:
        unseen = ctx.unseen
        n_unseen = ctx.unseen_count
        weight = out_weights(w.eat_flow, ctx.takes_left, n_unseen, face10)
        if rules.ace_high_run:
            outs_by_card: dict[int, float] = {}
            for a, b, comp in ca_pairs(trash, True):
                o = weighted_count(comp & unseen, weight)
                for c in (a, b):
                    if o > outs_by_card.get(c, 0):
                        outs_by_card[c] = o
        else:
            outs_by_card = ca_outs(trash, unseen, weight)
        no_meld = 1.0
        tries = ctx.takes_left * w.draw_factor
        for c, o in outs_by_card.items():  # complete_chance, inlined: the hottest loop of the Normal bot
            q = 1.0 - (1.0 - min(1.0, o / n_unseen)) ** tries if n_unseen > 0 else 0.0
            value += q * (points(c, face10) + w.ca_bonus)
            keep |= 1 << c
            no_meld *= 1.0 - q
        value -= w.trash_count * trash.bit_count() * min(ctx.takes_left, 3)
        if not arr.melds:
            value -= w.mom_fear * no_meld * rules.mom_pay
        elif trash.bit_count() <= 3 and hand.bit_count() == 9:
            value += w.u_weight * u_chance(ctx, hand, eaten) * (ctx.st.n - 1) * rules.u_pay * BET_IN_POINTS
    elif not arr.melds and ctx.takes_left == 0 and ctx.st.lay_order[ctx.seat] < 0:
        value -= w.mom_fear * rules.mom_pay
    return HandScore(value, trash, arr.melds, keep)


def u_chance(ctx: Context, hand: int, eaten: int) -> float:
    """Chance to reach Ù from a 9-card hand within the takes left."""
    ace_high = ctx.st.rules.ace_high_run
    candidates = ctx.unseen
    loose = hand & ~meld_cover(hand, ace_high)
    if loose.bit_count() >= 2:  # the new card must make a phỏm with some card that is in none now
        near = 0
        x = loose
        while x:
            low = x & -x
            x ^= low
            near |= neighbour_mask(low.bit_length() - 1, ace_high)
        candidates &= near
    outs = 0
    x = candidates
    while x:
        low = x & -x
        x ^= low
        if u_kind(hand | low, eaten, ace_high):
            outs += 1
    return complete_chance(outs, ctx.unseen_count, ctx.takes_left, ctx.params.draw_factor)


def feed_cost(ctx: Context, c: int) -> float:
    """Expected cost (in points) of letting the next seat eat card ``c``."""
    st, seat = ctx.st, ctx.seat
    t = next_taker(st, seat)
    if t is None:
        return 0.0
    p = eat_chance(st, seat, c, ctx.unseen, ctx.hidden)
    if p <= 0.0:
        return 0.0
    rules = st.rules
    chot = len(st.piles[t]) == 3
    bets = rules.eat_pay(st.eat_count[t] + 1, chot)
    if st.eats_from[t][seat] >= 2 and rules.den_three_eats:
        bets += (st.n - 1) * rules.u_pay  # a third eat from us: Ù paid by us alone
    elif st.eat_count[t] >= 2:
        bets += rules.u_pay
    return p * (bets * BET_IN_POINTS + ctx.params.feed_extra)


def rank_discards(ctx: Context, candidates: int, danger_weight: float = 1.0) -> list[tuple[float, int, HandScore]]:
    """Discard candidates best first, as (score, card, resulting hand score)."""
    st, seat = ctx.st, ctx.seat
    hand, eaten = st.hands[seat], st.eaten[seat]
    face10 = st.rules.face_value_10
    full = best_arrangement(hand, eaten, st.rules.ace_high_run, face10)
    candidates = worth_considering(st, full, candidates)
    out = []
    for c in iter_bits(candidates):
        bit = 1 << c
        hs = score_hand(ctx, hand & ~bit, eaten & ~bit, without_trash(full, c, face10))
        if hs is None:
            continue
        s = hs.value - danger_weight * ctx.params.danger * feed_cost(ctx, c)
        out.append((s, c, hs))
    out.sort(key=lambda x: (-x[0], -points(x[1], st.rules.face_value_10), -(x[1] // 13)))
    return out


def without_trash(full: Arrangement | None, c: int, face10: bool) -> Arrangement | None:
    """The best arrangement of a hand without card ``c``, if ``c`` is trash in ``full`` (None otherwise).

    The phỏm stay best: no packing of the smaller hand can cover more than the one that
    already covers everything but trash. One solver call then serves every trash card.
    """
    if full is None or not full.trash >> c & 1:
        return None
    return Arrangement(full.melds, full.trash & ~(1 << c), full.trash_points - points(c, face10))


def worth_considering(st: GameState, arr: Arrangement | None, candidates: int) -> int:
    """Candidates minus the cards whose loss would break a phỏm of the best arrangement.

    Throwing a card that a phỏm needs is never better than throwing a trash card;
    a 4th card of a set or the end of a run of 4+ costs no phỏm and stays in. ``arr`` is the
    hand's best arrangement.
    """
    if arr is None or not arr.trash & candidates:
        return candidates
    keep = arr.trash
    for m in arr.melds:
        if m.bit_count() >= 4:
            for c in iter_bits(m):
                if is_meld(m & ~(1 << c), st.rules.ace_high_run):
                    keep |= 1 << c
    return candidates & keep


def trash_points(st: GameState, mask: int) -> int:
    return mask_points(mask, st.rules.face_value_10)
