"""Reading the other seats' hidden cards from their recorded choices, under a model of how they play.

A sampled deal is only as good as its hidden hands. Each opponent made its
discards and its eat-or-draw choices with the hand it held then; a candidate
hand under which those choices look like what a Normal player would have made
is more likely than one under which they look like blunders. ``Record``
replays the public history once per decision (from any deal consistent with
it, so every phase and count comes out as it was) and keeps, for every
opponent, the table as it stood at each of its choices. ``Record.log_likelihood``
then scores a candidate hidden hand of one opponent: it walks that seat's own
moves back from the hand to the hand it held at each choice (a draw took a
card chosen at random among those it could have been) and sums the log chance
of every choice under a softened Normal policy (``PolicyModel``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tala_desktop.bots.determinize import determinize
from tala_desktop.bots.evaluate import rank_discards
from tala_desktop.bots.knowledge import meld_partners
from tala_desktop.bots.normal import NormalBot, eat_advantage
from tala_desktop.engine import GameState
from tala_desktop.engine.cards import cards_of, iter_bits
from tala_desktop.engine.legal import discardable, u_available
from tala_desktop.engine.moves import DISCARD, DRAW, EAT, LAY, SEND, Move
from tala_desktop.engine.solver import can_eat


@dataclass(frozen=True, slots=True)
class PolicyModel:
    """How likely a Normal-like player makes a choice: a softmax over Normal's own values of its options.

    ``temperature`` (points): how far from Normal's best option a real choice strays;
    ``floor``: the chance of a choice Normal would never make (a slip, or another style).
    """

    temperature: float = 3.0
    floor: float = 0.02
    walks: int = 1          # random walks back through the draws per candidate hand
    keep_next: float = 0.5  # chance a walk takes the card thrown right after a draw as the drawn one


@dataclass(slots=True)
class _Choice:
    """One recorded choice of one seat: the table just before it (that seat's hand to be filled in)."""

    state: GameState
    index: int      # position of the move in the history
    move: Move
    eat_card: int   # the card the seat could eat (a take with a discard on offer), else -1


class Record:
    """The public history of a game seen from ``seat``, ready to score candidate hands of the others."""

    def __init__(self, st: GameState, seat: int, world: GameState, rng: random.Random,
                 model: PolicyModel | None = None) -> None:
        """``world``: any full state consistent with ``st`` (a determinised sample) to replay from."""
        self.seat = seat
        self.model = model or PolicyModel()
        self.history = st.history
        self.ace_high = st.rules.ace_high_run
        self.eat_cards = _eat_cards(st.history)
        self.choices: list[list[_Choice]] = [[] for _ in range(st.n)]
        self._bot = NormalBot(None)
        start = initial_deal(world, self.eat_cards, rng)
        if start is None:
            raise ValueError("the history holds moves the record cannot replay (a timeout or a seat that left)")
        hands, stock_top_first = start
        g = GameState.from_deal(st.rules, [cards_of(h) for h in hands], stock_top_first, st.leader, st.bet,
                                record_events=False)
        for i, m in enumerate(st.history):
            s = m.seat
            if s != seat and m.kind in (DISCARD, DRAW, EAT):
                offer = g.last_discard[1] if (m.kind != DISCARD and g.last_discard is not None
                                              and g.lay_order[s] < 0) else -1
                if m.kind == DISCARD or offer >= 0:
                    self.choices[s].append(_Choice(g.copy(), i, m, offer))
            g.push_unchecked(m)

    def log_likelihood(self, s: int, hand: int, rng: random.Random) -> float:
        """Log chance, under the model, of seat ``s``'s recorded choices if it holds ``hand`` now.

        The draws' cards are unknown: the chance is averaged over ``model.walks`` random walks back.
        """
        choices = self.choices[s]
        if not choices:
            return 0.0
        model = self.model
        logs = []
        for _ in range(model.walks):
            before, log_w = hands_before(self.history, s, hand, self.eat_cards, rng, keep_next=model.keep_next,
                                         ace_high=self.ace_high)
            total = log_w
            for ch in choices:
                g = ch.state
                saved = g.hands[s]
                g.hands[s] = before[ch.index]
                try:
                    p = self._chance(g, s, ch)
                finally:
                    g.hands[s] = saved
                total += math.log(model.floor + (1.0 - model.floor) * p)
            logs.append(total)
        top = max(logs)
        return top + math.log(sum(math.exp(x - top) for x in logs) / len(logs))

    def _chance(self, g: GameState, s: int, ch: _Choice) -> float:
        model = self.model
        if ch.move.kind == DISCARD:
            if u_available(g) is not None:
                return 0.0  # a Normal player declares Ù when it can
            ctx = self._bot.context(g, s, None)
            ranked = rank_discards(ctx, discardable(g, s), self._bot.danger_weight)
            if not ranked:
                return 0.0
            top = ranked[0][0]
            total = 0.0
            mine = 0.0
            for score, c, _ in ranked:
                e = math.exp((score - top) / model.temperature)
                total += e
                if c == ch.move.card:
                    mine = e
            return mine / total
        possible = can_eat(g.hands[s], g.eaten[s], ch.eat_card, g.rules.ace_high_run)
        if not possible:
            return 0.0 if ch.move.kind == EAT else 1.0
        margin = eat_advantage(self._bot, g, s, None)
        if margin is None:
            p_eat = 0.0
        else:
            p_eat = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / model.temperature))))
        return p_eat if ch.move.kind == EAT else 1.0 - p_eat


def _eat_cards(history: list[Move]) -> dict[int, int]:
    """For each eat in the history (by index), the card it took: the discard just before it."""
    out = {}
    last = -1
    for i, m in enumerate(history):
        if m.kind == DISCARD:
            last = m.card
        elif m.kind == EAT:
            out[i] = last
    return out


def hands_before(history: list[Move], s: int, hand: int, eat_cards: dict[int, int], rng: random.Random,
                 drawn: dict[int, int] | None = None, keep_next: float = 0.0,
                 ace_high: bool = False) -> tuple[dict[int, int], float]:
    """Seat ``s``'s hand just before each of its moves (by history index), walking back from ``hand``.

    A draw took one of the cards the seat held right after it: not a card it had eaten, nor a
    card that completes one it ate before then, each alike (the deck was shuffled). The walk
    picks it at random: with chance ``keep_next`` the card the seat threw right after, if it may
    be that one, else any of them. Returns the hands and the log of (chance under the shuffle /
    chance of the pick) of all picks, the importance weight of the walk. ``drawn``, if given,
    receives the card each draw took (by history index).
    """
    out: dict[int, int] = {}
    ate = [i for i in sorted(eat_cards) if history[i].seat == s]
    log_weight = 0.0
    thrown_next = -1
    for i in range(len(history) - 1, -1, -1):
        m = history[i]
        if m.seat != s:
            continue
        kind = m.kind
        if kind in (DISCARD, SEND):
            hand |= 1 << m.card
            thrown_next = m.card if kind == DISCARD else -1
        elif kind == LAY:
            for meld in m.melds:
                hand |= meld
            thrown_next = -1
        elif kind == EAT:
            hand &= ~(1 << eat_cards[i])
        elif kind == DRAW:
            pool = _could_be_drawn(hand, [eat_cards[j] for j in ate if j < i], ace_high)
            n = len(pool)
            if keep_next > 0.0 and thrown_next in pool:
                c = thrown_next if rng.random() < keep_next else rng.choice(pool)
                q = (keep_next if c == thrown_next else 0.0) + (1.0 - keep_next) / n
                log_weight += math.log((1.0 / n) / q)
            else:
                c = rng.choice(pool)
            hand &= ~(1 << c)
            if drawn is not None:
                drawn[i] = c
        out[i] = hand
    return out, log_weight


def _could_be_drawn(hand: int, eaten_before: list[int], ace_high: bool) -> list[int]:
    """The cards of ``hand`` that a draw could have brought (see ``hands_before``)."""
    free = hand
    needed = 0
    for c in eaten_before:
        free &= ~(1 << c)
        for a, b in meld_partners(c, ace_high):
            if hand >> a & 1 and hand >> b & 1:
                needed |= (1 << a) | (1 << b)
    return list(iter_bits(free & ~needed)) or list(iter_bits(free)) or list(iter_bits(hand))


def initial_deal(world: GameState, eat_cards: dict[int, int],
                 rng: random.Random) -> tuple[list[int], list[int]] | None:
    """A deal (hands as masks, stock top first) from which ``world``'s history leads to ``world``.

    None if the history holds a move whose effect depends on hidden cards (a timeout, a seat leaving).
    """
    history = world.history
    if any(m.kind not in (DISCARD, DRAW, EAT, LAY, SEND) for m in history):
        return None
    hands = list(world.hands)
    drawn: dict[int, int] = {}
    for s in range(world.n):
        before, _ = hands_before(history, s, world.hands[s], eat_cards, rng, drawn, ace_high=world.rules.ace_high_run)
        if before:
            hands[s] = before[min(before)]
    order = [drawn[i] for i in sorted(drawn)]
    return hands, order + list(reversed(world.stock))


def policy_weights(st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
                   candidates: int, model: PolicyModel | None = None, prior: float = 0.2) -> list[list[float]] | None:
    """Per seat and card, how much likelier the record makes it that the seat holds the card (1: no news).

    ``candidates`` deals are sampled as a shuffle would deal them, each opponent's hand in each is
    weighted by ``Record.log_likelihood``, and a card's weight is its weighted share of the hands
    that hold it over its share under the shuffle (mixed with ``prior`` of the shuffle's own
    share, so no card is ruled out). None if the record cannot be replayed.
    """
    flat = [[1.0] * 52 for _ in range(st.n)]
    worlds = [determinize(st, seat, hand_counts, rng, flat) for _ in range(candidates)]
    try:
        record = Record(st, seat, worlds[0], rng, model)
    except ValueError:
        return None
    out = [[1.0] * 52 for _ in range(st.n)]
    for s in range(st.n):
        if s == seat or not record.choices[s]:
            continue
        known = st.hands[s]
        logs = [record.log_likelihood(s, w.hands[s], rng) for w in worlds]
        top = max(logs)
        ws = [math.exp(x - top) for x in logs]
        total = sum(ws)
        held = [0.0] * 52
        plain = [0.0] * 52
        for w, wt in zip(worlds, ws):
            for c in iter_bits(w.hands[s] & ~known):
                held[c] += wt / total
                plain[c] += 1.0 / candidates
        row = out[s]
        for c in range(52):
            if plain[c] > 0.0:
                row[c] = (1.0 - prior) * held[c] / plain[c] + prior
    return out
