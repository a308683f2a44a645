"""Two Hard bots on the same deals: each one's mean net against three opponents, and the paired difference.

    python bench/bot_screen.py --deals 100 --seed 101 --b '{"leaf": "fitted"}'
    python bench/bot_screen.py --deals 100 --seed 101 --a '{"max_samples": 100}' --b '{"max_samples": 300}'

Bot A and bot B (Hard, each with its JSON options over the ``--samples``
default) each play every deal once per seat rotation against three
``--opponents`` bots: the games of ``python bench/sim.py
--seats hard,O,O,O --duplicate --seed S`` (same deal and bot seeds, so A's
line is that command's Hard line over the same deals). The difference B - A
is taken deal by deal: where the two bots play alike the luck of the deal
cancels, so a change is seen on far fewer games than two separate runs need.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/sim.py, beside this script

from sim import run_block  # noqa: E402

from tala_desktop.engine import Rules  # noqa: E402


def _block(args: tuple) -> list[tuple[int, float, float]]:
    """Per deal of the block: (deal, A's mean net, B's mean net) over the seat rotations."""
    opponents, seed, deals, a, b = args
    specs = ["hard"] + [opponents] * 3
    rules = Rules(players=4)
    nets: dict[str, dict[int, list[float]]] = {}
    for name, options in (("a", a), ("b", b)):
        per_deal: dict[int, list[float]] = {}
        for seat_to_spec, res in run_block((rules, specs, seed, deals, True, options)):
            per_deal.setdefault(res["deal"], []).append(res["net"][seat_to_spec.index(0)])
        nets[name] = per_deal
    return [(d, _mean(nets["a"][d]), _mean(nets["b"][d])) for d in deals]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _interval(xs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width of independent observations."""
    k = len(xs)
    m = _mean(xs)
    if k < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (k - 1)
    return m, 1.96 * math.sqrt(var / k)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--deals", type=int, default=100, help="deals (each played 4 times, once per seat rotation)")
    ap.add_argument("--first-deal", type=int, default=0, help="index of the first deal")
    ap.add_argument("--seed", type=int, default=101, help="seed of the deals (the sim's own seeding)")
    ap.add_argument("--opponents", default="normal", choices=["easy", "normal"], help="level of the three other seats")
    ap.add_argument("--samples", type=int, default=300, help="Hard's samples per decision unless an option says")
    ap.add_argument("--a", default="{}", help="JSON options of bot A (Hard keywords: HardConfig and the lab's Variant)")
    ap.add_argument("--b", default="{}", help="JSON options of bot B")
    ap.add_argument("--workers", type=int, default=1, help="worker processes")
    args = ap.parse_args()
    try:
        a, b = ({"max_samples": args.samples} | json.loads(x) for x in (args.a, args.b))
    except json.JSONDecodeError as exc:
        ap.error(f"--a/--b: {exc}")
    deals = list(range(args.first_deal, args.first_deal + args.deals))
    chunk = max(1, min(10, len(deals) // (args.workers * 4) or 1))
    blocks = [(args.opponents, args.seed, deals[i:i + chunk], a, b) for i in range(0, len(deals), chunk)]
    t0 = time.perf_counter()
    rows: list[tuple[int, float, float]] = []
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for block in pool.map(_block, blocks):
                rows.extend(block)
    else:
        for blk in blocks:
            rows.extend(_block(blk))
    dt = time.perf_counter() - t0
    ma, ha = _interval([r[1] for r in rows])
    mb, hb = _interval([r[2] for r in rows])
    md, hd = _interval([r[2] - r[1] for r in rows])
    print(f"{len(rows)} deals x 4 seats, seed {args.seed}, vs 3 {args.opponents}, {dt:.0f} s")
    print(f"A {json.dumps(a)}: mean net {ma:+.3f} [{ma - ha:+.3f}, {ma + ha:+.3f}]")
    print(f"B {json.dumps(b)}: mean net {mb:+.3f} [{mb - hb:+.3f}, {mb + hb:+.3f}]")
    print(f"B - A: {md:+.3f} [{md - hd:+.3f}, {md + hd:+.3f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
