"""LAN server cost per move: the server core (and its state file) driven without sockets by fast clients.

    python bench/server_cost.py [--tables 50] [--watchers 2] [--moves 20000] [--no-state] [--profile N]

The same load as ``bench/net_load.py`` (N tables of 4 players who answer
their turn at once from the snapshot's ``legal`` list and ask for the next
game after each result, ``--watchers`` more watching each table), but
without sockets or a second process: the ``ServerCore`` (net/core.py) is
driven as the websockets adapter drives it, with the clients' frames in
the order they were sent, a stepped clock (``--pace`` seconds of server
time per command, a tick every 50 ms of it) and the state file's writes
performed on a SQLite file in a temporary folder (``--no-state``: none),
each call's in a transaction of its own: the websockets adapter makes one
for all the calls of a turn of its loop, so under load a real server
writes less often than this. Only the server's side is timed (its CPU,
``time.process_time``, around ``receive``, ``tick`` and the writes); the
clients' decoding is not. The deals are seeded and the clients pick their
moves by rule, so two runs of the same code play the same games: the figure
to compare is the server's CPU per move, which depends far less on other
work on the machine than a round trip. Also reports the frames and bytes
the server sends per move (what the socket side then writes). Every
snapshot a watcher gets must have no seat, no hand and no legal move, and
no seat's snapshot may show another seat's hand, else the run stops with
an error. ``--profile N`` prints the N costliest functions (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # bench/net_load.py, beside this script

from net_load import choose  # noqa: E402

from tala_desktop.bots.runner import InlineRunner  # noqa: E402
from tala_desktop.net.core import ServerCore  # noqa: E402
from tala_desktop.net.limits import ServerConfig  # noqa: E402
from tala_desktop.net.protocol import PROTOCOL_VERSION  # noqa: E402
from tala_desktop.net.sessions import Close  # noqa: E402
from tala_desktop.net.state_file import StateFile, open_state  # noqa: E402

decode = msgspec.json.Decoder().decode
encode = msgspec.json.Encoder().encode


def hidden(msg: dict, seat: int | None) -> bool:
    """``msg`` shows a card ``seat`` may not see (None: someone watching): another seat's snapshot or hand, a card
    another seat drew, or (watching) a hand or a legal move."""
    kind = msg["type"]
    if kind == "snapshot":
        return msg["seat"] != seat or (seat is None and bool(msg["hand"] or msg["legal"]))
    if kind == "dealt":
        return any(h is not None for i, h in enumerate(msg["hands"]) if i != seat)
    if kind == "drew":
        return msg["card"] is not None and msg["seat"] != seat
    if kind == "story":
        return any(hidden(e, seat) for e in msg["events"])
    return False


class Client:
    """One connection's side: what it says in answer to what it is sent."""

    def __init__(self, conn: int, table: int, seat: int | None) -> None:
        self.conn, self.table, self.seat = conn, table, seat     # seat None: it watches
        self.table_id: int | None = None
        self.started = False


class Run:
    """The server core, its clients, the commands in flight and the counts."""

    def __init__(self, tables: int, watchers: int, state: str | None, pace: float) -> None:
        clients = tables * (4 + watchers) + 10
        self.config = ServerConfig(host="127.0.0.1", port=0, max_tables=tables, max_per_address=clients, rate=1000.0,
                                   burst=2000.0, address_rate=1e6, address_burst=2e6, address_arrival_rate=1e6,
                                   address_arrival_burst=2e6, max_tables_per_address=tables, bot_delay=0.0,
                                   seed=7, announce=False, state_path=state)
        self.runner = InlineRunner()
        self.core = ServerCore(self.config, runner=self.runner)
        self.file: StateFile | None = None
        self.pace, self.now, self.next_tick = pace, 1000.0, 1000.0 + self.config.tick
        self.clients: dict[int, Client] = {}
        self.queue: deque[tuple[int, bytes]] = deque()
        self.tables, self.watchers = tables, watchers
        self.server_cpu = 0.0
        self.moves = self.games = self.frames = self.bytes = self.watched = 0

    def deliver(self, out: list) -> None:
        """Perform the writes (timed: the adapter's work), then hand each frame to its client (not timed)."""
        for item in out:
            if not isinstance(item, tuple):
                if self.file is not None:
                    t0 = time.process_time()
                    if not self.file.perform(item, self.now):
                        self.core.not_written(item)
                    self.server_cpu += time.process_time() - t0
                continue
            conn, frame = item
            if isinstance(frame, Close):
                raise RuntimeError(f"the server closed connection {conn}: {frame.reason}")
            self.frames += 1
            self.bytes += len(frame)
            msg = decode(frame)
            for one in msg["messages"] if msg["type"] == "batch" else [msg]:
                self.hear(self.clients[conn], one)

    def say(self, client: Client, **cmd: Any) -> None:
        self.queue.append((client.conn, encode(cmd)))

    def hear(self, c: Client, msg: dict) -> None:
        kind = msg["type"]
        if kind == "error":
            raise RuntimeError(f"connection {c.conn} was refused: {msg['code']}: {msg['message']}")
        if kind == "lobby":
            info = msg["table"]
            if c.table_id is None:
                c.table_id = info["id"]
                self.arrived(c.table, info["id"])
            ready = sum(s["ready"] for s in info["seats"] if s["kind"] == "player")
            if c.seat == 0 and info["state"] == "lobby" and ready == 4 and not c.started:
                c.started = True
                self.say(c, type="start")
        elif hidden(msg, c.seat):
            raise RuntimeError(f"{'a watcher' if c.seat is None else f'seat {c.seat}'} got what it may not see: {msg}")
        elif kind == "snapshot":
            if c.seat is None:
                self.watched += 1
            elif msg["outcome"] is not None:
                self.games += c.seat == 0
                self.say(c, type="next_game")
            elif msg["to_move"] == c.seat and msg["legal"]:
                self.moves += 1
                self.say(c, type="move", game_id=msg["game_id"], move=choose(msg["legal"]))

    def arrived(self, table: int, table_id: int) -> None:
        """The host's table exists: the other three join it and get ready, the watchers watch it."""
        others = [c for c in self.clients.values() if c.table == table and c.seat != 0 and c.table_id is None]
        for c in others:
            c.table_id = table_id
            if c.seat is None:
                self.say(c, type="watch", table=table_id)
            else:
                self.say(c, type="join", table=table_id)
                self.say(c, type="ready")

    def connect(self, table: int, seat: int | None) -> None:
        conn = len(self.clients) + 1
        c = self.clients[conn] = Client(conn, table, seat)
        self.timed(self.core.connect, conn, "127.0.0.1", self.now)
        self.say(c, type="hello", name=f"P{table}x{seat}" if seat is not None else f"W{table}x{conn}",
                 version=PROTOCOL_VERSION)
        if seat == 0:
            self.say(c, type="create_table", seats=4, turn_seconds=30)

    def timed(self, call: Any, *args: Any) -> None:
        t0 = time.process_time()
        out = call(*args)
        self.server_cpu += time.process_time() - t0
        self.deliver(out)

    def step(self) -> None:
        """One command from the queue (the clients' in the order sent), and the ticks its time passed."""
        conn, frame = self.queue.popleft()
        self.now += self.pace
        while self.now >= self.next_tick:
            self.timed(self.core.tick, self.next_tick)
            self.next_tick += self.config.tick
        self.timed(self.core.receive, conn, frame, self.now)

    def play(self, moves: int, warmup: int) -> dict[str, float]:
        self.file, kept = open_state(self.config)
        self.timed(self.core.restore, self.now, kept)
        for t in range(self.tables):
            self.connect(t, 0)
            for seat in (1, 2, 3):
                self.connect(t, seat)
            for _ in range(self.watchers):
                self.connect(t, None)
        while self.moves < warmup:
            self.step()
        self.server_cpu = 0.0
        self.moves = self.games = self.frames = self.bytes = self.watched = 0
        t0 = time.perf_counter()
        while self.moves < moves:
            self.step()
        wall = time.perf_counter() - t0
        return {"moves": self.moves, "games": self.games, "cpu_ms": self.server_cpu * 1000 / self.moves,
                "frames": self.frames / self.moves, "bytes": self.bytes / self.moves, "watched": self.watched,
                "wall": wall}

    def close(self) -> None:
        self.core.shutdown()                 # its goodbyes are read by nobody
        self.runner.shutdown()
        if self.file is not None:
            self.file.close()


def once(args: argparse.Namespace, profile: cProfile.Profile | None = None) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        run = Run(args.tables, args.watchers, None if args.no_state else str(Path(tmp) / "lan-state.db"), args.pace)
        try:
            if profile is not None:
                profile.enable()
            return run.play(args.moves, args.warmup)
        finally:
            if profile is not None:
                profile.disable()
            run.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--tables", type=int, default=50, help="tables of 4 fast players")
    ap.add_argument("--watchers", type=int, default=2, help="clients watching each table")
    ap.add_argument("--moves", type=int, default=20000, help="moves measured (after the warm-up)")
    ap.add_argument("--warmup", type=int, default=2000, help="moves played before the measure")
    ap.add_argument("--pace", type=float, default=0.0003, help="seconds of server time per command")
    ap.add_argument("--repeat", type=int, default=3, help="runs (the best and the median are shown)")
    ap.add_argument("--no-state", action="store_true", help="no state file (by default one in a temporary folder)")
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="one run under cProfile: the N costliest")
    args = ap.parse_args()
    print(f"# python {sys.version.split()[0]}, {args.tables} tables, {args.watchers} watching each, "
          f"{'no state file' if args.no_state else 'state file'}, {args.moves} moves a run", flush=True)
    if args.profile:
        prof = cProfile.Profile()
        r = once(args, prof)
        print(f"(under cProfile) {r['cpu_ms']:.3f} ms a move")
        pstats.Stats(prof).sort_stats("tottime").print_stats(args.profile)
        return
    runs = []
    for _ in range(args.repeat):
        r = once(args)
        runs.append(r)
        print(f"{r['moves']} moves, {r['games']} games: server CPU {r['cpu_ms']:.3f} ms a move | {r['frames']:.2f} "
              f"frames, {r['bytes']:.0f} bytes a move | watchers got {r['watched']} public snapshots "
              f"| {r['wall']:.1f} s wall", flush=True)
    cpu = [r["cpu_ms"] for r in runs]
    print(f"server CPU per move: best {min(cpu):.3f} ms, median {statistics.median(cpu):.3f} ms")


if __name__ == "__main__":
    main()
