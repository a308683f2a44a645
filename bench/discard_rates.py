"""How often a seat's discard is one given card it may hold, by the card's points and the discard's number.

    python bench/discard_rates.py --games 1500

Plays ``--games`` Easy-only and as many Normal-only games. At every discard of a
seat that has not laid down, each card the next seat cannot see (it may be in
the thrower's hand) counts once; the rate is the share of those that were the
card thrown, in % per discard, by points (A = 1 ... K = 13) and by the thrower's
1st, 2nd or 3rd discard. The average of the two levels is
``knowledge.DISCARD_RATE``: the Normal bot's model of how soon a live cạ out
arrives as the previous seat's discard (high trash goes first).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tala_desktop.bots import make_bot  # noqa: E402
from tala_desktop.bots.knowledge import unseen_mask  # noqa: E402
from tala_desktop.engine import GameState, Rules  # noqa: E402
from tala_desktop.engine.cards import points  # noqa: E402


def rates(level: str, games: int, seed: int) -> list[list[float]]:
    """rates[k][points - 1]: % of the next seat's unseen cards of those points that were the k-th discard."""
    rules = Rules(players=4)
    hits = [[0] * 13 for _ in range(3)]
    seen = [[0] * 13 for _ in range(3)]
    for g in tqdm(range(games), desc=level, unit="game", file=sys.stderr, leave=False):
        bots = [make_bot(level, seed * 100_000 + g * 4 + s) for s in range(4)]
        st = GameState.new(rules, seed=seed * 1_000_003 + g, leader=g % 4, record_events=False)
        while not st.is_over:
            s = st.to_move
            move = bots[s].decide(st.view(s)).move
            k = len(st.thrown[s])
            if move.kind == "discard" and st.lay_order[s] < 0 and k < 3:
                unseen = unseen_mask(st, (s + 1) % st.n)
                for c in range(52):
                    if unseen >> c & 1:
                        p = points(c) - 1
                        seen[k][p] += 1
                        hits[k][p] += c == move.card
            st.push(move)
    return [[100.0 * h / max(n, 1) for h, n in zip(hr, nr)] for hr, nr in zip(hits, seen)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=1500, help="games played by Easy bots, and as many by Normal bots")
    ap.add_argument("--seed", type=int, default=31, help="seed of the deals and the bots")
    args = ap.parse_args()
    tables = {level: rates(level, args.games, args.seed) for level in ("easy", "normal")}
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    print("% of the next seat's unseen cards of each rank that the thrower's 1st, 2nd, 3rd discard was:")
    for level, table in tables.items():
        print(f"{level:<13}" + "".join(f"{r:>6}" for r in ranks))
        for k, row in enumerate(table):
            print(f"  discard {k + 1}: " + "".join(f"{x:6.2f}" for x in row))
    print("the mean of both levels, as knowledge.DISCARD_RATE (rows: discard 1-3; columns: A ... K):")
    print("DISCARD_RATE = (")
    for k in range(3):
        row = [(tables["easy"][k][p] + tables["normal"][k][p]) / 2 for p in range(13)]
        print("    (" + ", ".join(f"{x:.2f}" for x in row) + "),")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
