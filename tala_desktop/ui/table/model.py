"""Table model: one snapshot from the TableClient with cards as ints, and the facts the scene derives from it.

A ``TableModel`` is built from one ``snapshot`` message (see
docs/table-messages.md) and never changes; the scene swaps in a new one per
snapshot and keeps the previous one to animate from. Nothing here draws.
"""

from __future__ import annotations

from typing import Any

from tala_desktop.engine import EngineError, Move, Phom, parse_card, parse_move
from tala_desktop.engine.cards import card_label, mask_of, points

from ..core.i18n import tr
from ..core.names import shown_name


def _cards(tokens: list[str] | None) -> list[int]:
    return [parse_card(t) for t in tokens or []]


def _per_seat(obj: Any, n: int, default: Any) -> list[Any]:
    """Outcome fields come as {"0": v, ...}; turn them into a list by seat."""
    if obj is None:
        return [default] * n
    if isinstance(obj, dict):
        return [obj.get(str(s), default) for s in range(n)]
    return list(obj)


class TableModel:
    """The table as one seat sees it now."""

    def __init__(self, snap: dict[str, Any]) -> None:
        self.snap = snap
        self.game_id: int = snap["game_id"]
        self.me: int = snap["seat"]
        self.n: int = snap["n"]
        self.names: list[str] = list(snap["names"])
        if 0 <= self.me < len(self.names):
            self.names[self.me] = shown_name(self.names[self.me])  # a default name follows the language
        self.bet: int = snap["bet"]
        self.balances: list[int] = list(snap["balances"])
        self.rules: dict[str, Any] = dict(snap.get("rules") or {})
        self.leader: int = snap["leader"]
        self.to_move: int | None = snap["to_move"]
        self.phase: str = snap["phase"]
        self.turn_kind: str = snap["turn_kind"]
        self.starter: int = snap["starter"]
        self.stock_count: int = snap["stock_count"]
        self.held: list[int] = _cards(snap["hand"])
        self.counts: list[int] = list(snap["hand_counts"])
        self.known: list[list[int]] = [_cards(k) for k in snap.get("known") or [[] for _ in range(self.n)]]
        self.eaten: list[list[int]] = [_cards(e) for e in snap["eaten"]]
        self.piles: list[list[int]] = [_cards(p) for p in snap["piles"]]
        self.laid: list[list[list[int]]] = [[_cards(ph) for ph in ps] for ps in snap["laid"]]
        self.lay_order: list[int] = list(snap["lay_order"])
        self.mom: list[bool] = list(snap["mom"])
        self.left: list[bool] = list(snap["left"])
        self.eat_count: list[int] = list(snap["eat_count"])
        ld = snap.get("last_discard")
        self.last_discard: tuple[int, int] | None = None if ld is None else (int(ld[0]), parse_card(ld[1]))
        self.legal_text: list[str] = list(snap.get("legal") or [])
        self.legal: list[Move] = []
        for text in self.legal_text:
            try:
                self.legal.append(parse_move(text))
            except EngineError:
                continue
        self.kinds: set[str] = {m.kind for m in self.legal}
        self.clock: dict[str, Any] | None = snap.get("clock")
        self.thinking: int | None = snap.get("thinking")
        self.net: list[int] = list(snap.get("net") or [0] * self.n)
        self.outcome: dict[str, Any] | None = snap.get("outcome")
        reveal = snap.get("reveal")
        self.reveal: list[list[int]] | None = None if reveal is None else [_cards(h) for h in reveal]

    # ------------------------------------------------------------------ rules
    @property
    def ace_high(self) -> bool:
        return bool(self.rules.get("ace_high_run", False))

    @property
    def face10(self) -> bool:
        return bool(self.rules.get("face_value_10", False))

    @property
    def turn_seconds(self) -> int:
        return int(self.rules.get("turn_seconds", 0) or 0)

    # ------------------------------------------------------------------ you
    @property
    def my_eaten(self) -> list[int]:
        return self.eaten[self.me]

    @property
    def hand(self) -> list[int]:
        """Every card you hold: the hidden ones and your eaten cards (shown in your hand, gold-edged)."""
        return self.held + [c for c in self.my_eaten if c not in self.held]

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def eaten_mask(self) -> int:
        return mask_of(self.my_eaten)

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    @property
    def my_turn(self) -> bool:
        return not self.is_over and self.to_move == self.me and bool(self.legal)

    def can(self, kind: str) -> bool:
        return kind in self.kinds

    def discardable(self) -> set[int]:
        return {m.card for m in self.legal if m.kind == "discard"}

    def has_laid(self, seat: int) -> bool:
        return self.lay_order[seat] >= 0

    def eatable(self) -> int | None:
        """The last discard if you may eat it now."""
        if self.last_discard is not None and self.can("eat"):
            return self.last_discard[1]
        return None

    def targets(self) -> list[tuple[int, int, Phom]]:
        """Other seats' laid phỏm you could send to: (seat, index, phỏm)."""
        out = []
        for s in range(self.n):
            if s == self.me:
                continue
            for k, cards in enumerate(self.laid[s]):
                if len(cards) >= 3:
                    out.append((s, k, Phom(mask_of(cards), self.ace_high)))
        return out

    def hand_points(self) -> int:
        return sum(points(c, self.face10) for c in self.hand)

    # ------------------------------------------------------------------ names
    def name(self, seat: int) -> str:
        """"Bạn" for you, the seat's name otherwise (log lines)."""
        return tr("table.you") if seat == self.me else self.names[seat]

    def object_name(self, seat: int) -> str:
        """"bạn" for you (in the middle of a sentence), the name otherwise."""
        return tr("table.you_lower") if seat == self.me else self.names[seat]

    # ------------------------------------------------------------------ outcome
    def outcome_list(self, key: str, default: Any) -> list[Any]:
        return _per_seat((self.outcome or {}).get(key), self.n, default)

    def label_of(self, seat: int) -> str | None:
        if self.outcome is None:
            return None
        return self.outcome_list("labels", "")[seat] or None


def cards_text(cards: list[int]) -> str:
    return "".join(card_label(c) for c in cards)
