"""Hard (Khó): determinised playouts on top of Normal, an anytime search within a time budget.

For each decision with more than one sensible option (eat or draw, which card
to throw), the bot samples the hidden cards consistent with everything its
seat has seen — weighted by what each opponent ate, threw and passed up —
plays every option out to the end of the game with the Normal policy for all
seats, and picks the option with the best mean money. The same samples serve
every option (common random numbers). It stops at its time budget or after
``max_samples`` samples, whichever comes first.
"""

from __future__ import annotations

import random
import threading
import time

from tala_desktop.engine import GameState, Move
from tala_desktop.engine.cards import card_label
from tala_desktop.engine.legal import discardable

from .base import Decision
from .determinize import determinize
from .evaluate import rank_discards
from .normal import NormalBot


class HardBot(NormalBot):
    level = "hard"
    runs_in_process = True  # the search holds the GIL: the runner moves it to a process pool

    def __init__(self, seed: int | None = None, budget_ms: float = 300.0, max_samples: int | None = None,
                 candidates: int = 4) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.candidates = candidates
        self.policy = NormalBot(seed)
        self.stop: threading.Event | None = None
        self.last_samples = 0

    def spec(self) -> tuple[str, int | None, dict]:
        return self.level, self.seed, {"budget_ms": self.budget_ms, "max_samples": self.max_samples,
                                       "candidates": self.candidates}

    def decide_state(self, st: GameState, seat: int, legal: list[Move],
                     hand_counts: list[int] | None) -> Decision:
        t0 = time.perf_counter()
        if self.seed is not None:  # the same position gives the same samples, in any thread or process
            self.rng = random.Random(f"{self.seed}:{len(st.history)}:{seat}")
        base = super().decide_state(st, seat, legal, hand_counts)
        options = self._options(st, seat, legal, hand_counts, base)
        if len(options) < 2:
            return base
        deadline = t0 + self.budget_ms / 1000.0
        means, samples = self._search(st, seat, hand_counts, options, deadline)
        self.last_samples = samples
        if not samples:
            return base
        best = max(range(len(options)), key=lambda i: (means[i], -i))
        move = options[best]
        if move == base.move:
            return Decision(move, f"{base.reason_en} (search agrees: {means[best]:+.2f} bets, {samples} deals)",
                            f"{base.reason_vi} (tính trước: {means[best]:+.2f} cược, {samples} ván thử)")
        alt = options.index(base.move) if base.move in options else 0
        gain = means[best] - means[alt]
        what = _label(move)
        return Decision(move, f"{what}: {gain:+.2f} bets better than {_label(base.move)} over {samples} sampled deals",
                        f"{_label_vi(move)}: hơn {_label_vi(base.move)} {gain:+.2f} cược qua {samples} ván thử")

    # ------------------------------------------------------------ search
    def _options(self, st: GameState, seat: int, legal: list[Move], hand_counts: list[int] | None,
                 base: Decision) -> list[Move]:
        kinds = {m.kind for m in legal}
        if "u" in kinds or "ukhan" in kinds or base.move.kind in ("lay", "send"):
            return [base.move]
        if st.phase.value == "take":
            return [m for m in legal if m.kind in ("eat", "draw")]
        if base.move.kind != "discard":
            return [base.move]
        ctx = self.context(st, seat, hand_counts)
        ranked = rank_discards(ctx, discardable(st, seat), self.danger_weight)
        opts = [Move(seat, "discard", card=c) for _, c, _ in ranked[: self.candidates]]
        if base.move not in opts:
            opts.insert(0, base.move)
        return opts

    def _search(self, st: GameState, seat: int, hand_counts: list[int] | None, options: list[Move],
                deadline: float) -> tuple[list[float], int]:
        """Mean money per option over sampled deals; clearly worse options stop being sampled."""
        values: list[list[float]] = [[] for _ in options]
        active = list(range(len(options)))
        samples = 0
        limit = self.max_samples or 10**9
        rng = self.rng
        while samples < limit:
            if self.max_samples is None and time.perf_counter() >= deadline:
                break
            if self.stop is not None and self.stop.is_set():
                break
            world = determinize(st, seat, hand_counts, rng)
            seed = rng.getrandbits(32)
            for i in active:
                g = world.copy()
                g.push_unchecked(options[i])
                values[i].append(self._playout(g, seat, seed))
            samples += 1
            if samples % 6 == 0 and len(active) > 1:
                active = _survivors(values, active)
        means = [sum(v) / len(v) if v else float("-inf") for v in values]
        return means, samples
    def _playout(self, g: GameState, seat: int, seed: int) -> float:
        policy = self.policy
        policy.rng = random.Random(seed)
        counts = None
        while not g.is_over:
            s = g.to_move
            legal = g.legal_moves()
            move = legal[0] if len(legal) == 1 else policy.decide_state(g, s, legal, counts).move
            g.push_unchecked(move)
        return g.net[seat] / g.bet


def _survivors(values: list[list[float]], active: list[int]) -> list[int]:
    """Drop options whose paired loss to the leader is clear (mean + 2.5 standard errors below 0)."""
    leader = max(active, key=lambda i: sum(values[i]) / len(values[i]))
    keep = [leader]
    best = values[leader]
    for i in active:
        if i == leader:
            continue
        k = len(values[i])
        diffs = [values[i][j] - best[j] for j in range(k)]
        mean = sum(diffs) / k
        var = sum((d - mean) ** 2 for d in diffs) / max(k - 1, 1)
        if mean + 2.5 * (var / k) ** 0.5 >= 0:
            keep.append(i)
    return sorted(keep)


def _label(m: Move) -> str:
    if m.kind == "discard":
        return f"throw {card_label(m.card)}"
    return {"eat": "eat", "draw": "draw"}.get(m.kind, str(m))


def _label_vi(m: Move) -> str:
    if m.kind == "discard":
        return f"đánh {card_label(m.card)}"
    return {"eat": "ăn", "draw": "bốc"}.get(m.kind, str(m))
