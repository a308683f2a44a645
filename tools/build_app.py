"""Build app: runs PyInstaller on build.spec, then checks that the built executable starts, plays and serves.

    python tools/build_app.py [--onefile] [--no-build] [--python-only] [--runs 5]

Before PyInstaller runs, the search's hot modules are compiled with mypyc
(tools/compile_hot.py) so that the bundle ships them compiled, and removed
from the source tree again afterwards (unless they were there before);
without mypyc or a C compiler the bundle ships them as Python, said so.

After the build (one folder ``dist/TaLa/``, on macOS also ``dist/TaLa.app``,
or ``dist/TaLa-onefile`` with ``--onefile``) the executable must, headless
(SDL's dummy drivers):
- pass ``--selftest``: a 4-bot game (and say its search modules are compiled
  when they were compiled for it) through the real loop, the Hard bot's
  search in spawned worker processes of the bundle (so a missing
  ``multiprocessing.freeze_support()`` fails here);
- serve LAN tables: ``--server --host 127.0.0.1 --port 0`` (and, one folder,
  the ``TaLa-server`` console executable) must report its port and accept a
  TCP connection there, then stop on SIGTERM;
- start to its first frame (``--frames 1 -v``: the app logs that frame with
  a wall-clock timestamp), ``--runs`` times; the same from source
  (``python -m tala_desktop``) for comparison, medians printed, never asserted;
- leave every file inside the bundle as it was (user data goes to a scratch
  ``--data-dir`` here, to the per-user folder normally).
On macOS the ``TaLa.app`` that ships gets the selftest, the server checks and
the untouched check too. ``--bundle PATH`` runs the same checks on an app
built before and unpacked elsewhere (the folder, the ``.app`` or the one-file
executable a player gets from the zip). Any failure exits 1. The bundle's
size is printed too.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, also when loaded by path

import compile_hot  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
FIRST_FRAME = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) \S+ INFO first frame (\d+) ms after start", re.M)
LISTENING = re.compile(r"listening on (\S+):(\d+)")
# the app writes UTF-8 (tala_desktop/console.py); an older or broken build's other bytes must not end a check
TEXT: dict[str, Any] = {"text": True, "encoding": "utf-8", "errors": "replace"}


class CheckFailed(Exception):
    """The bundle did not build, start, play or serve."""


def build(onefile: bool) -> float:
    """Run PyInstaller on build.spec; returns the seconds it took."""
    env = {**os.environ, "TALA_ONEFILE": "1" if onefile else "0"}
    log = ROOT / "build" / f"pyinstaller{'-onefile' if onefile else ''}.log"
    log.parent.mkdir(exist_ok=True)
    started = time.perf_counter()
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "build.spec"], cwd=ROOT,
                              env=env, stdout=out, stderr=subprocess.STDOUT)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        print(log.read_text(encoding="utf-8", errors="replace")[-4000:], file=sys.stderr)
        raise CheckFailed(f"pyinstaller exited {done.returncode} (log: {log})")
    return seconds


def bundle_paths(onefile: bool, platform: str = sys.platform) -> tuple[Path, Path]:
    """(the bundle: folder or file, the executable inside it)."""
    suffix = ".exe" if platform == "win32" else ""
    if onefile:
        exe = ROOT / "dist" / f"TaLa-onefile{suffix}"
        return exe, exe
    return ROOT / "dist" / "TaLa", ROOT / "dist" / "TaLa" / f"TaLa{suffix}"


def app_bundle_paths(onefile: bool, platform: str = sys.platform) -> tuple[Path, Path] | None:
    """(the macOS ``TaLa.app``, its executable) for the one-folder build on macOS; None elsewhere."""
    if onefile or platform != "darwin":
        return None
    app = ROOT / "dist" / "TaLa.app"
    return app, app / "Contents" / "MacOS" / "TaLa"


def snapshot(bundle: Path) -> dict[str, tuple[int, int]]:
    """Every file of the bundle with its size and modification time (symbolic links to them left out)."""
    files = [bundle] if bundle.is_file() else [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()]
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in files}


def size_of(bundle: Path) -> int:
    return sum(size for size, _ in snapshot(bundle).values())


def compile_for_bundle() -> bool:
    """Compile the hot modules for the bundle; False (and a note) where they cannot be compiled."""
    try:
        compile_hot.compile_hot()
    except compile_hot.CompileFailed as exc:
        print(f"search modules: not compiled, the bundle ships them as Python ({exc})", flush=True)
        return False
    print(f"search modules: {len(compile_hot.HOT_MODULES)} compiled with mypyc", flush=True)
    return True


def check_selftest(exe: Path, compiled: bool | None = None) -> str:
    with tempfile.TemporaryDirectory() as data:
        try:
            done = subprocess.run([str(exe), "--selftest", "--seed", "3", "--data-dir", str(Path(data) / "user")],
                                  env={**os.environ, **HEADLESS}, capture_output=True, timeout=240, **TEXT)
        except subprocess.TimeoutExpired as exc:
            raise CheckFailed("--selftest did not finish within 240 s") from exc
    if done.returncode != 0 or "selftest ok" not in (done.stdout or ""):
        raise CheckFailed(f"--selftest exited {done.returncode}:\n{done.stdout}{done.stderr}")
    if compiled and "compiled with mypyc" not in done.stdout:
        raise CheckFailed(f"the search modules were compiled but the bundle runs them as Python:\n{done.stdout}")
    return done.stdout.strip()


def check_licences(bundle: Path) -> str:
    """The licence texts of assets/ (fonts, bundled libraries) are inside the one-folder bundle."""
    wanted = [p.relative_to(ROOT) for p in (ROOT / "assets").rglob("*") if p.is_file() and "licen" in str(p).lower()]
    found = {Path("assets") / p.relative_to(q) for q in bundle.rglob("assets") if q.is_dir()
             for p in q.rglob("*") if p.is_file()}
    missing = [str(w) for w in wanted if w not in found]
    if missing:
        raise CheckFailed(f"licence files missing from the bundle: {missing[:5]}")
    return f"{len(wanted)} licence files inside the bundle"


def check_untouched(bundle: Path, before: dict[str, tuple[int, int]]) -> None:
    after = snapshot(bundle)
    if after != before:
        changed = sorted(set(after.items()) ^ set(before.items()))[:5]
        raise CheckFailed(f"the app wrote inside its bundle: {changed}")


def _lines(stream, out: queue.Queue) -> None:
    for line in stream:
        out.put(line)


def check_server(command: list[str]) -> int:
    """Start the LAN server on a free loopback port, connect to it, stop it; returns the port."""
    proc = subprocess.Popen([*command, "--host", "127.0.0.1", "--port", "0", "--no-announce"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, **HEADLESS}, **TEXT)
    lines: queue.Queue = queue.Queue()
    reader = threading.Thread(target=_lines, args=(proc.stderr, lines), daemon=True)
    reader.start()
    log: list[str] = []
    try:
        deadline = time.monotonic() + 60
        port = None
        while port is None:
            try:
                log.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
            except queue.Empty:
                raise CheckFailed(f"{command[0]} --server did not report its port in 60 s:\n{''.join(log)}") from None
            found = LISTENING.search(log[-1])
            port = int(found.group(2)) if found else None
            if proc.poll() is not None and lines.empty():
                raise CheckFailed(f"the server exited {proc.returncode}:\n{''.join(log)}")
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
    finally:
        left = stop_tree(proc)
        reader.join(timeout=10)         # the pipe ends once every process that held it has
        if proc.stderr is not None:
            proc.stderr.close()
    if left:
        raise CheckFailed(f"{command[0]} --server: processes still running after the server was stopped: {left}")
    return port


def stop_tree(proc: subprocess.Popen) -> list[str]:
    """Stop ``proc`` and every process it started; the ones still running afterwards (none, normally).

    SIGTERM first: the server closes its tables and exits (on Linux and macOS a one-file app's bootloader passes
    the signal to the app it runs). On Windows terminating a one-file app ends only its bootloader: the app runs
    in a child process, which a job object should end with it but, where that does not happen (Wine 8), would go
    on serving. So the children found before the stop are ended too, then checked."""
    try:
        family = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        family = []
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    _, alive = psutil.wait_procs(family, timeout=5)
    for way in ("terminate", "kill"):
        for child in alive:
            with contextlib.suppress(psutil.Error):
                getattr(child, way)()
        _, alive = psutil.wait_procs(alive, timeout=10)
    return [f"{child.pid}" for child in alive]


def first_frame(command: list[str]) -> tuple[float, float]:
    """(ms from launch to the first frame, ms from main() to it) for one ``--frames 1`` run."""
    with tempfile.TemporaryDirectory() as data:
        launched = time.time()
        done = subprocess.run([*command, "--frames", "1", "--windowed", "1280x720", "-v", "--data-dir", data],
                              env={**os.environ, **HEADLESS}, capture_output=True, timeout=120, **TEXT)
    found = FIRST_FRAME.search(done.stderr or "")
    if done.returncode != 0 or found is None:
        raise CheckFailed(f"{command[0]} --frames 1 exited {done.returncode} without a first frame:\n{done.stderr}")
    shown = datetime.strptime(found.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
    return (shown - launched) * 1000, float(found.group(2))


def timings(commands: dict[str, list[str]], runs: int) -> dict[str, str]:
    """Start-up of each command ``runs`` times, interleaved so that a busy machine slows all of them alike."""
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            results[name].append(first_frame(command))
    out = {}
    for name, got in results.items():
        launch = statistics.median(r[0] for r in got)
        spread = ", ".join(f"{r[0]:.0f}" for r in got)
        out[name] = (f"launch to first frame median {launch:4.0f} ms (runs: {spread}; "
                     f"main() to first frame median {statistics.median(r[1] for r in got):.0f} ms)")
    return out


def shown_path(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def unpacked_paths(path: Path) -> tuple[Path, Path, bool]:
    """(the bundle, its executable, one-file?) of an unpacked app: a ``TaLa`` folder, ``TaLa.app`` or one file."""
    if path.suffix == ".app":
        return path, path / "Contents" / "MacOS" / "TaLa", False
    if path.is_file():
        return path, path, True
    return path, path / ("TaLa.exe" if (path / "TaLa.exe").is_file() else "TaLa"), False


def check_plays_and_serves(bundle: Path, exe: Path, onefile: bool, compiled: bool | None = None) -> None:
    """The selftest, then the LAN server from the app (``--server``) and, one folder, from ``TaLa-server``."""
    print(f"selftest ({shown_path(exe)}): {check_selftest(exe, compiled)}", flush=True)
    servers = [[str(exe), "--server"]]
    if not onefile:
        servers.append([str(exe.with_name(exe.name.replace("TaLa", "TaLa-server", 1)))])
    for command in servers:
        port = check_server(command)
        shown = " ".join([Path(command[0]).name, *command[1:]])
        print(f"server: {shown} listened on 127.0.0.1:{port}, stopped", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--onefile", action="store_true", help="the one-file variant dist/TaLa-onefile")
    ap.add_argument("--no-build", action="store_true", help="check the bundle already in dist/ without building")
    ap.add_argument("--runs", type=int, default=5,
                    help="start-up timing runs for the bundle and from source (0: no timing)")
    ap.add_argument("--python-only", action="store_true",
                    help="do not compile the search modules: the bundle ships them as Python")
    ap.add_argument("--bundle", type=Path, metavar="PATH", default=argparse.SUPPRESS,
                    help="check this app unpacked from its zip (a TaLa folder, TaLa.app or the one-file "
                         "executable) instead of building; no start-up timing")
    args = ap.parse_args(argv)
    if getattr(args, "bundle", None) is not None:
        return check_unpacked(args.bundle.resolve())
    bundle, exe = bundle_paths(args.onefile)
    compiled: bool | None = None  # unknown with --no-build: the selftest is not asked about it
    try:
        if not args.no_build:
            had = bool(compile_hot.compiled_files())
            compiled = False if args.python_only else compile_for_bundle()
            if args.python_only:
                compile_hot.clean()
            try:
                print(f"build: {build(args.onefile):.1f} s", flush=True)
            finally:
                if not had:
                    compile_hot.clean()  # the source tree runs as Python again
        if not exe.is_file():
            raise CheckFailed(f"no executable at {exe}")
        print(f"bundle: {shown_path(bundle)} {size_of(bundle) / 1e6:.1f} MB "
              f"({size_of(bundle) / 2**20:.1f} MiB)", flush=True)
        if not args.onefile:
            print(f"licences: {check_licences(bundle)}", flush=True)
        before = snapshot(bundle)
        check_plays_and_serves(bundle, exe, args.onefile, compiled)
        mac_app = app_bundle_paths(args.onefile)
        if mac_app is not None:
            if not mac_app[1].is_file():
                raise CheckFailed(f"no executable at {mac_app[1]}")
            before_app = snapshot(mac_app[0])
            check_plays_and_serves(*mac_app, args.onefile, compiled)
        if args.runs > 0:
            measured = timings({"bundle": [str(exe)], "source": [sys.executable, "-m", "tala_desktop"]}, args.runs)
            for name, line in measured.items():
                print(f"start-up, {name}: {line}", flush=True)
        check_untouched(bundle, before)
        if mac_app is not None:
            check_untouched(mac_app[0], before_app)
        print("bundle: no file inside it was written or changed")
    except CheckFailed as exc:
        print(f"build_app FAILED: {exc}", file=sys.stderr)
        return 1
    print("build_app ok")
    return 0


def check_unpacked(path: Path) -> int:
    """The selftest, the LAN servers and the untouched check on an app unpacked the way a player unpacks it."""
    try:
        bundle, exe, onefile = unpacked_paths(path)
        if not exe.is_file():
            raise CheckFailed(f"no executable at {exe}")
        before = snapshot(bundle)
        check_plays_and_serves(bundle, exe, onefile)
        check_untouched(bundle, before)
        print(f"bundle: {shown_path(bundle)}: no file inside it was written or changed")
    except CheckFailed as exc:
        print(f"build_app FAILED: {exc}", file=sys.stderr)
        return 1
    print("build_app ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
