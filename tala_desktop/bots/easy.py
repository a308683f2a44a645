"""Easy (Dễ) and random-legal players: a plausible beginner, and the baseline it must beat."""

from __future__ import annotations

from tala_desktop.engine import GameState, Move, MoveKind, Phase
from tala_desktop.engine.cards import card_label, iter_bits, points
from tala_desktop.engine.legal import discardable
from tala_desktop.engine.solver import best_arrangement

from .base import Bot, BotLevel, Decision, Reason, lay_decision, send_decision, u_decision


class EasyBot(Bot):
    """Eats whenever it can, lays the least-trash arrangement, mostly throws its highest trash."""

    level = BotLevel.EASY
    randomness = 0.25

    def decide_state(self, st: GameState, seat: int, legal: list[Move],
                     hand_counts: list[int] | None) -> Decision:
        for m in legal:
            if m.kind in (MoveKind.U, MoveKind.UKHAN):
                return u_decision(m)
        phase = st.phase
        if phase is Phase.TAKE:
            eat = next((m for m in legal if m.kind is MoveKind.EAT), None)
            if eat is not None and st.last_discard is not None:
                label = card_label(st.last_discard[1])
                return Decision(eat, Reason("bot.eat_makes_phom", {"card": label}))
            return Decision(legal[0] if legal[0].kind is MoveKind.DRAW else Move(seat, MoveKind.DRAW),
                            Reason("bot.draw_no_phom"))
        rules = st.rules
        if phase is Phase.LAY:
            arr = best_arrangement(st.hands[seat], st.eaten[seat], rules.ace_high_run, rules.face_value_10)
            melds = arr.melds if arr is not None and arr.trash else ()
            left = arr.trash_points if arr is not None and melds else sum(
                points(c, rules.face_value_10) for c in iter_bits(st.hands[seat]))
            return lay_decision(Move(seat, MoveKind.LAY, melds=tuple(sorted(melds))), left)
        sends = [m for m in legal if m.kind is MoveKind.SEND]
        if sends:
            return send_decision(sends[0])
        can = discardable(st, seat)
        arr = best_arrangement(st.hands[seat], st.eaten[seat], rules.ace_high_run, rules.face_value_10)
        trash = (arr.trash if arr is not None else can) & can or can
        cards = sorted(iter_bits(trash), key=lambda c: (points(c, rules.face_value_10), c // 13), reverse=True)
        if self.rng.random() < self.randomness:
            c = self.rng.choice(cards)
            return Decision(Move(seat, MoveKind.DISCARD, card=c), Reason("bot.any_trash"))
        c = cards[0]
        return Decision(Move(seat, MoveKind.DISCARD, card=c), Reason("bot.highest_trash"))


class RandomBot(Bot):
    """Uniformly random among the legal moves (still declares Ù): the floor for the Easy bot."""

    level = BotLevel.RANDOM

    def decide_state(self, st: GameState, seat: int, legal: list[Move],
                     hand_counts: list[int] | None) -> Decision:
        for m in legal:
            if m.kind in (MoveKind.U, MoveKind.UKHAN):
                return u_decision(m)
        m = self.rng.choice(legal)
        return Decision(m, Reason("bot.random"))
