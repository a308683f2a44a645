"""Applying moves: takes, lays, sends, discards, Ù, timeouts, leaving, turn order and money flow."""

from __future__ import annotations

from . import events as ev
from . import scoring
from .cards import cards_of
from .events import Event
from .legal import can_send_any, discardable, highest_card, u_available, ukhan_available
from .melds import Phom
from .moves import DISCARD, DRAW, EAT, LAY, LEAVE, SEND, TIMEOUT, UKHAN, Move, Phase, TurnKind, U
from .position import Position
from .scoring import OutcomeKind
from .sends import plan_sends
from .solver import best_arrangement


def apply(st: Position, move: Move) -> None:
    kind = move.kind
    if kind == LEAVE:
        _leave(st, move.seat)
    elif kind == TIMEOUT:
        _timeout(st)
    else:
        _APPLY[kind](st, move)
    _auto_play_left(st)


# ---------------------------------------------------------------- helpers
def _emit(st: Position, event: Event) -> None:
    if st.events is not None:
        st.events.append(event)


def _after_take(st: Position) -> None:
    s = st.to_move
    st.took = True
    st.ukhan_open[s] = False
    if st.lay_order[s] >= 0:  # tái turn
        st.u_open = False
        st.phase = Phase.SEND if can_send_any(st, s) else Phase.DISCARD
    else:
        st.u_open = True
        st.phase = Phase.LAY if st.turn_kind is TurnKind.LAY else Phase.DISCARD


def _begin_turn(st: Position, seat: int) -> None:
    st.to_move = seat
    st.took = False
    st.u_open = False
    st.turn_no += 1
    st.phase = Phase.TAKE
    if st.lay_order[seat] >= 0:
        st.turn_kind = TurnKind.TAI
    elif len(st.piles[seat]) == 3:
        st.turn_kind = TurnKind.LAY
    else:
        st.turn_kind = TurnKind.NORMAL
    if st.events is not None:
        st.events.append(ev.Turn(seat, st.turn_kind))


def _next_turn(st: Position) -> None:
    n = st.n
    s = st.to_move
    for i in range(1, n + 1):
        t = (s + i) % n
        if st.lay_order[t] < 0 or len(st.piles[t]) < 4:
            _begin_turn(st, t)
            return
    scoring.finish_showdown(st)


# ---------------------------------------------------------------- moves
def _draw(st: Position, move: Move) -> None:
    s = move.seat
    c = st.stock.pop()
    st.hands[s] |= 1 << c
    if st.events is not None:
        st.events.append(ev.Drew(s, c, len(st.stock)))
    _after_take(st)


def _eat(st: Position, move: Move) -> None:
    s = move.seat
    assert st.last_discard is not None  # checked: an eat needs a discard to eat
    victim, c = st.last_discard
    pile = st.piles[victim]
    pile.pop()
    starter = st.starter
    moved = -1
    if victim != starter and st.piles[starter]:
        moved = st.piles[starter].pop()
        pile.append(moved)
    st.starter = (starter + 1) % st.n
    bit = 1 << c
    st.hands[s] |= bit
    st.eaten[s] |= bit
    st.eat_count[s] += 1
    st.eats_from[s][victim] += 1
    chot = st.turn_kind is TurnKind.LAY
    if chot:
        st.chot_eaters.append(s)
    st.last_discard = None
    if st.events is not None:
        st.events.append(ev.Ate(s, victim, c, chot, st.eat_count[s], st.starter))
        if moved >= 0:
            st.events.append(ev.Moved(starter, victim, moved))
    scoring.pay(st, victim, s, st.rules.eat_pay(st.eat_count[s], chot), "chot" if chot else "eat")
    if st.rules.reveal_eaten_phom:
        _reveal_eaten(st, s, c)
    _after_take(st)


def _reveal_eaten(st: Position, s: int, c: int) -> None:
    """House switch 12: show the hand cards that complete the new eaten card."""
    arr = best_arrangement(st.hands[s], st.eaten[s], st.rules.ace_high_run, st.rules.face_value_10)
    if arr is None:
        return
    for m in arr.melds:
        if m >> c & 1:
            shown = m & ~(1 << c) & ~st.revealed[s]
            st.revealed[s] |= m & ~(1 << c)
            if shown:
                _emit(st, ev.Revealed(s, tuple(cards_of(shown))))


def _discard(st: Position, move: Move) -> None:
    s, c = move.seat, move.card
    bit = 1 << c
    st.hands[s] &= ~bit
    st.eaten[s] &= ~bit
    st.revealed[s] &= ~bit
    st.piles[s].append(c)
    st.thrown[s].append(c)
    st.last_discard = (s, c)
    st.u_open = False
    st.ukhan_open[s] = False
    if st.events is not None:
        st.events.append(ev.Discarded(s, c))
    _next_turn(st)


def _lay(st: Position, move: Move) -> None:
    s = move.seat
    ace_high = st.rules.ace_high_run
    for m in move.melds:
        st.hands[s] &= ~m
        st.revealed[s] &= ~m
        st.laid[s].append(Phom(m, ace_high))
    st.eaten[s] = 0
    _mark_laid(st, s, mom=not move.melds)
    if st.events is not None:
        st.events.append(ev.Laid(s, tuple(tuple(p.cards()) for p in st.laid[s]), not move.melds, st.lay_order[s]))
    st.phase = Phase.SEND if can_send_any(st, s) else Phase.DISCARD


def _mark_laid(st: Position, s: int, mom: bool) -> None:
    st.lay_order[s] = st.lays_done
    st.lays_done += 1
    st.u_open = False
    if mom:
        st.mom[s] = True


def _send(st: Position, move: Move) -> None:
    s, c, t = move.seat, move.card, move.target
    ace_high = st.rules.ace_high_run
    k = move.index
    if k is None:
        k = next(i for i, p in enumerate(st.laid[t]) if p.accepts(c, ace_high))
    bit = 1 << c
    st.hands[s] &= ~bit
    st.eaten[s] &= ~bit  # a timed-out Móm may send an unlaid eaten card (mom_can_send)
    st.revealed[s] &= ~bit
    st.laid[t][k].add(c)
    if st.events is not None:
        st.events.append(ev.Sent(s, c, t, k))
    st.phase = Phase.SEND if can_send_any(st, s) else Phase.DISCARD


def _u(st: Position, move: Move) -> None:
    kind = u_available(st)
    scoring.finish_u(st, move.seat, kind or OutcomeKind.U)


def _ukhan(st: Position, move: Move) -> None:
    scoring.finish_u(st, move.seat, OutcomeKind.U_KHAN)


_APPLY = {DRAW: _draw, EAT: _eat, DISCARD: _discard, LAY: _lay, SEND: _send, U: _u, UKHAN: _ukhan}


# ---------------------------------------------------------------- automatic play
def _discard_highest(st: Position, s: int) -> None:
    c = highest_card(discardable(st, s), st.rules.face_value_10)
    _discard(st, Move(s, DISCARD, card=c))


def _timeout(st: Position) -> None:
    """Finish the seat's turn as RULES.md §10 says."""
    s = st.to_move
    _emit(st, ev.TimedOut(s))
    if ukhan_available(st):
        scoring.finish_u(st, s, OutcomeKind.U_KHAN)
        return
    if st.phase is Phase.TAKE:
        _draw(st, Move(s, DRAW))
    kind = u_available(st)
    if kind:
        scoring.finish_u(st, s, kind)
        return
    if st.phase is Phase.LAY:
        if st.rules.timeout_last_turn_is_mom:
            _lay_mom(st, s)
        else:
            _lay_best_and_send(st, s)
    _discard_highest(st, s)


def _lay_mom(st: Position, s: int) -> None:
    """Lay nothing: Móm. Eaten cards stay unlaid, score points and lock nothing."""
    _mark_laid(st, s, mom=True)
    _emit(st, ev.Laid(s, (), True, st.lay_order[s]))
    st.phase = Phase.DISCARD


def _lay_best_and_send(st: Position, s: int) -> None:
    rules = st.rules
    arr = best_arrangement(st.hands[s], st.eaten[s], rules.ace_high_run, rules.face_value_10)
    melds = arr.melds if arr is not None and st.hands[s] & ~arr.covered else ()
    _lay(st, Move(s, LAY, melds=melds))
    if st.phase is Phase.SEND:
        targets = [(t, k, p) for t in range(st.n) if t != s for k, p in enumerate(st.laid[t])]
        for c, t, k in plan_sends(st.hands[s], targets, rules.ace_high_run, rules.face_value_10):
            _send(st, Move(s, SEND, card=c, target=t, index=k))


def _leave(st: Position, s: int) -> None:
    st.left[s] = True
    if st.caps_leaves:   # from now on this seat pays at most its Móm, whatever the rest of the game brings
        st.leave_cap[s] = scoring.leave_cost(st.rules, st.bet)
    st.mom[s] = True
    st.ukhan_open[s] = False
    _emit(st, ev.SeatLeft(s))
    if st.to_move == s:
        _finish_left_turn(st, s)


def _finish_left_turn(st: Position, s: int) -> None:
    if st.phase is Phase.TAKE:
        _draw(st, Move(s, DRAW))
    if st.phase is Phase.LAY:
        _lay_mom(st, s)
    _discard_highest(st, s)


def _auto_play_left(st: Position) -> None:
    while st.phase is not Phase.GAME_OVER and st.left[st.to_move]:
        _finish_left_turn(st, st.to_move)

