"""Build the Windows installer: the one-folder app (dist/TaLa) packed by NSIS into one setup program.

    python tools/build_installer.py [--bundle dist/TaLa] [--out dist]

Writes ``dist/TaLa-VERSION-windows-x86_64-setup.exe`` from ``tools/windows_installer.nsi`` (what the installer
does is written at its top: a per-user install under ``%LOCALAPPDATA%\\Programs\\TaLa`` with no administrator
prompt, Vietnamese and English pages, Start-menu and desktop shortcuts, an Apps & features entry and an
uninstaller that keeps the player's data unless they tick to remove it). ``makensis`` (NSIS 3 with its
amd64-unicode stubs, as Debian and Ubuntu's ``nsis`` package has it) runs on Linux too, so the installer is made
from the Windows build wherever that is unpacked: the release job builds it from the Windows zip on a Linux
runner. The bundle must be the Windows build (``TaLa.exe`` at its top). ``tools/check_installer.py`` installs,
starts and uninstalls the result (under Wine, or on Windows).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, also when loaded by path

import zip_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "windows_installer.nsi"
ICON = ROOT / "assets" / "icon.ico"
SIDE_PICTURE = ROOT / "tools" / "windows_installer_side.bmp"
LICENCE = ROOT / "assets" / "licenses" / "TaLa-Desktop.txt"
MISSING_MAKENSIS = ("makensis (NSIS 3) not found: install it (Debian, Ubuntu: sudo apt install nsis), or name it "
                    "with --makensis")


class InstallerError(Exception):
    """Why the installer cannot be built: a message for the person who ran the build."""


def installer_name(version: str) -> str:
    """``TaLa-0.1.0-windows-x86_64-setup.exe``: the zip's name with ``-setup.exe`` (the app is 64-bit only)."""
    return f"TaLa-{version}-windows-x86_64-setup.exe"


def four_numbers(version: str) -> str:
    """The version as Windows' version resources want it: ``0.1.0`` -> ``0.1.0.0``."""
    nums = [int(n) for n in re.findall(r"\d+", version)][:4]
    return ".".join(str(n) for n in (*nums, 0, 0, 0, 0)[:4])


def bundle_problem(bundle: Path) -> str | None:
    """Why ``bundle`` is not a Windows one-folder app, or None."""
    if not bundle.is_dir():
        return f"{bundle} not found: build the Windows app first (python tools/build_app.py, on Windows) or unpack " \
               f"its zip, and name the TaLa folder with --bundle"
    if not (bundle / "TaLa.exe").is_file():
        found = sorted(p.name for p in bundle.iterdir())[:6]
        return f"{bundle} holds no TaLa.exe (found {found}): the installer is made from the Windows build only"
    return None


def size_kb(bundle: Path) -> int:
    """The installed size Apps & features shows, in KiB (rounded up)."""
    total = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    return -(-total // 1024)


def removal_macro(bundle: Path) -> str:
    """The NSIS macro that deletes what the bundle puts at the top of the install folder (files, whole folders)."""
    lines = ["; written by tools/build_installer.py from the bundle's top level", "!macro REMOVE_APP_FILES DIR"]
    for path in sorted(bundle.iterdir()):
        if path.is_dir() and not path.is_symlink():
            lines.append(f'  RMDir /r "${{DIR}}\\{path.name}"')
        else:
            lines.append(f'  Delete "${{DIR}}\\{path.name}"')
    lines.append("!macroend")
    return "\n".join(lines) + "\n"


def makensis_args(makensis: str, bundle: Path, target: Path, work: Path, version: str) -> list[str]:
    """The makensis command line; writes the files it includes (licence copy, removal macro) into ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    licence = work / "LICENSE.txt"
    # NSIS reads a licence text without a byte-order mark in the ANSI code page: "Tá Lả" would come out garbled
    text = LICENCE.read_text(encoding="utf-8").replace("\r\n", "\n").replace("\n", "\r\n")
    licence.write_text(text, encoding="utf-8-sig", newline="")
    app_files = work / "app_files.nsh"
    app_files.write_text(removal_macro(bundle), encoding="utf-8")
    defines = {
        "VERSION": version, "VI_VERSION": four_numbers(version), "BUNDLE": bundle.resolve(),
        "OUTFILE": target.resolve(), "ICON": ICON, "SIDE_PICTURE": SIDE_PICTURE, "LICENSE": licence.resolve(),
        "SIZE_KB": size_kb(bundle), "APP_FILES": app_files.resolve(),
    }
    return [makensis, "-V2", "-INPUTCHARSET", "UTF8", *(f"-D{k}={v}" for k, v in defines.items()), str(SCRIPT)]


def build(bundle: Path, out: Path, makensis: str = "makensis", work: Path | None = None) -> Path:
    """Build the setup program from ``bundle`` into ``out``; returns its path. Raises InstallerError."""
    problem = bundle_problem(bundle)
    if problem:
        raise InstallerError(problem)
    found = shutil.which(makensis)
    if found is None:
        raise InstallerError(MISSING_MAKENSIS if makensis == "makensis" else f"{makensis}: no such program")
    out.mkdir(parents=True, exist_ok=True)
    target = out / installer_name(zip_app.version())
    target.unlink(missing_ok=True)
    args = makensis_args(found, bundle, target, work or ROOT / "build" / "installer", zip_app.version())
    done = subprocess.run(args, capture_output=True, text=True, encoding="utf-8", errors="replace")
    if done.returncode != 0 or not target.is_file():
        raise InstallerError(f"makensis failed (exit {done.returncode}):\n{(done.stdout + done.stderr).strip()}")
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--bundle", type=Path, default=ROOT / "dist" / "TaLa",
                    help="the Windows one-folder app (TaLa.exe and _internal inside)")
    ap.add_argument("--out", type=Path, default=ROOT / "dist", help="where the setup program is written")
    ap.add_argument("--makensis", default="makensis", help="the makensis program to run (a name on PATH or a path)")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    try:
        target = build(args.bundle, args.out, args.makensis)
    except InstallerError as exc:
        print(f"build_installer: {exc}", file=sys.stderr)
        return 1
    print(f"build_installer: {target} ({target.stat().st_size / 1e6:.1f} MB from {size_kb(args.bundle) / 1024:.1f} "
          f"MB) in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
