"""LAN load: one tala-server process, N tables of 4 fast clients over real websockets on loopback.

    python bench/net_load.py --tables 50 [--seconds 20] [--procs 1] [--watchers 2]
    python bench/net_load.py --sweep 50,100,150,200 [--seconds 15]

The server runs as its own process (``python -m tala_desktop.net.cli`` on
127.0.0.1, port 0, no beacons, the per-connection and per-address limits
raised so fast clients on one address are not throttled, and its state file
in a temporary folder, as a real server keeps one; ``--no-state`` runs it
without). Each client answers its turn at once from the snapshot's
``legal`` list (Ù, eat, the first lay, draw, the first discard) and asks for
the next game after each result; ``--watchers`` more clients per table
watch it (the public stream: every snapshot they get must have no seat and
no hand, else it counts as an error). Reports games/s, the move round trip
(move sent -> the snapshot it causes) p50/p99, errors and drops, and the
server's CPU (% of one core) and RSS, sampled with psutil. Loopback only;
every run is bounded by --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec
import psutil
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
decode = msgspec.json.Decoder().decode
sys.path.insert(0, str(ROOT))

from tala_desktop.net.protocol import PROTOCOL_VERSION  # noqa: E402


def choose(legal: list[list]) -> list:
    """Ù, eat, the first lay, draw, the first discard (a move is [seat, kind, card, melds, target, index])."""
    for kind in ("u", "ukhan", "eat", "lay", "draw", "discard"):
        for m in legal:
            if m[1] == kind:
                return m
    return legal[0]


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.games = 0
        self.errors: list[str] = []
        self.drops = 0
        self.measuring = False
        self.watched = 0                     # public snapshots the watchers received in the window


class Player:
    """One fast client: answers its turn at once; the host creates the table and starts it."""

    def __init__(self, port: int, name: str, table: asyncio.Future, host: bool, stats: Stats, stop: asyncio.Event,
                 all_seated: asyncio.Event, seated: list[int]) -> None:
        self.port, self.name, self.table, self.host = port, name, table, host
        self.stats, self.stop, self.all_seated, self.seated = stats, stop, all_seated, seated
        self.started = False
        self.sent_at: float | None = None

    async def run(self) -> None:
        try:
            async with connect(f"ws://127.0.0.1:{self.port}/", max_size=2**20, compression=None, open_timeout=30,
                               ping_interval=None) as ws:
                self.ws = ws
                await ws.send(json.dumps({"type": "hello", "name": self.name, "version": PROTOCOL_VERSION}))
                if self.host:
                    await ws.send(json.dumps({"type": "create_table", "seats": 4, "turn_seconds": 30}))
                else:
                    await ws.send(json.dumps({"type": "join", "table": await self.table}))
                    await ws.send(json.dumps({"type": "ready"}))
                async for frame in ws:
                    msg = decode(frame)
                    for one in msg["messages"] if msg["type"] == "batch" else [msg]:
                        await self.handle(one)
                    if self.stop.is_set():
                        return
        except Exception as exc:  # noqa: BLE001 - a bench counts failures instead of stopping
            if not self.stop.is_set():
                self.stats.drops += 1
                self.stats.errors.append(f"{self.name}: {type(exc).__name__} {exc}")

    async def handle(self, msg: dict) -> None:
        kind, stats = msg["type"], self.stats
        if kind == "lobby" and self.host:
            info = msg["table"]
            if not self.table.done():
                self.table.set_result(info["id"])
            ready = sum(s["ready"] for s in info["seats"] if s["kind"] == "player")
            if info["state"] == "lobby" and ready == 4 and not self.started:
                self.started = True
                self.seated[0] += 1
                await self.all_seated.wait()
                await self.ws.send(json.dumps({"type": "start"}))
        elif kind == "error" and stats.measuring:
            stats.errors.append(f"{msg['code']}: {msg['message']}")
        elif kind == "snapshot":
            if self.sent_at is not None:
                if stats.measuring:
                    stats.rtt.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
            if msg["outcome"] is not None:
                if self.host and stats.measuring:
                    stats.games += 1
                await self.ws.send(json.dumps({"type": "next_game"}))
            elif msg["to_move"] == msg["seat"] and msg["legal"]:
                self.sent_at = time.perf_counter()
                await self.ws.send(json.dumps({"type": "move", "game_id": msg["game_id"],
                                               "move": choose(msg["legal"])}))


class Watcher:
    """Someone watching one table: reads its public stream and checks that no snapshot has a seat or a hand."""

    def __init__(self, port: int, name: str, table: asyncio.Future, stats: Stats, stop: asyncio.Event) -> None:
        self.port, self.name, self.table, self.stats, self.stop = port, name, table, stats, stop

    async def run(self) -> None:
        try:
            async with connect(f"ws://127.0.0.1:{self.port}/", max_size=2**20, compression=None, open_timeout=30,
                               ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "name": self.name, "version": PROTOCOL_VERSION}))
                await ws.send(json.dumps({"type": "watch", "table": await self.table}))
                async for frame in ws:
                    msg = decode(frame)
                    for one in msg["messages"] if msg["type"] == "batch" else [msg]:
                        self.handle(one)
                    if self.stop.is_set():
                        return
        except Exception as exc:  # noqa: BLE001 - a bench counts failures instead of stopping
            if not self.stop.is_set():
                self.stats.drops += 1
                self.stats.errors.append(f"{self.name}: {type(exc).__name__} {exc}")

    def handle(self, msg: dict) -> None:
        stats = self.stats
        if msg["type"] == "snapshot":
            if msg["seat"] is not None or msg["hand"] or msg["legal"]:
                stats.errors.append(f"{self.name}: a watcher got the snapshot of seat {msg['seat']}")
            elif stats.measuring:
                stats.watched += 1
        elif msg["type"] == "error" and stats.measuring:
            stats.errors.append(f"{self.name} {msg['code']}: {msg['message']}")


async def run_clients(port: int, tables: int, seconds: float, warmup: float, started=None, watchers: int = 0) -> dict:
    stats, stop = Stats(), asyncio.Event()
    all_seated, seated_count = asyncio.Event(), [0]
    tasks = []
    for t in range(tables):
        table: asyncio.Future = asyncio.get_running_loop().create_future()
        for k in range(4):
            pl = Player(port, f"P{t}x{k}", table, k == 0, stats, stop, all_seated, seated_count)
            tasks.append(asyncio.create_task(pl.run()))
        for k in range(watchers):
            tasks.append(asyncio.create_task(Watcher(port, f"W{t}x{k}", table, stats, stop).run()))
        await asyncio.sleep(0.005)
    deadline = time.monotonic() + 60
    while seated_count[0] < tables and time.monotonic() < deadline and not stats.drops:
        await asyncio.sleep(0.05)
    seated = seated_count[0]
    all_seated.set()
    await asyncio.sleep(warmup)
    if started is not None:
        started.set()
    stats.measuring = True
    me = psutil.Process()
    cpu0, t0 = me.cpu_times(), time.perf_counter()
    await asyncio.sleep(seconds)
    stats.measuring = False
    cpu1, elapsed = me.cpu_times(), time.perf_counter() - t0
    client_cpu = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / elapsed * 100
    stop.set()
    await asyncio.wait(tasks, timeout=5)
    for task in tasks:
        task.cancel()
    rtt = sorted(stats.rtt)
    pick = lambda q: rtt[min(len(rtt) - 1, int(q * len(rtt)))] * 1000 if rtt else float("nan")  # noqa: E731
    return {"tables": tables, "seated": seated, "games": stats.games, "games_s": stats.games / elapsed,
            "moves": len(rtt), "moves_s": len(rtt) / elapsed, "p50": pick(0.50), "p99": pick(0.99),
            "max": rtt[-1] * 1000 if rtt else float("nan"), "mean": statistics.fmean(rtt) * 1000 if rtt else 0.0,
            "errors": len(stats.errors), "drops": stats.drops, "first_error": stats.errors[:1],
            "client_cpu": client_cpu, "watched": stats.watched, "watchers": tables * watchers}


def client_proc(port: int, tables: int, seconds: float, warmup: float, out, started, watchers: int) -> None:
    out.put(asyncio.run(run_clients(port, tables, seconds, warmup, started, watchers)))


def launch_server(options: list[str], python: list[str] | None = None) -> tuple[subprocess.Popen, int]:
    """``tala-server`` on 127.0.0.1, any free port, no beacons, with ``options``; returns it and its port."""
    proc = subprocess.Popen([sys.executable, *(python or []), "-m", "tala_desktop.net.cli", "--host", "127.0.0.1",
                             "--port", "0", "--no-announce", *options], stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    m = re.search(r":(\d+)$", line.strip())
    if not m:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, int(m.group(1))


def start_server(tables: int, state: str, watchers: int = 0) -> tuple[subprocess.Popen, int]:
    prof = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] if os.environ.get("BENCH_PROFILE") else []
    keep = ["--state", state] if state else ["--no-state"]
    clients = tables * (4 + watchers) + 10
    return launch_server(["--tables", str(tables), "--max-per-address", str(clients), "--rate", "1000",
                          "--address-rate", "1000000", "--arrival-rate", "1000000", "--tables-per-address",
                          str(tables), "--bot-delay", "0",
                          "--log-level", "WARNING", *keep], prof)


def run(tables: int, seconds: float, procs: int, warmup: float, state: bool, watchers: int = 0) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        return _run(tables, seconds, procs, warmup, str(Path(tmp) / "lan-state.db") if state else "", watchers)


def _run(tables: int, seconds: float, procs: int, warmup: float, state: str, watchers: int) -> dict:
    server, port = start_server(tables, state, watchers)
    ps = psutil.Process(server.pid)
    q: multiprocessing.Queue = multiprocessing.Queue()
    started = multiprocessing.Event()
    shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
    workers = [multiprocessing.Process(target=client_proc, args=(port, n, seconds, warmup, q, started, watchers))
               for n in shares if n]
    for w in workers:
        w.start()
    # measure the server over the same window as the clients (after seating and warm-up)
    started.wait(timeout=120)
    cpu0, t0, rss_peak = ps.cpu_times(), time.perf_counter(), 0
    end = t0 + seconds - 0.5
    while time.perf_counter() < end:
        rss_peak = max(rss_peak, ps.memory_info().rss)
        time.sleep(0.25)
    cpu1, t1 = ps.cpu_times(), time.perf_counter()
    results = [q.get(timeout=seconds + 120) for _ in workers]
    for w in workers:
        w.join(timeout=10)
    server.terminate()
    server.wait(timeout=10)
    cpu = (cpu1.user + cpu1.system - cpu0.user - cpu0.system) / (t1 - t0) * 100
    merged = {k: sum(r[k] for r in results) for k in ("tables", "seated", "games", "games_s", "moves", "moves_s",
                                                          "errors", "drops", "client_cpu", "watched", "watchers")}
    merged.update(p50=max(r["p50"] for r in results), p99=max(r["p99"] for r in results),
                  max=max(r["max"] for r in results), cpu=cpu, rss=rss_peak / 2**20,
                  first_error=sum((r["first_error"] for r in results), []))
    return merged


def report(r: dict) -> str:
    ok = r["p99"] <= 50 and r["errors"] == 0 and r["drops"] == 0 and r["seated"] == r["tables"]
    return (f"tables {r['tables']:4d} ({r['seated']} seated) clients {r['tables'] * 4:4d} | games/s {r['games_s']:6.1f}"
            f" | moves/s {r['moves_s']:7.0f} | RTT p50 {r['p50']:6.1f} ms p99 {r['p99']:6.1f} ms max {r['max']:6.1f}"
            f" ms | errors {r['errors']} drops {r['drops']} | server CPU {r['cpu']:4.0f}%"
            f" ({r['cpu'] * 10 / max(r['moves_s'], 1e-9):.2f} ms/move) RSS {r['rss']:4.0f} MiB"
            f" | clients CPU {r['client_cpu']:4.0f}%"
            + (f" | watchers {r['watchers']} got {r['watched']} public snapshots" if r["watchers"] else "") +
            f" | {'OK' if ok else 'BROKEN'}" + (f"  first error: {r['first_error'][0]}" if r["first_error"] else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--tables", type=int, default=50, help="tables of 4 fast clients (without --sweep)")
    ap.add_argument("--sweep", default="", help="comma-separated table counts, run one after another")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured window")
    ap.add_argument("--warmup", type=float, default=2.0, help="seconds of play before the measured window")
    ap.add_argument("--procs", type=int, default=1, help="client processes")
    ap.add_argument("--watchers", type=int, default=0, help="clients watching each table (the public stream)")
    ap.add_argument("--no-state", action="store_true",
                    help="run the server without its state file (by default it keeps one in a temporary folder)")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sweep.split(",") if x] or [args.tables]
    print(f"# {psutil.cpu_count()} CPUs, python {sys.version.split()[0]}, {args.seconds:g} s windows, "
          f"{args.procs} client process(es)", flush=True)
    for n in sizes:
        print(report(run(n, args.seconds, args.procs, args.warmup, not args.no_state, args.watchers)), flush=True)


if __name__ == "__main__":
    main()
