"""Saving and replaying games as JSON: the deal plus the move list, replayed byte for byte."""

from __future__ import annotations

import json
from typing import Any

from .cards import card_str, parse_card
from .errors import EngineError, SaveError
from .events import Event, event_fields
from .moves import parse_move
from .rules import Rules
from .state import GameState

FORMAT = "tala-game"
VERSION = 2            # 2: a leave caps the leaver's debit at its Móm (RULES.md §10); 1: games from before that
VERSIONS = (1, 2)      # the versions read: a version 1 game replays without the cap, as it was played


def game_to_obj(st: GameState) -> dict[str, Any]:
    """A JSON-ready object from which ``game_from_obj`` rebuilds the same game."""
    d = st.deal_record
    return {
        "format": FORMAT,
        "version": VERSION if st.caps_leaves else 1,
        "rules": st.rules.to_dict(),
        "seed": d["seed"],
        "leader": d["leader"],
        "bet": d["bet"],
        "balances": d["balances"],
        "hands": [[card_str(c) for c in h] for h in d["hands"]],
        "stock": [card_str(c) for c in d["stock"]],
        "moves": [str(m) for m in st.history],
    }


def dumps(st: GameState) -> str:
    return json.dumps(game_to_obj(st), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _need(obj: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise SaveError(f"saved game: missing field {key!r}")
    v = obj[key]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        raise SaveError(f"saved game: field {key!r} has the wrong type")
    return v


def game_from_obj(obj: Any, record_events: bool = True) -> GameState:
    """Rebuild a game from ``game_to_obj`` output; raises SaveError naming what is wrong."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise SaveError("saved game: not a Tá Lả game record")
    version = obj.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        raise SaveError(f"saved game: unsupported version {version!r}")
    try:
        rules = Rules.from_dict(_need(obj, "rules", dict))
        hands = [[parse_card(c) for c in h] for h in _need(obj, "hands", list)]
        stock = [parse_card(c) for c in _need(obj, "stock", list)]
        balances = obj.get("balances")
        st = GameState.from_deal(rules, hands, stock, _need(obj, "leader", int), _need(obj, "bet", int),
                                 balances, record_events)
        st.deal_record["seed"] = obj.get("seed")
        st.caps_leaves = version >= 2
        for i, text in enumerate(_need(obj, "moves", list)):
            try:
                st.push(parse_move(text))
            except EngineError as exc:
                raise SaveError(f"saved game: move {i} ({text!r}) is refused: {exc}") from None
    except SaveError:
        raise
    except (EngineError, TypeError) as exc:
        raise SaveError(f"saved game: {exc}") from None
    return st


def loads(text: str, record_events: bool = True) -> GameState:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"saved game: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    return game_from_obj(obj, record_events)


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as JSON: its fields in the notation's names, card numbers turned into notation."""
    out = event_fields(event)
    for k, v in out.items():
        if k == "card" and isinstance(v, int):
            out[k] = card_str(v)
        elif k == "cards" and v is not None:
            out[k] = [card_str(c) for c in v]
        elif k in ("hands", "melds") and v is not None:
            out[k] = [None if h is None else [card_str(c) for c in h] for h in v]
    return out


def events_json(events: list[Event]) -> str:
    return json.dumps([event_to_json(e) for e in events], ensure_ascii=False, sort_keys=True,
                      separators=(",", ":"))
