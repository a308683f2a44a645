"""Replaying stored games: rebuild any history record move by move and check it reaches the recorded outcome.

The replay viewer steps through ``positions(record)``: the game after the
deal and after each move, every hand visible (these are engine states, not
seat views). ``story_of(entry)`` tells a finished game's money: every
payment in order, who left the table and what each leave cost from then
on (the history explains each row).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tala_desktop.engine import PRESETS, EngineError, GameState
from tala_desktop.engine import events as ev
from tala_desktop.engine.moves import parse_move
from tala_desktop.engine.record import game_from_obj
from tala_desktop.table.messages import Payment
from tala_desktop.table.snapshot import game_payments

from .errors import StoreError
from .history import GameEntry


@dataclass(frozen=True)
class ReplayCheck:
    """A replay of one stored game: ``matches`` is True when it reaches the recorded outcome exactly."""

    uid: str
    matches: bool
    recorded: dict[str, Any]
    replayed: dict[str, Any] | None
    problem: str | None = None


def replay_record(record: dict[str, Any], record_events: bool = True) -> GameState:
    """The game of a stored record, replayed to its last move; StoreError if it does not replay.

    ``Rules.from_dict`` relabels a preset as "custom" when any field (even ``turn_seconds``) differs
    from the preset's; the replayed rules get the recorded label back when only the label differs,
    so the replayed game serialises to the very same record.
    """
    try:
        st = game_from_obj(record, record_events)
    except (EngineError, TypeError, AttributeError) as exc:
        raise StoreError(f"stored game does not replay: {exc}") from None
    label = record.get("rules", {}).get("preset")
    if label in PRESETS and label != st.rules.preset:
        st.rules = replace(st.rules, preset=label)
    return st


@dataclass(frozen=True)
class GameStory:
    """What a stored game's amounts are made of: its payments in order, the seats whose player left, and the chips
    each of those paid from its leave on (0 for the others: what the leave cost, RULES.md §10)."""

    payments: tuple[Payment, ...]
    left: tuple[bool, ...]
    paid_after_leaving: tuple[int, ...] = ()


def paid_after_leaving(st: GameState) -> tuple[int, ...]:
    """The chips each seat paid after its player left the game (0 for a seat that stayed), from its events."""
    paid = [0] * st.n
    gone = [False] * st.n
    for e in st.events or ():
        if isinstance(e, ev.SeatLeft):
            gone[e.seat] = True
        elif isinstance(e, ev.Payment) and gone[e.from_seat]:
            paid[e.from_seat] += e.amount
    return tuple(paid)


def story_of(entry: GameEntry) -> GameStory | None:
    """The payments and the leavers of a stored game, by replay; None if its record does not replay."""
    try:
        st = replay_record(entry.record)
    except StoreError:
        return None
    return GameStory(tuple(game_payments(st, 0)), tuple(st.left), paid_after_leaving(st))


def check_entry(entry: GameEntry) -> ReplayCheck:
    """Replay a history entry and compare its outcome with the recorded one."""
    uid = entry.summary.uid
    try:
        st = replay_record(entry.record, record_events=False)
    except StoreError as exc:
        return ReplayCheck(uid, False, entry.outcome, None, str(exc))
    if st.outcome is None:
        return ReplayCheck(uid, False, entry.outcome, None, "the replayed game is not over")
    replayed = st.outcome.to_dict()
    ok = replayed == entry.outcome
    return ReplayCheck(uid, ok, entry.outcome, replayed, None if ok else "the outcome differs")


def positions(record: dict[str, Any]) -> list[GameState]:
    """The game after the deal (index 0) and after each move (index i = after move i)."""
    start = dict(record)
    moves = list(record.get("moves", []))
    start["moves"] = []
    st = replay_record(start)
    out = [st.copy(record_events=True)]
    for i, text in enumerate(moves):
        try:
            st.push(parse_move(text))
        except EngineError as exc:
            raise StoreError(f"stored game: move {i} ({text!r}) is refused: {exc}") from None
        out.append(st.copy(record_events=True))
    return out
