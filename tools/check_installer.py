"""Check the Windows installer as a player meets it: install, start, update and uninstall, under Wine or on Windows.

    python tools/check_installer.py dist/TaLa-0.1.0-windows-x86_64-setup.exe --bundle dist/TaLa \\
        --wine-prefix PREFIX --netns NAME --display :N          # under Wine, from Linux
    python tools/check_installer.py dist\\TaLa-0.1.0-windows-x86_64-setup.exe       # on Windows (a test account)

From Python: ``check_installer(setup, WindowsHost(Wine(prefix, netns, display)), bundle=...)`` returns a report
(``failed``, ``lines``, ``timings``). Under Wine every program runs in the named network namespace, which must
hold only loopback (tools/windows_host.py). The steps, each timed, each result a line as
tools/check_artifacts.py prints them:
1. a silent install (``/S``): every file of the bundle in ``%LOCALAPPDATA%\\Programs\\TaLa`` and the uninstaller,
   the Start-menu and desktop shortcuts (read: they start that TaLa.exe, in its folder, with its icon), the
   Apps & features entry (HKCU) with this version;
2. the first start, from the shortcut's target: a window for ``--frames N``; ``%LOCALAPPDATA%\\TaLaDesktop``
   appears with ``logs\\tala.log`` saying the packaged app drew its first frame; then ``--selftest`` plays a game;
3. while the game runs, a silent install and a silent uninstall stop with exit code 2 and change nothing;
4. a silent install over it: a file an older version left in ``_internal`` is gone, the player's data unchanged;
5. a silent uninstall (the entry's QuietUninstallString): no file of the app left (its folder, the shortcuts,
   the entry), the data folder kept as it was;
6. installed again, ``uninstall.exe /S /REMOVEDATA=1`` removes the data folder too.
It refuses a machine where the game is installed already; a data folder there is moved aside and put back.
Exits 1 if any check fails.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/ itself, also when loaded by path

import zip_app  # noqa: E402
from check_artifacts import Report  # noqa: E402
from windows_host import WindowsHost, add_wine_options, host_from, read_shortcut, same_path  # noqa: E402

ENTRY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\TaLaDesktop"
SHORTCUT = "Tá Lả.lnk"
APP_NAME = "Tá Lả Desktop"
EXIT_APP_RUNNING = 2
STALE = ("_internal", "left-by-an-older-version.txt")
SETUP_NAME = re.compile(r"^TaLa-(?P<version>[^-]+)-windows-[A-Za-z0-9_]+-setup\.exe$")


@dataclass
class InstallerReport(Report):
    """The check's lines and each step's wall time in seconds."""

    timings: dict[str, float] = field(default_factory=dict)
    echo: bool = False
    _shown: int = 0

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        self.lines.append(f"-- {name}")
        try:
            yield
        finally:
            self.timings[name] = time.perf_counter() - started
            self.note(f"{name}: {self.timings[name]:.1f} s")
            self.show()

    def show(self) -> None:
        if self.echo:
            print("\n".join(self.lines[self._shown:]), flush=True)
        self._shown = len(self.lines)


@dataclass(frozen=True)
class Places:
    """Where the installer puts things for this user (Windows paths)."""

    install: str
    data: str
    shortcuts: tuple[str, str]

    @property
    def exe(self) -> str:
        return self.install + "\\TaLa.exe"


def places(host: WindowsHost) -> Places:
    local = host.shell_folder("Local AppData")
    return Places(install=local + r"\Programs\TaLa", data=local + r"\TaLaDesktop",
                  shortcuts=(host.shell_folder("Programs") + "\\" + SHORTCUT, host.shell_folder("Desktop") + "\\"
                             + SHORTCUT))


def files_of(folder: Path) -> dict[str, int]:
    """Every file under ``folder``: its path inside (with /) and size; empty if there is no folder."""
    return {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and a hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def setup_version(setup: Path) -> str:
    found = SETUP_NAME.match(setup.name)
    return found.group("version") if found else zip_app.version()


def check_installed(report: Report, host: WindowsHost, at: Places, version: str, bundle: Path | None) -> None:
    """The app's files, its two shortcuts and its Apps & features entry, as the installer promises them."""
    folder = host.host_path(at.install)
    installed = files_of(folder)
    if bundle is not None:
        wanted = {**files_of(bundle), "uninstall.exe": installed.get("uninstall.exe", -1)}
        wrong = sorted(k for k in wanted.keys() | installed.keys() if wanted.get(k) != installed.get(k))
        report.check(not wrong and installed["uninstall.exe"] > 0,
                     f"{at.install}: the bundle's {len(wanted) - 1} files and uninstall.exe, nothing else",
                     f"{at.install}: files missing, extra or of another size: {wrong[:6]}")
    else:
        needed = ["TaLa.exe", "uninstall.exe"]
        report.check(all(n in installed for n in needed) and (folder / "_internal").is_dir(),
                     f"{at.install}: TaLa.exe, _internal, uninstall.exe",
                     f"{at.install}: holds {sorted(installed)[:6]}")
    for lnk in at.shortcuts:
        path = host.host_path(lnk)
        if not path.is_file():
            report.fail(f"{lnk}: no shortcut")
            continue
        try:
            link = read_shortcut(path)
        except ValueError as exc:
            report.fail(str(exc))
            continue
        good = (same_path(link.target, at.exe) and same_path(link.working_dir, at.install)
                and same_path(link.icon, at.exe) and link.icon_index == 0 and not link.arguments)
        report.check(good, f"{lnk}: starts {link.target} in its folder, with its icon",
                     f"{lnk}: starts {link.target!r} in {link.working_dir!r}, icon {link.icon!r},{link.icon_index}")
    entry = host.registry(ENTRY)
    if entry is None:
        report.fail(f"{ENTRY}: no Apps & features entry")
        return
    uninstaller = f'"{at.install}\\uninstall.exe"'
    size = entry.get("EstimatedSize")
    app_kb = (sum(installed.values()) - installed.get("uninstall.exe", 0)) / 1024
    problems = [f"{name} is {entry.get(name)!r}" for name, good in (
        ("DisplayName", entry.get("DisplayName") == APP_NAME),
        ("DisplayVersion", entry.get("DisplayVersion") == version),
        ("Publisher", bool(entry.get("Publisher"))),
        ("DisplayIcon", same_path(str(entry.get("DisplayIcon", "")).rsplit(",", 1)[0], at.exe)
         and str(entry.get("DisplayIcon")).endswith(",0")),
        ("InstallLocation", same_path(str(entry.get("InstallLocation", "")), at.install)),
        ("UninstallString", str(entry.get("UninstallString", "")).lower() == uninstaller.lower()),
        ("QuietUninstallString", str(entry.get("QuietUninstallString", "")).lower() == f"{uninstaller} /s".lower()),
        ("EstimatedSize", isinstance(size, int) and abs(size - app_kb) <= 1 + app_kb / 100),
        ("NoModify", entry.get("NoModify") == 1), ("NoRepair", entry.get("NoRepair") == 1)) if not good]
    report.check(not problems, f"Apps & features: {APP_NAME} {version}, {entry.get('Publisher')}, "
                               f"{size} KiB, its icon, its uninstaller (quiet too)",
                 f"Apps & features entry: {'; '.join(problems)}")


def check_gone(report: Report, host: WindowsHost, at: Places) -> None:
    left = [p for p in (at.install, *at.shortcuts) if host.host_path(p).exists()]
    report.check(not left, "no file of the app left: its folder and both shortcuts are gone", f"left behind: {left}")
    report.check(host.registry(ENTRY) is None, "the Apps & features entry is gone", f"{ENTRY} is still there")


def uninstall(host: WindowsHost, at: Places, *extra: str, timeout: float = 180) -> tuple[bool, int]:
    """Run the entry's QuietUninstallString (with ``extra``) as Windows would; wait for the work of the copy it
    starts from the temporary folder (%TEMP%\\~nsuN.tmp\\Un.exe). Returns (finished in time, the exit code)."""
    entry = host.registry(ENTRY) or {}
    found = re.match(r'^"([^"]+)"\s*(.*)$', str(entry.get("QuietUninstallString", "")))
    if found is None:
        return False, -1
    done = host.run(found.group(1), *found.group(2).split(), *extra, timeout=timeout)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (host.host_path(at.install).exists() or host.registry(ENTRY) is not None):
        time.sleep(0.5)
    left = host.wait_for_wine_processes("~nsu", timeout=max(1.0, deadline - time.monotonic()))
    return time.monotonic() < deadline and not left, done.returncode


def first_start(report: InstallerReport, host: WindowsHost, at: Places, version: str, frames: int,
                screenshot: Path | None) -> None:
    """Start the shortcut's target in a window; its data folder and log appear; it exits after ``frames``."""
    target = read_shortcut(host.host_path(at.shortcuts[0])).target
    log = host.host_path(at.data) / "logs" / "tala.log"
    started = time.perf_counter()
    proc = host.start(target, "--windowed", "1280x720", "--frames", str(frames))
    try:
        while proc.poll() is None and time.perf_counter() - started < 180:
            # the sounds load once the first frame is on screen, and the log says how long that took
            loaded = re.search(r"sounds ready in (\d+) ms", log.read_text(encoding="utf-8") if log.is_file() else "")
            if loaded:
                report.timings["first frame on screen"] = time.perf_counter() - started - int(loaded.group(1)) / 1000
                if screenshot is not None and host.wine is not None and shutil.which("import"):
                    subprocess.run(["import", "-display", host.wine.display, "-window", "root", str(screenshot)],
                                   check=False)
                break
            time.sleep(0.2)
        proc.wait(max(1.0, 240 - (time.perf_counter() - started)))
    except subprocess.TimeoutExpired:
        report.fail(f"{target} --frames {frames}: still running after 240 s")
    finally:
        host.stop(proc)
    text = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else ""
    own = re.search(r"first frame (\d+) ms after start", text)
    shown = report.timings.get("first frame on screen")
    report.check(proc.returncode == 0 and f"{APP_NAME} {version} on win32" in text and "(packaged)" in text
                 and own is not None and shown is not None,
                 f"{target}: on screen {shown or 0:.1f} s after the start ({own and own.group(1)} ms after Python "
                 f"started), exit 0 after {frames} frames; {at.data}\\logs\\tala.log written",
                 f"{target}: exit {proc.returncode}, the log {'says ' + repr(text[-300:]) if text else 'missing'}")


def while_running(report: Report, host: WindowsHost, at: Places, setup: Path) -> None:
    """A running game stops the installer and the uninstaller, silently with exit code 2, and nothing changes."""
    log = host.host_path(at.data) / "logs" / "tala.log"
    before = log.read_text(encoding="utf-8", errors="replace").count("(packaged)") if log.is_file() else 0
    exe = host.host_path(at.exe)
    stamp = exe.stat().st_mtime_ns
    proc = host.start(at.exe, "--windowed", "1280x720", "--frames", "100000")
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and \
                log.read_text(encoding="utf-8", errors="replace").count("(packaged)") == before:
            time.sleep(0.2)
        started = log.read_text(encoding="utf-8", errors="replace").count("(packaged)") > before
        ended = proc.poll() is not None
        if not report.check(not ended and started, "the game runs (its log says it started)",
                            f"the game {f'ended (exit {proc.returncode})' if ended else 'wrote no log line'}"):
            return
        code = host.run(str(setup.resolve()), "/S", timeout=120).returncode
        uninstall_code = host.run(at.install + "\\uninstall.exe", "/S", "_?=" + at.install, timeout=120).returncode
        intact = exe.stat().st_mtime_ns == stamp and host.registry(ENTRY) is not None and \
            host.host_path(at.install + "\\uninstall.exe").is_file()
        report.check(code == uninstall_code == EXIT_APP_RUNNING and intact,
                     f"while the game runs, the installer and the uninstaller stop (exit {EXIT_APP_RUNNING}), "
                     "changing nothing",
                     f"while the game runs: installer exit {code}, uninstaller exit {uninstall_code}, "
                     f"app {'intact' if intact else 'changed'}")
    finally:
        host.stop(proc)
        host.wait_for_wine_processes(at.exe, timeout=20)


def check_installer(setup: Path, host: WindowsHost, bundle: Path | None = None, frames: int = 150,
                    screenshot: Path | None = None, echo: bool = False) -> InstallerReport:
    """Install, start, update and uninstall ``setup`` on ``host``; every step's result and time in the report."""
    report = InstallerReport(str(setup), echo=echo)
    version = setup_version(setup)
    for problem in host.isolation_problems():
        report.fail(problem)
    if not setup.is_file():
        report.fail(f"{setup}: no such file")
    if report.failed:
        report.show()
        return report
    report.note(f"{setup.name}: {setup.stat().st_size / 1e6:.1f} MB")
    at = places(host)
    if host.registry(ENTRY) is not None:
        report.fail(f"{APP_NAME} is installed here already ({ENTRY}): this check installs and uninstalls it; "
                    "use a fresh Wine prefix or Windows account")
        report.show()
        return report
    changed = host.keep_desktop_inside()
    if changed:
        report.note(changed)
    data = host.host_path(at.data)
    aside = data.with_name(data.name + ".before-check-installer")
    if data.exists():
        data.rename(aside)
        report.note(f"{at.data} moved aside while the check runs")
    try:
        run_steps(report, host, at, setup, version, bundle, frames, screenshot)
    finally:
        if host.registry(ENTRY) is not None:
            uninstall(host, at, "/REMOVEDATA=1")
        shutil.rmtree(data, ignore_errors=True)
        if aside.exists():
            aside.rename(data)
        report.show()
    return report


def run_steps(report: InstallerReport, host: WindowsHost, at: Places, setup: Path, version: str,
              bundle: Path | None, frames: int, screenshot: Path | None) -> None:
    with report.step("silent install"):
        done = host.run(str(setup.resolve()), "/S", timeout=300)
        report.check(done.returncode == 0, "setup /S: exit 0", f"setup /S: exit {done.returncode} {done.output[-300:]}")
        check_installed(report, host, at, version, bundle)
    if report.failed:
        return
    with report.step("first start"):
        first_start(report, host, at, version, frames, screenshot)
    with report.step("selftest"):
        target = read_shortcut(host.host_path(at.shortcuts[1])).target
        done = host.run(target, "--selftest", timeout=600)
        report.check(done.returncode == 0, f"{target} --selftest: played a game, exit 0",
                     f"{target} --selftest: exit {done.returncode}{' (timed out)' if done.timed_out else ''}")
    with report.step("install while the game runs"):
        while_running(report, host, at, setup)
    kept = snapshot(host.host_path(at.data))
    report.check(bool(kept), f"{at.data}: {len(kept)} files of the player's", f"{at.data}: empty or missing")
    stale = host.host_path(at.install).joinpath(*STALE)
    stale.write_text("a file of an older version\n", encoding="utf-8")
    with report.step("install over it"):
        done = host.run(str(setup.resolve()), "/S", timeout=300)
        report.check(done.returncode == 0 and not stale.exists(),
                     f"setup /S over it: exit 0, the older version's {STALE[-1]} gone",
                     f"setup /S over it: exit {done.returncode}, {STALE[-1]} {'left' if stale.exists() else 'gone'}")
        check_installed(report, host, at, version, bundle)
        report.check(snapshot(host.host_path(at.data)) == kept, f"{at.data}: kept as it was",
                     f"{at.data}: changed by the install")
    with report.step("silent uninstall"):
        in_time, code = uninstall(host, at)
        report.check(in_time and code == 0, "QuietUninstallString: exit 0, done", f"uninstall: exit {code}, "
                     f"{'done' if in_time else 'not done in 180 s'}")
        check_gone(report, host, at)
        report.check(snapshot(host.host_path(at.data)) == kept, f"{at.data}: kept as it was",
                     f"{at.data}: changed or removed by the uninstall")
    with report.step("silent uninstall with /REMOVEDATA=1"):
        done = host.run(str(setup.resolve()), "/S", timeout=300)
        in_time, code = uninstall(host, at, "/REMOVEDATA=1")
        report.check(done.returncode == 0 and in_time and code == 0, "installed again, uninstalled with /REMOVEDATA=1",
                     f"install exit {done.returncode}, uninstall exit {code}, {'done' if in_time else 'not done'}")
        check_gone(report, host, at)
        report.check(not host.host_path(at.data).exists(), f"{at.data}: removed", f"{at.data}: still there")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("setup", type=Path, help="the setup program (tools/build_installer.py writes it to dist/)")
    ap.add_argument("--bundle", type=Path,
                    help="the one-folder app it was built from: every file is compared (default: not compared)")
    add_wine_options(ap)
    ap.add_argument("--frames", type=int, default=150, help="the first start quits after this many frames (default: "
                                                            "150)")
    ap.add_argument("--screenshot", type=Path, help="under Wine: save the screen of the first start here (PNG; "
                                                    "default: none)")
    args = ap.parse_args(argv)
    host = host_from(ap, args)
    try:
        report = check_installer(args.setup, host, args.bundle, args.frames, args.screenshot, echo=True)
    finally:
        host.close()
    times = ", ".join(f"{k} {v:.1f} s" for k, v in report.timings.items())
    print(f"check_installer {'FAILED' if report.failed else 'ok'}: {report.failed} failed; {times}")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
