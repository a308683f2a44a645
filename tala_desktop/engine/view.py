"""The one place that decides what each seat sees: redacted views and per-seat events.

A seat of ``None`` is a watcher (a spectator at a LAN table): it sees what
the public sees, every hand cut to its publicly known cards (eaten,
revealed), no drawn or dealt card, and has no moves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Generic, TypeVar

from .events import Dealt, Drew, Event
from .legal import legal_moves
from .moves import Move, Phase
from .position import Position
from .rules import Rules

S = TypeVar("S", bound=Position)


class SeatView(Generic[S]):
    """Everything ``seat`` may know: its own hand, the public table, and the others' card counts.

    ``seat`` None is a watcher's view: no hand of its own, so every hand
    holds only its publicly known cards and ``legal`` is empty.

    Other seats' hands hold only their publicly known cards (eaten, revealed);
    the stock holds no cards, only ``stock_count``. The redacted state is a
    copy of the viewed state's own class (``GameState.view`` gives
    ``SeatView[GameState]``), so searchers can play on its determinizations.
    """

    __slots__ = ("seat", "_st", "hand_counts", "stock_count", "legal")

    def __init__(self, seat: int | None, redacted: S, hand_counts: list[int], stock_count: int,
                 legal: list[Move]) -> None:
        self.seat = seat
        self._st = redacted
        self.hand_counts = hand_counts
        self.stock_count = stock_count
        self.legal = legal

    @classmethod
    def of(cls, st: S, seat: int | None) -> SeatView[S]:
        r = st.copy(record_events=False)
        counts = [st.hands[s].bit_count() for s in range(st.n)]
        for s in range(st.n):
            if s != seat:
                r.hands[s] = st.eaten[s] | st.revealed[s]
        r.stock = []
        r.deal_record = {}
        mine = seat is not None and st.to_move == seat
        legal = legal_moves(st) if mine and st.phase is not Phase.GAME_OVER else []
        return cls(seat, r, counts, len(st.stock), legal)

    # -------------------------------------------------------------- public facts
    @property
    def rules(self) -> Rules:
        return self._st.rules

    @property
    def n(self) -> int:
        return self._st.n

    @property
    def hand(self) -> int:
        """This seat's cards, including its unlaid eaten cards (none for a watcher)."""
        return 0 if self.seat is None else self._st.hands[self.seat]

    def __getattr__(self, name: str) -> Any:
        if name in _PUBLIC:
            return getattr(self._st, name)
        raise AttributeError(name)

    def known_cards(self, s: int) -> int:
        """Cards of seat ``s``'s hand that this seat knows (all, for itself)."""
        return self._st.hands[s]

    def public_cards(self) -> int:
        """Cards visible on the table: piles and laid phỏm (eaten/revealed cards are in known_cards)."""
        return self._st.table_cards()

    def determinize(self, hidden: dict[int, int], stock_top_first: list[int]) -> S:
        """A full game state with the unseen cards placed as given (for searchers)."""
        st = self._st.copy(record_events=False)
        for s, extra in hidden.items():
            if s == self.seat:
                raise ValueError("determinize: a seat's own hand is not hidden")
            st.hands[s] |= extra
        st.stock = list(reversed(stock_top_first))
        return st

    def redacted_state(self) -> S:
        """The view's own redacted state (not shared with the live game); treat it as read-only."""
        return self._st


_PUBLIC = frozenset({
    "leader", "bet", "eaten", "eat_count", "eats_from", "piles", "laid", "lay_order", "lays_done",
    "mom", "left", "starter", "to_move", "phase", "turn_kind", "took", "u_open", "ukhan_open",
    "last_discard", "chot_eaters", "balances", "net", "thrown", "revealed", "turn_no", "outcome",
    "history",
})


REDACTED_EVENTS: frozenset[type[Event]] = frozenset({Dealt, Drew})   # what redact_event may change; others are public


def redact_event(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (other players' drawn and dealt cards hidden; a watcher, None, sees none)."""
    if isinstance(event, Dealt):
        return replace(event, hands=tuple(h if seat is not None and s == seat else None
                                          for s, h in enumerate(event.hands)))
    if isinstance(event, Drew) and (seat is None or event.seat != seat):
        return replace(event, card=None)
    return event
