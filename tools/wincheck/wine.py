"""The Wine environment: a 64-bit Wine prefix set to Windows 10 with the embeddable Windows CPython, run in a network
namespace that holds only loopback, on a virtual screen (Xvfb).

Used by tools/windows_check.py and bench/windows_suite.py (Linux only, as root: the namespace needs it).
Everything that runs under Wine is started with ``ip netns exec NS``, the wineserver first (it makes Wine's
sockets), so no packet of a Windows process leaves the machine. Known limits of Wine 8.0 worked around here,
each said where it is handled:
- ``python.exe`` cannot take a regular file as its stdout or stderr (``init_sys_streams`` fails with WinError 6):
  every Windows process gets a pipe, read here and copied to the log and the console;
- the services a fresh prefix starts (wineserver, services.exe, explorer.exe...) would inherit a command's pipe
  and hold it open: they are started first, detached, with their output to /dev/null;
- a crash would open winedbg and hold the process (and a test run) forever: the prefix has no debugger.
Processes are ended by id: a command's own process, its descendants, and any process left with this prefix in
its environment (``end_prefix_processes``), never by name.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, TextIO

PYTHON_DIR = "py311"                     # C:\py311: the embeddable CPython's home in the prefix
PYTHON_EXE = rf"C:\{PYTHON_DIR}\python.exe"
# pip's settings of this machine that name Linux paths or a Linux constraint file: not for the Windows pip
PIP_SETTINGS_LEFT_OUT = ("PIP_FIND_LINKS", "PIP_CERT", "PIP_CONSTRAINT", "PIP_DEFAULT_TIMEOUT", "PIP_INDEX_URL",
                         "PIP_EXTRA_INDEX_URL", "PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "VIRTUAL_ENV")


class WineError(Exception):
    """A step under Wine failed: a command exited non-zero, timed out, or the environment could not be made."""


@dataclass
class Done:
    """A finished command: its exit code (None: ended at its time limit), its output, its wall time."""

    returncode: int | None
    output: str
    seconds: float

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def windows_path(path: Path) -> str:
    r"""A Linux path as Wine's Windows programs see it: ``/tmp/x/y`` is ``Z:\tmp\x\y``."""
    posix = path.as_posix() if path.as_posix().startswith("/") else path.resolve().as_posix()
    return "Z:" + posix.replace("/", "\\")


def children_of(pid: int) -> list[int]:
    """The process ids whose parent is ``pid`` (read from /proc)."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat_file.read_text()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        if len(fields) > 1 and fields[1] == str(pid):
            found.append(int(stat_file.parent.name))
    return found


def descendants_of(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        for child in children_of(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def end_processes(pids: list[int], grace: float = 3.0) -> None:
    """SIGTERM to each id, SIGKILL to those still there after ``grace`` seconds."""
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 0.0)):
        alive = [p for p in pids if _signal(p, sig)]
        deadline = time.monotonic() + wait
        while alive and time.monotonic() < deadline:
            time.sleep(0.1)
            alive = [p for p in alive if Path(f"/proc/{p}").exists() and not _zombie(p)]
        if not alive:
            return


def _signal(pid: int, sig: int) -> bool:
    try:
        os.kill(pid, sig)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def _zombie(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return text[text.rfind(")") + 2:].startswith("Z")


@dataclass
class WineEnv:
    """The prefix, the namespace and the screen of one check, under ``work`` (created by ``create``)."""

    work: Path
    display: str = ":21"
    netns: str = "tala-win"
    echo: Callable[[str], None] = print
    _xvfb: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def prefix(self) -> Path:
        return self.work / "prefix"

    @property
    def python_home(self) -> Path:
        return self.prefix / "drive_c" / PYTHON_DIR

    @property
    def user_folder(self) -> Path:
        """The Windows user's profile folder (``%USERPROFILE%``) as a Linux path."""
        return self.prefix / "drive_c" / "users" / _user_name()

    @property
    def local_app_data(self) -> Path:
        return self.user_folder / "AppData" / "Local"

    def env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        """The environment of a Windows process: this prefix, quiet Wine, the screen, UTF-8 Python (as the
        release workflow sets it), none of this machine's Linux-only pip settings."""
        env = {k: v for k, v in os.environ.items() if k not in PIP_SETTINGS_LEFT_OUT}
        env.update({"WINEPREFIX": str(self.prefix), "WINEARCH": "win64", "WINEDEBUG": "-all",
                    "DISPLAY": self.display, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONUTF8": "1",
                    "PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1"})
        env.update(extra or {})
        return env

    # ------------------------------------------------------------------ the namespace, the screen, the prefix
    def open_namespace(self) -> None:
        """The network namespace with loopback up and nothing else (made afresh)."""
        subprocess.run(["ip", "netns", "del", self.netns], capture_output=True)
        subprocess.run(["ip", "netns", "add", self.netns], check=True)
        subprocess.run(["ip", "netns", "exec", self.netns, "ip", "link", "set", "lo", "up"], check=True)
        links = subprocess.run(["ip", "netns", "exec", self.netns, "ip", "-o", "link"], check=True,
                               capture_output=True, text=True).stdout
        names = [line.split(":")[1].strip() for line in links.splitlines() if ":" in line]
        if names != ["lo"]:
            raise WineError(f"the namespace {self.netns} holds more than loopback: {names}")

    def start_screen(self, size: str = "1600x1000x24") -> None:
        log = (self.work / "logs" / "xvfb.log").open("wb")
        self._xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", size, "-nolisten", "tcp"],
                                      stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        socket_file = Path("/tmp/.X11-unix") / f"X{self.display.lstrip(':')}"
        deadline = time.monotonic() + 20
        while not socket_file.exists():
            if self._xvfb.poll() is not None or time.monotonic() > deadline:
                raise WineError(f"Xvfb {self.display} did not start (see {self.work / 'logs' / 'xvfb.log'})")
            time.sleep(0.1)

    def create_prefix(self, python_zip: Path) -> None:
        """A fresh prefix set to Windows 10, no crash debugger, the embeddable CPython in C:\\py311 with pip."""
        if self.prefix.exists():
            shutil.rmtree(self.prefix)
        # the wineserver and the prefix's services, detached: none of them holds a pipe of a later command
        for command in (["wineserver", "-p"], ["wineboot", "-i"], ["wine", "winecfg", "-v", "win10"],
                        ["wine", "reg", "delete", r"HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug",
                         "/f"]):
            subprocess.run(["ip", "netns", "exec", self.netns, *command], env=self.env(), stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        version = self.run(["wine", "cmd", "/c", "ver"], timeout=60).output.strip()
        if "10.0" not in version:
            raise WineError(f"the prefix is not set to Windows 10: {version!r}")
        home = self.python_home
        home.mkdir(parents=True)
        with zipfile.ZipFile(python_zip) as z:
            for member in z.namelist():
                if not member.startswith("cp311/") or member.endswith("/"):
                    continue
                target = home / member.removeprefix("cp311/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(member))
        # Without its ._pth file the embeddable Python runs like an installed one: Lib\site-packages, PYTHONPATH
        # and the current folder are on its path (the ._pth file would imply isolated mode).
        for pth in home.glob("python*._pth"):
            pth.unlink()
        (home / "Lib" / "site-packages").mkdir(parents=True, exist_ok=True)

    def close(self) -> None:
        """End every process of this prefix (by id), the wineserver, the screen and the namespace."""
        self.end_prefix_processes()
        subprocess.run(["ip", "netns", "exec", self.netns, "wineserver", "-k"], env=self.env(),
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        if self._xvfb is not None and self._xvfb.poll() is None:
            self._xvfb.terminate()
            try:
                self._xvfb.wait(10)
            except subprocess.TimeoutExpired:
                self._xvfb.kill()
                self._xvfb.wait()
        subprocess.run(["ip", "netns", "del", self.netns], capture_output=True)

    def prefix_processes(self, holding: str = "") -> list[int]:
        """Ids of the processes with this prefix in their environment (and ``holding`` in their command line)."""
        mine = f"WINEPREFIX={self.prefix}".encode()
        found = []
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                if mine not in (proc / "environ").read_bytes().split(b"\0"):
                    continue
                if holding and holding.encode() not in (proc / "cmdline").read_bytes().replace(b"\0", b" "):
                    continue
            except OSError:
                continue
            if int(proc.name) != os.getpid():
                found.append(int(proc.name))
        return found

    def end_prefix_processes(self, holding: str = "") -> list[int]:
        pids = [p for p in self.prefix_processes(holding) if not _zombie(p)]
        end_processes(pids)
        return pids

    # ------------------------------------------------------------------ running Windows programs
    def run(self, args: list[str], *, cwd: Path | None = None, timeout: float = 600, log: Path | None = None,
            extra_env: dict[str, str] | None = None, show: Callable[[str], bool] | None = None) -> Done:
        """Run ``args`` inside the namespace with this prefix; stdout and stderr through one pipe into ``log``
        (and the lines ``show`` picks to the console). At the time limit the command and its descendants are
        ended by id and ``returncode`` is None."""
        started = time.monotonic()
        proc = subprocess.Popen(["ip", "netns", "exec", self.netns, *args], cwd=cwd, env=self.env(extra_env),
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert proc.stdout is not None
        lines: list[str] = []
        sink = log.open("a", encoding="utf-8") if log is not None else None
        reader = threading.Thread(target=_copy_lines, args=(proc.stdout, lines, sink, show, self.echo), daemon=True)
        reader.start()
        try:
            code: int | None = proc.wait(timeout)
        except subprocess.TimeoutExpired:
            end_processes([proc.pid, *descendants_of(proc.pid)])
            proc.wait()
            code = None
        # a Windows process it started may still hold the pipe: its output so far is enough
        reader.join(5)
        if sink is not None:
            sink.close()
        return Done(code, "".join(lines), time.monotonic() - started)

    def python(self, args: list[str], **kwargs: Any) -> Done:
        """Windows' Python (``C:\\py311\\python.exe``) with ``args``; see ``run``."""
        return self.run(["wine", PYTHON_EXE, *args], **kwargs)

    def check(self, done: Done, what: str) -> Done:
        if done.returncode is None:
            raise WineError(f"{what}: did not finish in time\n{_tail(done.output)}")
        if done.returncode != 0:
            raise WineError(f"{what}: exited {done.returncode}\n{_tail(done.output)}")
        return done


def _copy_lines(stream: IO[bytes], lines: list[str], sink: TextIO | None, show: Callable[[str], bool] | None,
                echo: Callable[[str], None]) -> None:
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace").replace("\r\n", "\n")
        lines.append(line)
        if sink is not None:
            sink.write(line)
            sink.flush()
        if show is not None and show(line):
            echo(line.rstrip("\n"))


def _tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])


def _user_name() -> str:
    import getpass

    return getpass.getuser()


def wine_processes_left(env: WineEnv) -> Iterator[str]:
    """The command lines of this prefix's processes still running (Wine's own services left out)."""
    own = ("wineserver", "services.exe", "winedevice.exe", "plugplay.exe", "explorer.exe", "rpcss.exe",
           "svchost.exe", "conhost.exe", "tabtip.exe", "start.exe")
    for pid in env.prefix_processes():
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        if cmd and not any(name in cmd.lower() for name in own):
            yield f"{pid}: {cmd}"

