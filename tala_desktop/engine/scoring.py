"""Money and the end of a game: payments with balance caps, showdown ranking, Ù and đền, the outcome."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import cards_of, mask_points
from .events import Declared, GameEnded, Payment, PayReason
from .moves import NotationEnum, Phase
from .position import Position
from .rules import Rules

PLACE_LABELS = ("nhat", "nhi", "ba", "bet")
PAYING_PLACES: tuple[PayReason, ...] = ("nhi", "ba", "bet")     # what second, third and last pay for


class OutcomeKind(NotationEnum):
    SHOWDOWN = "showdown"
    U = "u"
    U_TRON = "u_tron"
    U_KHAN = "u_khan"


U_REASONS: dict[OutcomeKind, PayReason] = {OutcomeKind.U: "u", OutcomeKind.U_TRON: "u_tron",
                                          OutcomeKind.U_KHAN: "u_khan"}   # what each Ù is paid for


class Outcome(NamedTuple):
    """How a game ended. Tuples are indexed by seat; ``places`` is best first."""

    kind: OutcomeKind
    winner: int
    den: int | None            # the seat that paid the whole Ù (đền), if any
    places: tuple[int, ...]    # showdown: every seat best first; Ù: the winner only
    labels: tuple[str, ...]    # nhat nhi ba bet mom | u u_tron u_khan den lose
    points: tuple[int, ...]    # points of the cards each seat still holds
    net: tuple[int, ...]       # money won (+) or lost (-) in this game, in chips

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": str(self.kind),
            "winner": self.winner,
            "den": self.den,
            "places": list(self.places),
            "labels": {str(s): v for s, v in enumerate(self.labels)},
            "points": {str(s): v for s, v in enumerate(self.points)},
            "net": {str(s): v for s, v in enumerate(self.net)},
        }


def pay(st: Position, frm: int, to: int, bets: int, reason: PayReason) -> int:
    """Move ``bets`` x bet chips from ``frm`` to ``to``, never more than ``frm``'s balance, nor, once ``frm`` has
    left, more than what its leave may still cost (``leave_cap``: the Móm it was told of, RULES.md §10)."""
    chips = bets * st.bet
    cap = st.leave_cap[frm]
    if cap is not None:
        chips = min(chips, cap)
    if st.balances is not None:
        chips = min(chips, max(st.balances[frm], 0))
        st.balances[frm] -= chips
        st.balances[to] += chips
    if cap is not None:
        st.leave_cap[frm] = cap - chips
    st.net[frm] -= chips
    st.net[to] += chips
    if st.events is not None:
        st.events.append(Payment(frm, to, chips, reason))
    return chips


def leave_cost(rules: Rules, bet: int, balance: int | None = None) -> int:
    """What leaving a game now costs, in chips, whatever the rest of the game brings: the Móm, or the whole
    ``balance`` when that is smaller (RULES.md §10). Less only if someone else pays the whole Ù (đền)."""
    cost = rules.mom_pay * bet
    return cost if balance is None else min(cost, max(balance, 0))


def _finish(st: Position, outcome: Outcome) -> None:
    st.outcome = outcome
    st.phase = Phase.GAME_OVER
    st.u_open = False
    if st.events is not None:
        st.events.append(GameEnded(outcome, tuple(tuple(cards_of(h)) for h in st.hands)))


def _points(st: Position) -> tuple[int, ...]:
    return tuple(mask_points(h, st.rules.face_value_10) for h in st.hands)


def finish_showdown(st: Position) -> None:
    """Rank everyone (RULES.md §8) and pay Nhất, in seat order after the winner."""
    pts = _points(st)
    seats = range(st.n)
    ranked = sorted((s for s in seats if not st.mom[s]), key=lambda s: (pts[s], st.lay_order[s]))
    # Móm players rank below every other, by lay-down order; a player who left
    # ranks below those who stayed (so a leaver never becomes Nhất while others remain).
    ranked += sorted((s for s in seats if st.mom[s]), key=lambda s: (st.left[s], st.lay_order[s]))
    winner = ranked[0]
    labels = [""] * st.n
    place_of = [0] * st.n
    for place, s in enumerate(ranked):
        place_of[s] = place
        labels[s] = "nhat" if place == 0 else ("mom" if st.mom[s] else PLACE_LABELS[min(place, 3)])
    for i in range(1, st.n):
        s = (winner + i) % st.n
        if st.mom[s]:
            pay(st, s, winner, st.rules.mom_pay, "mom")
        else:
            pay(st, s, winner, st.rules.place_pay(place_of[s]), PAYING_PLACES[min(place_of[s], 3) - 1])
    _finish(st, Outcome(OutcomeKind.SHOWDOWN, winner, None, tuple(ranked), tuple(labels), pts, tuple(st.net)))


def den_payer(st: Position, winner: int) -> int | None:
    """The seat that pays the whole Ù under RULES.md §7, or None."""
    rules = st.rules
    if rules.den_three_eats:
        for v in range(st.n):
            if v != winner and st.eats_from[winner][v] >= 3:
                return v
    if rules.den_chot:
        for e in reversed(st.chot_eaters):
            if e != winner:
                return e
    return None


def finish_u(st: Position, winner: int, kind: OutcomeKind) -> None:
    """End the game at once with an Ù of ``kind`` by ``winner``."""
    rules = st.rules
    amount = {OutcomeKind.U: rules.u_pay, OutcomeKind.U_TRON: rules.u_tron_pay,
              OutcomeKind.U_KHAN: rules.u_khan_pay}[kind]
    if st.events is not None:
        st.events.append(Declared(winner, kind))
    den = den_payer(st, winner)
    labels = ["lose"] * st.n
    labels[winner] = kind.value
    if den is not None:
        labels[den] = "den"
        pay(st, den, winner, (st.n - 1) * amount, "den")
    else:
        for i in range(1, st.n):
            pay(st, (winner + i) % st.n, winner, amount, U_REASONS[kind])
    _finish(st, Outcome(kind, winner, den, (winner,), tuple(labels), _points(st), tuple(st.net)))


def next_leader(outcome: Outcome, left: list[bool]) -> int:
    """Who leads the next game: the winner, or the next seat after them that is still here."""
    n = len(left)
    for i in range(n):
        s = (outcome.winner + i) % n
        if not left[s]:
            return s
    return outcome.winner
