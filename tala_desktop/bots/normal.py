"""Normal (Thường): strong heuristics — keeps cạ with live outs, tracks dead cards, avoids feeding the next seat.

Also the fast policy inside the Hard bot's playouts. It reads only the seat's
own hand and public facts, so it plays the same on a redacted view and on a
determinised full state.
"""

from __future__ import annotations

from tala_desktop.engine import GameState, Move, MoveKind, Phase
from tala_desktop.engine.cards import card_label, mask_points, points
from tala_desktop.engine.legal import discardable, highest_card
from tala_desktop.engine.sends import best_lay_plan, plan_sends
from tala_desktop.engine.solver import best_arrangement

from .base import (
    Bot,
    BotLevel,
    Decision,
    Reason,
    cards_text,
    lay_decision,
    meld_text,
    send_decision,
    u_decision,
    unseen_and_hidden,
)
from .evaluate import BET_IN_POINTS, Context, P, Params, feed_cost, rank_discards, score_hand, takes_left, without_trash


class NormalBot(Bot):
    level = BotLevel.NORMAL
    danger_weight = 1.0
    params: Params = P  # the evaluation's weights; a bot may carry its own

    def decide_state(self, st: GameState, seat: int, legal: list[Move],
                     hand_counts: list[int] | None) -> Decision:
        if len(legal) == 1:
            return self._only(st, legal[0])
        for m in legal:
            if m.kind in (MoveKind.U, MoveKind.UKHAN):
                return u_decision(m)
        phase = st.phase
        if phase is Phase.TAKE:
            return self.take(st, seat, legal, hand_counts)
        if phase is Phase.LAY:
            return self.lay(st, seat)
        if phase is Phase.SEND:
            sends = self.plan(st, seat)
            if sends:
                c, t, k = sends[0]
                return send_decision(_send_move(st, seat, c, t, k))
        return self.discard(st, seat, hand_counts)

    # ------------------------------------------------------------ decisions
    def _only(self, st: GameState, move: Move) -> Decision:
        if move.kind is MoveKind.DRAW:
            return Decision(move, Reason("bot.draw_nothing"))
        if move.kind is MoveKind.DISCARD:
            return Decision(move, Reason("bot.only_discard"))
        return Decision(move, Reason("bot.only_move"))

    def context(self, st: GameState, seat: int, hand_counts: list[int] | None) -> Context:
        unseen, hidden = unseen_and_hidden(st, seat, hand_counts)
        return Context(st, seat, unseen, hidden, takes_left(st, seat), self.params)

    def take(self, st: GameState, seat: int, legal: list[Move], hand_counts: list[int] | None) -> Decision:
        eat = next((m for m in legal if m.kind is MoveKind.EAT), None)
        draw = next(m for m in legal if m.kind is MoveKind.DRAW)
        if eat is None:
            return Decision(draw, Reason("bot.draw_no_phom"))
        margin = eat_advantage(self, st, seat, hand_counts)
        assert st.last_discard is not None  # an eat is legal, so there is a discard
        c = st.last_discard[1]
        label = card_label(c)
        if margin is None or margin < 0:
            return Decision(draw, Reason("bot.eat_would_lock", {"card": label}))
        bit = 1 << c
        hand, eaten = st.hands[seat], st.eaten[seat]
        chot = len(st.piles[seat]) == 3
        phom = _phom_of(st, hand | bit, eaten | bit, c)
        pay = st.rules.eat_pay(st.eat_count[seat] + 1, chot)
        return Decision(eat, Reason("bot.eat_completes", {"phom": phom, "bets": pay}))

    def plan(self, st: GameState, seat: int) -> list[tuple[int, int, int]]:
        targets = [(t, k, p) for t in range(st.n) if t != seat for k, p in enumerate(st.laid[t])]
        if not targets:
            return []
        return plan_sends(st.hands[seat], targets, st.rules.ace_high_run, st.rules.face_value_10)

    def lay(self, st: GameState, seat: int) -> Decision:
        targets = [(t, k, p) for t in range(st.n) if t != seat for k, p in enumerate(st.laid[t])]
        rules = st.rules
        plan = best_lay_plan(st.hands[seat], st.eaten[seat], targets, rules.ace_high_run, rules.face_value_10)
        melds = plan.melds if plan is not None else ()
        move = Move(seat, MoveKind.LAY, melds=tuple(sorted(melds)))
        left = st.hands[seat]
        for m in melds:
            left &= ~m
        sends = 0
        for c, _, _ in (plan.sends if plan is not None else ()):
            sends |= 1 << c
        return lay_decision(move, _points(st, left & ~sends), sends)

    def discard(self, st: GameState, seat: int, hand_counts: list[int] | None) -> Decision:
        ctx = self.context(st, seat, hand_counts)
        ranked = rank_discards(ctx, discardable(st, seat), self.danger_weight)
        if not ranked:  # only in an inconsistent sampled world: fall back to the highest legal card
            c = highest_card(discardable(st, seat) or st.hands[seat], st.rules.face_value_10)
            return Decision(Move(seat, MoveKind.DISCARD, card=c), Reason("bot.highest_legal"))
        score, c, hs = ranked[0]
        move = Move(seat, MoveKind.DISCARD, card=c)
        kept = hs.keep
        if len(ranked) > 1:
            worst_pts = max(ranked, key=lambda r: points(r[1], st.rules.face_value_10))[1]
            if worst_pts != c and feed_cost(ctx, worst_pts) > 3.0 and points(worst_pts) > points(c):
                w = card_label(worst_pts)
                return Decision(move, Reason("bot.keep_feeder", {"card": w}))
        if kept:
            return Decision(move, Reason("bot.keep_ca", {"cards": cards_text(kept)}))
        return Decision(move, Reason("bot.highest_trash"))


def eat_advantage(bot: NormalBot, st: GameState, seat: int, hand_counts: list[int] | None) -> float | None:
    """Points by which eating the last discard beats drawing for ``bot`` (its eat margin included).

    None if the hand cannot be valued either way (eating would leave an eaten card unplaceable).
    """
    ctx = bot.context(st, seat, hand_counts)
    assert st.last_discard is not None
    c = st.last_discard[1]
    bit = 1 << c
    hand, eaten = st.hands[seat], st.eaten[seat]
    now = score_hand(ctx, hand, eaten)
    ctx.takes_left = max(0, ctx.takes_left - 1)
    after = _best_after_discard(ctx, hand | bit, eaten | bit)
    if after is None or now is None:
        return None
    chot = len(st.piles[seat]) == 3
    money = st.rules.eat_pay(st.eat_count[seat] + 1, chot) * BET_IN_POINTS
    if st.rules.den_chot and chot:
        money -= 0.05 * (st.n - 1) * st.rules.u_pay * BET_IN_POINTS  # later Ù would be ours to pay
    return after + money + bot.params.eat_margin - now.value


def _points(st: GameState, mask: int) -> int:
    return mask_points(mask, st.rules.face_value_10)


def _best_after_discard(ctx: Context, hand: int, eaten: int) -> float | None:
    """Value of the best 9-card hand after taking into ``hand`` and discarding one card."""
    rules = ctx.st.rules
    full = best_arrangement(hand, eaten, rules.ace_high_run, rules.face_value_10)
    if full is None:
        return None  # the eaten cards cannot all be placed, whatever goes
    best = None
    x = hand & ~eaten
    while x:
        low = x & -x
        x ^= low
        hs = score_hand(ctx, hand & ~low, eaten, without_trash(full, low.bit_length() - 1, rules.face_value_10))
        if hs is not None and (best is None or hs.value > best):
            best = hs.value
    return best


def _phom_of(st: GameState, hand: int, eaten: int, c: int) -> str:
    arr = best_arrangement(hand, eaten, st.rules.ace_high_run, st.rules.face_value_10)
    if arr is not None:
        for m in arr.melds:
            if m >> c & 1:
                return meld_text(m)
    return card_label(c)


def _send_move(st: GameState, seat: int, c: int, t: int, k: int) -> Move:
    fits = [i for i, p in enumerate(st.laid[t]) if p.accepts(c, st.rules.ace_high_run)]
    return Move(seat, MoveKind.SEND, card=c, target=t, index=None if len(fits) == 1 else k)
