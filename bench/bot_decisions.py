"""Two bots' choices on the same positions, judged by what each choice is worth given the true hands.

    python bench/bot_decisions.py --games 200 --a normal --b hard --b-options '{"max_samples": 100}'
    python bench/bot_decisions.py --games 200 --a hard --b hard --b-options '{"leaf": "fitted"}'

Games of four Normal bots are played (seeded); at every position where the
seat to move has a choice (a take with an eat on offer, or a discard), bot A
and bot B each choose from that seat's view. Where they disagree, both moves
are played out from the true position ``--rollouts`` times, the stock
reshuffled each time (the same shuffles for both moves), every seat then
played by Normal to the end of the game: the difference of the seat's mean
net is what B's choice gained over A's there. The game itself goes on with
Normal's move, so both bots see the same positions. A whole game's games of
money are far noisier than this: one choice's worth is measured where it
differs, with the luck of the deal held fixed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lab import make_bot  # noqa: E402
from tala_desktop.bots.normal import NormalBot  # noqa: E402
from tala_desktop.engine import GameState, Move, Phase, Rules, SeatView  # noqa: E402
from tala_desktop.engine.moves import DISCARD, EAT  # noqa: E402


def worth(st: GameState, move: Move, seat: int, rollouts: int, seed: int) -> list[float]:
    """The seat's net (bets) after ``move`` and Normal play to the end, once per stock shuffle."""
    out = []
    bots = [NormalBot(None) for _ in range(st.n)]
    for r in range(rollouts):
        g = st.copy()
        random.Random(seed * 7_919 + r).shuffle(g.stock)
        g.push_unchecked(move)
        while not g.is_over:
            s = g.to_move
            legal = g.legal_moves()
            g.push_unchecked(legal[0] if len(legal) == 1 else bots[s].decide_state(g, s, legal, None).move)
        out.append(g.net[seat] / g.bet)
    return out


def is_choice(st: GameState) -> bool:
    legal = st.legal_moves()
    if len(legal) < 2:
        return False
    if st.phase is Phase.TAKE:
        return any(m.kind == EAT for m in legal)
    return st.phase is Phase.DISCARD and all(m.kind == DISCARD for m in legal)


def choices(games: list[int], seed: int) -> Iterator[tuple[int, GameState, SeatView]]:
    """Every choice in seeded games of four Normal bots, as (game, position, the seat's view).

    The game goes on with Normal's move when the caller asks for the next one; leave the position as it is.
    """
    rules = Rules(players=4)
    for gi in games:
        st = GameState.new(rules, seed=seed * 1_000_003 + gi, leader=gi % 4, record_events=False)
        table = [NormalBot(seed * 7_919 + gi * 4 + s) for s in range(4)]
        while not st.is_over:
            view = st.view(st.to_move)
            if is_choice(st):
                yield gi, st, view
            st.push(table[st.to_move].decide(view).move)


def play(args: tuple) -> dict:
    games, seed, a_spec, b_spec, rollouts = args
    positions = differ = 0
    gains: list[float] = []
    for gi, st, view in choices(games, seed):
        positions += 1
        bot_seed = seed * 104_729 + gi * 64 + len(st.history)
        a = make_bot(a_spec[0], bot_seed, **a_spec[1]).decide(view).move
        b = make_bot(b_spec[0], bot_seed, **b_spec[1]).decide(view).move
        if a != b:
            differ += 1
            roll_seed = seed * 31 + gi * 1_000 + len(st.history)
            wa = worth(st, a, view.seat, rollouts, roll_seed)
            wb = worth(st, b, view.seat, rollouts, roll_seed)
            gains.append(sum(y - x for x, y in zip(wa, wb)) / rollouts)
    return {"games": len(games), "positions": positions, "differ": differ, "gains": gains}


def run_parts(work: Callable[[tuple], dict], parts: list[tuple], workers: int) -> list[dict]:
    """``work`` over every part, in order, in ``workers`` processes (in this one if 1)."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(work, parts))
    return [work(p) for p in parts]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games of four Normal bots to judge")
    ap.add_argument("--seed", type=int, default=101, help="seed of the deals and the rollouts")
    ap.add_argument("--a", default="normal", help="bot A's level")
    ap.add_argument("--b", default="hard", help="bot B's level")
    ap.add_argument("--a-options", default="{}", help="JSON keywords of bot A (Hard: max_samples, leaf, ...)")
    ap.add_argument("--b-options", default="{}", help="JSON keywords of bot B")
    ap.add_argument("--rollouts", type=int, default=100, help="playouts of each of the two moves where they differ")
    ap.add_argument("--workers", type=int, default=1, help="worker processes")
    args = ap.parse_args()
    a_spec = (args.a, json.loads(args.a_options))
    b_spec = (args.b, json.loads(args.b_options))
    chunk = max(1, min(20, args.games // (args.workers * 4) or 1))
    parts = [(list(range(i, min(args.games, i + chunk))), args.seed, a_spec, b_spec, args.rollouts)
             for i in range(0, args.games, chunk)]
    t0 = time.perf_counter()
    results = run_parts(play, parts, args.workers)
    games = sum(r["games"] for r in results)
    positions = sum(r["positions"] for r in results)
    gains = [g for r in results for g in r["gains"]]
    k = len(gains)
    mean = sum(gains) / k if k else 0.0
    se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (k - 1) / k) if k > 1 else 0.0
    per_game = sum(gains) / (games * 4)  # every seat's choices are judged: per game of one seat
    print(f"{games} games, {positions} positions with a choice, {k} where B differs from A "
          f"({time.perf_counter() - t0:.0f} s, {args.rollouts} rollouts a move)")
    print(f"A {args.a} {args.a_options} / B {args.b} {args.b_options}")
    print(f"B - A where they differ: {mean:+.3f} [{mean - 1.96 * se:+.3f}, {mean + 1.96 * se:+.3f}] bets a choice; "
          f"per game (one seat): {per_game:+.4f} [{per_game - 1.96 * se * k / (games * 4):+.4f}, "
          f"{per_game + 1.96 * se * k / (games * 4):+.4f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
