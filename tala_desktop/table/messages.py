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
from tala_desktop.engine.cards import FULL_DECK
from tala_desktop.engine.events import PayReason

# ---------------------------------------------------------------- field types
Card = Annotated[int, msgspec.Meta(ge=0, le=51, title="card")]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3, title="seat")]
Count = Annotated[int, msgspec.Meta(ge=0, le=52, title="count")]
GameId = Annotated[int, msgspec.Meta(ge=0, title="game id")]
Chips = Annotated[int, msgspec.Meta(ge=0, title="chips")]
Cards = Annotated[list[Card], msgspec.Meta(max_length=52, title="cards")]
Melds = Annotated[list[Cards], msgspec.Meta(max_length=13, title="phỏm")]           # phỏm laid by one seat
Name = Annotated[str, msgspec.Meta(max_length=40, title="name")]
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=40, title="code")]
Text = Annotated[str, msgspec.Meta(max_length=1000, title="text")]
SeatCards = Annotated[list[Cards], msgspec.Meta(max_length=4, title="cards per seat")]
SeatInts = Annotated[list[int], msgspec.Meta(max_length=4, title="number per seat")]
SeatBools = Annotated[list[bool], msgspec.Meta(max_length=4, title="bool per seat")]
MAX_LEGAL = 1024                                                      # a hand's lay choices stay far below
MAX_PAYMENTS = 64                                                     # a game makes fewer than 40


def about(text: str) -> msgspec.Meta:
    """A field's meaning, kept with its type (docs/table-messages.md is generated from these)."""
    return msgspec.Meta(description=text)


class SeatMessage(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, kw_only=True, gc=False):
    """A message to one seat; ``type`` on the wire is the class's tag."""


class Event(SeatMessage, frozen=True):
    """Something that just happened in game ``game_id`` (for animation, sounds and the game log)."""

    game_id: Annotated[GameId, about("the game it happened in")]


# ---------------------------------------------------------------- events (the engine's, redacted per seat)
class Dealt(Event, tag="dealt", frozen=True):
    """A new deal: the leader gets 10 cards, the others 9."""

    leader: Annotated[Seat, about("the seat that leads")]
    hands: Annotated[list[Cards | None], msgspec.Meta(max_length=4, title="cards or null per seat"),
                     about("your hand; null for the other seats")]
    counts: Annotated[SeatInts, about("the number of cards dealt to each seat")]
    stock_count: Annotated[Count, about("cards left in the stock (nọc)")]


class Turn(Event, tag="turn", frozen=True):
    """A seat's turn begins."""

    seat: Seat
    kind: Annotated[TurnKind, about("first (the leader's opening discard), normal, lay (the lay-down turn), tai")]


class Drew(Event, tag="drew", frozen=True):
    """A seat drew from the stock."""

    seat: Seat
    card: Annotated[Card | None, about("the card, if you drew it; null for the other seats")]
    stock_count: Annotated[Count, about("cards left in the stock")]


class Ate(Event, tag="ate", frozen=True):
    """A seat ate the last discard of ``victim``."""

    seat: Seat
    victim: Annotated[Seat, about("whose discard was eaten (and who pays)")]
    card: Card
    chot: Annotated[bool, about("eaten on the victim's lay-down turn (ăn chốt)")]
    nth: Annotated[int, msgspec.Meta(ge=1, le=52), about("how many cards this seat has eaten in the game")]
    starter: Annotated[Seat, about("the seat that lays down first from now on")]


class Moved(Event, tag="moved", frozen=True):
    """A discard moved from one pile to another after an eat (chuyển bài), so the piles stay even."""

    from_seat: Annotated[Seat, about("the pile it left (wire name `from`)")] = msgspec.field(name="from")
    to: Annotated[Seat, about("the pile it joined")]
    card: Card


class Discarded(Event, tag="discarded", frozen=True):
    """A seat discarded a card onto its pile."""

    seat: Seat
    card: Card


class Laid(Event, tag="laid", frozen=True):
    """A seat laid down its phỏm (none: Móm)."""

    seat: Seat
    melds: Annotated[Melds, about("the phỏm laid, in lay order; empty for Móm")]
    mom: Annotated[bool, about("the seat laid no phỏm (Móm)")]
    order: Annotated[int, msgspec.Meta(ge=0, le=3), about("how many seats laid down before this one")]


class Sent(Event, tag="sent", frozen=True):
    """A seat sent a card to another seat's laid phỏm (gửi)."""

    seat: Seat
    card: Card
    target: Annotated[Seat, about("the seat whose phỏm took the card")]
    index: Annotated[int, msgspec.Meta(ge=0, le=12), about("which of the target's phỏm, in lay order")]


class Revealed(Event, tag="revealed", frozen=True):
    """Cards of a seat's hand shown to everyone (house rule ``reveal_eaten_phom``)."""

    seat: Seat
    cards: Cards


class Declared(Event, tag="u", frozen=True):
    """A seat declared Ù; the game ends."""

    seat: Seat
    kind: Annotated[OutcomeKind, about("u, u_tron (no card left over) or u_khan (a dealt hand without phỏm or cạ)")]


class TimedOut(Event, tag="timeout", frozen=True):
    """A seat's clock ran out: the rules' timeout action follows as events."""

    seat: Seat


class SeatLeft(Event, tag="left", frozen=True):
    """The player at a seat left: Móm, and the engine plays the seat to the end of the game."""

    seat: Seat


class Payment(Event, tag="payment", frozen=True):
    """Chips moved from one seat to another."""

    from_seat: Annotated[Seat, about("who paid (wire name `from`)")] = msgspec.field(name="from")
    to: Annotated[Seat, about("who was paid")]
    amount: Annotated[Chips, about("chips, never more than the payer had")]
    reason: Annotated[PayReason, about("the rule that pays (docs/rules.md §8): eat, ăn chốt, place, Móm, Ù, đền")]


class GameEnded(Event, tag="outcome", frozen=True):
    """The game is over."""

    outcome: Annotated[Outcome, about("how it ended (the snapshot's `outcome`)")]
    hands: Annotated[SeatCards, about("every seat's remaining cards")]


# ---------------------------------------------------------------- the table's own messages
class Clock(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True, gc=False):
    """The turn clock."""

    seat: Annotated[Seat, about("whose clock runs")]
    deadline: Annotated[float, about("when it runs out, in the receiver's clock (the LAN client rebases it)")]
    seconds: Annotated[int, msgspec.Meta(ge=0, le=600), about("the length of a turn")]
    remaining: Annotated[float, msgspec.Meta(ge=0), about(
        "seconds left when the message was built; more than `seconds` while a new game's first turn waits for the "
        "deal to be shown (the ring shows the whole turn until then)")]


class Snapshot(SeatMessage, tag="snapshot", frozen=True):
    """Everything your seat may see now: the truth to draw. Per-seat lists are indexed by seat."""

    game_id: Annotated[GameId, about("counts the games at this table from 1")]
    seat: Annotated[Seat | None, about("your seat; null when you watch (no hand, no moves: the public view)")]
    n: Annotated[int, msgspec.Meta(ge=2, le=4), about("the number of seats")]
    names: Annotated[list[Name], msgspec.Meta(max_length=4, title="name per seat"), about("the players' names")]
    bet: Annotated[int, msgspec.Meta(ge=1), about("chips per bet")]
    balances: Annotated[SeatInts, about("every seat's chips")]
    rules: Annotated[Rules, about("the house rules (engine/rules.py: the switches of RULES.md §9)")]
    leader: Annotated[Seat, about("who led this game")]
    to_move: Annotated[Seat | None, about("whose turn it is; null when the game is over")]
    phase: Annotated[Phase, about("take, lay, send, discard or game_over")]
    turn_kind: Annotated[TurnKind, about("first, normal, lay or tai")]
    starter: Annotated[Seat, about("the seat that lays down first")]
    stock_count: Annotated[Count, about("cards left in the stock")]
    hand: Annotated[Cards, about("your cards, not counting your eaten cards")]
    hand_counts: Annotated[SeatInts, about("every seat's card count, eaten cards included")]
    known: Annotated[SeatCards, about("cards of other hands shown to all (house rule reveal_eaten_phom)")]
    eaten: Annotated[SeatCards, about("eaten cards not yet laid (shown beside the eater)")]
    piles: Annotated[SeatCards, about("discard rows, oldest first")]
    laid: Annotated[list[Melds], msgspec.Meta(max_length=4, title="phỏm per seat"),
                    about("laid phỏm in lay order (index k of a send)")]
    lay_order: Annotated[SeatInts, about("when each seat laid down (0 = first), -1 before")]
    mom: Annotated[SeatBools, about("the seats that are Móm")]
    left: Annotated[SeatBools, about("the seats whose player left the game")]
    eat_count: Annotated[SeatInts, about("cards each seat has eaten")]
    last_discard: Annotated[tuple[Seat, Card] | None, about("[seat, card] of the discard that may be eaten now")]
    legal: Annotated[list[Move], msgspec.Meta(max_length=MAX_LEGAL), about("your legal moves; empty off turn")]
    clock: Annotated[Clock | None, about("the turn clock; null without one")]
    thinking: Annotated[Seat | None, about("the bot seat that is thinking")]
    net: Annotated[SeatInts, about("chips won (+) or lost (-) in this game so far")]
    outcome: Annotated[Outcome | None, about("how the game ended; null while it goes on")]
    reveal: Annotated[SeatCards | None, about("at game over: every seat's remaining cards")]
    payments: Annotated[list[Payment], msgspec.Meta(max_length=MAX_PAYMENTS),
                        about("at game over: every payment of the game in order (a resumed game's too); "
                              "empty while it goes on")]


class Thinking(SeatMessage, tag="thinking", frozen=True):
    """A bot started thinking."""

    seat: Seat
    game_id: GameId


class Hint(SeatMessage, tag="hint", frozen=True):
    """The answer to a hint request: what the Normal bot would play for you now, and why."""

    move: Move
    reason: Annotated[Reason, about("why: a key of the UI's text catalog (bot.*) and its arguments")]
    game_id: GameId


class Error(SeatMessage, tag="error", frozen=True, omit_defaults=True):
    """Your command was refused and nothing changed."""

    code: Annotated[Code, about("the reason, for translation (not_your_turn, not_in_hand, stale_game...)")]
    message: Annotated[Text, about("the reason in English, for logs")]
    wait: Annotated[float, msgspec.Meta(ge=0, le=86_400),
                    about("a password or PIN refused: seconds before the next try is checked (LAN)")] | None = None


EventMessage = (Dealt | Turn | Drew | Ate | Moved | Discarded | Laid | Sent | Revealed | Declared | TimedOut
                | SeatLeft | Payment | GameEnded)
MAX_STORY = 2048                                                      # a game makes a few hundred events


class Story(SeatMessage, tag="story", frozen=True):
    """The game so far, for a seat that starts reading a game already under way (a resumed game): its events as
    this seat may see them, in order, to tell in the game log, not to animate. Its snapshot follows."""

    game_id: GameId
    events: Annotated[list[EventMessage], msgspec.Meta(max_length=MAX_STORY), about("the game's events so far")]


TableMessage = EventMessage | Snapshot | Story | Thinking | Hint | Error
EVENT_TYPES: tuple[type[Event], ...] = (Dealt, Turn, Drew, Ate, Moved, Discarded, Laid, Sent, Revealed, Declared,
                                        TimedOut, SeatLeft, Payment, GameEnded)
MESSAGE_TYPES: tuple[type[SeatMessage], ...] = (*EVENT_TYPES, Snapshot, Story, Thinking, Hint, Error)


# ---------------------------------------------------------------- commands (a seat -> the table)
class Command(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A command from one seat to the table."""


class MoveCommand(Command, tag="move", frozen=True):
    """A move for your seat; ``timeout`` and ``leave`` are not moves a player sends."""

    game_id: Annotated[GameId, about("the game the move is for (a move for an earlier game is refused)")]
    move: Move


class NextGame(Command, tag="next_game", frozen=True):
    """After the results: ready for the next game (LAN: it starts when every connected player asked)."""


class DealShown(Command, tag="deal_shown", frozen=True):
    """Your screen has shown the deal (every card landed, your buttons show): the first turn's clock starts now if it
    is yours, or a bot's; at the latest the table's deal wait after the deal, whatever a screen says."""

    game_id: Annotated[GameId, about("the game whose deal was shown (a report about another game changes nothing)")]


class HintRequest(Command, tag="hint", frozen=True):
    """On your turn: a ``hint`` message answers."""


class Leave(Command, tag="leave", frozen=True):
    """Leave the table: Móm in the game in progress (the engine plays the seat on)."""


TableCommand = MoveCommand | NextGame | DealShown | HintRequest | Leave
COMMAND_TYPES: tuple[type[Command], ...] = (MoveCommand, NextGame, DealShown, HintRequest, Leave)


def tag_of(cls: type[msgspec.Struct]) -> str:
    """The ``type`` string of a message or command class on the wire."""
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


def check_moves(msg: object) -> None:
    """Raise ``msgspec.ValidationError`` unless the moves ``msg`` carries have fields in range.

    A ``Move`` is decoded by its field types only; this adds what a decoder
    of a received frame must also know: seats 0-3, cards 0-51 (or -1: none),
    at most three phỏm of real cards, and a phỏm index from 0.
    """
    if isinstance(msg, Snapshot):
        moves: list[Move] = msg.legal
    elif isinstance(msg, (Hint, MoveCommand)):
        moves = [msg.move]
    else:
        return
    for m in moves:
        if not (0 <= m.seat <= 3 and -1 <= m.card <= 51 and -1 <= m.target <= 3 and len(m.melds) <= 3
                and all(0 < meld <= FULL_DECK for meld in m.melds) and (m.index is None or 0 <= m.index <= 12)):
            raise msgspec.ValidationError(f"move {list(m)!r}: a field is out of range")
