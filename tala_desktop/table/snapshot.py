"""Per-seat snapshots and events: the table messages (table/messages.py) one seat may see, built from a game.

The snapshot is the truth a client draws from; events say what just moved
(for animation and the game log). Events go through the engine's redaction
(``redact_event``) and the snapshot shows other hands only as counts and
publicly known cards, so no other seat's hidden card is ever in them (until
the end-of-game reveal). Events that redaction does not change are built
once and shared by every seat (the messages are immutable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tala_desktop.engine import GameState, Outcome, Phase, redact_event
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

EngineEvent = dict[str, Any]


def _payment(e: EngineEvent, game_id: int) -> Payment:
    return Payment(from_seat=e["from"], to=e["to"], amount=e["amount"], reason=e["reason"], game_id=game_id)


def _outcome(e: EngineEvent, game_id: int, outcome: Outcome | None) -> GameEnded:
    assert outcome is not None, "an outcome event is published after the game ended"
    return GameEnded(outcome=outcome, hands=e["hands"], game_id=game_id)


_BUILDERS: dict[str, Callable[[EngineEvent, int, Outcome | None], EventMessage]] = {
    "dealt": lambda e, g, _: Dealt(leader=e["leader"], hands=e["hands"], counts=e["counts"],
                                   stock_count=e["stock_count"], game_id=g),
    "turn": lambda e, g, _: Turn(seat=e["seat"], kind=e["kind"], game_id=g),
    "drew": lambda e, g, _: Drew(seat=e["seat"], card=e["card"], stock_count=e["stock_count"], game_id=g),
    "ate": lambda e, g, _: Ate(seat=e["seat"], victim=e["victim"], card=e["card"], chot=e["chot"], nth=e["nth"],
                               starter=e["starter"], game_id=g),
    "moved": lambda e, g, _: Moved(from_seat=e["from"], to=e["to"], card=e["card"], game_id=g),
    "discarded": lambda e, g, _: Discarded(seat=e["seat"], card=e["card"], game_id=g),
    "laid": lambda e, g, _: Laid(seat=e["seat"], melds=e["melds"], mom=e["mom"], order=e["order"], game_id=g),
    "sent": lambda e, g, _: Sent(seat=e["seat"], card=e["card"], target=e["target"], index=e["index"], game_id=g),
    "revealed": lambda e, g, _: Revealed(seat=e["seat"], cards=e["cards"], game_id=g),
    "u": lambda e, g, _: Declared(seat=e["seat"], kind=e["kind"], game_id=g),
    "timeout": lambda e, g, _: TimedOut(seat=e["seat"], game_id=g),
    "left": lambda e, g, _: SeatLeft(seat=e["seat"], game_id=g),
    "payment": lambda e, g, _: _payment(e, g),
    "outcome": _outcome,
}


def seat_event(event: EngineEvent, seat: int | None, game_id: int, outcome: Outcome | None = None) -> EventMessage:
    """An engine event as ``seat`` may see it (None: as a watcher, the public, sees it)."""
    return _BUILDERS[event["type"]](redact_event(event, seat), game_id, outcome)


def seat_events(events: Iterable[EngineEvent], seats: Iterable[int | None], game_id: int,
                outcome: Outcome | None = None) -> dict[int | None, list[EventMessage]]:
    """The events as each of ``seats`` (None: the watchers) may see them, in order; unredacted ones are one shared
    object."""
    out: dict[int | None, list[EventMessage]] = {s: [] for s in seats}
    for e in events:
        if e["type"] in REDACTED_EVENTS:
            for s, msgs in out.items():
                msgs.append(seat_event(e, s, game_id, outcome))
        else:
            shared = _BUILDERS[e["type"]](e, game_id, outcome)
            for msgs in out.values():
                msgs.append(shared)
    return out


def seat_snapshot(st: GameState, seat: int | None, *, game_id: int, names: list[str], balances: list[int],
                  clock: Clock | None, bet: int, thinking: int | None = None) -> Snapshot:
    """What ``seat`` sees now. Other hands appear as counts (and known cards: eaten, revealed).

    ``seat`` None is a watcher: no hand and no moves, every hand as its count and its cards shown to all,
    as ``GameState.view(None)`` (engine/view.py) has it.
    """
    over = st.phase is Phase.GAME_OVER
    n = st.n
    return Snapshot(
        game_id=game_id,
        seat=seat,
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
        hand=[] if seat is None else cards_of(st.held(seat)),
        hand_counts=[h.bit_count() for h in st.hands],
        known=[[] if s == seat else cards_of(st.revealed[s] & ~st.eaten[s]) for s in range(n)],
        eaten=[cards_of(e) for e in st.eaten],
        piles=[p[:] for p in st.piles],
        laid=[[ph.cards() for ph in ps] for ps in st.laid],
        lay_order=list(st.lay_order),
        mom=list(st.mom),
        left=list(st.left),
        eat_count=list(st.eat_count),
        last_discard=st.last_discard,
        legal=legal_moves(st) if seat is not None and st.to_move == seat and not over else [],
        clock=clock,
        thinking=thinking,
        net=list(st.net),
        outcome=st.outcome,
        reveal=[cards_of(h) for h in st.hands] if over else None,
        payments=game_payments(st, game_id) if over else [],
    )


def game_payments(st: GameState, game_id: int) -> list[Payment]:
    """Every payment of the game so far, from its event log (public: every seat saw them as events)."""
    return [_payment(e, game_id) for e in st.events or () if e["type"] == "payment"]
