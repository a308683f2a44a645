"""The autosave file: the offline table's live game as JSON, written atomically after every move, read by replay.

The file holds the table's set-up (seats, rules, bet, pacing), its money and
position in the series (balances, game id, who has left, the dealer's random
state), the current game as an ``engine.record`` object (deal + moves) and,
once the player ordered their hand, that order (``hand_order``: the cards
left to right, optional).
Reading replays the moves, so the rebuilt game has the same cards and the
same turn. Writes go to a temporary file that replaces the old one, so a
crash leaves either the previous save or the new one, never half a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tala_desktop.engine import GameState, Rules, RulesError
from tala_desktop.table import TABLE_KINDS, SeatKind

from .errors import StoreError, UnfitSave
from .faults import crash_point
from .paths import write_atomic
from .replay import replay_record

FORMAT = "tala-autosave"
VERSION = 1


@dataclass
class Autosave:
    """A saved offline table, its current game rebuilt by replay in ``state``."""

    table_uid: str
    game_id: int
    started_at: str | None
    saved_at: str
    human_seat: int | None
    seats: list[dict[str, Any]]          # SeatConfig fields: name, kind, level, balance
    config: dict[str, Any]               # TableConfig pacing: seed, think_delay, hard_budget_ms, bot_workers, ...
    balances: list[int]
    left_table: list[bool]
    rng_state: list[Any] | None          # random.Random.getstate() of the table's dealer, JSON-shaped
    record: dict[str, Any]               # engine.record.game_to_obj of the current game
    state: GameState
    hand_order: list[int] | None = None  # the player's own order of their hand (cards left to right), if they made one

    @property
    def game_uid(self) -> str:
        return game_uid(self.table_uid, self.game_id)

    @property
    def rules(self) -> Rules:
        return self.state.rules


def game_uid(table_uid: str, game_id: int) -> str:
    """The history uid of game ``game_id`` of table ``table_uid``: settles that game at most once."""
    return f"{table_uid}-{game_id}"


def write_autosave(path: Path, obj: dict[str, Any]) -> None:
    """Replace the autosave at ``path`` with ``obj`` atomically (paths.write_atomic)."""
    text = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise StoreError(f"cannot write the autosave {path}: {exc.strerror or exc}") from None
    crash_point("autosave_written")


def clear_autosave(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot remove the autosave {path}: {exc.strerror or exc}") from None
    crash_point("autosave_cleared")


def _need(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], nullable: bool = False) -> Any:
    if key not in obj:
        raise StoreError(f"autosave: missing field {key!r}")
    v = obj[key]
    if v is None and nullable:
        return v
    if not isinstance(v, kind) or (isinstance(v, bool) and kind is int):
        raise StoreError(f"autosave: field {key!r} has the wrong type")
    return v


def _check_seats(seats: list[Any], n: int) -> None:
    if len(seats) != n:
        raise StoreError(f"autosave: {len(seats)} seats for a game of {n}")
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or s.get("kind") not in TABLE_KINDS:
            raise StoreError(f"autosave: seat {i} is malformed")
        if not isinstance(s.get("level", "normal"), str) or not isinstance(s.get("balance", 0), int):
            raise StoreError(f"autosave: seat {i} is malformed")


def _check_rules_and_bet(record: dict[str, Any]) -> None:
    """UnfitSave if the saved game's rules or bet are not ones this version plays (before its cards are read)."""
    try:
        Rules.from_dict(record.get("rules"))
    except RulesError as exc:
        raise UnfitSave(f"autosave: the saved rules do not fit this version: {exc}") from None
    bet = record.get("bet")
    if not isinstance(bet, int) or isinstance(bet, bool) or bet < 1:
        raise UnfitSave(f"autosave: the saved bet {bet!r} is not a positive whole number")


def _hand_order(value: Any) -> list[int] | None:
    """The saved order of the player's hand: distinct cards 0-51, left to right (None: none was saved)."""
    if value is None:
        return None
    if (not isinstance(value, list) or any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52
                                           for c in value) or len(set(value)) != len(value)):
        raise StoreError("autosave: hand_order is not a list of distinct cards 0-51")
    return list(value)


def parse_autosave(obj: Any) -> Autosave:
    """Validate an autosave object and rebuild its game by replay; StoreError names what is wrong."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise StoreError("autosave: not a Tá Lả autosave")
    if obj.get("version") != VERSION:
        raise StoreError(f"autosave: unsupported version {obj.get('version')!r}")
    record = _need(obj, "record", dict)
    _check_rules_and_bet(record)
    try:
        state = replay_record(record)
    except StoreError as exc:
        raise StoreError(f"autosave: {exc}") from None
    n = state.n
    seats = _need(obj, "seats", list)
    _check_seats(seats, n)
    balances = _need(obj, "balances", list)
    left = _need(obj, "left_table", list)
    if len(balances) != n or any(not isinstance(b, int) or isinstance(b, bool) or b < 0 for b in balances):
        raise StoreError("autosave: balances do not fit the game")
    if state.balances is not None and balances != state.balances:
        raise StoreError("autosave: balances disagree with the replayed game")
    if len(left) != n or any(not isinstance(x, bool) for x in left):
        raise StoreError("autosave: left_table does not fit the game")
    human = _need(obj, "human_seat", int, nullable=True)
    if human is not None and not (0 <= human < n and seats[human]["kind"] == SeatKind.HUMAN):
        raise StoreError("autosave: human_seat is not a human seat")
    game_id = _need(obj, "game_id", int)
    if game_id < 1:
        raise StoreError("autosave: game_id must be positive")
    table_uid = _need(obj, "table_uid", str)
    if not table_uid:
        raise StoreError("autosave: empty table_uid")
    return Autosave(table_uid, game_id, _need(obj, "started_at", str, nullable=True), _need(obj, "saved_at", str),
                    human, seats, _need(obj, "config", dict), balances, left,
                    _need(obj, "rng_state", list, nullable=True), obj["record"], state,
                    _hand_order(obj.get("hand_order")))


def read_autosave(path: Path) -> Autosave | None:
    """The autosave at ``path``, None if there is none; StoreError if it is unreadable or does not replay."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"autosave: cannot read {path}: {exc.strerror or exc}") from None
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreError(f"autosave: not valid JSON ({exc})") from None
    return parse_autosave(obj)
