"""The table protocol: every message a seat receives and every command it sends, as msgspec Structs.

This is the one schema of what a seat sees and sends (docs/table-messages.md
is checked against it by a test). The table builds these objects and the
offline client hands them to the UI as they are; over the LAN they are
encoded once at the socket and decoded once, strictly, into the same types
(net/). Cards are the engine's ints 0-51 (``suit * 13 + rank``, see
engine/cards.py); moves are the engine's ``Move`` values, an array
``[seat, kind, card, melds, target, index]`` on the wire; enums travel as
their notation (``"discard"``, ``"take"``). Every message type forbids
unknown fields and bounds its lists and strings, so a decoded message is
one the UI can draw.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from tala_desktop.bots.base import Reason
from tala_desktop.engine import Move, Outcome, OutcomeKind, Phase, Rules, TurnKind

# ---------------------------------------------------------------- field types
Card = Annotated[int, msgspec.Meta(ge=0, le=51)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Count = Annotated[int, msgspec.Meta(ge=0, le=52)]
GameId = Annotated[int, msgspec.Meta(ge=0)]
Chips = Annotated[int, msgspec.Meta(ge=0)]
Cards = Annotated[list[Card], msgspec.Meta(max_length=52)]
Melds = Annotated[list[Cards], msgspec.Meta(max_length=13)]           # phỏm laid by one seat
Name = Annotated[str, msgspec.Meta(max_length=40)]
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Text = Annotated[str, msgspec.Meta(max_length=1000)]
SeatCards = Annotated[list[Cards], msgspec.Meta(max_length=4)]        # per seat
SeatInts = Annotated[list[int], msgspec.Meta(max_length=4)]
SeatBools = Annotated[list[bool], msgspec.Meta(max_length=4)]
MAX_LEGAL = 1024                                                      # a hand's lay choices stay far below


class SeatMessage(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, kw_only=True, gc=False):
    """A message to one seat; ``type`` on the wire is the class's tag."""


class Event(SeatMessage, frozen=True):
    """Something that just happened in game ``game_id`` (for animation, sounds and the game log)."""

    game_id: GameId


# ---------------------------------------------------------------- events (the engine's, redacted per seat)
class Dealt(Event, tag="dealt", frozen=True):
    """The deal: your own hand only (other seats' hands are null), every seat's card count."""

    leader: Seat
    hands: Annotated[list[Cards | None], msgspec.Meta(max_length=4)]
    counts: SeatInts
    stock_count: Count


class Turn(Event, tag="turn", frozen=True):
    seat: Seat
    kind: TurnKind


class Drew(Event, tag="drew", frozen=True):
    """``seat`` drew from the stock; the card is null unless it is you."""

    seat: Seat
    card: Card | None
    stock_count: Count


class Ate(Event, tag="ate", frozen=True):
    """``seat`` ate ``victim``'s last discard; ``nth`` counts its eats; the starter moved on."""

    seat: Seat
    victim: Seat
    card: Card
    chot: bool
    nth: Annotated[int, msgspec.Meta(ge=1, le=52)]
    starter: Seat


class Moved(Event, tag="moved", frozen=True):
    """A discard moved from one pile to another after an eat (chuyển bài)."""

    from_seat: Seat = msgspec.field(name="from")
    to: Seat
    card: Card


class Discarded(Event, tag="discarded", frozen=True):
    seat: Seat
    card: Card


class Laid(Event, tag="laid", frozen=True):
    """``seat`` laid down (``melds`` empty and ``mom`` true: Móm); ``order`` counts the lay-downs from 0."""

    seat: Seat
    melds: Melds
    mom: bool
    order: Annotated[int, msgspec.Meta(ge=0, le=3)]


class Sent(Event, tag="sent", frozen=True):
    """``seat`` sent ``card`` to phỏm ``index`` of ``target``."""

    seat: Seat
    card: Card
    target: Seat
    index: Annotated[int, msgspec.Meta(ge=0, le=12)]


class Revealed(Event, tag="revealed", frozen=True):
    """Cards of ``seat``'s hand shown to everyone (house rule ``reveal_eaten_phom``)."""

    seat: Seat
    cards: Cards


class Declared(Event, tag="u", frozen=True):
    """``seat`` declared Ù of ``kind``; the game ends."""

    seat: Seat
    kind: OutcomeKind


class TimedOut(Event, tag="timeout", frozen=True):
    """``seat``'s clock ran out: the rules' timeout action follows."""

    seat: Seat


class SeatLeft(Event, tag="left", frozen=True):
    """The player at ``seat`` left: Móm, the engine plays the seat on."""

    seat: Seat


class Payment(Event, tag="payment", frozen=True):
    """Chips moved from one seat to another; ``reason`` names the rule (eat, chot, nhi, ba, bet, mom, u, den...)."""

    from_seat: Seat = msgspec.field(name="from")
    to: Seat
    amount: Chips
    reason: Code


class GameEnded(Event, tag="outcome", frozen=True):
    """The game is over: how it ended, and every seat's remaining cards."""

    outcome: Outcome
    hands: SeatCards


# ---------------------------------------------------------------- the table's own messages
class Clock(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True, gc=False):
    """The turn clock: ``seat`` must move by ``deadline`` (the receiver's clock), ``remaining`` seconds from now."""

    seat: Seat
    deadline: float
    seconds: Annotated[int, msgspec.Meta(ge=0, le=600)]
    remaining: Annotated[float, msgspec.Meta(ge=0)]


class Snapshot(SeatMessage, tag="snapshot", frozen=True):
    """Everything one seat may see now: the truth to draw. Per-seat lists are indexed by seat."""

    game_id: GameId
    seat: Seat
    n: Annotated[int, msgspec.Meta(ge=2, le=4)]
    names: Annotated[list[Name], msgspec.Meta(max_length=4)]
    bet: Annotated[int, msgspec.Meta(ge=1)]
    balances: SeatInts
    rules: Rules
    leader: Seat
    to_move: Seat | None                 # null when the game is over
    phase: Phase
    turn_kind: TurnKind
    starter: Seat
    stock_count: Count
    hand: Cards                          # your cards, not counting your eaten cards
    hand_counts: SeatInts                # every seat's card count, eaten cards included
    known: SeatCards                     # cards of other hands shown to all
    eaten: SeatCards                     # eaten cards not yet laid
    piles: SeatCards                     # discard rows, oldest first
    laid: Annotated[list[Melds], msgspec.Meta(max_length=4)]   # in lay order: index k is the k of a send
    lay_order: SeatInts                  # -1 until the seat lays down
    mom: SeatBools
    left: SeatBools
    eat_count: SeatInts
    last_discard: tuple[Seat, Card] | None   # the discard that may be eaten now
    legal: Annotated[list[Move], msgspec.Meta(max_length=MAX_LEGAL)]   # your legal moves (empty off turn)
    clock: Clock | None
    thinking: Seat | None                # the bot seat that is thinking
    net: SeatInts                        # chips won (+) or lost (-) in this game so far
    outcome: Outcome | None
    reveal: SeatCards | None             # at game over: every seat's remaining cards


class Thinking(SeatMessage, tag="thinking", frozen=True):
    """The bot at ``seat`` started thinking."""

    seat: Seat
    game_id: GameId


class Hint(SeatMessage, tag="hint", frozen=True):
    """What the Normal bot would play for you now, and why."""

    move: Move
    reason: Reason
    game_id: GameId


class Error(SeatMessage, tag="error", frozen=True):
    """Your command was refused and nothing changed; ``code`` names the reason for translation."""

    code: Code
    message: Text


TableMessage = (Dealt | Turn | Drew | Ate | Moved | Discarded | Laid | Sent | Revealed | Declared | TimedOut
                | SeatLeft | Payment | GameEnded | Snapshot | Thinking | Hint | Error)
EVENT_TYPES: tuple[type[Event], ...] = (Dealt, Turn, Drew, Ate, Moved, Discarded, Laid, Sent, Revealed, Declared,
                                        TimedOut, SeatLeft, Payment, GameEnded)
MESSAGE_TYPES: tuple[type[SeatMessage], ...] = (*EVENT_TYPES, Snapshot, Thinking, Hint, Error)


# ---------------------------------------------------------------- commands (a seat -> the table)
class Command(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A command from one seat to the table."""


class MoveCommand(Command, tag="move", frozen=True):
    """A move for your seat in game ``game_id``; ``timeout`` and ``leave`` are not moves a player sends."""

    game_id: GameId
    move: Move


class NextGame(Command, tag="next_game", frozen=True):
    """After the results: ready for the next game."""


class HintRequest(Command, tag="hint", frozen=True):
    """On your turn: a ``hint`` message follows."""


class Leave(Command, tag="leave", frozen=True):
    """Leave the table: Móm in the game in progress."""


TableCommand = MoveCommand | NextGame | HintRequest | Leave
COMMAND_TYPES: tuple[type[Command], ...] = (MoveCommand, NextGame, HintRequest, Leave)


def tag_of(cls: type[msgspec.Struct]) -> str:
    """The ``type`` string of a message or command class on the wire."""
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str)
    return tag
