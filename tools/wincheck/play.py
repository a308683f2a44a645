"""The unpacked Windows app played by clicks in a real window (Xvfb), its data folder and log checked.

The clicks come from ``wincheck.plan``: the same game walked headless on Linux with the project's code, each
click at the window position of what is drawn there. ``TaLa.exe`` from the unpacked one-folder zip starts with
the same seed on the default data folder, ``%LOCALAPPDATA%\\TaLaDesktop``; each click is made with xdotool once
the game has reached the plan's position (read from the app's autosave, which it writes after every move) and its
animations have had time to end, and each move it makes must appear in the autosave as the plan played it. The
player leaves the table mid-game (the dialog says what it costs) and quits from the menu; the app must exit 0,
its log must say it ran packaged on win32 with no error, and the data folder's store (read with the project's
code) must hold the one game left, paid from the wallet. Screenshots go to the work folder's shots/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from .steps import Check
from .wine import WineEnv, WineError, end_processes

SEED = 3
HARD_SAMPLES = 40
SIZE = "1280x720"
SETTLE = 1.5          # seconds after the game reached a position, beside the animations' own time
SLOWER = 2.0          # the animations' time under Wine over their game time in the headless walk
WAIT = 90.0           # seconds the game may take to reach a position (bots think, Wine starts processes)


def play(check: Check) -> None:
    wine, src = check.wine, check.src
    exe = next((src / "build" / "unpacked").glob("TaLa-*-windows-x86_64/TaLa/TaLa.exe"), None)
    if exe is None:
        raise WineError("no unpacked TaLa/TaLa.exe under build/unpacked: the zips step runs first")
    clicks = _plan(check)
    data = wine.local_app_data / "TaLaDesktop"
    if data.exists():
        shutil.rmtree(data)
    shots = wine.work / "shots"
    shots.mkdir(exist_ok=True)
    log_path = check.logs / "tala-window.log"
    proc = subprocess.Popen(["ip", "netns", "exec", wine.netns, "wine", str(exe), "--windowed", SIZE, "--seed",
                             str(SEED), "--hard-samples", str(HARD_SAMPLES)], env=wine.env(), cwd=exe.parent,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    threading.Thread(target=_keep, args=(proc, log_path), daemon=True).start()
    try:
        # the first frame loads the sounds, which the log says (a player's app logs no start-up timings)
        _wait(lambda: "sounds ready" in _text(data / "logs" / "tala.log"), 120, "the app's first frame")
        window = _window(wine)
        _screenshot(wine, shots / "menu.png")
        for n, click in enumerate(clicks):
            _before(data, click)
            _click(wine, window, click["x"], click["y"])
            check.echo(f"clicked {click['label']!r} on {click['scene']} at {click['x']},{click['y']}")
            if click["moves"] is not None:
                _answered(data, click)
                _screenshot(wine, shots / f"move-{n:02d}.png")
        code = proc.wait(60)
    except subprocess.TimeoutExpired:
        _screenshot(wine, shots / "not-ended.png")
        raise WineError("TaLa.exe did not end within 60 s of Thoát") from None
    except WineError:
        _screenshot(wine, shots / "failed.png")
        raise
    finally:
        if proc.poll() is None:
            end_processes([proc.pid])
        wine.end_prefix_processes("TaLa.exe")
    if code != 0:
        raise WineError(f"TaLa.exe exited {code} (output: {log_path})")
    check.found["play"] = _check_data(check, data)
    check.echo(check.found["play"])


def _plan(check: Check) -> list[dict[str, Any]]:
    out = check.wine.work / "plan.json"
    env = {"PYTHONPATH": f"{check.src}:{check.src / 'tools'}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "wincheck.plan", str(out), "--seed", str(SEED), "--hard-samples",
                           str(HARD_SAMPLES), "--size", SIZE], cwd=check.src, env=env, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        raise WineError(f"the headless walk of the game failed:\n{done.stdout}{done.stderr}")
    clicks: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return clicks


def _keep(proc: subprocess.Popen[bytes], path: Path) -> None:
    assert proc.stdout is not None
    with path.open("wb") as out:
        for chunk in iter(proc.stdout.readline, b""):
            out.write(chunk)
            out.flush()


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _wait(done: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise WineError(f"waited {seconds:.0f} s for {what}")
        time.sleep(0.2)


def _window(wine: WineEnv) -> str:
    """The app's window on the virtual screen (its title is the game's name)."""
    found: list[str] = []

    def search() -> bool:
        done = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Tá Lả"],
                              env={"DISPLAY": wine.display}, capture_output=True, text=True)
        found[:] = done.stdout.split()
        return bool(found)

    _wait(search, 30, "the app's window")
    return found[-1]


def _click(wine: WineEnv, window: str, x: int, y: int) -> None:
    """Point at (x, y) of the window, then press: Wine takes a press only after it has seen the pointer there."""
    env = {"DISPLAY": wine.display}
    subprocess.run(["xdotool", "mousemove", "--window", window, str(x), str(y)], env=env, check=True,
                   capture_output=True)
    time.sleep(0.3)
    subprocess.run(["xdotool", "click", "1"], env=env, check=True, capture_output=True)


def _moves(data: Path) -> list[str] | None:
    """The moves of the game in the autosave (None: no game saved)."""
    try:
        saved = json.loads((data / "autosave.json").read_text(encoding="utf-8"))
        return list(saved["record"]["moves"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _played(data: Path) -> int | None:
    moves = _moves(data)
    return None if moves is None else len(moves)


def _before(data: Path, click: dict[str, Any]) -> None:
    """Wait until the game is where the plan clicked, then for its animations."""
    wanted = click["moves_before"]
    if wanted is not None:
        _wait(lambda: _played(data) == wanted, WAIT, f"{wanted} moves before {click['label']!r}")
    # the headless walk says how long the table took to take input (the deal, the cards landing); Wine's frames
    # come slower on a busy machine, and each frame advances the animations by at most 0.1 s
    time.sleep(SETTLE + SLOWER * click["settle"])


def _answered(data: Path, click: dict[str, Any]) -> None:
    wanted: list[str] = click["moves"]
    _wait(lambda: len(_moves(data) or []) >= len(wanted), 30, f"the move of {click['label']!r}")
    got = (_moves(data) or [])[:len(wanted)]
    if got != wanted:
        raise WineError(f"the game went otherwise than the plan after {click['label']!r}:\n"
                        f"  played {got}\n  planned {wanted}")


def _screenshot(wine: WineEnv, path: Path) -> None:
    subprocess.run(["import", "-window", "root", str(path)], env={"DISPLAY": wine.display}, capture_output=True,
                   timeout=30)


def _check_data(check: Check, data: Path) -> str:
    """The data folder where README says, its log and the store, read on Linux with the project's code."""
    log = _text(data / "logs" / "tala.log")
    first = log.splitlines()[0] if log else ""
    if "on win32" not in first or "(packaged)" not in first:
        raise WineError(f"the log's first line does not say a packaged app on win32: {first!r}")
    bad = [line for line in log.splitlines() if " ERROR " in line or " CRITICAL " in line or "Traceback" in line]
    if bad:
        raise WineError(f"the app's log has errors: {bad[:5]}")
    copy = check.wine.work / "data-copy"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(data, copy, ignore=shutil.ignore_patterns("*.lock", "logs"))
    code = ("import sys; from tala_desktop.store import STARTING_GRANT, Store\n"
            "with Store(sys.argv[1]) as s:\n"
            "    games, balance = s.list_games(), s.profile().balance\n"
            "    assert len(games) == 1, games\n"
            "    g = games[0]; net = g.nets[g.human_seat]\n"
            "    assert net < 0 and balance == STARTING_GRANT + net, (net, balance)\n"
            "    print(f'one game left mid-game, {net} chips, wallet {balance}')\n")
    done = subprocess.run([sys.executable, "-c", code, str(copy)], cwd=check.src, capture_output=True, text=True,
                          env={"PYTHONPATH": str(check.src), "PATH": "/usr/bin:/bin"}, timeout=120)
    if done.returncode != 0:
        raise WineError(f"the data folder's store is not as the game left it:\n{done.stdout}{done.stderr}")
    if (data / "autosave.json").exists():
        raise WineError("the autosave of the game left is still there")
    windows_name = "%LOCALAPPDATA%\\TaLaDesktop"
    return (f"{windows_name}: {sorted(p.name for p in data.iterdir())}; log: {first.split(' INFO ')[-1]}; "
            f"{done.stdout.strip()}")
