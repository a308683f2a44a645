"""The standalone LAN server command: ``tala-server --host 0.0.0.0 --port 8765 [--tables N] [--password ...]``.

Logs to stderr. Ctrl-C or SIGTERM tells every client the server is going
away, closes the connections and the tables, and exits 0. A server that dies
instead (a crash, kill -9, a power cut) resumes its started tables from its
state file on the next start with the same ``--port`` (net/persist.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sqlite3
import sys
from pathlib import Path

import platformdirs

from ..console import utf8_console
from .limits import ServerConfig
from .server import TalaServer
from .state_file import StateFileError

log = logging.getLogger("tala_desktop.net")
APP_FOLDER = "TaLaDesktop"   # the app's data folder (store/paths.py names the same one)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="tala-server", description="Host Tá Lả tables on the LAN.")
    ap.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every interface)")
    ap.add_argument("--port", type=int, default=8765, help="TCP port (0: any free port; default 8765)")
    ap.add_argument("--tables", type=int, default=8, help="most tables hosted at once (default 8)")
    ap.add_argument("--password", default=None, help="ask every player for this password (default: none)")
    ap.add_argument("--name", default="Tá Lả",
                    help="the server's name in the LAN list, up to 40 characters (default Tá Lả)")
    ap.add_argument("--max-per-address", type=int, default=8,
                    help="connections allowed at once from one IP address (default 8)")
    ap.add_argument("--rate", type=float, default=20.0, help="commands a second per connection (default 20)")
    ap.add_argument("--address-rate", type=float, default=160.0,
                    help="commands a second from one address, all its connections together (default 160)")
    ap.add_argument("--arrival-rate", type=float, default=1.0,
                    help="joins and watches a second from one address, after a burst of 8 (default 1)")
    ap.add_argument("--tables-per-address", type=int, default=2, help="tables one address may host (default 2)")
    ap.add_argument("--bot-delay", type=float, default=0.8,
                    help="seconds a computer player's move is held back, so people can follow it (default 0.8)")
    ap.add_argument("--reconnect-seconds", type=float, default=60.0,
                    help="seconds a dropped player's seat waits for them before a bot plays it (default 60)")
    ap.add_argument("--state", default=None, metavar="FILE",
                    help="SQLite file that keeps started tables, so a server that died resumes them on restart "
                         "(default: lan-server-PORT.db in the app's data folder; none with --port 0)")
    ap.add_argument("--no-state", action="store_true", help="keep no state file: a restart loses the games")
    ap.add_argument("--no-announce", action="store_true", help="do not send LAN discovery beacons")
    ap.add_argument("--announce-to", default="255.255.255.255:37020",
                    help="where the LAN discovery beacons go, host:port (default 255.255.255.255:37020, the broadcast)")
    ap.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                    help="how much the server logs to stderr (default INFO)")
    args = ap.parse_args(argv)
    if not 0 <= args.port <= 65535:
        ap.error(f"--port {args.port}: expected 0-65535")
    if not 1 <= args.tables <= 1000:
        ap.error(f"--tables {args.tables}: expected 1-1000")
    host, _, port = args.announce_to.rpartition(":")
    if not host or not (port.isascii() and port.isdigit()):
        ap.error(f"--announce-to {args.announce_to!r}: expected host:port")
    args.announce_target = (host.strip("[]"), int(port))
    if args.no_state:
        args.state = None
    elif args.state is None and args.port != 0:
        args.state = str(Path(platformdirs.user_data_dir(APP_FOLDER, appauthor=False)) / f"lan-server-{args.port}.db")
    return args


def config_from(args: argparse.Namespace) -> ServerConfig:
    return ServerConfig(host=args.host, port=args.port, name=args.name[:40], max_tables=args.tables,
                        password=args.password, max_per_address=args.max_per_address, bot_delay=args.bot_delay,
                        rate=args.rate, burst=max(40.0, 2 * args.rate), address_rate=args.address_rate,
                        address_burst=2 * args.address_rate, max_tables_per_address=args.tables_per_address,
                        address_arrival_rate=args.arrival_rate,
                        address_arrival_burst=max(8.0, 2 * args.arrival_rate),
                        reconnect_seconds=args.reconnect_seconds, announce=not args.no_announce,
                        announce_target=args.announce_target, state_path=args.state)


async def serve(config: ServerConfig) -> None:
    server = TalaServer(config)
    await server.start()
    print(f"tala-server listening on {config.host}:{server.port}", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl-C is KeyboardInterrupt
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        log.info("shutting down")
        await server.stop()


def main(argv: list[str] | None = None) -> int:
    utf8_console()
    args = parse_args(argv)
    logging.basicConfig(level=args.log_level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(serve(config_from(args)))
    except KeyboardInterrupt:
        pass
    except StateFileError as exc:
        log.error("%s", exc)
        return 1
    except OSError as exc:
        log.error("cannot serve on %s:%d: %s", args.host, args.port, exc)
        return 1
    except sqlite3.Error as exc:
        log.error("cannot use the state file %s: %s (--state FILE picks another, --no-state none)", args.state, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
