"""The old dict form of the table messages, for the screens that still read dicts while they move to the Structs.

``legacy_dict`` turns a message of table/messages.py into the JSON-style
dict the clients delivered before (cards and moves in notation, the outcome
as ``Outcome.to_dict()``), so a reader of either form sees the same game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tala_desktop.engine.cards import card_str

from .messages import Event, GameEnded, Hint, SeatMessage, Snapshot, tag_of


def _cards(cards: list[int] | None) -> list[str] | None:
    return None if cards is None else [card_str(c) for c in cards]


def _snapshot(m: Snapshot) -> dict[str, Any]:
    d: dict[str, Any] = msgspec.to_builtins(m)
    d.update(
        rules=m.rules.to_dict(),
        hand=_cards(m.hand),
        known=[_cards(k) for k in m.known],
        eaten=[_cards(e) for e in m.eaten],
        piles=[_cards(p) for p in m.piles],
        laid=[[_cards(ph) for ph in ps] for ps in m.laid],
        last_discard=None if m.last_discard is None else [m.last_discard[0], card_str(m.last_discard[1])],
        legal=[str(mv) for mv in m.legal],
        outcome=None if m.outcome is None else m.outcome.to_dict(),
        reveal=None if m.reveal is None else [_cards(h) for h in m.reveal],
    )
    return d


def _event(m: Event) -> dict[str, Any]:
    if isinstance(m, GameEnded):
        d: dict[str, Any] = {"type": "outcome", **m.outcome.to_dict(), "game_id": m.game_id}
        d["hands"] = [_cards(h) for h in m.hands]
        return d
    d = msgspec.to_builtins(m)
    for key, value in d.items():
        if key == "card" and isinstance(value, int):
            d[key] = card_str(value)
        elif key == "cards":
            d[key] = _cards(value)
        elif key in ("hands", "melds"):
            d[key] = [_cards(h) for h in value]
    return d


def legacy_dict(m: SeatMessage) -> dict[str, Any]:
    """``m`` in the old dict form (with its ``type``)."""
    if isinstance(m, Snapshot):
        return _snapshot(m)
    if isinstance(m, Event):
        return _event(m)
    d: dict[str, Any] = msgspec.to_builtins(m)
    if isinstance(m, Hint):
        d["move"] = str(m.move)
    d["type"] = tag_of(type(m))
    return d
