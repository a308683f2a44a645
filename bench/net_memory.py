"""LAN server memory under clients that never read: 200 of them (8 per address) asking for the table list.

    python bench/net_memory.py [--clients 200] [--per-address 8] [--rate 19] [--seconds 35]

Starts one ``tala-server`` process on 127.0.0.1 (port 0, no beacons, its
default limits), opens 8 lobby tables from 4 host addresses so the table
list is a few KB, then connects ``--clients`` websocket clients, 8 per
address, from 127.0.0.10 upwards (every 127.x.y.z address is this machine's
loopback). Each client says hello, stops reading its socket and sends
``list_tables`` ``--rate`` times a second (under the server's per-connection
limit of 20); when the server drops it, it connects again a second later.
Samples the server's RSS every half second and, from /proc/net/tcp, the
bytes waiting in its sockets' send queues; prints the start, peak and final
figures and OK when the peak RSS stays under ``--target`` MB. Loopback only;
the run stops after ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from pathlib import Path

import psutil
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

sys.path.insert(0, str(Path(__file__).resolve().parent))
from net_load import PROTOCOL_VERSION, launch_server  # noqa: E402 - the load bench's launcher, beside this script


def send_queue_bytes(port: int) -> int:
    """Bytes waiting in the kernel send queues of the server's sockets (tx_queue of /proc/net/tcp)."""
    total = 0
    try:
        lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    except OSError:
        return -1
    for line in lines:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port:
            total += int(fields[4].split(":")[0], 16)
    return total


class Counts:
    def __init__(self) -> None:
        self.sent = 0
        self.connects = 0
        self.drops = 0
        self.refused = 0


async def host(port: int, addr: str, index: int, stop: asyncio.Event) -> None:
    """A host that reads normally: opens a table and waits in its lobby."""
    async with connect(f"ws://127.0.0.1:{port}/", local_addr=(addr, 0), compression=None, proxy=None) as ws:
        await ws.send(json.dumps({"type": "hello", "name": f"Chủ bàn {index}", "version": PROTOCOL_VERSION}))
        await ws.send(json.dumps({"type": "create_table", "seats": 4, "bots": ["hard", "easy", "normal", "random"]}))
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ws.recv(), 0.5)


async def lazy_client(port: int, addr: str, index: int, rate: float, stop: asyncio.Event, counts: Counts) -> None:
    """Never reads after hello; asks for the table list ``rate`` times a second; reconnects when dropped."""
    while not stop.is_set():
        try:
            async with connect(f"ws://127.0.0.1:{port}/", local_addr=(addr, 0), compression=None, proxy=None,
                               ping_interval=None, open_timeout=5, close_timeout=0.5) as ws:
                counts.connects += 1
                await ws.send(json.dumps({"type": "hello", "name": f"Lười {index}", "version": PROTOCOL_VERSION}))
                ws.transport.pause_reading()
                while not stop.is_set():
                    await ws.send('{"type":"list_tables"}')
                    counts.sent += 1
                    await asyncio.sleep(1 / rate)
        except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError):
            counts.drops += 1
        if not stop.is_set():
            await asyncio.sleep(1.0)


async def attack(port: int, server: psutil.Process, args: argparse.Namespace) -> dict:
    stop = asyncio.Event()
    hosts = [asyncio.create_task(host(port, f"127.0.1.{1 + i // 2}", i, stop)) for i in range(8)]
    await asyncio.sleep(1.0)
    rss0 = server.memory_info().rss
    counts = Counts()
    lazy = [asyncio.create_task(lazy_client(port, f"127.0.{2 + k // (250 * args.per_address)}."
                                                  f"{10 + (k // args.per_address) % 250}", k, args.rate, stop, counts))
            for k in range(args.clients)]
    peak_rss, peak_q, start = rss0, 0, time.monotonic()
    while time.monotonic() - start < args.seconds:
        await asyncio.sleep(0.5)
        peak_rss = max(peak_rss, server.memory_info().rss)
        peak_q = max(peak_q, send_queue_bytes(port))
    end_rss, end_q = server.memory_info().rss, send_queue_bytes(port)
    stop.set()
    await asyncio.wait(hosts + lazy, timeout=5)
    for task in hosts + lazy:
        task.cancel()
    return {"rss0": rss0, "peak": peak_rss, "end": end_rss, "peak_q": peak_q, "end_q": end_q,
            "sent": counts.sent, "connects": counts.connects, "drops": counts.drops,
            "seconds": time.monotonic() - start}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--clients", type=int, default=200, help="connections that ask for the table list and never read")
    ap.add_argument("--per-address", type=int, default=8, help="connections per loopback address")
    ap.add_argument("--rate", type=float, default=19.0, help="list_tables a second per client")
    ap.add_argument("--seconds", type=float, default=35.0, help="how long the clients keep asking")
    ap.add_argument("--target", type=float, default=100.0, help="peak server RSS in MB to call it OK")
    args = ap.parse_args()
    proc, port = launch_server(["--log-level", "ERROR"])
    try:
        r = asyncio.run(attack(port, psutil.Process(proc.pid), args))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    mb = 1e6
    ok = r["peak"] / mb < args.target
    print(f"{args.clients} clients ({args.per_address} per address) x {args.rate:g} list_tables/s for "
          f"{r['seconds']:.0f} s | server RSS {r['rss0'] / mb:.0f} MB -> peak {r['peak'] / mb:.0f} MB, end "
          f"{r['end'] / mb:.0f} MB | kernel send queues peak {r['peak_q'] / mb:.1f} MB, end {r['end_q'] / mb:.1f} MB"
          f" | {r['sent']} requests, {r['connects']} connections, {r['drops']} dropped"
          f" | {'OK' if ok else 'BROKEN'} (target < {args.target:g} MB)", flush=True)


if __name__ == "__main__":
    main()
