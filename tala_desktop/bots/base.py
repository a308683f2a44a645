"""The bot interface: a bot reads one seat's view and returns a legal move with a reason."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tala_desktop.engine import GameState, Move, SeatView
from tala_desktop.engine.cards import card_label, cards_of

from .knowledge import hidden_counts, unseen_mask


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's move and a one-line reason in English and Vietnamese (shown as a hint)."""

    move: Move
    reason_en: str
    reason_vi: str


class Bot:
    """Base class: ``decide(view)`` sees only ``view`` (one seat's redacted view)."""

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def spec(self) -> tuple[str, int | None, dict]:
        """(level, seed, options): enough to rebuild this bot in another process."""
        return self.level, self.seed, {}

    def decide(self, view: SeatView) -> Decision:
        if not view.legal:
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
    if move.kind == "ukhan":
        return Decision(move, "Ù khan: a dealt hand with no phỏm and no cạ", "Ù khan: bài không phỏm, không cạ")
    return Decision(move, "Ù: every card but at most one is in a phỏm", "Ù: cả bài vào phỏm")


def lay_decision(move: Move, left_points: int, sends: int = 0) -> Decision:
    """The reason for a lay-down; ``sends``: the cards it plans to send next (``left_points`` counts without them)."""
    if not move.melds:
        return Decision(move, "lay nothing: no phỏm (Móm)", "không có phỏm: Móm")
    shown = ", ".join(meld_text(m) for m in move.melds)
    if sends:
        sent = cards_text(sends)
        return Decision(move, f"lay {shown}, then send {sent}: {left_points} points left",
                        f"hạ {shown}, rồi gửi {sent}: còn {left_points} điểm")
    return Decision(move, f"lay {shown}, {left_points} points left", f"hạ {shown}, còn {left_points} điểm")


def send_decision(move: Move) -> Decision:
    c = card_label(move.card)
    return Decision(move, f"send {c} to seat {move.target}'s phỏm", f"gửi {c} vào phỏm của ghế {move.target}")
