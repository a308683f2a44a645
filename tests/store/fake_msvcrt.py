"""A stand-in for Windows' ``msvcrt.locking`` with Windows' semantics, so the folder lock's Windows branch runs here.

What it keeps of Windows (``_locking`` over ``LockFile``/``UnlockFile``):
- a lock covers ``nbytes`` bytes from the handle's current position, which it does not move, and may lie past
  the end of the file;
- locks belong to one handle (file descriptor): another handle, in this process or another, cannot lock an
  overlapping region, and neither can the holder lock it twice; the non-blocking modes fail at once with
  EACCES, the blocking ones (which retry ten times a second apart) with EDEADLOCK;
- a locked region is mandatory: another handle's ``read`` or ``write`` that touches it fails with EACCES
  (``ERROR_LOCK_VIOLATION``), the holder's own succeed;
- ``LK_UNLCK`` must name exactly a region this handle locked, else EACCES;
- closing the handle (or the process ending) drops its locks.

``install(monkeypatch)`` puts it in ``sys.modules["msvcrt"]`` and wraps ``os.read``, ``os.write`` and
``os.close`` so that locked bytes are enforced; descriptors without locks pass straight through.
"""

from __future__ import annotations

import errno
import os
import sys
import types
from dataclasses import dataclass

LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4   # msvcrt's values
EDEADLOCK = getattr(errno, "EDEADLOCK", errno.EDEADLK)


@dataclass(frozen=True)
class Region:
    file: tuple[int, int]      # (device, inode) of the file
    start: int
    end: int                   # exclusive
    fd: int

    def overlaps(self, file: tuple[int, int], start: int, end: int) -> bool:
        return self.file == file and self.start < end and start < self.end


class FakeMsvcrt(types.ModuleType):
    """``msvcrt`` with ``locking`` and its constants; ``regions`` lists the locks held now."""

    LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.regions: list[Region] = []
        self.calls: list[tuple[int, int, int]] = []       # (position, mode, nbytes) of every locking call
        self.unsupported: OSError | None = None           # set: the file system cannot lock at all
        self._read, self._write, self._close = os.read, os.write, os.close

    @staticmethod
    def _file(fd: int) -> tuple[int, int]:
        st = os.fstat(fd)
        return st.st_dev, st.st_ino

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        position = os.lseek(fd, 0, os.SEEK_CUR)
        self.calls.append((position, mode, nbytes))
        if mode not in (LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK) or nbytes < 0:
            raise OSError(errno.EINVAL, "Invalid argument")
        if self.unsupported is not None:
            raise self.unsupported
        file, end = self._file(fd), position + nbytes
        if mode == LK_UNLCK:
            mine = Region(file, position, end, fd)
            if mine not in self.regions:
                raise PermissionError(errno.EACCES, "Permission denied")
            self.regions.remove(mine)
            return
        if any(r.overlaps(file, position, end) for r in self.regions):
            if mode in (LK_LOCK, LK_RLCK):       # Windows gives up after ten tries a second apart
                raise OSError(EDEADLOCK, "Resource deadlock avoided")
            raise PermissionError(errno.EACCES, "Permission denied")
        self.regions.append(Region(file, position, end, fd))

    def _check_access(self, fd: int, count: int) -> None:
        """EACCES if ``count`` bytes at ``fd``'s position touch a region another handle locked."""
        if not self.regions:
            return
        try:
            file, position = self._file(fd), os.lseek(fd, 0, os.SEEK_CUR)
        except OSError:
            return                                # not a file: the real call says what is wrong
        if any(r.fd != fd and r.overlaps(file, position, position + max(count, 1)) for r in self.regions):
            raise PermissionError(errno.EACCES, "Permission denied")

    def read(self, fd: int, count: int) -> bytes:
        self._check_access(fd, count)
        return self._read(fd, count)

    def write(self, fd: int, data: bytes) -> int:
        self._check_access(fd, len(data))
        return self._write(fd, data)

    def close(self, fd: int) -> None:
        self.regions = [r for r in self.regions if r.fd != fd]
        self._close(fd)


def install(monkeypatch) -> FakeMsvcrt:
    """``sys.platform`` win32, this fake as ``msvcrt``, and locked bytes enforced on ``os.read``/``write``."""
    fake = FakeMsvcrt()
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setattr(os, "read", fake.read)
    monkeypatch.setattr(os, "write", fake.write)
    monkeypatch.setattr(os, "close", fake.close)
    return fake
