"""Windows programs run from a script, under Wine or on Windows itself: command lines, paths, registry, shortcuts.

    python tools/windows_host.py "Tá Lả.lnk"                     # what a shortcut starts (any system)
    python tools/windows_host.py --key HKCU\\Software\\... --wine-prefix P --netns N --display :N

Under Wine every program runs inside a network namespace that holds only loopback (``ip netns exec NAME``; Wine's
sockets are made by wineserver, so a wineserver of the prefix must run inside it too or not yet run at all), with
winemenubuilder switched off (a shortcut made in the prefix makes no menu entry or desktop file on this machine)
and on the given X display. On Windows the same calls run the programs directly. Programs are ended by their
process id, never by name. Used by tools/check_installer.py.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

import LnkParse3

WINE_ENV = {"WINEDEBUG": "-all", "WINEDLLOVERRIDES": "winemenubuilder.exe=d"}
SHELL_FOLDERS = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Explorer\Shell Folders"
REG_VALUE = re.compile(r'^"((?:[^"\\]|\\.)*)"=(?:"((?:[^"\\]|\\.)*)"|dword:([0-9a-fA-F]{8})|(.*))$')


@dataclass(frozen=True)
class Wine:
    """A Wine prefix, the network namespace its programs run in (only loopback) and the X display they draw on."""

    prefix: Path
    netns: str
    display: str


@dataclass(frozen=True)
class Finished:
    """A program that ran to its end (or was ended at its time limit: ``timed_out``)."""

    returncode: int
    output: str
    seconds: float
    timed_out: bool = False


@dataclass(frozen=True)
class Shortcut:
    """What a .lnk file says: the program it starts, the folder it starts it in, its icon."""

    target: str
    working_dir: str
    arguments: str
    icon: str
    icon_index: int


def read_shortcut(path: Path) -> Shortcut:
    """Read a Windows shortcut (.lnk); raises ValueError if it is not one."""
    try:
        with open(path, "rb") as f:
            found = LnkParse3.lnk_file(f).get_json()
    except Exception as exc:  # LnkParse3 raises its own errors, and struct's, on a damaged file
        raise ValueError(f"{path.name}: not a readable shortcut ({type(exc).__name__}: {exc})") from exc
    info = found.get("link_info") or {}
    data = found.get("data") or {}
    target = info.get("local_base_path") or data.get("relative_path") or ""
    return Shortcut(target=target + (info.get("common_path_suffix") or ""),
                    working_dir=data.get("working_directory") or "", arguments=data.get("command_line_arguments") or "",
                    icon=data.get("icon_location") or "", icon_index=int(found["header"].get("icon_index") or 0))


def parse_reg(text: str) -> dict[str, str | int]:
    """The values of the first key of a ``reg export`` file: strings unescaped, DWORDs as numbers, others raw."""
    values: dict[str, str | int] = {}
    sections = 0
    for line in text.splitlines():
        if line.startswith("["):
            sections += 1
            if sections > 1:
                break
            continue
        m = REG_VALUE.match(line)
        if sections == 1 and m:
            name = re.sub(r"\\(.)", r"\1", m.group(1))
            if m.group(2) is not None:
                values[name] = re.sub(r"\\(.)", r"\1", m.group(2))
            elif m.group(3) is not None:
                values[name] = int(m.group(3), 16)
            else:
                values[name] = m.group(4)
    return values


def same_path(a: str, b: str) -> bool:
    """Two Windows paths name the same file (Windows ignores case and the slash's direction)."""
    return PureWindowsPath(a.lower()) == PureWindowsPath(b.lower())


class WindowsHost:
    """Runs Windows programs under Wine (``wine`` given) or, with None, on this Windows machine."""

    def __init__(self, wine: Wine | None = None) -> None:
        if wine is None and sys.platform != "win32":
            raise ValueError("not on Windows: name a Wine prefix, its network namespace and an X display")
        self.wine = wine
        self._temp = Path(tempfile.mkdtemp(prefix="tala-windows-host-"))

    # -- running programs ------------------------------------------------------------------------------------------

    def command(self, program: str, *args: str) -> list[str]:
        """The command line that runs ``program`` (a Windows path, or a path of this machine) with ``args``."""
        if self.wine is None:
            return [program, *args]
        return ["ip", "netns", "exec", self.wine.netns, "wine", program, *args]

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        if self.wine is not None:
            env.update(WINE_ENV, WINEPREFIX=str(self.wine.prefix), DISPLAY=self.wine.display)
        return env

    def start(self, program: str, *args: str) -> subprocess.Popen[bytes]:
        """Start a program and return at once (its output is dropped; end it with ``stop``)."""
        return subprocess.Popen(self.command(program, *args), env=self.env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def run(self, program: str, *args: str, timeout: float = 120) -> Finished:
        """Run a program to its end, its output read through a pipe (Wine's programs cannot write to a regular
        file). Under Wine the end is the program's exit, not the pipe's: Wine's services, started by the first
        program of a prefix, inherit the pipe and keep it open."""
        started = time.perf_counter()
        proc = subprocess.Popen(self.command(program, *args), env=self.env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert proc.stdout is not None
        if self.wine is None:
            try:
                out, _ = proc.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.stop(proc)
                out, _ = proc.communicate()
                return Finished(-1, out.decode("utf-8", "replace"), time.perf_counter() - started, timed_out=True)
            return Finished(proc.returncode, out.decode("utf-8", "replace"), time.perf_counter() - started)
        fd = proc.stdout.fileno()
        os.set_blocking(fd, False)
        chunks: list[bytes] = []
        timed_out = False
        while True:
            readable, _, _ = select.select([fd], [], [], 0.2)
            data = os.read(fd, 1 << 16) if readable else None
            if data:
                chunks.append(data)
            elif data == b"" or proc.poll() is not None:
                with contextlib.suppress(BlockingIOError):
                    while more := os.read(fd, 1 << 16):
                        chunks.append(more)
                break
            if time.perf_counter() - started > timeout:
                timed_out = True
                self.stop(proc)
                break
        proc.stdout.close()
        try:
            proc.wait(max(0.1, timeout - (time.perf_counter() - started)))
        except subprocess.TimeoutExpired:
            timed_out = True
            self.stop(proc)
        code = -1 if timed_out else proc.returncode
        return Finished(code, b"".join(chunks).decode("utf-8", "replace"), time.perf_counter() - started, timed_out)

    def stop(self, proc: subprocess.Popen[bytes], grace: float = 10) -> None:
        """End a program this host started, by its process id."""
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def wine_processes(self, name: str) -> list[int]:
        """The ids of this prefix's processes whose command line holds ``name`` (Wine only; [] on Windows)."""
        if self.wine is None:
            return []
        wanted = f"WINEPREFIX={self.wine.prefix}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            try:
                if wanted in (entry / "environ").read_bytes().split(b"\0") and \
                        name.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
        return found

    def wait_for_wine_processes(self, name: str, timeout: float) -> list[int]:
        """Wait until no process of the prefix holds ``name``; those left at ``timeout`` are ended by id."""
        deadline = time.monotonic() + timeout
        while (left := self.wine_processes(name)) and time.monotonic() < deadline:
            time.sleep(0.5)
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        return left

    # -- paths -----------------------------------------------------------------------------------------------------

    def host_path(self, windows_path: str) -> Path:
        """Where a Windows path is on this machine (under Wine: through the prefix's drive letters)."""
        if self.wine is None:
            return Path(windows_path)
        win = PureWindowsPath(windows_path)
        drive = self.wine.prefix / "dosdevices" / win.drive.lower()
        return Path(os.path.realpath(drive)).joinpath(*win.parts[1:])

    def windows_path(self, host_path: Path) -> str:
        """The Windows path of a file of this machine (under Wine: on drive Z:, Wine's whole file system)."""
        if self.wine is None:
            return str(host_path)
        return "Z:" + str(host_path.resolve()).replace("/", "\\")

    # -- the registry ----------------------------------------------------------------------------------------------

    def registry(self, key: str) -> dict[str, str | int] | None:
        """The values of a registry key (``HKCU\\...``) read with ``reg export``, or None if there is no such key."""
        out = self._temp / "export.reg"
        out.unlink(missing_ok=True)
        done = self.run("reg", "export", key, self.windows_path(out), "/y", timeout=60)
        if done.returncode != 0 or not out.is_file():
            return None
        return parse_reg(out.read_bytes().decode("utf-16"))

    def shell_folder(self, name: str) -> str:
        """A folder of the user's shell: ``Desktop``, ``Programs`` (the Start menu's), ``Local AppData``."""
        folders = self.registry(SHELL_FOLDERS) or {}
        value = folders.get(name)
        if not isinstance(value, str) or not value:
            raise RuntimeError(f"no {name!r} in {SHELL_FOLDERS}")
        return value

    # -- keeping Wine to itself ------------------------------------------------------------------------------------

    def isolation_problems(self) -> list[str]:
        """Why running here could reach outside: a namespace with more than loopback, a wineserver outside it."""
        if self.wine is None:
            return []
        links = subprocess.run(["ip", "netns", "exec", self.wine.netns, "ip", "-o", "link", "show"],
                               capture_output=True, text=True)
        if links.returncode != 0:
            return [f"no network namespace {self.wine.netns!r}: {links.stderr.strip()} "
                    f"(ip netns add {self.wine.netns} && ip netns exec {self.wine.netns} ip link set lo up)"]
        problems = []
        names = [line.split(":")[1].strip().split("@")[0] for line in links.stdout.splitlines() if ":" in line]
        if names != ["lo"]:
            problems.append(f"the namespace {self.wine.netns!r} holds {names}, not only loopback")
        netns_id = os.stat(f"/run/netns/{self.wine.netns}").st_ino
        for pid in self.wine_processes("wineserver"):
            try:
                inside = os.stat(f"/proc/{pid}/ns/net").st_ino == netns_id
            except OSError:
                continue
            if not inside:
                problems.append(f"wineserver {pid} of {self.wine.prefix} runs outside {self.wine.netns!r}: Wine's "
                                f"sockets would reach the network (end it: wineserver -k)")
        return problems

    def keep_desktop_inside(self) -> str | None:
        """Under Wine, make the prefix's Desktop a folder of its own if it links out of the prefix (Wine links it to
        the home folder): a shortcut put there would land in this machine's home. Returns what was changed."""
        if self.wine is None:
            return None
        desktop = self.host_path(self.shell_folder("Desktop"))
        if desktop.is_symlink() and self.wine.prefix.resolve() not in desktop.resolve().parents:
            desktop.unlink()
            desktop.mkdir()
            return f"{desktop} linked out of the prefix; now a folder of its own"
        return None

    def close(self) -> None:
        shutil.rmtree(self._temp, ignore_errors=True)



def add_wine_options(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--wine-prefix", type=Path, help="run under Wine, in this prefix (on Linux; default: on Windows)")
    ap.add_argument("--netns", help="under Wine: the network namespace to run in (only loopback)")
    ap.add_argument("--display", help="under Wine: the X display windows open on")


def host_from(ap: argparse.ArgumentParser, args: argparse.Namespace) -> WindowsHost:
    """The host the options name; a usage error (exit 2) if they are incomplete or this is not Windows."""
    if args.wine_prefix is not None and not (args.netns and args.display):
        ap.error("--wine-prefix needs --netns and --display")
    try:
        return WindowsHost(Wine(args.wine_prefix, args.netns, args.display) if args.wine_prefix else None)
    except ValueError as exc:
        ap.error(str(exc))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Read Windows shortcuts and registry keys, under Wine or on Windows")
    ap.add_argument("shortcuts", nargs="*", type=Path, help=".lnk files to read (on any system)")
    ap.add_argument("--key", action="append", default=[], help="a registry key to print (repeatable; none by default)")
    add_wine_options(ap)
    args = ap.parse_args(argv)
    failed = 0
    for path in args.shortcuts:
        try:
            link = read_shortcut(path)
        except (OSError, ValueError) as exc:
            print(exc, file=sys.stderr)
            failed += 1
            continue
        print(f"{path}: starts {link.target} {link.arguments}".rstrip()
              + f" in {link.working_dir}, icon {link.icon},{link.icon_index}")
    if args.key:
        host = host_from(ap, args)
        try:
            for key in args.key:
                values = host.registry(key)
                if values is None:
                    print(f"{key}: no such key", file=sys.stderr)
                    failed += 1
                    continue
                print(f"[{key}]")
                print("\n".join(f"  {name} = {value!r}" for name, value in values.items()))
        finally:
            host.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
