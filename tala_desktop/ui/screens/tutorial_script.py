"""Tutorial script: the fixed deals of the guided first game and the steps that walk a new player through them.

Lesson 1 (eat, lay down, send): you lead against Lan; you eat her 7♥ to
finish 5♥ 6♥ 7♥, which hands her the first lay-down, so on your own
lay-down turn you lay two phỏm and send 6♠ onto her 3♠ 4♠ 5♠. Lesson 2 (Ù):
one discard, one eat, and your ten cards are three phỏm and one trash card:
Ù. Lan's moves are scripted; each of your steps names the move expected
(kind and, where it matters, the card), the prompt that asks for it and
the note shown once it is done. ``lesson_state`` builds the deal with
``GameState.from_deal``. A test plays every lesson through the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tala_desktop.engine import GameState, Move, Rules, parse_move
from tala_desktop.engine.cards import parse_card

from ..core.i18n import N_

PLAYERS = 2
BET = 100
BALANCE = 10_000
BOT_NAME = "Lan"


@dataclass(frozen=True)
class Step:
    """One move of yours: ``kind`` (draw, eat, discard, lay, send, u) and its card when it matters."""

    kind: str
    card: str = ""             # "Ks": the card to discard or send
    prompt: str = ""           # i18n key of what to do now ({card} is filled in)
    done: str = ""             # i18n key of what just happened (shown while Lan plays)
    then: str = ""             # i18n key shown instead of ``done`` once Lan has played her turn after this step

    def matches(self, move: Move) -> bool:
        if move.kind != self.kind:
            return False
        return not self.card or move.card == parse_card(self.card)


@dataclass(frozen=True)
class Lesson:
    title: str                 # i18n key
    intro: str                 # i18n key shown before your first move
    hands: tuple[str, str]     # your hand, Lan's hand
    stock: str                 # top card first
    leader: int
    bot_moves: tuple[str, ...]
    steps: tuple[Step, ...]
    finish: str                # i18n key shown at the end of the lesson


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        title=N_("tutorial.lesson1"), intro=N_("tutorial.intro1"),
        hands=("5h 6h 9s 9d 9c Ks Qd Jc 2d 8c", "7h 3s 4s 5s Kh Qc 10c 2h Ad"),
        stock="8d Jh 10d 3d 4d Kd 6s 7c 7d 8s Js Qs As 2s 3h 4h 5d 6d 10h Qh Ac 3c 4c 5c 6c 10s Jd Ah 2c 9h 7s Kc 8h",
        leader=0,
        bot_moves=("1 draw", "1 discard 7h", "1 draw", "1 discard Kh", "1 draw", "1 discard Qc", "1 draw",
                   "1 lay 3s-4s-5s", "1 discard 2h"),
        steps=(
            Step("discard", "Ks", N_("tutorial.step.first_discard"), N_("tutorial.done.discard")),
            Step("eat", "", N_("tutorial.step.eat"), N_("tutorial.done.eat")),
            Step("discard", "Qd", N_("tutorial.step.discard"), N_("tutorial.done.discard")),
            Step("draw", "", N_("tutorial.step.draw"), ""),
            Step("discard", "Jc", N_("tutorial.step.discard"), N_("tutorial.done.discard")),
            Step("draw", "", N_("tutorial.step.draw"), ""),
            Step("discard", "10d", N_("tutorial.step.discard"), N_("tutorial.done.lan_lays"),
                 N_("tutorial.done.lan_laid")),
            Step("draw", "", N_("tutorial.step.draw_lay"), ""),
            Step("lay", "", N_("tutorial.step.lay"), ""),
            Step("send", "6s", N_("tutorial.step.send"), ""),
            Step("discard", "8c", N_("tutorial.step.last_discard"), N_("tutorial.done.game")),
        ),
        finish=N_("tutorial.finish1"),
    ),
    Lesson(
        title=N_("tutorial.lesson2"), intro=N_("tutorial.intro2"),
        hands=("3d 4d 5d 7c 7s 7h Js Qs 2c Kd", "Ks 8h 9c 10s Ac 4c 6h 2s Qh"),
        stock="6d 9h 5c Jd 3h 8s Ah 2h 10h 5s 6s Kc Qc Jc 10c 9s 8c 6c 3c 2d Ad Kh Jh 4s 3s As 7d 8d 9d 10d Qd 4h 5h",
        leader=0,
        bot_moves=("1 draw", "1 discard Ks"),
        steps=(
            Step("discard", "Kd", N_("tutorial.step.discard_u"), N_("tutorial.done.discard")),
            Step("eat", "", N_("tutorial.step.eat_u"), ""),
            Step("u", "", N_("tutorial.step.u"), N_("tutorial.done.u")),
        ),
        finish=N_("tutorial.finish2"),
    ),
)


# the closing page's cards: the phỏm the two lessons made (5♥ 6♥ 7♥ with the eaten 7♥, J♠ Q♠ K♠ with the eaten K♠)
DONE_PHOM: tuple[tuple[str, ...], ...] = (("5h", "6h", "7h"), ("Js", "Qs", "Ks"))


def lesson_rules() -> Rules:
    """Basic rules for two, no turn clock: a beginner takes the time they need."""
    return replace(Rules.from_preset("co_ban", players=PLAYERS), turn_seconds=0)


def lesson_state(lesson: Lesson) -> GameState:
    hands = [[parse_card(t) for t in hand.split()] for hand in lesson.hands]
    stock = [parse_card(t) for t in lesson.stock.split()]
    return GameState.from_deal(lesson_rules(), hands, stock, lesson.leader, BET, [BALANCE] * PLAYERS)


def bot_moves(lesson: Lesson) -> list[Move]:
    return [parse_move(m) for m in lesson.bot_moves]
