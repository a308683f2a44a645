"""Moves and phases: the hashable ``Move`` value, its text grammar, and the ``Phase`` enum.

Grammar: ``<seat> draw | eat | discard <card> | lay [<meld> ...] |
send <card> <seat>[:<k>] | u | ukhan | timeout | leave``; a meld is cards
joined by ``-``. ``str(move)`` parses back to an equal move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from .cards import card_str, parse_card
from .errors import CardParseError, MoveParseError
from .melds import describe_meld


class Phase(str, Enum):
    TAKE = "take"
    LAY = "lay"
    SEND = "send"
    DISCARD = "discard"
    GAME_OVER = "game_over"


DRAW, EAT, DISCARD, LAY, SEND, U, UKHAN, TIMEOUT, LEAVE = (
    "draw", "eat", "discard", "lay", "send", "u", "ukhan", "timeout", "leave",
)
KINDS = (DRAW, EAT, DISCARD, LAY, SEND, U, UKHAN, TIMEOUT, LEAVE)


@dataclass(frozen=True, slots=True)
class Move:
    """One action by one seat. ``melds`` are card masks (lay); ``index`` None means 'the only fit'."""

    seat: int
    kind: str
    card: int = -1
    melds: tuple[int, ...] = ()
    target: int = -1
    index: int | None = None

    def __str__(self) -> str:
        head = f"{self.seat} {self.kind}"
        if self.kind == DISCARD:
            return f"{head} {card_str(self.card)}"
        if self.kind == LAY:
            return " ".join([head, *(describe_meld(m) for m in self.melds)])
        if self.kind == SEND:
            k = "" if self.index is None else f":{self.index}"
            return f"{head} {card_str(self.card)} {self.target}{k}"
        return head


def draw(seat: int) -> Move:
    return Move(seat, DRAW)


def eat(seat: int) -> Move:
    return Move(seat, EAT)


def discard(seat: int, c: int) -> Move:
    return Move(seat, DISCARD, card=c)


def lay(seat: int, melds) -> Move:
    return Move(seat, LAY, melds=tuple(melds))  # in the order laid: sends number them so


def send(seat: int, c: int, target: int, index: int | None = None) -> Move:
    return Move(seat, SEND, card=c, target=target, index=index)


_ASCII_NUMBER = re.compile(r"[0-9]{1,6}")


def _int(text: str, what: str, move_text: str) -> int:
    """A seat or phỏm index: ASCII digits only (``str.isdigit`` also takes '²' and '١', which are no seat)."""
    if _ASCII_NUMBER.fullmatch(text) is None:
        raise MoveParseError(f"bad move {move_text!r}: {what} {text!r} is not a number (digits 0-9)")
    return int(text)


def parse_move(text: str) -> Move:
    """Parse a move in the grammar above; raises MoveParseError naming the bad token."""
    if not isinstance(text, str):
        raise MoveParseError(f"bad move {text!r}: expected a string")
    parts = text.split()
    if len(parts) < 2:
        raise MoveParseError(f"bad move {text!r}: expected '<seat> <action> ...'")
    seat = _int(parts[0], "seat", text)
    kind = parts[1].lower()
    args = parts[2:]
    try:
        if kind in (DRAW, EAT, U, UKHAN, TIMEOUT, LEAVE):
            if args:
                raise MoveParseError(f"bad move {text!r}: '{kind}' takes no arguments, got {args[0]!r}")
            return Move(seat, kind)
        if kind == DISCARD:
            if len(args) != 1:
                raise MoveParseError(f"bad move {text!r}: 'discard' takes exactly one card")
            return discard(seat, parse_card(args[0]))
        if kind == LAY:
            melds = []
            for token in args:
                mask = 0
                for ct in token.split("-"):
                    c = parse_card(ct)
                    if mask >> c & 1:
                        raise MoveParseError(f"bad move {text!r}: card {ct!r} repeated in meld {token!r}")
                    mask |= 1 << c
                melds.append(mask)
            return lay(seat, melds)
        if kind == SEND:
            if len(args) != 2:
                raise MoveParseError(f"bad move {text!r}: 'send' takes a card and a seat[:k]")
            c = parse_card(args[0])
            tgt, colon, k = args[1].partition(":")
            index = _int(k, "phỏm index", text) if colon else None
            return send(seat, c, _int(tgt, "target seat", text), index)
    except CardParseError as exc:
        raise MoveParseError(f"bad move {text!r}: {exc}") from None
    raise MoveParseError(f"bad move {text!r}: unknown action {parts[1]!r}")
