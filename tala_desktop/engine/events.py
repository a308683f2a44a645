"""The game's events as typed values: what happened, in order, as ``GameState.events`` records it.

Each event is a frozen dataclass; seats are 0..n-1 and cards the engine's
numbers (engine/cards.py). The table turns them into the messages a seat
is sent (table/snapshot.py) after ``redact_event`` (engine/view.py) hid
what the seat may not see, and ``record.event_to_json`` writes them in the
game's JSON notation (``{"type": "drew", "seat": 1, "card": "7h", ...}``,
with ``from``/``to`` for the seats a card or a payment goes between).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from .moves import TurnKind

if TYPE_CHECKING:
    from .scoring import Outcome, OutcomeKind

Cards = tuple[int, ...]
PayReason = Literal["eat", "chot", "nhi", "ba", "bet", "mom", "u", "u_tron", "u_khan", "den"]  # the rules that pay


@dataclass(frozen=True, slots=True)
class Dealt:
    """The deal: every seat's hand (None where the viewer may not see it), their sizes, the stock left."""

    TYPE: ClassVar[str] = "dealt"
    leader: int
    hands: tuple[Cards | None, ...]
    counts: tuple[int, ...]
    stock_count: int


@dataclass(frozen=True, slots=True)
class Turn:
    """``seat``'s turn begins, of ``kind`` (first, normal, lay, tái)."""

    TYPE: ClassVar[str] = "turn"
    seat: int
    kind: TurnKind


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` drew from the stock (``card`` None where the viewer may not see it)."""

    TYPE: ClassVar[str] = "drew"
    seat: int
    card: int | None
    stock_count: int


@dataclass(frozen=True, slots=True)
class Ate:
    """``seat`` ate ``victim``'s discard: its ``nth`` eat, ``chot`` on a lay turn; the next ``starter``."""

    TYPE: ClassVar[str] = "ate"
    seat: int
    victim: int
    card: int
    chot: bool
    nth: int
    starter: int


@dataclass(frozen=True, slots=True)
class Moved:
    """After an eat, the top of the starter's pile ``from_seat`` moved to ``to_seat``'s pile."""

    TYPE: ClassVar[str] = "moved"
    from_seat: int
    to_seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Discarded:
    TYPE: ClassVar[str] = "discarded"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Laid:
    """``seat`` laid down: all its phỏm so far (none: Móm), ``order`` 0 for the first to lay."""

    TYPE: ClassVar[str] = "laid"
    seat: int
    melds: tuple[Cards, ...]
    mom: bool
    order: int


@dataclass(frozen=True, slots=True)
class Sent:
    """``seat`` sent ``card`` to phỏm ``index`` of ``target``."""

    TYPE: ClassVar[str] = "sent"
    seat: int
    card: int
    target: int
    index: int


@dataclass(frozen=True, slots=True)
class Revealed:
    """Hand cards of ``seat`` shown to all (they complete a phỏm with an eaten card)."""

    TYPE: ClassVar[str] = "revealed"
    seat: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class Declared:
    """``seat`` declared an Ù of ``kind``; the payments and the outcome follow."""

    TYPE: ClassVar[str] = "u"
    seat: int
    kind: OutcomeKind


@dataclass(frozen=True, slots=True)
class TimedOut:
    """``seat``'s clock ran out: its timeout action follows as events."""

    TYPE: ClassVar[str] = "timeout"
    seat: int


@dataclass(frozen=True, slots=True)
class SeatLeft:
    TYPE: ClassVar[str] = "left"
    seat: int


@dataclass(frozen=True, slots=True)
class Payment:
    """``amount`` chips went from ``from_seat`` to ``to_seat``, for ``reason`` (eat, chot, nhi, den, u...)."""

    TYPE: ClassVar[str] = "payment"
    from_seat: int
    to_seat: int
    amount: int
    reason: PayReason


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game ended with ``outcome``; ``hands``: every seat's cards left."""

    TYPE: ClassVar[str] = "outcome"
    outcome: Outcome
    hands: tuple[Cards, ...]


Event = (Dealt | Turn | Drew | Ate | Moved | Discarded | Laid | Sent | Revealed | Declared | TimedOut | SeatLeft
         | Payment | GameEnded)

_KEYS = {"from_seat": "from", "to_seat": "to"}   # the seats' names in the notation


def event_fields(event: Event) -> dict[str, Any]:
    """The event as a plain dict in the notation's names, with ``type`` (cards stay numbers, tuples are lists).

    A dealt event that hides no hand leaves out ``counts`` (each hand says its size); an outcome's fields
    are ``Outcome.to_dict``'s beside ``hands``."""
    if isinstance(event, GameEnded):
        return {**event.outcome.to_dict(), "type": GameEnded.TYPE, "hands": _plain(event.hands)}
    out: dict[str, Any] = {"type": event.TYPE}
    for f in fields(event):
        out[_KEYS.get(f.name, f.name)] = _plain(getattr(event, f.name))
    if isinstance(event, Dealt) and all(h is not None for h in event.hands):
        del out["counts"]
    return out


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value
