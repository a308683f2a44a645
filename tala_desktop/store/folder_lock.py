"""One app per data folder: an operating-system lock on ``tala.lock``, held for the life of the process.

    lock = hold_folder(data_dir)       # FolderInUse if another process holds the folder
    ...                                # open the store, play
    lock.release()

The lock is an advisory whole-file lock the operating system drops when the
process ends in any way (a crash or ``kill -9`` included), so a dead app
never leaves the folder locked: ``fcntl.flock`` on Linux, macOS and the BSDs,
``msvcrt.locking`` of one byte on Windows. The holder writes its process id
at the start of the file; on Windows the locked byte is ``WINDOWS_LOCK_BYTE``,
far past that id, because Windows keeps a locked byte unreadable to every
other handle. The lock file itself is never deleted (removing a lock file
while someone waits for it lets two processes lock two different files); a
second copy only opens it, reads the holder's process id for its message,
and changes nothing.

Within one process the lock is shared: ``hold_folder`` on a folder this
process already holds counts one more holder, and the file is unlocked when
the last holder releases it. The app takes it at start-up and every ``Store``
takes it again, so a store opened without the app (tests, scripts) is still
alone on its folder.

A folder whose file system cannot lock (some network shares) or where the
lock file cannot be created (a read-only folder) is used without the lock,
with a warning in the log: refusing to start there would leave the player
with no game at all, and the store reports an unwritable folder itself.
"""

from __future__ import annotations

import errno
import logging
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from .errors import StoreError

log = logging.getLogger(__name__)

LOCK_NAME = "tala.lock"
WINDOWS_LOCK_BYTE = 4096   # past the process id (a few digits at offset 0, of which a second copy reads 32 bytes)
_BUSY_ERRNOS = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, getattr(errno, "EDEADLOCK", errno.EDEADLK)})


class FolderInUse(StoreError):
    """Another running copy of the game holds this data folder; nothing in it was touched."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder = folder
        self.pid = pid
        who = f" (process {pid})" if pid is not None else ""
        super().__init__(f"Tá Lả Desktop is already open with the data folder {folder}{who}")


@dataclass
class _Held:
    fd: int | None             # None: the lock file could not be created
    count: int
    locked: bool               # False: the file system could not lock; the folder is used unprotected


_registry: dict[str, _Held] = {}
_registry_guard = threading.Lock()


def _try_lock(fd: int) -> None:
    """Lock ``fd`` without waiting; BlockingIOError/PermissionError when someone holds it.

    The branches test ``sys.platform`` itself, so a type check for each platform (``mypy --platform win32``)
    sees only that platform's calls, and a test that sets ``sys.platform`` runs the other platform's branch.
    """
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, WINDOWS_LOCK_BYTE, os.SEEK_SET)    # a lock past the end of the file is allowed
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, WINDOWS_LOCK_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def _is_busy(exc: OSError) -> bool:
    return isinstance(exc, (BlockingIOError, PermissionError)) or exc.errno in _BUSY_ERRNOS


def _holder_pid(fd: int) -> int | None:
    """The process id the holder wrote at the start of the file, if it can be read."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _write_pid(fd: int) -> None:
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except OSError as exc:  # only the message of a second copy needs it
        log.info("could not write the process id into the lock file: %s", exc)


def _key(folder: Path) -> str:
    return os.path.normcase(os.path.realpath(folder))


class FolderLock:
    """This process's hold on one data folder; ``release`` once (a context manager releases on exit)."""

    def __init__(self, folder: Path, key: str) -> None:
        self.folder = folder
        self._key = key
        self._released = False

    @property
    def enforced(self) -> bool:
        """False when the file system could not lock the folder (it is used all the same)."""
        held = _registry.get(self._key)
        return held is not None and held.locked

    def release(self) -> None:
        with _registry_guard:
            if self._released:
                return
            self._released = True
            held = _registry.get(self._key)
            if held is None:
                return
            held.count -= 1
            if held.count > 0:
                return
            del _registry[self._key]
            if held.fd is None:
                return
            try:
                if held.locked:
                    _unlock(held.fd)
            except OSError as exc:
                log.warning("could not unlock %s: %s", self.folder / LOCK_NAME, exc)
            finally:
                os.close(held.fd)

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def hold_folder(folder: str | os.PathLike[str]) -> FolderLock:
    """Take (or share, within this process) the lock of ``folder``, which must exist; FolderInUse if taken."""
    path = Path(folder)
    key = _key(path)
    with _registry_guard:
        held = _registry.get(key)
        if held is not None:
            held.count += 1
            return FolderLock(path, key)
        lock_path = path / LOCK_NAME
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        except OSError as exc:
            log.warning("cannot create %s (%s): the data folder is used without the one-app lock", lock_path,
                        exc.strerror or exc)
            _registry[key] = _Held(None, 1, False)
            return FolderLock(path, key)
        try:
            _try_lock(fd)
        except OSError as exc:
            if _is_busy(exc):
                pid = _holder_pid(fd)
                os.close(fd)
                raise FolderInUse(path, pid) from None
            log.warning("the file system cannot lock %s (%s): the data folder is used without the one-app lock",
                        lock_path, exc.strerror or exc)
            _registry[key] = _Held(fd, 1, False)
            return FolderLock(path, key)
        _write_pid(fd)
        _registry[key] = _Held(fd, 1, True)
        return FolderLock(path, key)

