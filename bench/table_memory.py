"""Offline table memory: plays N games through the real Table and LocalTableClient and reports the growth.

    python bench/table_memory.py [--games 20] [--warmup 2] [--seed 1]

One human seat (seat 0, played by this script through the client, like the
UI: it polls, picks a move from the snapshot's legal list and sends it) and
three Normal bots (no thinking delay). After ``--warmup`` games the traced
memory (tracemalloc, after a garbage collection) is taken as the baseline;
after ``--games`` more games it is taken again and the script prints
``memory growth: X KB per game``. A table that keeps nothing per game stays
near zero; the target is < 20 KB per game.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tala_desktop.engine import Move, MoveKind, Rules  # noqa: E402
from tala_desktop.table import BOT, HUMAN, LocalTableClient, SeatConfig, Table, TableConfig  # noqa: E402
from tala_desktop.table.messages import Snapshot  # noqa: E402

PREFERENCE = (MoveKind.U, MoveKind.UKHAN, MoveKind.EAT, MoveKind.LAY, MoveKind.DRAW)


def choose(legal: list[Move]) -> Move:
    """Ù, eat, the first lay, draw, else the first listed move (a discard)."""
    for kind in PREFERENCE:
        for m in legal:
            if m.kind is kind:
                return m
    return legal[0]


def play_game(client: LocalTableClient, clock: list[float], limit_s: float = 60.0) -> None:
    """Drive the client until the game is over (bots think on worker threads)."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        clock[0] += 0.05
        snap: Snapshot | None = None
        for msg in client.poll(clock[0]):
            if isinstance(msg, Snapshot):
                snap = msg
        if snap is not None:
            if snap.outcome is not None:
                return
            if snap.to_move == client.seat and snap.legal:
                client.send_move(choose(snap.legal))
                continue
        time.sleep(0.0005)
    raise SystemExit(f"a game did not end within {limit_s:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games measured after the warm-up")
    ap.add_argument("--warmup", type=int, default=2, help="games played before the baseline")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    args = ap.parse_args()
    if args.games < 1 or args.warmup < 1:
        ap.error("--games and --warmup must be at least 1")
    seats = [SeatConfig("You", HUMAN)] + [SeatConfig(f"Bot {i}", BOT, level="normal") for i in (1, 2, 3)]
    config = TableConfig(seats, rules=Rules(players=4), bet=100, seed=args.seed, think_delay=0.0, bot_workers=1)
    client = LocalTableClient(Table(config), 0)
    clock = [0.0]
    tracemalloc.start()
    client.start(clock[0])
    started = time.monotonic()
    base = 0
    for game in range(args.warmup + args.games):
        if game == args.warmup:
            gc.collect()
            base = tracemalloc.get_traced_memory()[0]
        if game:
            client.next_game()
        play_game(client, clock)
        print(f"\rgame {game + 1}/{args.warmup + args.games}", end="", file=sys.stderr, flush=True)
    client.poll(clock[0])
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    print(file=sys.stderr)
    client.close()
    print(f"{args.games} games after {args.warmup} warm-up in {time.monotonic() - started:.1f} s; "
          f"traced memory grew {grown / 1024:.0f} KB")
    print(f"memory growth: {grown / 1024 / args.games:.1f} KB per game")


if __name__ == "__main__":
    main()
