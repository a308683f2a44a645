"""Bot-only games at full speed and the tournament statistics that rank the bots.

    python bench/sim.py --games 2000 --seats hard,normal,normal,normal --seed 1
        [--rules zingplay | --rules '{"preset": "co_ban", "chot_pay": 2}'] [--duplicate] [--json]
        [--workers 2] [--hard-budget-ms 300] [--hard-samples N]

Per seat of ``--seats`` (the bot follows its seat through ``--duplicate``
rotations): games, win share (Nhất or Ù), mean place, Ù and Móm counts, and
mean net money per game in bets with a 95% confidence interval (with
``--duplicate``, computed over deals: a deal's rotated games form one block).
Hard takes the app's options and the lab's experiment options
(``--hard-option``, ``lab/search.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the lab beside the package

from lab import make_bot, parse_options  # noqa: E402
from tala_desktop.bots import LEVELS, Bot  # noqa: E402
from tala_desktop.bots.compiled import describe  # noqa: E402
from tala_desktop.engine import GameState, OutcomeKind, Rules, RulesError  # noqa: E402


@dataclass
class SeatStats:
    spec: str
    games: int = 0
    wins: int = 0
    place_sum: float = 0.0
    u: int = 0
    mom: int = 0
    nets: list[float] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)

    def add(self, win: bool, place: float, u: bool, mom: bool, net: float, deal: int) -> None:
        self.games += 1
        self.wins += win
        self.place_sum += place
        self.u += u
        self.mom += mom
        self.nets.append(net)
        self.deals.append(deal)

    def summary(self) -> dict:
        n = max(self.games, 1)
        mean = sum(self.nets) / n
        half = 1.96 * _standard_error(self.nets, self.deals)
        return {
            "seat": self.spec, "games": self.games, "win_share": self.wins / n,
            "mean_place": self.place_sum / n, "u": self.u, "mom": self.mom,
            "mean_net": mean, "net_ci95": [mean - half, mean + half],
            "deal_nets": _deal_means(self.nets, self.deals),
        }


def _deal_means(nets: list[float], deals: list[int]) -> dict[int, float]:
    """Each deal's mean net (a deal's rotated games are one block): two runs on one seed compare deal by deal."""
    blocks: dict[int, list[float]] = {}
    for x, d in zip(nets, deals):
        blocks.setdefault(d, []).append(x)
    return {d: sum(v) / len(v) for d, v in sorted(blocks.items())}


def _standard_error(nets: list[float], deals: list[int]) -> float:
    """Standard error of the mean net, with each deal's games as one block.

    With --duplicate the games of one deal (the seats rotated) are not independent: their luck
    cancels, which is the point of duplicate play. The mean of each deal's games is one
    independent observation; without --duplicate every deal is one game, the usual formula.
    """
    means = list(_deal_means(nets, deals).values())
    k = len(means)
    if k < 2:
        return 0.0
    m = sum(means) / k
    var = sum((x - m) ** 2 for x in means) / (k - 1)
    return math.sqrt(var / k)


def parse_rules(text: str | None, players: int) -> Rules:
    if not text:
        return Rules(players=players)
    text = text.strip()
    data = json.loads(text) if text.startswith("{") else {"preset": text}
    data.setdefault("players", players)
    return Rules.from_dict(data)


def play_one(rules: Rules, seat_specs: list[str], deal_seed: int, leader: int, bot_seed: int,
             bot_options: dict) -> dict:
    """Play one game; returns per-seat results (index = seat)."""
    bots = [make_bot(spec, bot_seed * 16 + s, **(bot_options if spec == "hard" else {}))
            for s, spec in enumerate(seat_specs)]
    return play_bots(rules, bots, deal_seed, leader)


def play_bots(rules: Rules, bots: list[Bot], deal_seed: int, leader: int,
              watch: Callable[[GameState], None] | None = None) -> dict:
    """Play one game with these bots (index = seat); per-seat results.

    ``watch`` (experiments only, bench/bot_ceiling.py) sees the full state before every move.
    """
    st = GameState.new(rules, seed=deal_seed, leader=leader, record_events=False)
    moves = 0
    while not st.is_over:
        s = st.to_move
        if watch is not None:
            watch(st)
        st.push(bots[s].decide(st.view(s)).move)
        moves += 1
    o = st.outcome
    assert o is not None
    n = rules.players
    places = {s: i + 1 for i, s in enumerate(o.places)}
    rest = (2 + n) / 2  # after an Ù the others are unranked: count them as the mean of places 2..n
    return {
        "net": [x / st.bet for x in o.net],
        "place": [places.get(s, rest) for s in range(n)],
        "win": [s == o.winner for s in range(n)],
        "u": [s == o.winner and o.kind is not OutcomeKind.SHOWDOWN for s in range(n)],
        "mom": [o.labels[s] == "mom" for s in range(n)],
        "moves": moves,
    }


def run_block(args: tuple) -> list[tuple[list[int], dict]]:
    rules, specs, seed, deals, duplicate, options = args
    out = []
    n = rules.players
    for deal in deals:
        rotations = range(n) if duplicate else (deal % n,)
        for r in rotations:
            # seat s is played by spec (s + r) % n; the leader stays seat deal % n so the deal is identical
            seat_to_spec = [(s + r) % n for s in range(n)] if duplicate else list(range(n))
            seat_specs = [specs[i] for i in seat_to_spec]
            res = play_one(rules, seat_specs, seed * 1_000_003 + deal, deal % n, seed * 7919 + deal * n + r, options)
            res["deal"] = deal
            out.append((seat_to_spec, res))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python bench/sim.py", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200,
                    help="games in all; with --duplicate rounded down to whole deals (deals x seats) (default 200)")
    ap.add_argument("--seats", default="normal,normal,normal,normal",
                    help=f"2-4 comma-separated bot levels, one per seat: {', '.join(LEVELS)} "
                         "(default normal,normal,normal,normal)")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the deals and the bots (same seed, same games; default 1)")
    ap.add_argument("--rules", default=None,
                    help="a preset name (zingplay, co_ban) or a JSON object of rule switches; default: zingplay")
    ap.add_argument("--duplicate", action="store_true",
                    help="play every deal once per rotation of the seats, so each bot holds every hand")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ap.add_argument("--workers", type=int, default=1, help="processes playing in parallel (default 1)")
    ap.add_argument("--hard-budget-ms", type=float, default=300.0,
                    help="Hard's thinking time per decision (default 300)")
    ap.add_argument("--hard-samples", type=int, default=0,
                    help="fixed samples per Hard decision instead of the time budget (default 0: use the budget)")
    ap.add_argument("--hard-candidates", type=int, default=None,
                    help="discards the Hard bot compares (default: the bot's own, 4)")
    ap.add_argument("--hard-horizon", type=int, default=None,
                    help="own takes a Hard playout looks ahead (default: the bot's own, 1)")
    ap.add_argument("--hard-min-gain-se", type=float, default=None,
                    help="standard errors of gain Hard needs to leave Normal's choice (default: the bot's own, 2)")
    ap.add_argument("--hard-option", action="append", default=[], metavar="KEY=VALUE",
                    help="any other Hard keyword, e.g. take_ahead=true, infer=40, leaf=fitted, others=normal, "
                         "leaf_scale=0.5, weights=learned "
                         "(repeatable; the value is read as JSON, else as text)")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    args = ap.parse_args(argv)
    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in specs if s not in LEVELS]
    if bad or not 2 <= len(specs) <= 4:
        ap.error(f"--seats: 2-4 of {', '.join(LEVELS)}; got {args.seats!r}")
    try:
        rules = parse_rules(args.rules, len(specs))
    except (RulesError, json.JSONDecodeError) as exc:
        ap.error(f"--rules: {exc}")
    n = len(specs)
    deals = max(1, args.games // n) if args.duplicate else args.games
    if args.duplicate and deals * n != args.games:
        print(f"--duplicate with {n} seats plays whole deals: {deals} deals x {n} rotations = {deals * n} games "
              f"(not {args.games})", file=sys.stderr)
    options = {"budget_ms": args.hard_budget_ms, "max_samples": args.hard_samples or None}
    if args.hard_min_gain_se is not None:
        options["min_gain_se"] = args.hard_min_gain_se
    if args.hard_candidates is not None:
        options["candidates"] = args.hard_candidates
    if args.hard_horizon is not None:
        options["horizon"] = args.hard_horizon
    try:
        options |= parse_options(args.hard_option)
    except ValueError as exc:
        ap.error(f"--hard-option: {exc}")
    chunk = max(1, min(50, deals // (args.workers * 4) or 1))
    blocks = [(rules, specs, args.seed, list(range(i, min(deals, i + chunk))), args.duplicate, options)
              for i in range(0, deals, chunk)]
    stats = [SeatStats(f"{i}:{s}") for i, s in enumerate(specs)]
    total = deals * (n if args.duplicate else 1)
    t0 = time.perf_counter()
    moves = 0
    bar = _progress(total, args.no_progress)
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for block in (pool.map(run_block, blocks) if pool is not None else map(run_block, blocks)):
            for seat_to_spec, res in block:
                moves += res["moves"]
                for seat, i in enumerate(seat_to_spec):
                    stats[i].add(res["win"][seat], res["place"][seat], res["u"][seat], res["mom"][seat],
                                 res["net"][seat], res["deal"])
                bar.update(1)
    finally:
        if pool is not None:
            pool.shutdown()  # before exit: an unclosed pool can fail in the interpreter's exit hooks
    bar.close()
    dt = time.perf_counter() - t0
    summary = {"games": total, "seconds": dt, "games_per_second": total / dt, "workers": args.workers,
               "duplicate": args.duplicate, "search_modules": describe(),
               "rules": rules.to_dict(), "seats": [s.summary() for s in stats]}
    if args.json:
        print(json.dumps(summary))
    else:
        _print_table(summary)
    return 0


def _progress(total: int, disabled: bool):
    from tqdm import tqdm
    return tqdm(total=total, unit="game", file=sys.stderr, disable=disabled, leave=False)


def _rate(per_second: float) -> str:
    """321, 32.1, 1.23, 0.123: three significant digits without an exponent."""
    return f"{per_second:.0f}" if per_second >= 100 else f"{per_second:.3g}"


def _print_table(summary: dict) -> None:
    print(f"{summary['games']} games in {summary['seconds']:.1f} s: {_rate(summary['games_per_second'])} games/s "
          f"on {summary['workers']} worker(s){', duplicate deals' if summary['duplicate'] else ''}; "
          f"{summary['search_modules']}")
    print(f"{'seat':<12}{'games':>7}{'win share':>11}{'mean place':>12}{'Ù':>6}{'Móm':>6}"
          f"{'mean net (bets)':>17}{'95% CI':>20}")
    for s in summary["seats"]:
        lo, hi = s["net_ci95"]
        print(f"{s['seat']:<12}{s['games']:>7}{s['win_share']:>10.1%}{s['mean_place']:>12.2f}{s['u']:>6}{s['mom']:>6}"
              f"{s['mean_net']:>+17.3f}   [{lo:+.3f}, {hi:+.3f}]")


if __name__ == "__main__":
    sys.exit(main())
