"""Pointer targets: what a press on the table (not on your hand) hits — the stock, the eatable discard, a laid phỏm.

``table_target(layout, model, pos)`` only reads: it returns a ``Target``
value (or None) that ``TableActions.on_target`` turns into effects.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import TableLayout
from .model import TableModel


@dataclass(frozen=True)
class Target:
    """A thing on the table: ``kind`` "stock", "pile" (a seat's top discard) or "phom" (seat, index)."""

    kind: str
    seat: int = -1
    index: int = -1


def table_target(L: TableLayout, m: TableModel, pos: tuple[int, int]) -> Target | None:
    if L.stock.collidepoint(pos):
        return Target("stock")
    if m.last_discard is not None:
        seat = m.last_discard[0]
        rects = L.pile_rects(seat, len(m.piles[seat]))
        if rects and rects[-1].collidepoint(pos):
            return Target("pile", seat)
    for seat in range(m.n):
        sizes = [len(ph) for ph in m.laid[seat]]
        for k, r in enumerate(L.laid_group_rects(seat, sizes)):
            if r.collidepoint(pos):
                return Target("phom", seat, k)
    return None
