"""The position of one Phỏm game as data: where every card is, whose turn and phase it is, the money so far.

``Position`` holds the state and answers plain queries about it; it knows no
rules. The rule modules (legal.py, play.py, scoring.py, view.py) are
functions that take a position, and ``GameState`` (state.py) is the
position with those rules attached as methods. Creation (``new``,
``from_deal``) and ``copy`` build the class they are called on.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar

from .cards import FULL_DECK, cards_of, deck, mask_of, mask_points
from .errors import EngineError
from .events import Dealt, Event, Turn
from .melds import Phom
from .moves import Move, Phase, TurnKind
from .rules import Rules

if TYPE_CHECKING:
    from .scoring import Outcome

P = TypeVar("P", bound="Position")


class Position:
    """One game in progress, as data. Seats are 0..n-1; turns go from seat i to i+1."""

    __slots__ = (
        "rules", "n", "bet", "leader", "hands", "eaten", "eat_count", "eats_from",
        "piles", "laid", "lay_order", "lays_done", "mom", "left", "stock", "starter",
        "to_move", "phase", "turn_kind", "took", "u_open", "ukhan_open", "last_discard",
        "chot_eaters", "balances", "net", "thrown", "revealed", "turn_no", "outcome",
        "events", "history", "deal_record", "leave_cap", "caps_leaves",
    )

    rules: Rules
    n: int
    bet: int
    leader: int
    hands: list[int]              # card masks, eaten cards included
    eaten: list[int]              # each seat's eaten row: eaten cards not yet laid
    eat_count: list[int]
    eats_from: list[list[int]]    # eats_from[eater][victim]
    piles: list[list[int]]        # discard rows, oldest first
    laid: list[list[Phom]]
    lay_order: list[int]          # -1 until the seat lays down
    lays_done: int
    mom: list[bool]
    left: list[bool]
    stock: list[int]              # top card last
    starter: int
    to_move: int
    phase: Phase
    turn_kind: TurnKind
    took: bool
    u_open: bool
    ukhan_open: list[bool]
    last_discard: tuple[int, int] | None
    chot_eaters: list[int]
    balances: list[int] | None
    net: list[int]
    thrown: list[list[int]]
    revealed: list[int]
    turn_no: int
    outcome: Outcome | None
    events: list[Event] | None            # what happened, in order (None: not recorded)
    history: list[Move]
    deal_record: dict[str, Any]
    leave_cap: list[int | None]   # chips a seat that left may still pay this game (None: no cap, RULES.md §10)
    caps_leaves: bool             # a leave caps the leaver's debit (False: a game recorded before that rule)

    def __init__(self) -> None:  # use new() / from_deal()
        self.outcome = None

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls: type[P], rules: Rules | None = None, seed: int | None = None, leader: int = 0,
            bet: int = 1, balances: list[int] | None = None, record_events: bool = True) -> P:
        """Shuffle a deck with ``seed`` and deal: the leader 10 cards, the others 9."""
        rules = rules or Rules()
        cards = deck()
        random.Random(seed).shuffle(cards)
        n = rules.players
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for i in range(n):
            seat = (leader + i) % n
            count = 10 if seat == leader else 9
            hands[seat] = cards[pos:pos + count]
            pos += count
        st: P = cls.from_deal(rules, hands, cards[pos:], leader, bet, balances, record_events)
        st.deal_record["seed"] = seed
        return st

    @classmethod
    def from_deal(cls: type[P], rules: Rules, hands: list[list[int]], stock_top_first: list[int], leader: int,
                  bet: int = 1, balances: list[int] | None = None, record_events: bool = True) -> P:
        """Start a game from explicit hands (seat order) and stock (top card first)."""
        n = rules.players
        _check_deal(n, hands, stock_top_first, leader, bet, balances)
        st = cls()
        st.rules, st.n, st.bet, st.leader = rules, n, bet, leader
        st.hands = [mask_of(h) for h in hands]
        st.eaten = [0] * n
        st.eat_count = [0] * n
        st.eats_from = [[0] * n for _ in range(n)]
        st.piles = [[] for _ in range(n)]
        st.laid = [[] for _ in range(n)]
        st.lay_order = [-1] * n
        st.lays_done = 0
        st.mom = [False] * n
        st.left = [False] * n
        st.stock = list(reversed(stock_top_first))
        st.starter = leader
        st.to_move = leader
        st.phase = Phase.DISCARD
        st.turn_kind = TurnKind.FIRST
        st.took = False
        st.u_open = True
        st.ukhan_open = [rules.u_khan] * n
        st.last_discard = None
        st.chot_eaters = []
        st.balances = list(balances) if balances is not None else None
        st.net = [0] * n
        st.thrown = [[] for _ in range(n)]
        st.revealed = [0] * n
        st.turn_no = 0
        st.outcome = None
        st.events = [] if record_events else None
        st.history = []
        st.leave_cap = [None] * n
        st.caps_leaves = True
        st.deal_record = {
            "hands": [list(h) for h in hands], "stock": list(stock_top_first), "leader": leader,
            "bet": bet, "balances": list(balances) if balances is not None else None, "seed": None,
        }
        if st.events is not None:
            dealt = tuple(tuple(cards_of(mask_of(h))) for h in hands)
            st.events.append(Dealt(leader, dealt, tuple(len(h) for h in dealt), len(stock_top_first)))
            st.events.append(Turn(leader, TurnKind.FIRST))
        return st

    def copy(self: P, record_events: bool = False) -> P:
        """A cheap independent copy for searchers (no event log unless asked), of the same class."""
        cls = type(self)
        st = cls.__new__(cls)
        st.rules, st.n, st.bet, st.leader = self.rules, self.n, self.bet, self.leader
        st.hands = self.hands[:]
        st.eaten = self.eaten[:]
        st.eat_count = self.eat_count[:]
        st.eats_from = [row[:] for row in self.eats_from]
        st.piles = [p[:] for p in self.piles]
        st.laid = [[p.copy() for p in ps] for ps in self.laid]
        st.lay_order = self.lay_order[:]
        st.lays_done = self.lays_done
        st.mom = self.mom[:]
        st.left = self.left[:]
        st.stock = self.stock[:]
        st.starter, st.to_move, st.phase, st.turn_kind = self.starter, self.to_move, self.phase, self.turn_kind
        st.took, st.u_open = self.took, self.u_open
        st.ukhan_open = self.ukhan_open[:]
        st.last_discard = self.last_discard
        st.chot_eaters = self.chot_eaters[:]
        st.balances = self.balances[:] if self.balances is not None else None
        st.net = self.net[:]
        st.thrown = [t[:] for t in self.thrown]
        st.revealed = self.revealed[:]
        st.turn_no = self.turn_no
        st.outcome = self.outcome
        st.events = self.events[:] if (record_events and self.events is not None) else None
        st.history = self.history[:]
        st.deal_record = self.deal_record
        st.leave_cap = self.leave_cap[:]
        st.caps_leaves = self.caps_leaves
        return st

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def held(self, seat: int) -> int:
        """Cards in ``seat``'s hand, not counting its eaten row."""
        return self.hands[seat] & ~self.eaten[seat]

    def hand_points(self, seat: int) -> int:
        return mask_points(self.hands[seat], self.rules.face_value_10)

    def has_laid(self, seat: int) -> bool:
        return self.lay_order[seat] >= 0

    def table_cards(self) -> int:
        """Mask of the cards face up on the table: every discard pile and laid phỏm."""
        m = 0
        for s in range(self.n):
            for c in self.piles[s]:
                m |= 1 << c
            for p in self.laid[s]:
                m |= p.mask
        return m

    def card_census(self) -> int:
        """Mask of all cards in some place; with the counts, used to check §12 invariants."""
        m = 0
        for s in range(self.n):
            m |= self.hands[s]
            for c in self.piles[s]:
                m |= 1 << c
            for p in self.laid[s]:
                m |= p.mask
        for c in self.stock:
            m |= 1 << c
        return m


def _check_deal(n: int, hands: list[list[int]], stock: list[int], leader: int, bet: int,
                balances: list[int] | None) -> None:
    if not isinstance(leader, int) or not 0 <= leader < n:
        raise EngineError(f"leader: expected a seat 0-{n - 1}, got {leader!r}")
    if len(hands) != n:
        raise EngineError(f"hands: expected {n} hands, got {len(hands)}")
    seen = 0
    places = [(f"hands[{seat}]", h) for seat, h in enumerate(hands)] + [("stock", stock)]
    for where, cards in places:
        for c in cards:
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
                raise EngineError(f"{where}: bad card {c!r}")
            if seen >> c & 1:
                raise EngineError(f"{where}: card {c} is dealt twice")
            seen |= 1 << c
    for seat, h in enumerate(hands):
        want = 10 if seat == leader else 9
        if len(h) != want:
            raise EngineError(f"hands[{seat}]: expected {want} cards, got {len(h)}")
    if seen != FULL_DECK:
        raise EngineError("deal: hands and stock must hold the 52 cards exactly once")
    if not isinstance(bet, int) or bet < 1:
        raise EngineError(f"bet: expected a positive whole number, got {bet!r}")
    if balances is not None and (len(balances) != n or any(not isinstance(b, int) or b < 0 for b in balances)):
        raise EngineError("balances: expected one non-negative whole number per seat")

