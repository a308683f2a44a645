"""The steps of the Windows check: each one a function of the ``Check`` it runs in, timed by the caller.

A step raises ``WineError`` (or ``FetchFailed``) with what failed; nothing is retried and no project failure is
turned into a pass. Wine 8.0's own limits are each handled where they bite and named there.
"""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import fetch
from .wine import WineEnv, WineError, windows_path

APT_PACKAGES = ["wine", "wine64", "xvfb", "xdotool", "imagemagick", "unzip", "iproute2", "nsis"]
APT_COMMANDS = ["wine", "wineserver", "Xvfb", "xdotool", "import", "unzip", "ip", "makensis"]
# Wine 8.0's msvcrt ``_locking`` fails without setting errno, so the data folder's lock cannot be taken under
# Wine: these tests need a real Windows (the release workflow's windows-latest leg runs them).
WINE_LOCKING = "Wine 8.0's msvcrt _locking fails without setting errno: the folder lock needs a real Windows"
WINE_DESELECTED = {f"tests/{test}": WINE_LOCKING for test in (
    "store/test_folder_lock.py::test_another_process_is_refused_while_held_and_let_in_after_release",
    "store/test_folder_lock.py::test_holds_in_one_process_are_shared_until_the_last_release",
    "store/test_folder_lock.py::test_a_locked_byte_is_locked_against_every_other_handle_as_on_windows[real]",
    "store/test_folder_lock.py::test_a_store_holds_its_folder_so_a_store_in_another_process_is_refused",
    "ui/shell/test_app_cli.py::test_a_selftest_on_a_folder_an_open_app_holds_changes_nothing",
)}
# Every module with a platform branch, by its tests: the store (the folder lock, paths), the platform tests,
# the crash log, the app's command line and console, LAN discovery and its page's wording, the bot runner's
# processes, the packaging, the artifact checker and build_app.py's checks (tests/test_ci.py keeps every test
# file that branches on the platform in here).
SUBSET = ["tests/store", "tests/test_platforms.py", "tests/test_platform_scans.py", "tests/test_crash_log.py",
          "tests/ui/shell/test_app_cli.py", "tests/net/test_discovery.py", "tests/net/test_discovery_networks.py",
          "tests/ui/lan/test_lan_nothing_found.py", "tests/net/test_cli.py", "tests/bots/test_runner.py",
          "tests/bots/test_orphans.py", "tests/test_packaging.py", "tests/test_artifacts.py",
          "tests/test_build_app.py"]


@dataclass
class Check:
    """One run: the source copy, the cache, the Wine environment, what was found on the way."""

    repo: Path
    cache: Path
    wine: WineEnv
    echo: Callable[[str], None] = print
    found: dict[str, str] = field(default_factory=dict)

    @property
    def src(self) -> Path:
        return self.wine.work / "src"

    @property
    def logs(self) -> Path:
        return self.wine.work / "logs"


def ensure_packages(check: Check) -> None:
    """Wine (64-bit only), Xvfb, xdotool, ImageMagick, unzip, iproute2 and NSIS from Debian's packages when
    missing."""
    missing = [c for c in APT_COMMANDS if shutil.which(c) is None]
    if missing:
        check.echo(f"installing {' '.join(APT_PACKAGES)} (missing: {' '.join(missing)})")
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *APT_PACKAGES], check=True,
                       env={"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"},
                       stdout=subprocess.DEVNULL)
    version = subprocess.run(["wine", "--version"], capture_output=True, text=True).stdout.strip()
    check.found["wine"] = version


def copy_source(check: Check) -> None:
    """The checkout's files (tracked, and new ones git does not ignore) copied to a clean tree: nothing built
    there before (build/, dist/) is seen, and nothing built here lands in the checkout."""
    for old in (check.src, check.logs, check.wine.work / "shots"):
        if old.exists():
            shutil.rmtree(old)
    check.logs.mkdir(parents=True)
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=check.repo,
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = check.repo / name
        if source.is_file():
            target = check.src / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def downloads(check: Check) -> None:
    check.found["python_zip"] = str(fetch.python_zip(check.cache))
    check.found["requirements"] = "\n".join(fetch.windows_wheels(check.src, check.cache, check.wine.work / "wheels"))
    check.echo(f"the artifact tests' binaries: {fetch.artifact_fixtures(check.src, check.cache)}")
    size = sum(p.stat().st_size for p in (check.cache / "wheels").glob("*.whl"))
    check.echo(f"wheels: {size / 2**20:.0f} MiB in {check.cache / 'wheels'}")


def prefix(check: Check) -> None:
    """The namespace, the screen and a fresh Windows 10 prefix with Windows' Python and pip."""
    wine = check.wine
    wine.open_namespace()
    wine.start_screen()
    wine.create_prefix(Path(check.found["python_zip"]))
    with zipfile.ZipFile(fetch.pip_wheel(check.cache)) as z:
        z.extractall(wine.python_home / "Lib" / "site-packages")
    done = wine.check(wine.python(["-c", "import sys, platform; print(sys.version, platform.platform())"],
                                  timeout=120), "Windows' Python")
    check.echo(f"Windows' Python: {done.output.strip()}")


def reuse_prefix(check: Check) -> None:
    """The namespace and the screen for the prefix an earlier run made and installed (``--reuse``)."""
    if not (check.wine.python_home / "python.exe").is_file():
        raise WineError(f"no prefix with Windows' Python in {check.wine.prefix}: run once without --reuse")
    check.echo(f"the artifact tests' binaries: {fetch.artifact_fixtures(check.src, check.cache)}")
    check.wine.open_namespace()
    check.wine.start_screen()


def install(check: Check) -> None:
    """The project with its test, build and bench extras, installed by pip under Wine from the local wheels."""
    wine = check.wine
    links = ["--find-links", windows_path(check.cache / "wheels"), "--find-links",
             windows_path(wine.work / "wheels")]
    requirements = check.found["requirements"].split("\n")
    # --no-compile: byte-compiling every installed module under Wine doubles the install's time; Python writes
    # the few the tests import as they are first imported
    wine.check(wine.python(["-m", "pip", "install", "--quiet", "--no-index", "--no-compile",
                            "--no-warn-script-location", *links,
                            *requirements, f"tala-desktop[{','.join(fetch.EXTRAS)}]"],
                           timeout=900, log=check.logs / "pip.log"), "pip install under Wine")
    done = wine.check(wine.python(["-c", "import pygame, msgspec, websockets, platformdirs, ifaddr, numpy, psutil, "
                                   "PyInstaller, tala_desktop; print(pygame.version.ver, PyInstaller.__version__)"],
                                  timeout=120, cwd=check.src), "the installed packages")
    check.echo(f"imports ok under Wine: pygame-ce, PyInstaller {done.output.strip().splitlines()[-1]}")


def pytest_args(paths: list[str], junit: Path, workers: int) -> list[str]:
    """pytest's command line under Wine: the paths, each Wine-limited test deselected (the reasons are printed
    by the caller), a JUnit report (under Wine pytest's closing line can be lost at exit)."""
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(workers), "-rfE", "--durations=15", "--junitxml",
            windows_path(junit), *paths]
    for test in WINE_DESELECTED:
        args += ["--deselect", test]
    return args


def run_tests(check: Check, paths: list[str], name: str, timeout: float, workers: int = 2) -> dict[str, int]:
    """pytest under Windows' Python; the counts from its JUnit report. Raises WineError on any failure."""
    for test, reason in WINE_DESELECTED.items():
        check.echo(f"deselected under Wine: {test} ({reason})")
    junit = check.logs / f"{name}.xml"
    junit.unlink(missing_ok=True)
    done = check.wine.python(["-u", *pytest_args(paths, junit, workers)], cwd=check.src, timeout=timeout,
                             log=check.logs / f"{name}.log",
                             show=lambda line: line.startswith(("FAILED", "ERROR")) or " passed" in line)
    counts = junit_counts(junit)
    check.found[name] = (f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped "
                         f"in {done.seconds:.0f} s")
    if done.returncode is None:
        raise WineError(f"{name}: pytest did not finish in {timeout:.0f} s ({check.found[name]} so far)")
    if counts["failed"] or counts["tests"] == 0 or done.returncode != 0:
        raise WineError(f"{name}: {check.found[name]}, pytest exited {done.returncode} "
                        f"(log: {check.logs / f'{name}.log'})")
    return counts


def junit_counts(path: Path) -> dict[str, int]:
    """tests, passed, failed (failures and errors) and skipped of a JUnit report; all 0 without one."""
    import xml.etree.ElementTree as ET

    counts = {"tests": 0, "passed": 0, "failed": 0, "skipped": 0}
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return counts
    for suite in [root] if root.tag == "testsuite" else root.findall("testsuite"):
        tests, failed = int(suite.get("tests", 0)), int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skipped = int(suite.get("skipped", 0))
        counts["tests"] += tests
        counts["failed"] += failed
        counts["skipped"] += skipped
        counts["passed"] += tests - failed - skipped
    return counts
