"""Per-seat snapshots and events: the table messages (table/messages.py) one seat may see, built from a game.

The snapshot is the truth a client draws from; events say what just moved
(for animation and the game log). Events go through the engine's redaction
(``redact_event``) and the snapshot shows other hands only as counts and
publicly known cards, so no other seat's hidden card is ever in them (until
the end-of-game reveal). Events that redaction does not change are built
once and shared by every seat (the messages are immutable), and so is what
every seat's snapshot shows of the table: a seat's is the public one with
its own hand and moves (``seat_view``).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from tala_desktop.engine import GameState, Phase, redact_event
from tala_desktop.engine import events as ev
from tala_desktop.engine.cards import cards_of
from tala_desktop.engine.legal import legal_moves
from tala_desktop.engine.view import REDACTED_EVENTS

from .messages import (
    Ate,
    Clock,
    Dealt,
    Declared,
    Discarded,
    Drew,
    EventMessage,
    GameEnded,
    Laid,
    Moved,
    Payment,
    Revealed,
    SeatLeft,
    Sent,
    Snapshot,
    TimedOut,
    Turn,
)


def _payment(e: ev.Payment, game_id: int) -> Payment:
    return Payment(from_seat=e.from_seat, to=e.to_seat, amount=e.amount, reason=e.reason, game_id=game_id)


def _cards(cards: tuple[int, ...]) -> list[int]:
    return list(cards)


def message(e: ev.Event, game_id: int) -> EventMessage:
    """The table message that tells engine event ``e`` (as it is: redact it first for a seat)."""
    g = game_id
    if isinstance(e, ev.Turn):
        return Turn(seat=e.seat, kind=e.kind, game_id=g)
    if isinstance(e, ev.Drew):
        return Drew(seat=e.seat, card=e.card, stock_count=e.stock_count, game_id=g)
    if isinstance(e, ev.Discarded):
        return Discarded(seat=e.seat, card=e.card, game_id=g)
    if isinstance(e, ev.Payment):
        return _payment(e, g)
    if isinstance(e, ev.Ate):
        return Ate(seat=e.seat, victim=e.victim, card=e.card, chot=e.chot, nth=e.nth, starter=e.starter, game_id=g)
    if isinstance(e, ev.Moved):
        return Moved(from_seat=e.from_seat, to=e.to_seat, card=e.card, game_id=g)
    if isinstance(e, ev.Laid):
        return Laid(seat=e.seat, melds=[_cards(m) for m in e.melds], mom=e.mom, order=e.order, game_id=g)
    if isinstance(e, ev.Sent):
        return Sent(seat=e.seat, card=e.card, target=e.target, index=e.index, game_id=g)
    if isinstance(e, ev.Revealed):
        return Revealed(seat=e.seat, cards=_cards(e.cards), game_id=g)
    if isinstance(e, ev.Dealt):
        return Dealt(leader=e.leader, hands=[None if h is None else _cards(h) for h in e.hands],
                     counts=list(e.counts), stock_count=e.stock_count, game_id=g)
    if isinstance(e, ev.Declared):
        return Declared(seat=e.seat, kind=e.kind, game_id=g)
    if isinstance(e, ev.TimedOut):
        return TimedOut(seat=e.seat, game_id=g)
    if isinstance(e, ev.SeatLeft):
        return SeatLeft(seat=e.seat, game_id=g)
    if isinstance(e, ev.GameEnded):
        return GameEnded(outcome=e.outcome, hands=[_cards(h) for h in e.hands], game_id=g)
    raise TypeError(f"not an engine event: {e!r}")


def seat_event(event: ev.Event, seat: int | None, game_id: int) -> EventMessage:
    """An engine event as ``seat`` may see it (None: as a watcher, the public, sees it)."""
    return message(redact_event(event, seat), game_id)


def seat_events(events: Iterable[ev.Event], seats: Iterable[int | None],
                game_id: int) -> dict[int | None, list[EventMessage]]:
    """The events as each of ``seats`` (None: the watchers) may see them, in order; unredacted ones are one shared
    object."""
    out: dict[int | None, list[EventMessage]] = {s: [] for s in seats}
    for e in events:
        if type(e) in REDACTED_EVENTS:
            for s, msgs in out.items():
                msgs.append(seat_event(e, s, game_id))
        else:
            shared = message(e, game_id)
            for msgs in out.values():
                msgs.append(shared)
    return out


def public_snapshot(st: GameState, *, game_id: int, names: list[str], balances: list[int], clock: Clock | None,
                    bet: int, thinking: int | None = None) -> Snapshot:
    """What someone watching sees now (seat None): no hand and no moves, every hand as its count and its cards shown
    to all, as ``GameState.view(None)`` (engine/view.py) has it; and what every seat sees of the others: each
    seat's snapshot is this one with its own hand and moves (``seat_view``), so one change builds the parts all
    seats share once. Its lists are its own (copies of the game's), shared only with the seat views made from it,
    and nobody changes a message."""
    over = st.phase is Phase.GAME_OVER
    n = st.n
    return Snapshot(
        game_id=game_id,
        seat=None,
        n=n,
        names=list(names),
        bet=bet,
        balances=list(balances),
        rules=st.rules,
        leader=st.leader,
        to_move=None if over else st.to_move,
        phase=st.phase,
        turn_kind=st.turn_kind,
        starter=st.starter,
        stock_count=len(st.stock),
        hand=[],
        hand_counts=[h.bit_count() for h in st.hands],
        known=[cards_of(st.revealed[s] & ~st.eaten[s]) for s in range(n)],
        eaten=[cards_of(e) for e in st.eaten],
        piles=[p[:] for p in st.piles],
        laid=[[ph.cards() for ph in ps] for ps in st.laid],
        lay_order=list(st.lay_order),
        mom=list(st.mom),
        left=list(st.left),
        eat_count=list(st.eat_count),
        last_discard=st.last_discard,
        legal=[],
        clock=clock,
        thinking=thinking,
        net=list(st.net),
        outcome=st.outcome,
        reveal=[cards_of(h) for h in st.hands] if over else None,
        payments=game_payments(st, game_id) if over else [],
    )


def seat_view(public: Snapshot, st: GameState, seat: int | None) -> Snapshot:
    """What ``seat`` sees now, from the ``public_snapshot`` of the same moment: its own hand (the cards it holds
    are not among its known ones: they are in its hand) and, on its turn, its legal moves. None: the public one."""
    if seat is None:
        return public
    known = list(public.known)
    known[seat] = []
    over = st.phase is Phase.GAME_OVER
    return msgspec.structs.replace(public, seat=seat, hand=cards_of(st.held(seat)), known=known,
                                   legal=legal_moves(st) if st.to_move == seat and not over else [])


def game_payments(st: GameState, game_id: int) -> list[Payment]:
    """Every payment of the game so far, from its event log (public: every seat saw them as events)."""
    return [_payment(e, game_id) for e in st.events or () if isinstance(e, ev.Payment)]
