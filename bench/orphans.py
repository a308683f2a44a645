"""Processes left running after kill -9: the Hard search's workers and multiprocessing's resource tracker.

    python bench/orphans.py [--kills 20] [--server-kills 3] [--wait 5]

``--kills`` times, starts tests/bots/orphan_child.py (a process whose bot
runner has a Hard search going in its process pool), kills it with SIGKILL
and counts, ``--wait`` seconds later, the processes it had started that
still run. Then ``--server-kills`` times, starts ``tala-server`` on
127.0.0.1 (port 0, no state file), opens a table with three Hard bots and
one player, starts it and kills the server with SIGKILL once its search
processes are up, and counts its children still running. Prints the
orphans and their memory; OK when there are none. Linux (reads /proc);
loopback only.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from net_load import launch_server  # noqa: E402 - the load bench's launcher, beside this script

from tala_desktop.bots import BotLevel  # noqa: E402
from tala_desktop.net.client import NetTableClient  # noqa: E402
from tala_desktop.table.messages import Snapshot  # noqa: E402

CHILD = ROOT / "tests" / "bots" / "orphan_child.py"


def running(pids: list[int]) -> list[psutil.Process]:
    out = []
    for pid in pids:
        try:
            proc = psutil.Process(pid)
            if proc.status() != psutil.STATUS_ZOMBIE:
                out.append(proc)
        except psutil.NoSuchProcess:
            pass
    return out


def settle(pids: list[int], wait: float) -> list[psutil.Process]:
    end = time.monotonic() + wait
    while time.monotonic() < end and running(pids):
        time.sleep(0.1)
    return running(pids)


def kill_runner(wait: float) -> list[psutil.Process]:
    child = subprocess.Popen([sys.executable, str(CHILD)], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdout is not None
    pids = [int(x) for x in child.stdout.readline().split()]
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    return settle(pids, wait)


def kill_server(wait: float) -> list[psutil.Process]:
    server, port = launch_server(["--no-state", "--bot-delay", "0", "--log-level", "WARNING"])
    client = NetTableClient("127.0.0.1", port, "Lan")
    try:
        client.create_table(seats=4, bots=[BotLevel.HARD] * 4)
        client.ready()
        end = time.monotonic() + 20
        kids: list[int] = []
        started = False
        while time.monotonic() < end:
            for msg in client.poll(time.monotonic()):
                if isinstance(msg, Snapshot) and msg.legal:   # the player moves at once: the bots think
                    client.send_move(msg.legal[0])
            if not started and client.table_id is not None:
                client.start()
                started = True
            kids = [p.pid for p in psutil.Process(server.pid).children(recursive=True)]
            if len(kids) >= 2:           # the resource tracker and at least one search process
                break
            time.sleep(0.05)
        server.send_signal(signal.SIGKILL)
        server.wait()
        return settle(kids, wait)
    finally:
        client.close()
        if server.poll() is None:
            server.kill()
        if server.stderr is not None:
            server.stderr.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=20, help="bot-runner processes killed (default 20)")
    ap.add_argument("--server-kills", type=int, default=3, help="tala-server processes killed (default 3)")
    ap.add_argument("--wait", type=float, default=5.0, help="seconds given to the orphans to go (default 5)")
    args = ap.parse_args()
    left: list[psutil.Process] = []
    for _ in range(args.kills):
        left += kill_runner(args.wait)
    for _ in range(args.server_kills):
        left += kill_server(args.wait)
    rss = sum(p.memory_info().rss for p in left if p.is_running()) / 2 ** 20
    print(f"kills: {args.kills} bot runners, {args.server_kills} servers; orphans left after {args.wait:g} s: "
          f"{len(left)} ({rss:.0f} MB)")
    for proc in left:
        print(f"  {proc.pid} {' '.join(proc.cmdline())[:100]}")
        proc.kill()
    print("OK" if not left else "ORPHANS")


if __name__ == "__main__":
    main()
