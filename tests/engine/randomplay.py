"""Random agents and the RULES.md §12 invariant checks shared by the property tests and the soak script."""

from __future__ import annotations

import random

from tala_desktop.engine import GameState, Move, MoveKind, OutcomeKind, Rules
from tala_desktop.engine import events as ev
from tala_desktop.engine.cards import FULL_DECK


def check_invariants(st: GameState) -> None:
    """Raise AssertionError if a §12 invariant is broken."""
    seen = 0
    total = 0
    for s in range(st.n):
        places = [st.hands[s]] + [1 << c for c in st.piles[s]] + [p.mask for p in st.laid[s]]
        for m in places:
            assert not seen & m, f"a card of seat {s} is in two places"
            seen |= m
            total += m.bit_count()
        assert st.eaten[s] & ~st.hands[s] == 0, "an eaten card left the hand without being laid"
    for c in st.stock:
        assert not seen >> c & 1, "a stock card is also elsewhere"
        seen |= 1 << c
        total += 1
    assert seen == FULL_DECK and total == 52, "the 52 cards are not each in exactly one place"
    assert sum(st.net) == 0, "money does not sum to zero"
    if st.balances is not None:
        assert all(b >= 0 for b in st.balances), "a balance went negative"
    if st.outcome is not None and st.outcome.kind is OutcomeKind.SHOWDOWN:
        assert all(len(p) == 4 for p in st.piles), "a pile does not end with 4 cards"
        assert all(o >= 0 for o in st.lay_order), "a player never laid down"
        if st.n == 4:
            assert not st.stock, "with 4 players the stock must be empty at a showdown"
    assert sorted(o for o in st.lay_order if o >= 0) == list(range(st.lays_done)), "lay-down order broken"
    check_leave_caps(st)


def paid_after_leaving(st: GameState) -> dict[int, int]:
    """The chips each seat that left has paid since it left, from the event log."""
    paid: dict[int, int] = {}
    for e in st.events or ():
        if isinstance(e, ev.SeatLeft):
            paid[e.seat] = 0
        elif isinstance(e, ev.Payment) and e.from_seat in paid:
            paid[e.from_seat] += e.amount
    return paid


def check_leave_caps(st: GameState) -> None:
    """A seat that left never pays more after its leave than its Móm (RULES.md §10), and what it may still pay
    is that Móm less what it paid since."""
    if st.events is None or not st.caps_leaves:
        return
    cap = st.rules.mom_pay * st.bet
    for seat, paid in paid_after_leaving(st).items():
        assert paid <= cap, f"seat {seat} paid {paid} after leaving, more than its Móm {cap}"
        assert st.leave_cap[seat] == cap - paid, f"seat {seat}: what its leave may still cost is off"


def random_move(st: GameState, rng: random.Random, chaos: float = 0.02, greedy: float = 0.0) -> Move:
    """A random move: mostly from legal_moves(), sometimes a timeout or a leave.

    With probability ``greedy`` it declares Ù, eats and lays the most phỏm when it can,
    so that Ù, đền and chốt paths are exercised too.
    """
    r = rng.random()
    if r < chaos / 2:
        return Move(st.to_move, MoveKind.TIMEOUT)
    if r < chaos:
        s = rng.randrange(st.n)
        if not st.left[s]:
            return Move(s, MoveKind.LEAVE)
    moves = st.legal_moves()
    if greedy and rng.random() < greedy:
        kinds = {m.kind: m for m in moves}
        for k in (MoveKind.U, MoveKind.UKHAN, MoveKind.EAT):
            if k in kinds:
                return kinds[k]
        lays = [m for m in moves if m.kind == "lay"]
        if lays:
            return max(lays, key=lambda m: sum(x.bit_count() for x in m.melds))
        sends = [m for m in moves if m.kind == "send"]
        if sends:
            return rng.choice(sends)
    return rng.choice(moves)


def random_rules(rng: random.Random, players: int | None = None) -> Rules:
    return Rules(
        players=players or rng.choice((2, 3, 4)),
        u_khan=rng.random() < 0.8, progressive_eat=rng.random() < 0.7,
        den_three_eats=rng.random() < 0.8, den_chot=rng.random() < 0.8,
        mom_can_send=rng.random() < 0.3, ace_high_run=rng.random() < 0.3,
        face_value_10=rng.random() < 0.3, reveal_eaten_phom=rng.random() < 0.3,
        timeout_last_turn_is_mom=rng.random() < 0.7, preset="custom",
    )


def play_random_game(seed: int, rules: Rules | None = None, chaos: float = 0.02,
                     balances: list[int] | None = None, check: bool = True,
                     balance: int | None = None) -> GameState:
    """Play one game of random moves; ``balance`` gives every seat that many chips (capped payments)."""
    rng = random.Random(seed)
    rules = rules or random_rules(rng)
    if balance is not None:
        balances = [balance] * rules.players
    st = GameState.new(rules, seed=seed, leader=rng.randrange(rules.players), balances=balances)
    greedy = rng.choice((0.0, 0.5, 0.9))
    steps = 0
    while not st.is_over:
        st.push(random_move(st, rng, chaos, greedy))
        if check:
            check_invariants(st)
        steps += 1
        assert steps < 400, "game does not end"
    return st
