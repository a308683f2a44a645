"""Scenario files: the engine's executable specification, and their command-line runner.

``python -m tala_desktop.engine.scenario FILE.json [...]`` prints one JSON
object per file. Exit status: 0 all legal and matching, 1 a refused move or
an ``expect`` mismatch, 2 a malformed file (named on stderr with the field).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .cards import card_str, cards_of, deck, parse_card
from .errors import CardParseError, EngineError, MoveParseError, RulesError
from .moves import parse_move
from .record import event_to_json
from .rules import Rules
from .state import GameState

ALLOWED_KEYS = {"name", "comment", "rules", "leader", "hands", "stock", "moves", "expect"}
EXPECT_EXTRA = {"legal_includes", "legal_excludes", "events_include"}


class ScenarioError(Exception):
    """A scenario file is malformed; the message names the field."""


def _field(data: dict[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise ScenarioError(f"missing field '{key}'")
        return default
    v = data[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise ScenarioError(f"field '{key}': expected {kind.__name__}, got {type(v).__name__}")
    return v


def _cards(tokens: Any, where: str) -> list[int]:
    if not isinstance(tokens, list):
        raise ScenarioError(f"field '{where}': expected a list of cards")
    out = []
    for i, t in enumerate(tokens):
        try:
            out.append(parse_card(t))
        except CardParseError as exc:
            raise ScenarioError(f"field '{where}[{i}]': {exc}") from None
    return out


def build(data: Any) -> tuple[GameState, list, dict[str, Any]]:
    """Validate a scenario object; return the starting state, parsed moves and the expectations."""
    if not isinstance(data, dict):
        raise ScenarioError("the file must hold one JSON object")
    for key in data:
        if key not in ALLOWED_KEYS:
            raise ScenarioError(f"unknown field '{key}'")
    _field(data, "name", str)
    try:
        rules = Rules.from_dict(_field(data, "rules", dict, {}))
    except RulesError as exc:
        raise ScenarioError(f"field {exc}") from None
    leader = _field(data, "leader", int, 0)
    if not 0 <= leader < rules.players:
        raise ScenarioError(f"field 'leader': expected a seat 0-{rules.players - 1}")
    raw_hands = _field(data, "hands", list)
    if len(raw_hands) != rules.players:
        raise ScenarioError(f"field 'hands': expected {rules.players} hands for {rules.players} players")
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands)]
    for i, h in enumerate(hands):
        want = 10 if i == leader else 9
        if len(h) != want:
            raise ScenarioError(f"field 'hands[{i}]': expected {want} cards, got {len(h)}")
    stock = _cards(_field(data, "stock", list, []), "stock")
    named = [c for h in hands for c in h] + stock
    if len(set(named)) != len(named):
        dup = next(c for c in named if named.count(c) > 1)
        raise ScenarioError(f"card {card_str(dup)} is named twice")
    rest = [c for c in deck() if c not in set(named)]
    try:
        st = GameState.from_deal(rules, hands, stock + rest, leader)
    except EngineError as exc:
        raise ScenarioError(str(exc)) from None
    moves = []
    for i, text in enumerate(_field(data, "moves", list, [])):
        try:
            moves.append(parse_move(text))
        except MoveParseError as exc:
            raise ScenarioError(f"field 'moves[{i}]': {exc}") from None
    expect = _field(data, "expect", dict, {})
    for key in ("legal_includes", "legal_excludes", "events_include"):
        if key in expect and not isinstance(expect[key], list):
            raise ScenarioError(f"field 'expect.{key}': expected a list")
    for key in ("legal_includes", "legal_excludes"):
        for i, text in enumerate(expect.get(key, [])):
            try:
                parse_move(text)
            except MoveParseError as exc:
                raise ScenarioError(f"field 'expect.{key}[{i}]': {exc}") from None
    return st, moves, expect


def state_json(st: GameState) -> dict[str, Any]:
    return {
        "to_move": None if st.is_over else st.to_move,
        "phase": st.phase.value,
        "starter": st.starter,
        "stock": [card_str(c) for c in reversed(st.stock)],
        "hands": [[card_str(c) for c in cards_of(st.held(s))] for s in range(st.n)],
        "piles": [[card_str(c) for c in p] for p in st.piles],
        "eaten": [[card_str(c) for c in cards_of(e)] for e in st.eaten],
        "laid": [[[card_str(c) for c in p.cards()] for p in ps] for ps in st.laid],
        "legal": [str(m) for m in st.legal_moves()],
    }


def run(data: Any) -> dict[str, Any]:
    """Run one scenario object; raises ScenarioError if it is malformed."""
    st, moves, expect = build(data)
    error = None
    for i, move in enumerate(moves):
        try:
            st.push(move)
        except EngineError as exc:
            error = {"move": i, "message": str(exc)}
            break
    result: dict[str, Any] = {
        "name": data["name"],
        "ok": error is None,
        "error": error,
        "outcome": st.outcome.to_dict() if st.outcome else None,
        "state": state_json(st),
        "events": [event_to_json(e) for e in st.events or []],
    }
    if expect:
        mismatches = compare(expect, result, st)
        result["mismatches"] = mismatches
        if mismatches:
            result["ok"] = False
    return result


def compare(expect: dict[str, Any], result: dict[str, Any], st: GameState) -> list[str]:
    out: list[str] = []
    for key, want in expect.items():
        if key == "legal_includes":
            out += [f"legal_includes: {t!r} is not legal" for t in want if not _legal(st, t)]
        elif key == "legal_excludes":
            out += [f"legal_excludes: {t!r} is legal" for t in want if _legal(st, t)]
        elif key == "events_include":
            out += _match_events(want, result["events"])
        else:
            _match(want, result.get(key), key, out)
    return out


def _legal(st: GameState, text: str) -> bool:
    move = parse_move(text)
    return move.kind not in ("timeout", "leave") and st.is_legal(move)


def _match(want: Any, got: Any, path: str, out: list[str]) -> None:
    if isinstance(want, dict) and isinstance(got, dict):
        for k, v in want.items():
            if k not in got:
                out.append(f"{path}.{k}: expected {v!r}, missing")
            else:
                _match(v, got[k], f"{path}.{k}", out)
    elif isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for i, (w, g) in enumerate(zip(want, got)):
            _match(w, g, f"{path}[{i}]", out)
    elif want != got:
        out.append(f"{path}: expected {want!r}, got {got!r}")


def _match_events(wanted: list[Any], events: list[dict[str, Any]]) -> list[str]:
    """Each wanted partial event must match an event after the previous match."""
    pos = 0
    for i, w in enumerate(wanted):
        while pos < len(events):
            probe: list[str] = []
            _match(w, events[pos], "e", probe)
            pos += 1
            if not probe:
                break
        else:
            return [f"events_include[{i}]: no later event matches {w!r}"]
    return []


def run_file(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"cannot read the file: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return run(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tala_desktop.engine.scenario",
        description="Run Phỏm scenario files and print one JSON result per file (stdout), then a total (stderr).",
        epilog="Exit 0 if every scenario holds, 1 if one fails (its mismatches or the refused move are in its "
               "JSON line and on stderr), 2 if a file is not a valid scenario. The format: docs/scenarios.md.")
    parser.add_argument("files", nargs="+", type=Path, help="scenario files (JSON), e.g. tests/scenarios/*.json")
    args = parser.parse_args(argv)
    status = 0
    counts = {"ok": 0, "failed": 0, "malformed": 0}
    for path in args.files:
        try:
            result = run_file(path)
        except ScenarioError as exc:
            print(f"{path}: malformed scenario: {exc}", file=sys.stderr)
            counts["malformed"] += 1
            status = 2
            continue
        head = {"name": result.get("name"), "file": str(path), "ok": result["ok"],
                "mismatches": result.get("mismatches", []), "error": result["error"]}
        print(json.dumps({**head, **result}, ensure_ascii=False))
        counts["ok" if result["ok"] else "failed"] += 1
        if not result["ok"]:
            for line in result.get("mismatches", []):
                print(f"{path}: {line}", file=sys.stderr)
            if result["error"]:
                print(f"{path}: move {result['error']['move']} refused: {result['error']['message']}", file=sys.stderr)
            status = max(status, 1)
    print(f"{len(args.files)} scenario file(s): {counts['ok']} ok, {counts['failed']} failed, "
          f"{counts['malformed']} malformed", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
