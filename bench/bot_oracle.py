"""How much one better choice is worth, and how much of it a bot finds: every option judged with the true hands.

    python bench/bot_oracle.py --games 24 --rollouts 50 \
        --bots '["hard", {"max_samples": 100}]' '["hard", {"max_samples": 100, "peek": true}]'

Games of four Normal bots (as in bench/bot_decisions.py). At every choice
(a take with an eat on offer, a discard) the options the Hard bot weighs
(eat or draw; Normal's four best discards) are each played out from the true
position ``--rollouts`` times, stock reshuffled, Normal to the end. Printed per
kind of choice: the mean worth of the best option over Normal's choice (what
an oracle that knows every hand, and then plays Normal, would gain), and for
each listed bot the mean worth of its choice over Normal's. ``"peek": true``
gives a Hard bot the true hidden hands (its sampler deals them; the stock stays
unknown): the same search with perfect knowledge.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_decisions import choices, run_parts, worth  # noqa: E402 - the choice judge, beside this script

from lab import make_bot  # noqa: E402
from tala_desktop.bots.evaluate import rank_discards  # noqa: E402
from tala_desktop.bots.normal import NormalBot  # noqa: E402
from tala_desktop.engine import GameState, Move, Phase  # noqa: E402
from tala_desktop.engine.legal import discardable  # noqa: E402
from tala_desktop.engine.moves import DISCARD  # noqa: E402

_LIVE: list[GameState] = []


def _true_hands(st: GameState, seat: int, hand_counts: list[int] | None, rng: random.Random,
                weights: list[list[float]] | None = None) -> GameState:
    world = _LIVE[0].copy()
    rng.shuffle(world.stock)
    return world


def options(st: GameState, seat: int, judge: NormalBot) -> list[Move]:
    if st.phase is Phase.TAKE:
        return [m for m in st.legal_moves() if m.kind in ("eat", "draw")]
    ctx = judge.context(st, seat, None)
    ranked = rank_discards(ctx, discardable(st, seat), judge.danger_weight)
    return [Move(seat, DISCARD, card=c) for _, c, _ in ranked[:4]]


def play(args: tuple) -> dict:
    games, seed, bots, rollouts = args
    judge = NormalBot(None)
    rows: list[dict] = []
    for gi, st, view in choices(games, seed):
        s = view.seat
        normal = judge.decide(view).move  # Normal plays alike whatever its seed: the games' own move
        opts = options(st, s, judge)
        if normal not in opts:
            opts.append(normal)
        roll_seed = seed * 31 + gi * 1_000 + len(st.history)
        values = {m: sum(worth(st, m, s, rollouts, roll_seed)) / rollouts for m in opts}
        base = values[normal]
        row = {"kind": "take" if st.phase is Phase.TAKE else "discard", "turn": len(st.piles[s]),
               "oracle": max(values.values()) - base, "bots": []}
        _LIVE[:] = [st]
        for level, opts_b in bots:
            peek = opts_b.get("peek", False)
            bot = make_bot(level, seed * 104_729 + gi * 64 + len(st.history), sampler=_true_hands if peek else None,
                           **{k: v for k, v in opts_b.items() if k != "peek"})
            move = bot.decide(view).move
            row["bots"].append(values[move] - base if move in values else None)
        rows.append(row)
    return {"games": len(games), "rows": rows}


def _total(xs: list[float], seat_games: int) -> str:
    """Sum per game of one seat, with its 95% interval (choices taken as independent)."""
    k = len(xs)
    if k < 2:
        return f"{sum(xs) / seat_games:+.3f}"
    m = sum(xs) / k
    half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (k - 1) * k) / seat_games
    total = sum(xs) / seat_games
    return f"{total:+.3f} [{total - half:+.3f}, {total + half:+.3f}]"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games of four Normal bots to judge")
    ap.add_argument("--seed", type=int, default=101, help="seed of the deals and the rollouts")
    ap.add_argument("--rollouts", type=int, default=50, help="playouts of every option (stock reshuffled)")
    ap.add_argument("--workers", type=int, default=1, help="worker processes")
    ap.add_argument("--bots", nargs="*", default=['["hard", {"max_samples": 100}]'],
                    help='JSON [level, options] per bot')
    args = ap.parse_args()
    bots = [tuple(json.loads(b)) for b in args.bots]
    chunk = max(1, min(10, args.games // (args.workers * 2) or 1))
    parts = [(list(range(i, min(args.games, i + chunk))), args.seed, bots, args.rollouts)
             for i in range(0, args.games, chunk)]
    t0 = time.perf_counter()
    results = run_parts(play, parts, args.workers)
    games = sum(r["games"] for r in results)
    rows = [row for r in results for row in r["rows"]]
    seat_games = games * 4
    print(f"{games} games, {len(rows)} choices, {args.rollouts} rollouts an option, {time.perf_counter() - t0:.0f} s; "
          "worth over Normal's choice, bets per game of one seat:")
    for kind in ("take", "discard", None):
        sel = [r for r in rows if kind is None or r["kind"] == kind]
        line = f"  {kind or 'all':<8} {len(sel):>5} choices  oracle {_total([r['oracle'] for r in sel], seat_games)}"
        for i, (level, opts_b) in enumerate(bots):
            got = [r["bots"][i] or 0.0 for r in sel]
            line += f"  |  {level} {json.dumps(opts_b)} {_total(got, seat_games)}"
        print(line)
    for turn in range(4):
        sel = [r for r in rows if r["turn"] == turn]
        bots_line = "".join(f"  bot {i}: {sum(r['bots'][i] or 0 for r in sel) / seat_games:+.3f}"
                            for i in range(len(bots)))
        print(f"  turn {turn + 1}: {len(sel):>4} choices, oracle {sum(r['oracle'] for r in sel) / seat_games:+.3f}"
              + bots_line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
