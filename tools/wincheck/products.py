"""The Windows products under Wine: both builds checked by tools/build_app.py, their zips read by
tools/check_artifacts.py, then unpacked as a player unpacks them and checked again."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from .steps import Check
from .wine import WineError, wine_processes_left

BUILD_SECONDS = 1200


def _shown(line: str) -> bool:
    """build_app.py's verdicts and findings, not PyInstaller's progress."""
    return not line.startswith(" ") and any(word in line for word in (
        "build:", "bundle:", "selftest", "server:", "start-up", "licences", "build_app", "Traceback", "Error"))


def build(check: Check, onefile: bool) -> None:
    """tools/build_app.py under Windows' Python with PYTHONUTF8=1 (the release workflow's setting); afterwards no
    process of the build's checks may be left running."""
    name = "build-onefile" if onefile else "build"
    args = ["tools/build_app.py", "--runs", "1", *(["--onefile"] if onefile else [])]
    done = check.wine.python(args, cwd=check.src, timeout=BUILD_SECONDS, log=check.logs / f"{name}.log",
                             extra_env={"PYTHONUTF8": "1"}, show=_shown)
    check.wine.check(done, f"tools/build_app.py {' '.join(args[1:])}")
    if "build_app ok" not in done.output:
        raise WineError(f"tools/build_app.py {' '.join(args[1:])} did not say 'build_app ok'")
    _nothing_left(check, name)


def _nothing_left(check: Check, what: str) -> None:
    left = [p for p in wine_processes_left(check.wine) if "TaLa" in p]
    if left:
        raise WineError(f"{what}: processes of the app still run after its checks: {left}")


def zips(check: Check) -> None:
    """zip_app.py (both variants), check_artifacts.py on the zips, then each zip unpacked with unzip and read
    again. The unpacked files are the built ones byte for byte and Windows keeps no mode bits or links that an
    unpacking could lose, so ``build_app.py --bundle`` is not run again here (the release workflow runs it on
    Windows after Expand-Archive); the play step starts the unpacked TaLa.exe."""
    wine, src = check.wine, check.src
    for extra in ([], ["--onefile"]):
        wine.check(wine.python(["tools/zip_app.py", *extra], cwd=src, timeout=300, log=check.logs / "zip.log"),
                   f"tools/zip_app.py {' '.join(extra)}")
    made = sorted((src / "dist").glob("TaLa-*-windows-*.zip"))
    if len(made) != 2:
        raise WineError(f"expected the two Windows zips in dist/, found {[p.name for p in made]}")
    rel = [str(p.relative_to(src)) for p in made]
    wine.check(wine.python(["tools/check_artifacts.py", *rel], cwd=src, timeout=300, log=check.logs / "zip.log",
                           show=lambda line: "FAIL" in line or "ok" in line.split()[-1:]), "check_artifacts.py")
    sizes = []
    for zipped in made:
        out = src / "build" / "unpacked" / zipped.stem
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run(["unzip", "-q", "-o", str(zipped), "-d", str(out)], check=True)
        wine.check(wine.python(["tools/check_artifacts.py", str(out.relative_to(src)), "--unpacked-from",
                                str(zipped.relative_to(src))], cwd=src, timeout=300, log=check.logs / "zip.log"),
                   f"check_artifacts.py on {out.name}")
        sizes.append(f"{zipped.name} {zipped.stat().st_size / 2**20:.1f} MiB, unpacked {_size(out) / 2**20:.1f} MiB")
    check.found["sizes"] = "; ".join(sizes)
    check.echo(check.found["sizes"])


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def installer(check: Check) -> None:
    """The setup program built from the one-folder app as a player unzips it (tools/build_installer.py: makensis
    runs on Linux), then installed silently, started from its shortcut, installed over and uninstalled in this
    prefix, inside its network namespace (tools/check_installer.py)."""
    src, wine = check.src, check.wine
    bundle = next((src / "build" / "unpacked").glob("TaLa-*-windows-x86_64/TaLa"), None)
    if bundle is None:
        raise WineError("no unpacked one-folder app under build/unpacked: the zips step runs first")
    _linux(check, ["tools/build_installer.py", "--bundle", str(bundle), "--out", str(src / "dist")], "installer")
    setup = next((src / "dist").glob("TaLa-*-windows-x86_64-setup.exe"), None)
    if setup is None:
        raise WineError("tools/build_installer.py wrote no dist/TaLa-*-windows-x86_64-setup.exe")
    _linux(check, ["tools/check_installer.py", str(setup), "--bundle", str(bundle), "--wine-prefix",
                   str(wine.prefix), "--netns", wine.netns, "--display", wine.display, "--screenshot",
                   str(wine.work / "shots" / "installed-first-start.png")], "installer")
    _nothing_left(check, "tools/check_installer.py")
    check.found["sizes"] = f"{check.found.get('sizes', '')}; {setup.name} {setup.stat().st_size / 2**20:.1f} MiB"


def _linux(check: Check, args: list[str], name: str, timeout: float = 1200) -> None:
    """A tool of the project run by this (Linux) Python in the source copy; its output into logs/NAME.log, its
    verdicts and failures to the console."""
    started = time.monotonic()
    with (check.logs / f"{name}.log").open("a", encoding="utf-8") as log:
        proc = subprocess.Popen([sys.executable, *args], cwd=check.src, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        assert proc.stdout is not None
        for line in proc.stdout:
            log.write(line)
            if "FAIL" in line or not line.startswith(" "):
                check.echo(line.rstrip("\n"))
            if time.monotonic() - started > timeout:
                proc.kill()
        code = proc.wait()
    if code != 0:
        raise WineError(f"{args[0]} exited {code} (log: {check.logs / f'{name}.log'})")
