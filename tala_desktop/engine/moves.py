"""Moves, phases and turn kinds: the ``Move`` value, its text grammar, and the str-valued enums.

Grammar: ``<seat> draw | eat | discard <card> | lay [<meld> ...] |
send <card> <seat>[:<k>] | u | ukhan | timeout | leave``; a meld is cards
joined by ``-``. ``str(move)`` parses back to an equal move. The enums are
str-valued and print as their value, so ``MoveKind.DRAW == "draw"`` and
``f"{move.kind}"`` is the notation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from .cards import card_str, parse_card
from .errors import CardParseError, MoveParseError
from .melds import describe_meld


class NotationEnum(str, Enum):
    """A str-valued enum that prints as its value (the notation), not as ``Class.NAME``."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(str.__str__(self), spec)


class Phase(NotationEnum):
    TAKE = "take"
    LAY = "lay"
    SEND = "send"
    DISCARD = "discard"
    GAME_OVER = "game_over"


class TurnKind(NotationEnum):
    FIRST = "first"    # the leader's opening discard
    NORMAL = "normal"
    LAY = "lay"        # the lay-down turn: take, lay, send, discard
    TAI = "tai"        # an extra turn after laying down: draw, send, discard


class MoveKind(NotationEnum):
    DRAW = "draw"
    EAT = "eat"
    DISCARD = "discard"
    LAY = "lay"
    SEND = "send"
    U = "u"
    UKHAN = "ukhan"
    TIMEOUT = "timeout"
    LEAVE = "leave"


DRAW, EAT, DISCARD, LAY, SEND, U, UKHAN, TIMEOUT, LEAVE = MoveKind
_BARE = frozenset((DRAW, EAT, U, UKHAN, TIMEOUT, LEAVE))   # kinds that take no arguments


class Move(NamedTuple):
    """One action by one seat. ``melds`` are card masks (lay); ``index`` None means 'the only fit'.

    An immutable, hashable value (a named tuple: cheap to build in the searchers' loops).
    """

    seat: int
    kind: MoveKind
    card: int = -1
    melds: tuple[int, ...] = ()
    target: int = -1
    index: int | None = None  # type: ignore[assignment]  # the phỏm index of a send (shadows tuple.index)

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


def lay(seat: int, melds: Iterable[int]) -> Move:
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
    kind = _KIND_BY_TEXT.get(parts[1].lower())
    if kind is None:
        raise MoveParseError(f"bad move {text!r}: unknown action {parts[1]!r}")
    args = parts[2:]
    try:
        if kind in _BARE:
            if args:
                raise MoveParseError(f"bad move {text!r}: '{kind}' takes no arguments, got {args[0]!r}")
            return Move(seat, kind)
        if kind == DISCARD:
            if len(args) != 1:
                raise MoveParseError(f"bad move {text!r}: 'discard' takes exactly one card")
            return discard(seat, parse_card(args[0]))
        if kind == LAY:
            return lay(seat, [_meld(token, text) for token in args])
        if len(args) != 2:  # send
            raise MoveParseError(f"bad move {text!r}: 'send' takes a card and a seat[:k]")
        c = parse_card(args[0])
        tgt, colon, k = args[1].partition(":")
        index = _int(k, "phỏm index", text) if colon else None
        return send(seat, c, _int(tgt, "target seat", text), index)
    except CardParseError as exc:
        raise MoveParseError(f"bad move {text!r}: {exc}") from None


def _meld(token: str, move_text: str) -> int:
    mask = 0
    for ct in token.split("-"):
        c = parse_card(ct)
        if mask >> c & 1:
            raise MoveParseError(f"bad move {move_text!r}: card {ct!r} repeated in meld {token!r}")
        mask |= 1 << c
    return mask


_KIND_BY_TEXT = {k.value: k for k in MoveKind}
