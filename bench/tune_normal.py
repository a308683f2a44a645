"""Tuning the Normal bot's evaluation weights: duplicate games of Normal with changed weights.

    python bench/tune_normal.py --games 20000 --workers 2 --set ca_bonus=6 --set danger=0.5
    python bench/tune_normal.py --grid ca_bonus=4,8,12 --opponents normal

Each run plays a Normal bot with the given ``Params`` (tala_desktop/bots/evaluate.py)
in seat 0 against three ``--opponents`` bots (default easy; ``normal`` ones keep the
default weights) over duplicate deals, and prints its win share and mean net in
bets with the deal-blocked 95% CI.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/sim.py, beside this script

from sim import SeatStats, play_bots  # noqa: E402

from tala_desktop.bots import evaluate, make_bot  # noqa: E402
from tala_desktop.bots.normal import NormalBot  # noqa: E402
from tala_desktop.engine import Rules  # noqa: E402


def _params(overrides: dict[str, float]) -> evaluate.Params:
    for k in overrides:
        if k not in evaluate.Params.__dataclass_fields__:
            raise SystemExit(f"unknown parameter {k!r}; known: {', '.join(evaluate.Params.__dataclass_fields__)}")
    return replace(evaluate.P, **overrides)


def _block(args: tuple) -> list[dict]:
    overrides, specs, seed, deals = args
    params = _params(overrides)
    n = len(specs)
    rules = Rules(players=n)
    out = []
    for deal in deals:
        for r in range(n):
            seat_to_spec = [(s + r) % n for s in range(n)]
            bot_seed = seed * 7919 + deal * n + r
            bots = [make_bot(specs[i], bot_seed * 16 + s) for s, i in enumerate(seat_to_spec)]
            tuned = seat_to_spec.index(0)
            bots[tuned] = NormalBot(bot_seed * 16 + tuned)
            bots[tuned].params = params
            res = play_bots(rules, bots, seed * 1_000_003 + deal, deal % n)
            out.append({k: res[k][tuned] for k in ("net", "win", "u", "mom", "place")} | {"deal": deal})
    return out


def run(overrides: dict[str, float], games: int, workers: int, opponents: str, seed: int, label: str = "") -> dict:
    specs = ["normal"] + [opponents] * 3
    deals = games // 4
    chunk = max(1, deals // (workers * 8))
    blocks = [(overrides, specs, seed, list(range(i, min(deals, i + chunk)))) for i in range(0, deals, chunk)]
    st = SeatStats("normal")
    with ProcessPoolExecutor(workers) as pool, \
            tqdm(total=deals * 4, desc=label, unit="game", file=sys.stderr, leave=False) as bar:
        for block in pool.map(_block, blocks):
            bar.update(len(block))
            for res in block:
                st.add(res["win"], res["place"], res["u"], res["mom"], res["net"], res["deal"])
    return st.summary()


def _parse(pairs: list[str]) -> dict[str, float]:
    out = {}
    for p in pairs:
        k, _, v = p.partition("=")
        out[k.strip()] = float(v)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                                 epilog="Weight names: " + ", ".join(evaluate.Params.__dataclass_fields__))
    ap.add_argument("--games", type=int, default=20000,
                    help="games per run, i.e. per grid value or combination (duplicate: deals of 4 rotations)")
    ap.add_argument("--workers", type=int, default=2, help="processes playing in parallel")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots (same seed, same deals)")
    ap.add_argument("--opponents", default="easy", choices=["random", "easy", "normal", "hard"],
                    help="the level of the three other seats")
    ap.add_argument("--set", action="append", default=[],
                    help="NAME=VALUE, a weight changed in every run (repeat for several)")
    ap.add_argument("--grid", action="append", default=[],
                    help="NAME=V1,V2,...: one run per value; several --grid: one run per combination")
    args = ap.parse_args()
    base = _parse(args.set)
    axes = [(k, [float(x) for x in vs.split(",")]) for k, _, vs in (g.partition("=") for g in args.grid)]
    combos = list(itertools.product(*[vs for _, vs in axes])) or [()]
    for combo in combos:
        overrides = dict(base)
        overrides.update({k: v for (k, _), v in zip(axes, combo)})
        t0 = time.perf_counter()
        label = " ".join(f"{k}={v:g}" for k, v in overrides.items()) or "defaults"
        s = run(overrides, args.games, args.workers, args.opponents, args.seed, label)
        lo, hi = s["net_ci95"]
        print(f"{label:<40} win {s['win_share']:.1%}  place {s['mean_place']:.3f}  móm {s['mom']:>5}  "
              f"net {s['mean_net']:+.3f} [{lo:+.3f}, {hi:+.3f}]  ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
