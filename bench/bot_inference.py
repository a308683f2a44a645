"""How well a seat can read the hidden hands from the record: the sampler's weights against the policy model.

    python bench/bot_inference.py --deals 10 --candidates 200 --temperature 4
    python bench/bot_inference.py --deals 12 --candidates 200 --temperature 2 --feeds

Games of four ``--opponents`` bots. At every second discard decision of a
seat, for each other seat: the chance that it holds each unseen card under a
uniform guess, under the Hard sampler's ``card_weights``, and under the
policy model (``lab/inference.py``: ``--candidates`` deals dealt
uniformly, each opponent's hand weighted by how likely its recorded choices
were with it; or, with ``--chain N``, the hands a Metropolis chain of N steps
visits under that likelihood). Printed: the mean log-likelihood of the truth per (opponent,
unseen card); knowing the hands scores 0. ``--feeds`` scores instead the
chance that the next seat can eat each card the seat may throw (the feed
danger): Normal's own estimate, sampled deals uniform and by ``card_weights``,
and the policy-weighted deals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab.inference import PolicyModel, Record  # noqa: E402
from tala_desktop.bots import knowledge, make_bot  # noqa: E402
from tala_desktop.bots.determinize import card_weights, determinize  # noqa: E402
from tala_desktop.engine import GameState, Rules  # noqa: E402
from tala_desktop.engine.cards import iter_bits  # noqa: E402
from tala_desktop.engine.legal import discardable  # noqa: E402
from tala_desktop.engine.solver import can_eat  # noqa: E402


def log_likelihood(q: float, happened: bool, clip: float = 0.001) -> float:
    q = min(1.0 - clip, max(clip, q))
    return math.log(q if happened else 1.0 - q)


def weighted(record: Record, s: int, worlds: list[GameState], known: int, rng: random.Random,
             chain: int) -> list[tuple[int, float]]:
    """Hands of seat ``s`` with their posterior weights: importance weights over ``worlds``, or a chain's states.

    ``known``: the cards of seat ``s`` that every seat sees (eaten, revealed).
    """
    if chain:
        hands = metropolis(record, s, worlds[0], known, rng, chain)
        return [(h, 1.0 / len(hands)) for h in hands]
    logs = [record.log_likelihood(s, w.hands[s], rng) for w in worlds]
    top = max(logs)
    ws = [math.exp(x - top) for x in logs]
    total = sum(ws)
    return [(w.hands[s], x / total) for w, x in zip(worlds, ws)]


def metropolis(record: Record, s: int, world: GameState, known: int, rng: random.Random, steps: int) -> list[int]:
    """Seat ``s``'s hand after each step past the first fifth of a Metropolis chain started at ``world``.

    A step swaps one hidden card of the hand (not one completing an eaten card) for an unseen one
    outside it, kept with the chance min(1, likelihood ratio) under the policy model.
    """
    unseen = knowledge.unseen_mask(world, record.seat) & ~known
    hand = world.hands[s]
    required = 0
    for e in iter_bits(world.eaten[s]):
        for a, b in knowledge.meld_partners(e, world.rules.ace_high_run):
            if hand >> a & 1 and hand >> b & 1:
                required |= (1 << a) | (1 << b)
                break
    log_l = record.log_likelihood(s, hand, rng)
    out = []
    for step in range(steps):
        inside = list(iter_bits(hand & ~known & ~required))
        outside = list(iter_bits(unseen & ~hand))
        if inside and outside:
            new = hand & ~(1 << rng.choice(inside)) | 1 << rng.choice(outside)
            new_l = record.log_likelihood(s, new, rng)
            if rng.random() < math.exp(min(0.0, new_l - log_l)):
                hand, log_l = new, new_l
        if step >= steps // 5:
            out.append(hand)
    return out


def position(st: GameState, s0: int, args: argparse.Namespace, rng: random.Random, tally: dict[str, float]) -> int:
    """Score one decision; returns the number of cells (or cards) scored."""
    view = st.view(s0)
    red, counts = view.redacted_state(), view.hand_counts
    flat = [[1.0] * 52 for _ in range(st.n)]
    worlds = [determinize(red, s0, counts, rng, flat) for _ in range(args.candidates)]
    model = PolicyModel(temperature=args.temperature, floor=args.floor, walks=args.walks)
    record = Record(red, s0, worlds[0], rng, model)
    unseen = knowledge.unseen_mask(red, s0)
    hidden = knowledge.hidden_counts(red, s0, counts)
    cells = 0
    if args.feeds:
        t = knowledge.next_taker(st, s0)
        if t is None:
            return 0
        ws = weighted(record, t, worlds, red.hands[t], rng, args.chain)
        sampled = [determinize(red, s0, counts, rng) for _ in range(args.candidates)]
        ace_high = st.rules.ace_high_run
        for c in iter_bits(discardable(st, s0)):
            truth = can_eat(st.hands[t], st.eaten[t], c, ace_high)
            k = args.candidates
            guesses = {
                "normal": knowledge.eat_chance(red, s0, c, unseen, hidden),
                "uniform": sum(can_eat(w.hands[t], w.eaten[t], c, ace_high) for w in worlds) / k,
                "card_weights": sum(can_eat(w.hands[t], w.eaten[t], c, ace_high) for w in sampled) / k,
                "policy": sum(wt for h, wt in ws if can_eat(h, red.eaten[t], c, ace_high)),
            }
            for name, q in guesses.items():
                tally[name] = tally.get(name, 0.0) + log_likelihood(q, truth, 0.005)
            cells += 1
        return cells
    w = card_weights(red, s0)
    cards = list(iter_bits(unseen))
    for s in range(st.n):
        if s == s0 or not hidden[s]:
            continue
        held = dict.fromkeys(cards, 0.0)
        for hand, wt in weighted(record, s, worlds, red.hands[s], rng, args.chain):
            for c in iter_bits(hand & ~red.hands[s]):
                held[c] += wt
        total = sum(w[s][c] for c in cards)
        share = hidden[s] / len(cards)
        for c in cards:
            truth = bool(st.hands[s] >> c & 1)
            guesses = {"uniform": share, "card_weights": hidden[s] * w[s][c] / total,
                       "policy": (1.0 - args.prior) * held[c] + args.prior * share}
            for name, q in guesses.items():
                tally[name] = tally.get(name, 0.0) + log_likelihood(q, truth)
            cells += 1
    return cells


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--deals", type=int, default=10, help="games played (every second discard scored)")
    ap.add_argument("--opponents", default="normal", choices=["easy", "normal"], help="level of the four seats")
    ap.add_argument("--candidates", type=int, default=200, help="uniform deals weighted by the policy model")
    ap.add_argument("--temperature", type=float, default=4.0, help="softmax temperature of the policy model, in points")
    ap.add_argument("--floor", type=float, default=0.02, help="chance mixed in for moves Normal would never make")
    ap.add_argument("--walks", type=int, default=4, help="random walks back through the draws per candidate hand")
    ap.add_argument("--prior", type=float, default=0.2, help="share of the uniform guess mixed into the policy's")
    ap.add_argument("--feeds", action="store_true", help="score the next seat's eats instead of the hands")
    ap.add_argument("--chain", type=int, default=0,
                    help="a Metropolis chain of this many steps per opponent instead of importance weights")
    args = ap.parse_args()
    rules = Rules(players=4)
    tally: dict[str, float] = {}
    cells = positions = 0
    t0 = time.perf_counter()
    for deal in range(args.deals):
        bots = [make_bot(args.opponents, deal * 16 + s) for s in range(4)]
        st = GameState.new(rules, seed=2_000_003 + deal, leader=deal % 4, record_events=False)
        k = 0
        while not st.is_over:
            s0 = st.to_move
            if st.phase.value == "discard" and st.took:
                k += 1
                if k % 2 == 0:
                    cells += position(st, s0, args, random.Random(deal * 1_000 + k), tally)
                    positions += 1
            st.push(bots[s0].decide(st.view(s0)).move)
    what = "next seat's eats (per card it may throw)" if args.feeds else "hidden hands (per opponent and unseen card)"
    print(f"{what} vs {args.opponents}: {positions} positions, {cells} scored, {time.perf_counter() - t0:.0f} s")
    print("mean log-likelihood of the truth: " + ", ".join(f"{k} {v / cells:.4f}" for k, v in tally.items())
          + " (knowing it: 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
