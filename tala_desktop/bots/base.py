"""The bot interface: a bot reads one seat's view and returns a legal move with a reason."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tala_desktop.engine import GameState, Move, MoveKind, SeatView
from tala_desktop.engine.cards import card_label, cards_of
from tala_desktop.engine.moves import NotationEnum

from .knowledge import hidden_counts, unseen_mask


class BotLevel(NotationEnum):
    """A computer player's strength: one name for the table, the LAN wire, the settings and the screens."""

    RANDOM = "random"  # a legal move at random: the benchmarks' baseline, never offered on the new-game page
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


PLAYABLE_LEVELS = (BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD)  # the levels a player picks on the new-game page


@dataclass(frozen=True)
class Reason:
    """Why a bot chose its move: a key of the UI's text catalog ("bot.*") and its arguments.

    A reason says only the why, never the move itself (the UI puts the move in
    words beside it: "đánh Q♦ (giữ cạ 5♥ 6♥)"). Arguments are language-neutral:
    cards as labels ("7♥"), phỏm as "3♠-4♠-5♠", numbers, or a nested Reason
    (a move in words is Reason("move.discard", {"card": "7♥"}), the UI's own keys).
    msgspec encodes it as ``{"key", "args"}`` and decodes it back.
    """

    key: str
    args: dict[str, str | int | float | Reason] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "args": {k: v.to_dict() if isinstance(v, Reason) else v
                                          for k, v in self.args.items()}}


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's move and why (shown as a hint, and by the replay's advice)."""

    move: Move
    reason: Reason


class Bot:
    """Base class: ``decide(view)`` sees only ``view`` (one seat's redacted view)."""

    level: ClassVar[BotLevel]  # each bot class names its level

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def spec(self) -> tuple[str, int | None, dict]:
        """(level, seed, options): enough to rebuild this bot in another process."""
        return self.level, self.seed, {}

    def decide(self, view: SeatView) -> Decision:
        if not view.legal or view.seat is None:   # a watcher's view (seat None) never has moves
            raise ValueError(f"seat {view.seat} has no move to make")
        # the view holds its own redacted copy of the state, so the bot may read it without copying again
        return self.decide_state(view.redacted_state(), view.seat, view.legal, view.hand_counts)

    def decide_state(self, st: GameState, seat: int, legal: list[Move],
                     hand_counts: list[int] | None) -> Decision:
        """Decide on a (redacted or full) state; ``hand_counts`` None means the state's own counts."""
        raise NotImplementedError


def meld_text(m: int) -> str:
    return "-".join(card_label(c) for c in cards_of(m))


def cards_text(mask: int) -> str:
    return " ".join(card_label(c) for c in cards_of(mask))


def unseen_and_hidden(st: GameState, seat: int, hand_counts: list[int] | None) -> tuple[int, list[int]]:
    return unseen_mask(st, seat), hidden_counts(st, seat, hand_counts)


def u_decision(move: Move) -> Decision:
    if move.kind is MoveKind.UKHAN:
        return Decision(move, Reason("bot.u_khan"))
    return Decision(move, Reason("bot.u"))


def lay_decision(move: Move, left_points: int, sends: int = 0) -> Decision:
    """The reason for a lay-down; ``sends``: the cards it plans to send next (``left_points`` counts without them)."""
    if not move.melds:
        return Decision(move, Reason("bot.lay_none"))
    if sends:
        return Decision(move, Reason("bot.lay_then_send", {"cards": cards_text(sends), "points": left_points}))
    return Decision(move, Reason("bot.lay", {"points": left_points}))


def send_decision(move: Move) -> Decision:
    return Decision(move, Reason("bot.send", {"seat": move.target}))
