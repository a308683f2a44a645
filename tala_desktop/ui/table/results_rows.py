"""Results rows: what a seat's row in the results shows — its phỏm and its trash apart, and what its amount is made of.

``split_hand`` puts a seat's laid phỏm (and, for an Ù, the phỏm of the
winner's hand) before the cards that counted; ``breakdown`` sums the
game's payments to and from a seat by what they paid for (rank money,
eats, chốt, Móm, Ù, đền), so a 0 that hides +4 and -4 is explained. It
reads the game-over snapshot's payments (the whole game's, also of a game
resumed mid-way); any chips they do not account for show as "other", so
the parts always add up to the amount shown.
"""

from __future__ import annotations

from tala_desktop.engine import OutcomeKind, best_arrangement
from tala_desktop.engine.cards import cards_of, mask_of
from tala_desktop.table.messages import Payment

from ..core.i18n import money, tr
from .lay_assist import phom_order
from .model import TableModel

PAY_KEYS: dict[str, str] = {
    "nhi": "pay.rank", "ba": "pay.rank", "bet": "pay.rank", "mom": "pay.mom", "eat": "pay.eat", "chot": "pay.chot",
    "u": "pay.u", "u_tron": "pay.u", "u_khan": "pay.u", "den": "pay.den",
}
PAY_ORDER = ("pay.rank", "pay.mom", "pay.eat", "pay.chot", "pay.u", "pay.den", "pay.other")


def split_hand(m: TableModel, seat: int) -> tuple[list[list[int]], list[int]]:
    """(phỏm, trash) of ``seat`` at the end: its laid phỏm, or an Ù winner's phỏm in hand; then the other cards."""
    held = list((m.reveal or [[] for _ in range(m.n)])[seat])
    groups = [phom_order(mask_of(ph), m.ace_high) for ph in m.laid[seat]]
    if m.outcome is not None and m.outcome.kind is not OutcomeKind.SHOWDOWN and not m.has_laid(seat) and held:
        arr = best_arrangement(mask_of(held), mask_of(m.eaten[seat]) & mask_of(held), m.ace_high, m.face10)
        if arr is not None:
            groups += [phom_order(meld, m.ace_high) for meld in arr.melds]
            held = cards_of(arr.trash)
    trash = sorted(held, key=lambda c: (c % 13, c // 13))
    return groups, trash


def breakdown(payments: list[Payment], seat: int, net: int) -> list[tuple[str, int]]:
    """(text key, chips won (+) or paid (-)) for each kind of payment of ``seat``; parts sum to ``net``."""
    sums: dict[str, int] = {}
    for p in payments:
        sign = (p.to == seat) - (p.from_seat == seat)
        if p.amount and sign:
            key = PAY_KEYS.get(p.reason, "pay.other")
            sums[key] = sums.get(key, 0) + sign * p.amount
    rest = net - sum(sums.values())
    if rest:
        sums["pay.other"] = sums.get("pay.other", 0) + rest
    return [(key, sums[key]) for key in PAY_ORDER if sums.get(key)]


def breakdown_text(parts: list[tuple[str, int]]) -> str:
    """"hạng -400 · ăn +100": empty when one kind of payment alone makes the amount."""
    if len(parts) <= 1:
        return ""
    return " · ".join(tr(key, amount=("+" if v > 0 else "") + money(v)) for key, v in parts)
