"""What the unmet win shares are made of: the same bots allowed to peek at hidden cards, on the same deals.

    python bench/bot_ceiling.py hard-sees-hands --deals 200 --opponents normal --samples 100
    python bench/bot_ceiling.py hard-sees-hands --deals 200 --opponents normal --samples 100 --fair
    python bench/bot_ceiling.py hard-sees-next --deals 200 --opponents normal --samples 100
    python bench/bot_ceiling.py hard-sees-next --deals 200 --opponents normal --samples 100 --truth-share 0.1
    python bench/bot_ceiling.py normal-sees-feeds --deals 2500 --opponents easy [--fair]
    python bench/bot_ceiling.py inference --deals 200 --opponents normal

``hard-sees-hands``: the Hard bot's sampler deals the other seats their true
hands (only the stock stays shuffled), so its search knows everything but the
draws; ``hard-sees-next`` only the next seat's true hand (the others are
sampled as the fair bot samples them). ``--truth-share P`` deals the next
seat its true hand in a share P of the samples only (the rest are fair): a
partial foresight of that seat's eats, whose Brier skill ``next-eats`` with
the same ``--truth-share`` measures, so that the money a given skill would
bring can be set beside the skill the public record gives.
``normal-sees-feeds``: Normal's feed danger knows whether the next seat
truly can eat a card. ``--fair`` plays the same bot without peeking, on the
same deals. Each deal is played once per seat rotation (duplicate), the bot
under test in one seat, the three ``--opponents`` in the others.

``next-eats``: at every discard decision, how well the fair sampler's
worlds (``--samples`` of them) foresee which cards the next seat could eat,
as a Brier skill against the base rate (0: no better than the base rate,
1: knowing the hands).

``inference``: how much the public record tells about the hidden hands. For
every discard decision of every seat, the mean log-likelihood per (opponent,
unseen card) of the truth under a uniform guess and under the Hard sampler's
``card_weights`` (knowing the hands exactly scores 0).

These bots cheat: they exist only to measure; nothing in the game uses them.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/sim.py, beside this script

from sim import SeatStats, play_bots  # noqa: E402

from lab import make_bot  # noqa: E402
from lab.card_model import learned_weights  # noqa: E402
from tala_desktop.bots import evaluate, knowledge  # noqa: E402
from tala_desktop.bots.compiled import compiled_modules  # noqa: E402
from tala_desktop.bots.determinize import card_weights, determinize  # noqa: E402
from tala_desktop.engine import GameState, Move, MoveKind, Phase, Rules  # noqa: E402
from tala_desktop.engine.cards import iter_bits  # noqa: E402
from tala_desktop.engine.legal import discardable  # noqa: E402
from tala_desktop.engine.solver import best_arrangement  # noqa: E402

_LIVE: list[GameState] = []  # the full state of the game being played (set before every move)


def _watch(st: GameState) -> None:
    _LIVE[:] = [st]


def _true_hands(st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
                weights: list[list[float]] | None = None) -> GameState:
    """A 'sample' that is the real deal, with only the stock reshuffled."""
    world = _LIVE[0].copy()
    rng.shuffle(world.stock)
    return world


def _true_next_hand(st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
                    weights: list[list[float]] | None = None) -> GameState:
    """A fair sample in which the next seat holds its true hand (its cards swapped in from wherever they fell).

    A swap must leave every other eater the partners of its eaten cards; a sample where it cannot is
    drawn again (after 20 tries the true deal is used).
    """
    live = _LIVE[0]
    t = knowledge.next_taker(live, seat)
    if t is None:
        return determinize(st, seat, hand_counts, rng, weights)
    rules = live.rules
    for _ in range(20):
        world = determinize(st, seat, hand_counts, rng, weights)
        want, have = live.hands[t], world.hands[t]
        missing = [c for c in range(52) if (want & ~have) >> c & 1]
        spare = [c for c in range(52) if (have & ~want) >> c & 1]
        for c, d in zip(missing, spare):
            world.hands[t] ^= (1 << c) | (1 << d)
            holder = next((j for j in range(world.n) if j != t and world.hands[j] >> c & 1), None)
            if holder is None:
                world.stock[world.stock.index(c)] = d
            else:
                world.hands[holder] ^= (1 << c) | (1 << d)
        if all(best_arrangement(world.hands[j], world.eaten[j], rules.ace_high_run, rules.face_value_10) is not None
               for j in range(world.n) if j != seat):
            return world
    world = live.copy()
    rng.shuffle(world.stock)
    return world


def _partly_true_next_hand(share: float, st: GameState, seat: int, hand_counts: list[int] | None,
                           rng: random.Random, weights: list[list[float]] | None = None) -> GameState:
    """The next seat's true hand in a share ``share`` of the samples, a fair sample in the others."""
    if rng.random() < share:
        return _true_next_hand(st, seat, hand_counts, rng, weights)
    return determinize(st, seat, hand_counts, rng, weights)


def _true_eat_chance(st: GameState, seat: int, c: int, unseen: int, hidden: list[int]) -> float:
    """1.0 if the next seat really can eat ``c`` (it holds two cards that make a phỏm with it), else 0.0."""
    live = _LIVE[0]
    t = knowledge.next_taker(st, seat)
    if t is None:
        return 0.0
    held, eaten = live.hands[t] | live.eaten[t], live.eaten[t]
    for a, b in knowledge.meld_partners(c, st.rules.ace_high_run):
        if held >> a & 1 and held >> b & 1 and not (eaten >> a & 1 and eaten >> b & 1):
            return 1.0
    return 0.0


def _block(args: tuple) -> list[dict]:
    experiment, opponents, deals, samples, fair, share = args
    if not fair and experiment == "normal-sees-feeds":
        evaluate.eat_chance = _true_eat_chance  # Python only: main() refuses a compiled evaluate
    sampler = {"hard-sees-hands": _true_hands, "hard-sees-next": _true_next_hand}.get(experiment)
    if experiment == "hard-sees-next" and share < 1.0:
        sampler = functools.partial(_partly_true_next_hand, share)
    level = "normal" if experiment == "normal-sees-feeds" else "hard"
    rules = Rules(players=4)
    out = []
    for deal in deals:
        for seat in range(4):
            bots = [make_bot(opponents, deal * 16 + s) for s in range(4)]
            options = {"max_samples": samples, "min_gain_se": 0.0} if level == "hard" else {}
            bots[seat] = make_bot(level, deal * 16 + seat, sampler=None if fair else sampler, **options)
            res = play_bots(rules, bots, 1_000_003 + deal, deal % 4, _watch)
            out.append({k: res[k][seat] for k in ("net", "win", "u", "mom", "place")} | {"deal": deal})
    return out


def play(experiment: str, opponents: str, deals: int, samples: int, fair: bool, workers: int,
         share: float = 1.0) -> dict:
    chunk = max(1, deals // (workers * 8))
    blocks = [(experiment, opponents, list(range(i, min(deals, i + chunk))), samples, fair, share)
              for i in range(0, deals, chunk)]
    label = experiment + (f" (true in {share:.0%} of samples)" if share < 1.0 else "")
    stats = SeatStats(label + (" (fair)" if fair else ""))
    with ProcessPoolExecutor(workers) as pool, \
            tqdm(total=deals * 4, desc=stats.spec, unit="game", file=sys.stderr, leave=False) as bar:
        for block in pool.map(_block, blocks):
            bar.update(len(block))
            for r in block:
                stats.add(r["win"], r["place"], r["u"], r["mom"], r["net"], r["deal"])
    return stats.summary()


def discard_positions(opponents: str, games: range, seed_base: int,
                      progress: str | None = None) -> Iterator[tuple[int, GameState, int]]:
    """(game, the full state, the seat to discard) at every discard decision of four ``opponents`` bots.

    The state is the live game: read it, do not change it (the game goes on from it).
    """
    rules = Rules(players=4)
    for game in tqdm(games, desc=progress, unit="deal", file=sys.stderr, leave=False, disable=progress is None):
        bots = [make_bot(opponents, game * 16 + s) for s in range(4)]
        st = GameState.new(rules, seed=seed_base + game, leader=game % 4, record_events=False)
        while not st.is_over:
            s0 = st.to_move
            if st.phase is Phase.DISCARD:
                yield game, st, s0
            st.push(bots[s0].decide(st.view(s0)).move)


def next_eats(opponents: str, deals: int, samples: int, share: float = 0.0, first: int = 0,
              coef: tuple[float, ...] | None = None) -> tuple[float, float, float, int]:
    """How well the fair sampler foresees which of a seat's discards the next seat can eat.

    With ``share`` > 0 a share of the worlds deal the next seat its true hand (``--truth-share``); with
    ``coef`` the sampler weighs the hidden cards by the learned card model with those coefficients.
    At every discard decision, each discardable card is thrown in ``samples`` sampled worlds and in
    the true one; returns (Brier score of the sampled share, Brier score of the base rate, base rate,
    cards judged). Skill 1 - brier / base is 0 for a guess that knows only the base rate, 1 for the truth.
    """
    rng = random.Random(5)
    judged: list[tuple[float, bool]] = []
    for _, st, s0 in discard_positions(opponents, range(first, first + deals), 3_000_017, "next eats"):
        view = st.view(s0)
        red = view.redacted_state()
        _LIVE[:] = [st]
        w = learned_weights(red, s0, view.hand_counts, coef) if coef is not None else None
        worlds = [_partly_true_next_hand(share, red, s0, view.hand_counts, rng) if share
                  else determinize(red, s0, view.hand_counts, rng, w) for _ in range(samples)]
        for c in iter_bits(discardable(st, s0)):
            truth = can_eat_after(st, s0, c)
            if truth is not None:
                judged.append((sum(bool(can_eat_after(g, s0, c)) for g in worlds) / samples, truth))
    base = sum(t for _, t in judged) / len(judged)
    brier = sum((q - t) ** 2 for q, t in judged) / len(judged)
    return brier, base * (1 - base), base, len(judged)


def can_eat_after(st: GameState, seat: int, c: int) -> bool | None:
    """Whether the next seat may eat ``c`` once ``seat`` throws it (None when nobody takes next)."""
    g = st.copy()
    g.push_unchecked(Move(seat, MoveKind.DISCARD, card=c))
    if g.is_over or g.phase is not Phase.TAKE:
        return None
    return any(m.kind is MoveKind.EAT for m in g.legal_moves())


def inference(opponents: str, deals: int) -> tuple[float, float, int]:
    """Mean log-likelihood of the hidden hands: (uniform, card_weights, cells counted)."""
    uniform = weighted = 0.0
    cells = 0
    for _, st, s0 in discard_positions(opponents, range(deals), 2_000_003, "inference"):
        if not st.took:
            continue
        w = card_weights(st, s0)
        unseen = knowledge.unseen_mask(st, s0)
        hidden = knowledge.hidden_counts(st, s0)
        cards = [c for c in range(52) if unseen >> c & 1]
        for s in range(4):
            if s == s0 or not hidden[s]:
                continue
            total = sum(w[s][c] for c in cards)
            for c in cards:
                held = st.hands[s] >> c & 1
                uniform += _log_likelihood(hidden[s] / len(cards), held)
                weighted += _log_likelihood(min(0.999, hidden[s] * w[s][c] / total), held)
                cells += 1
    return uniform / cells, weighted / cells, cells


def _log_likelihood(q: float, held: int) -> float:
    """Log of the chance ``q`` gave to what happened (the seat holds the card, or not)."""
    return math.log(q if held else 1.0 - q)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("experiment",
                    choices=["hard-sees-hands", "hard-sees-next", "normal-sees-feeds", "inference", "next-eats"],
                    help="hard-sees-hands: Hard's sampler deals the true hands; hard-sees-next: only the next "
                         "seat's; next-eats: how well the sampler foresees the next seat's eats; "
                         "normal-sees-feeds: Normal knows "
                         "what the next seat can eat; inference: how well card_weights predict the hidden hands")
    ap.add_argument("--deals", type=int, default=200,
                    help="deals; each is played once per seat rotation (4 games a deal)")
    ap.add_argument("--opponents", default="normal", choices=["easy", "normal"], help="the three other seats")
    ap.add_argument("--samples", type=int, default=100,
                    help="Hard's samples per decision (hard-sees-*); sampled worlds per decision (next-eats)")
    ap.add_argument("--fair", action="store_true", help="the same bot without peeking, on the same deals")
    ap.add_argument("--workers", type=int, default=2, help="processes playing in parallel")
    ap.add_argument("--truth-share", type=float, default=argparse.SUPPRESS,
                    help="hard-sees-next, next-eats: the share of samples dealing the next seat its true hand "
                         "(when not given: every sample for hard-sees-next, none for next-eats)")
    ap.add_argument("--json", action="store_true", help="also print the summary, with each deal's mean net, as JSON")
    args = ap.parse_args()
    share: float | None = getattr(args, "truth_share", None)
    if share is not None and (not 0.0 <= share <= 1.0 or args.experiment not in ("hard-sees-next", "next-eats")):
        print("--truth-share is a share from 0 to 1, for hard-sees-next and next-eats", file=sys.stderr)
        return 2
    if args.experiment == "normal-sees-feeds" and "tala_desktop.bots.evaluate" in compiled_modules():
        print("normal-sees-feeds replaces a function of bots/evaluate.py, which compiled code does not see: "
              "run `python tools/compile_hot.py --clean` first", file=sys.stderr)
        return 2
    if args.experiment == "next-eats":
        brier, base_brier, base, cards = next_eats(args.opponents, args.deals, args.samples, share or 0.0)
        print(f"the next seat's eats vs {args.opponents}, {cards} discardable cards judged (base rate {base:.3f}"
              f"{f', its true hand in {share:.0%} of the worlds' if share else ''}): "
              f"Brier score of the sampler {brier:.4f}, of the base rate {base_brier:.4f}, "
              f"skill {1 - brier / base_brier:+.3f} (knowing the hands: 1)")
        return 0
    if args.experiment == "inference":
        uni, wtd, cells = inference(args.opponents, args.deals)
        print(f"hidden hands vs {args.opponents}, {cells} (seat, card) cells: mean log-likelihood "
              f"uniform {uni:.4f}, card_weights {wtd:.4f}, knowing the hands 0")
        return 0
    s = play(args.experiment, args.opponents, args.deals, args.samples, args.fair, args.workers,
             1.0 if share is None else share)
    lo, hi = s["net_ci95"]
    print(f"{s['seat']} vs 3 {args.opponents}: {s['games']} games, win share {s['win_share']:.1%}, "
          f"mean net {s['mean_net']:+.3f} [{lo:+.3f}, {hi:+.3f}], Ù {s['u']}, Móm {s['mom']}")
    if args.json:
        print(json.dumps({"seats": [s]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
