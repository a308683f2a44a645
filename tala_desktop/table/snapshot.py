"""Per-seat snapshots and events: the JSON-ready picture of the table that one seat may see.

The snapshot is the truth a client draws from; events say what just moved
(for animation and the game log). Both go through the engine's redaction, so
no other seat's hidden card is ever in them (until the end-of-game reveal).
"""

from __future__ import annotations

from typing import Any

from tala_desktop.engine import GameState, Phase, redact_event
from tala_desktop.engine.cards import card_str, cards_of
from tala_desktop.engine.record import event_to_json


def _cards(mask: int) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def seat_event(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """An engine event as ``seat`` may see it, with cards in notation."""
    return event_to_json(redact_event(event, seat))


def seat_snapshot(st: GameState, seat: int, *, game_id: int, names: list[str], balances: list[int],
                  clock: dict[str, Any] | None, bet: int, thinking: int | None = None) -> dict[str, Any]:
    """What ``seat`` sees now. Other hands appear as counts (and known cards: eaten, revealed)."""
    view = st.view(seat)
    over = st.phase is Phase.GAME_OVER
    known = [[] if s == seat else _cards(view.known_cards(s) & ~st.eaten[s]) for s in range(st.n)]
    snap: dict[str, Any] = {
        "type": "snapshot",
        "game_id": game_id,
        "seat": seat,
        "n": st.n,
        "names": list(names),
        "bet": bet,
        "balances": list(balances),
        "rules": st.rules.to_dict(),
        "leader": st.leader,
        "to_move": None if over else st.to_move,
        "phase": st.phase.value,
        "turn_kind": st.turn_kind.value,
        "starter": st.starter,
        "stock_count": len(st.stock),
        "hand": _cards(st.held(seat)),
        "hand_counts": list(view.hand_counts),
        "known": known,
        "eaten": [_cards(e) for e in st.eaten],
        "piles": [[card_str(c) for c in p] for p in st.piles],
        "laid": [[[card_str(c) for c in ph.cards()] for ph in ps] for ps in st.laid],
        "lay_order": list(st.lay_order),
        "mom": list(st.mom),
        "left": list(st.left),
        "eat_count": list(st.eat_count),
        "last_discard": None if st.last_discard is None else [st.last_discard[0], card_str(st.last_discard[1])],
        "legal": [str(m) for m in view.legal],
        "clock": clock,
        "thinking": thinking,
        "net": list(st.net),
        "outcome": st.outcome.to_dict() if st.outcome else None,
        "reveal": [_cards(h) for h in st.hands] if over else None,
    }
    return snap
