"""The Hard search variants the experiments tried: their options, checked, and the strategy that plays them.

Each option is one direction docs/experiments/ records as measured and not
kept; their defaults are the app's Hard, so ``Variant()`` changes nothing.
``LabSearch`` plugs a variant into the app's search through its one hook
(``tala_desktop.bots.hard.SearchStrategy``): it samples with the variant's
weights and sampler and plays each option out with the variant's policy,
horizon and end value. It draws the search's random numbers exactly as the
app's Hard did when these options lived in it, so every figure of
docs/experiments/ comes out the same from its command.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tala_desktop.bots.base import Bot
from tala_desktop.bots.determinize import determinize
from tala_desktop.bots.evaluate import BET_IN_POINTS, score_hand
from tala_desktop.bots.hard import Greedy, HardBot, normal_leaf
from tala_desktop.bots.normal import NormalBot
from tala_desktop.engine import GameState, Move, MoveKind

from .card_model import learned_weights
from .inference import PolicyModel, policy_weights
from .leaf import WEIGHTS, fitted_value

LEAVES = ("normal", "fitted")
WEIGHINGS = ("record", "learned")
POLICIES = ("greedy", "normal")
INFER_MODEL = PolicyModel(temperature=4.0, walks=2)

# how a search samples a deal: (state, seat, hand counts, rng, weights) -> a full state; the peeking benches
# (bench/bot_ceiling.py, bench/bot_oracle.py) deal the true hands here
Sampler = Callable[[GameState, int, "list[int] | None", random.Random, "list[list[float]] | None"], GameState]


@dataclass(frozen=True)
class Variant:
    """The experiment options of Hard's search (``--hard-option KEY=VALUE`` of ``bench/sim.py``)."""

    horizon: int = 1            # how many of its own takes a playout looks ahead
    leaf: str = "normal"        # a playout's end value: Normal's value of the hand, or the fitted table value
    infer: int = 0              # deals sampled to read the others' hands from their choices (0: the record's weights)
    take_ahead: bool = False    # eat-or-draw options look ahead to the next take (else: valued at once)
    others: str = "greedy"      # the other seats' policy in the playouts: greedy, or Normal
    leaf_scale: float = 1.0     # bets a point of Normal's hand value counts for, over 1 / BET_IN_POINTS
    rival_weight: float = 0.0   # how much each other seat's hand value counts against this seat's
    feed_penalty: float = 0.0   # bets a playout loses when the next seat eats the discard searched
    weights: str = "record"     # the hidden cards weighed by the record's hand-set factors, or the learned model

    def __post_init__(self) -> None:
        if self.leaf not in LEAVES:
            raise ValueError(f"unknown leaf {self.leaf!r} (choose from {', '.join(LEAVES)})")
        if self.weights not in WEIGHINGS:
            raise ValueError(f"unknown weights {self.weights!r} (choose from {', '.join(WEIGHINGS)})")
        if self.others not in POLICIES:
            raise ValueError(f"unknown playout policy {self.others!r} (choose from {', '.join(POLICIES)})")
        if self.horizon < 1:
            raise ValueError(f"horizon {self.horizon}: a playout looks ahead at least one take")


class LabSearch:
    """A ``SearchStrategy``: Hard's search with a variant's sampling, playout policy, horizon and end value."""

    def __init__(self, bot: HardBot, variant: Variant, sampler: Sampler = determinize) -> None:
        self.variant = variant
        self.sampler = sampler
        self.policy: Bot = Greedy(bot.seed) if variant.others == "greedy" else NormalBot(bot.seed)
        self.own = bot.own_policy  # this seat's moves in a playout, and its hand's value at the end

    def weights(self, st: GameState, seat: int, hand_counts: list[int] | None,
                rng: random.Random) -> list[list[float]] | None:
        if self.variant.infer:
            return policy_weights(st, seat, hand_counts, rng, self.variant.infer, INFER_MODEL)
        if self.variant.weights == "learned":
            return learned_weights(st, seat, hand_counts)
        return None

    def world(self, st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
              weights: list[list[float]] | None) -> GameState:
        return self.sampler(st, seat, hand_counts, rng, weights)

    def value(self, g: GameState, seat: int, seed: int, option: Move) -> float:
        at = len(g.history)
        value = self.playout(g, seat, seed)
        penalty = self.variant.feed_penalty
        if penalty and option.kind is MoveKind.DISCARD and len(g.history) > at and g.history[at].kind is MoveKind.EAT:
            value -= penalty
        return value

    def playout(self, g: GameState, seat: int, seed: int) -> float:
        """Play on until this seat has taken ``horizon`` times more (or the game ends), then evaluate, in bets."""
        v, policy, own = self.variant, self.policy, self.own
        policy.rng = random.Random(seed)
        takes = 0
        # an option that was this turn's take: the look-ahead runs to the next turn's take
        counted = g.turn_no if (v.take_ahead and g.to_move == seat and g.took) else -1
        while not g.is_over:
            s = g.to_move
            if s == seat and g.took and counted != g.turn_no:
                counted = g.turn_no
                takes += 1
                if takes >= v.horizon:
                    return g.net[seat] / g.bet + self.leaf(g, seat)
            legal = g.legal_moves()
            bot = own if s == seat else policy
            move = legal[0] if len(legal) == 1 else bot.decide_state(g, s, legal, None).move
            g.push_unchecked(move)
        return g.net[seat] / g.bet

    def leaf(self, g: GameState, seat: int) -> float:
        """The value of the table for this seat right after its take, in bets."""
        v = self.variant
        value = normal_leaf(g, seat, self.own)
        if v.leaf == "fitted":
            return fitted_value(g, seat, value, WEIGHTS)
        value *= v.leaf_scale
        if v.rival_weight:
            for t in range(g.n):
                if t != seat and not g.left[t]:
                    value -= v.rival_weight * rival_leaf(g, t, self.own)
        return value


def rival_leaf(g: GameState, t: int, own: NormalBot) -> float:
    """Normal's value of another seat's hand as it stands (a showdown is won against the others), in bets."""
    ctx = own.context(g, t, None)
    hs = score_hand(ctx, g.hands[t], g.eaten[t])
    return (hs.value if hs is not None else -float(g.hand_points(t))) / BET_IN_POINTS
