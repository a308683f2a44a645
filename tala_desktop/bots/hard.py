"""Hard (Khó): determinised look-ahead on top of Normal, an anytime search within a time budget.

For each decision with more than one sensible option (eat or draw, which card
to throw), the bot samples the hidden cards consistent with everything its
seat has seen (weighted by what each opponent ate, threw and passed up),
plays each option, lets the other seats answer with a fast greedy policy
until its own next take, and scores the result: money won or lost meanwhile
(the next seat eating its discard, a chốt, someone's Ù) plus Normal's value
of the hand it then holds. Sampling the next draws and answers replaces
Normal's rough chances with what each sampled deal does; stopping at the next
take keeps the noise low enough to rank options with a few hundred samples
(whole-game playouts swing by several bets and needed thousands). The same
samples serve every option (common random numbers) and options that clearly
lose stop being sampled. It stops at its time budget or after
``max_samples`` samples, whichever comes first.

What the app chooses of it is a ``HardConfig``. The search variants that
docs/experiments/ records (other playout policies and end values, reading
the record, peeking samplers) live in ``lab/``, outside the package, and
plug into this same search through its one hook, ``SearchStrategy``.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import asdict, dataclass
from typing import Protocol

from tala_desktop.engine import GameState, Move, MoveKind, OutcomeKind, Phase
from tala_desktop.engine.cards import card_label
from tala_desktop.engine.legal import discardable, u_available
from tala_desktop.engine.sends import best_lay_plan

from .base import BotLevel, Decision, Reason
from .determinize import determinize
from .easy import EasyBot
from .evaluate import BET_IN_POINTS, rank_discards
from .normal import NormalBot

CLEAR_GAIN_SE = 2.0  # standard errors of paired gain needed to leave Normal's choice (0: the best mean wins)
MIN_SAMPLES = 12


@dataclass(frozen=True)
class HardConfig:
    """What the app chooses of Hard's search: how long it thinks, how many options it weighs, how sure it must be."""

    budget_ms: float = 300.0         # thinking time per decision
    max_samples: int | None = None   # a fixed count of samples instead of the budget (the replay's advice, benches)
    candidates: int = 4              # discards compared (Normal's best ones)
    min_gain_se: float = CLEAR_GAIN_SE  # standard errors of gain needed to leave Normal's choice


class SearchStrategy(Protocol):
    """Another way to sample and value Hard's options: the one hook the experiments (``lab/``) plug into.

    The app's Hard has none (``HardBot.strategy`` is None): it samples each deal
    with ``determinize`` weighted by the record (``card_weights``) and values an
    option by ``HardBot.playout``. A strategy replaces those steps, in the order
    the search takes them: ``weights`` once a decision, then per sample one
    ``world`` and, for every option still compared, one ``value`` of that world
    with the option played. The search's own random numbers are passed in, so a
    strategy that does what the app's Hard does gives the same decisions.
    """

    def weights(self, st: GameState, seat: int, hand_counts: list[int] | None,
                rng: random.Random) -> list[list[float]] | None:
        """The weights ``world`` samples the hidden cards with this decision (None: the record's)."""
        ...

    def world(self, st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
              weights: list[list[float]] | None) -> GameState:
        """One full deal consistent with what ``seat`` has seen."""
        ...

    def value(self, g: GameState, seat: int, seed: int, option: Move) -> float:
        """The option's value in bets: ``g`` is the sampled deal right after ``option``; ``seed`` the sample's."""
        ...


class Greedy(EasyBot):
    """The playout policy: Easy without its randomness (eat when possible, throw the highest trash)."""

    randomness = 0.0


class HardBot(NormalBot):
    level = BotLevel.HARD
    runs_in_process = True  # the search holds the GIL: the runner moves it to a process pool

    def __init__(self, seed: int | None = None, config: HardConfig | None = None,
                 strategy: SearchStrategy | None = None) -> None:
        super().__init__(seed)
        self.config = config if config is not None else HardConfig()
        self.strategy = strategy  # None: the app's search
        self.policy = Greedy(seed)  # the other seats in playouts
        self.own_policy = NormalBot(seed)  # evaluates this seat's hand at the end of a playout
        self.stop: threading.Event | None = None
        self.last_samples = 0

    def spec(self) -> tuple[str, int | None, dict]:
        if self.strategy is not None:
            raise ValueError("a Hard bot with a search strategy cannot be rebuilt in another process")
        return self.level, self.seed, asdict(self.config)

    def decide_state(self, st: GameState, seat: int, legal: list[Move],
                     hand_counts: list[int] | None) -> Decision:
        t0 = time.perf_counter()
        if self.seed is not None:  # the same position gives the same samples, in any thread or process
            self.rng = random.Random(f"{self.seed}:{len(st.history)}:{seat}")
        base = super().decide_state(st, seat, legal, hand_counts)
        options = self._options(st, seat, legal, hand_counts, base)
        if len(options) < 2:
            return base
        deadline = t0 + self.config.budget_ms / 1000.0
        base_i = options.index(base.move)
        means, gains, samples = self._search(st, seat, hand_counts, options, deadline, base_i)
        self.last_samples = samples
        if not samples:
            return base
        best = max(range(len(options)), key=lambda i: (gains[i], -i))
        if best == base_i or gains[best] <= 0.0:
            return Decision(base.move, Reason("bot.search_agrees", {"reason": base.reason, "samples": samples}))
        move = options[best]
        gain = means[best] - means[base_i]
        return Decision(move, Reason("bot.search_better", {"gain": round(gain, 2), "other": _words(st, base.move),
                                                           "samples": samples}))

    # ------------------------------------------------------------ search
    def _options(self, st: GameState, seat: int, legal: list[Move], hand_counts: list[int] | None,
                 base: Decision) -> list[Move]:
        kinds = {m.kind for m in legal}
        if MoveKind.U in kinds or MoveKind.UKHAN in kinds or base.move.kind in (MoveKind.LAY, MoveKind.SEND):
            return [base.move]
        if st.phase is Phase.TAKE:
            return [m for m in legal if m.kind in (MoveKind.EAT, MoveKind.DRAW)]
        if base.move.kind is not MoveKind.DISCARD:
            return [base.move]
        ctx = self.context(st, seat, hand_counts)
        ranked = rank_discards(ctx, discardable(st, seat), self.danger_weight)
        opts = [Move(seat, MoveKind.DISCARD, card=c) for _, c, _ in ranked[: self.config.candidates]]
        if base.move not in opts:
            opts.insert(0, base.move)
        return opts

    def _search(self, st: GameState, seat: int, hand_counts: list[int] | None, options: list[Move],
                deadline: float, base_i: int) -> tuple[list[float], list[float], int]:
        """Per option: mean value, and its clear gain over the base option (0 unless significant)."""
        values: list[list[float]] = [[] for _ in options]
        active = list(range(len(options)))
        samples = 0
        timed = self.config.max_samples is None
        limit = self.config.max_samples or 10**9
        rng = self.rng
        strategy = self.strategy
        weights = strategy.weights(st, seat, hand_counts, rng) if strategy is not None else None
        while samples < limit:
            if timed and time.perf_counter() >= deadline:
                break
            if self.stop is not None and self.stop.is_set():
                break
            if strategy is None:
                world = determinize(st, seat, hand_counts, rng, None)
            else:
                world = strategy.world(st, seat, hand_counts, rng, weights)
            seed = rng.getrandbits(32)
            for i in active:
                g = world.copy()
                g.push_unchecked(options[i])
                values[i].append(self.playout(g, seat, seed) if strategy is None
                                 else strategy.value(g, seat, seed, options[i]))
            samples += 1
            if samples % 8 == 0 and len(active) > 2:
                active = _survivors(values, active, base_i)
        means = [sum(v) / len(v) if v else float("-inf") for v in values]
        gains = [0.0] * len(options)
        if samples >= MIN_SAMPLES:
            for i in active:
                if i != base_i:
                    mean, se = _paired(values[i], values[base_i])
                    if mean > self.config.min_gain_se * se:
                        gains[i] = mean
        return means, gains, samples

    def playout(self, g: GameState, seat: int, seed: int) -> float:
        """Play the other seats on greedily until this seat has taken again (or the game ends), then evaluate.

        The value in bets: money won or lost meanwhile (eats, a chốt, someone's Ù), plus Normal's
        value of the hand it now holds (its best discard, or its best lay-down), points / 8. An
        option that was this seat's take is valued at once.
        """
        policy, own = self.policy, self.own_policy
        policy.rng = random.Random(seed)
        while not g.is_over:
            s = g.to_move
            if s == seat and g.took:
                return g.net[seat] / g.bet + normal_leaf(g, seat, own)
            legal = g.legal_moves()
            bot = own if s == seat else policy
            move = legal[0] if len(legal) == 1 else bot.decide_state(g, s, legal, None).move
            g.push_unchecked(move)
        return g.net[seat] / g.bet


def normal_leaf(g: GameState, seat: int, own: NormalBot) -> float:
    """Normal's value of ``seat``'s hand right after its take, in bets (``own`` lends its weights)."""
    rules = g.rules
    kind = u_available(g)
    if kind is not None:
        pay = rules.u_tron_pay if kind is OutcomeKind.U_TRON else rules.u_pay
        return (g.n - 1) * pay
    if g.phase is Phase.LAY:
        targets = [(t, k, p) for t in range(g.n) if t != seat for k, p in enumerate(g.laid[t])]
        plan = best_lay_plan(g.hands[seat], g.eaten[seat], targets, rules.ace_high_run, rules.face_value_10)
        if plan is None or not plan.melds:
            return -g.hand_points(seat) / BET_IN_POINTS - rules.mom_pay
        return -plan.score / BET_IN_POINTS
    ctx = own.context(g, seat, None)
    ranked = rank_discards(ctx, discardable(g, seat), own.danger_weight)
    value = ranked[0][0] if ranked else -float(g.hand_points(seat))
    return value / BET_IN_POINTS


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences a - b (over a's samples)."""
    k = len(a)
    diffs = [a[j] - b[j] for j in range(k)]
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / max(k - 1, 1)
    return mean, (var / k) ** 0.5


def _survivors(values: list[list[float]], active: list[int], base_i: int) -> list[int]:
    """Drop options that clearly lose to the leader (the base option always stays)."""
    leader = max(active, key=lambda i: sum(values[i]) / len(values[i]))
    keep = []
    for i in active:
        if i in (leader, base_i):
            keep.append(i)
            continue
        mean, se = _paired(values[i], values[leader])
        if mean + 2.5 * se >= 0:
            keep.append(i)
    return keep


def _words(st: GameState, m: Move) -> Reason:
    """A move the search compared, in words (the UI's move keys): "đánh 7♥", "ăn 7♥", "bốc bài"."""
    if m.kind is MoveKind.DISCARD:
        return Reason("move.discard", {"card": card_label(m.card)})
    if m.kind is MoveKind.EAT and st.last_discard is not None:
        return Reason("move.eat", {"card": card_label(st.last_discard[1])})
    if m.kind is MoveKind.DRAW:
        return Reason("move.draw")
    if m.kind is MoveKind.U:
        return Reason("move.u")
    if m.kind is MoveKind.UKHAN:
        return Reason("move.ukhan")
    return Reason("bot.only_move")
