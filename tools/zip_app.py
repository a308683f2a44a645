"""Zip the built app for download: the folder (or macOS .app, or one file) that a player unpacks and starts.

    python tools/zip_app.py [--onefile] [--out dist]

After ``pyinstaller build.spec`` (or ``tools/build_app.py``) this writes
``dist/TaLa-VERSION-PLATFORM-MACHINE.zip`` (``-onefile`` added for the one-file
variant) holding what the README says to ship: ``TaLa/`` on Windows and Linux,
``TaLa.app`` on macOS, or the single ``TaLa-onefile`` executable (Windows and
Linux only: macOS ships the ``.app``, never a bare executable). File modes
(the executable bits) and symbolic links are kept, so the unpacked app starts
as built; on macOS the archive is made by ``ditto``, which also keeps the
bundle's extended attributes and code signature intact.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLATFORM_NAMES = {"win32": "windows", "darwin": "macos"}


def version() -> str:
    text = (ROOT / "tala_desktop" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'__version__ = "([^"]+)"', text)
    if found is None:
        raise SystemExit("zip_app: no __version__ in tala_desktop/__init__.py")
    return found.group(1)


def shipped(dist: Path, onefile: bool, system: str = sys.platform) -> Path:
    """The folder, .app or file that is shipped on ``system`` (a ``sys.platform`` value)."""
    if onefile:
        return dist / ("TaLa-onefile.exe" if system == "win32" else "TaLa-onefile")
    return dist / ("TaLa.app" if system == "darwin" else "TaLa")


def archive_name(onefile: bool, system: str = sys.platform, machine: str | None = None) -> str:
    """``TaLa-0.1.0-windows-x86_64.zip`` and the like."""
    arch = (machine or platform.machine() or "unknown").lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    kind = "-onefile" if onefile else ""
    name = PLATFORM_NAMES.get(system, "linux" if system.startswith("linux") else system)
    return f"TaLa-{version()}-{name}-{arch}{kind}.zip"


def zip_tree(source: Path, target: Path) -> int:
    """Write ``source`` (a file or a folder, under its own name) to the zip ``target``; returns the entry count.

    Symbolic links are stored as links (their target as the content, ``S_IFLNK`` in the mode), not followed.
    """
    entries = 0
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        if source.is_file() and not source.is_symlink():
            zf.write(source, source.name)
            return 1
        zf.write(source, source.name)  # the top folder's own entry, with its mode
        entries += 1
        for folder, dirs, files in os.walk(source, followlinks=False):
            dirs.sort()
            here = Path(folder)
            for name in [*dirs, *sorted(files)]:
                path = here / name
                arcname = path.relative_to(source.parent).as_posix()
                if path.is_symlink():
                    info = zipfile.ZipInfo(arcname)
                    info.create_system = 3  # Unix: the mode bits below are read by unzip, ditto and Python
                    info.external_attr = (stat.S_IFLNK | 0o777) << 16
                    zf.writestr(info, os.readlink(path))
                else:
                    zf.write(path, arcname)
                entries += 1
    return entries


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--onefile", action="store_true", help="zip the one-file variant instead of the one-folder app")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="the folder PyInstaller built into")
    ap.add_argument("--out", type=Path, default=ROOT / "dist", help="where the zip is written")
    args = ap.parse_args(argv)
    if args.onefile and sys.platform == "darwin":
        print("zip_app: macOS ships TaLa.app only (a one-file executable would open a Terminal window)",
              file=sys.stderr)
        return 1
    source = shipped(args.dist, args.onefile)
    if not source.exists():
        print(f"zip_app: {source} not found; build it first (python tools/build_app.py"
              f"{' --onefile' if args.onefile else ''})", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / archive_name(args.onefile)
    target.unlink(missing_ok=True)
    if sys.platform == "darwin" and source.is_dir():
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(source), str(target)], check=True)
    else:
        zip_tree(source, target)
    print(f"zip_app: {target} ({target.stat().st_size / 1e6:.1f} MB) from {source.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
