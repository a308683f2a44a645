"""The data folder's lock: shared within a process, refused to another one, and each platform's branch."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from tala_desktop.store import Store, StoreError, folder_lock
from tala_desktop.store.folder_lock import LOCK_NAME, FolderInUse, hold_folder

ROOT = Path(__file__).resolve().parents[2]


def _other_process_tries(folder: Path) -> subprocess.CompletedProcess:
    """A second process asks for the folder's lock and prints what it got."""
    code = textwrap.dedent(f"""
        from tala_desktop.store.folder_lock import FolderInUse, hold_folder
        try:
            lock = hold_folder({str(folder)!r})
        except FolderInUse as exc:
            print("in use", exc.pid)
        else:
            print("locked", lock.enforced)
            lock.release()
    """)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_another_process_is_refused_while_held_and_let_in_after_release(tmp_path):
    lock = hold_folder(tmp_path)
    try:
        assert lock.enforced
        assert (tmp_path / LOCK_NAME).read_text().strip() == str(os.getpid())
        done = _other_process_tries(tmp_path)
        assert done.stdout.split() == ["in", "use", str(os.getpid())], done.stderr
    finally:
        lock.release()
    done = _other_process_tries(tmp_path)
    assert done.stdout.split() == ["locked", "True"], done.stderr


def test_holds_in_one_process_are_shared_until_the_last_release(tmp_path):
    first, second = hold_folder(tmp_path), hold_folder(tmp_path)
    first.release()
    first.release()                         # a second release of one hold changes nothing
    assert _other_process_tries(tmp_path).stdout.startswith("in use")
    second.release()
    assert _other_process_tries(tmp_path).stdout.startswith("locked")


def test_a_store_holds_its_folder_so_a_store_in_another_process_is_refused(tmp_path):
    with Store(tmp_path):
        code = (f"from tala_desktop.store import Store, StoreError\n"
                f"try:\n    Store({str(tmp_path)!r})\nexcept StoreError as exc:\n    print(type(exc).__name__)")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert done.stdout.strip() == "FolderInUse", done.stderr
    with Store(tmp_path) as again:            # closed: the folder is free again
        assert again.profile().balance > 0


class _FakeMsvcrt(types.ModuleType):
    """``msvcrt.locking`` as Windows does it: one byte at the file position, LK_NBLCK fails if another holds it."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self, busy: OSError | None = None) -> None:
        super().__init__("msvcrt")
        self.calls: list[tuple[int, int, int]] = []
        self.busy = busy

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        self.calls.append((os.lseek(fd, 0, os.SEEK_CUR), mode, nbytes))
        if mode == self.LK_NBLCK and self.busy is not None:
            raise self.busy


@pytest.fixture
def windows(monkeypatch):
    def use(busy: OSError | None = None) -> _FakeMsvcrt:
        fake = _FakeMsvcrt(busy)
        monkeypatch.setattr(sys, "platform", "win32")
        monkeypatch.setitem(sys.modules, "msvcrt", fake)
        return fake
    return use


def test_windows_locks_and_unlocks_the_first_byte(windows, tmp_path):
    msvcrt = windows()
    lock = hold_folder(tmp_path)
    assert lock.enforced and msvcrt.calls == [(0, msvcrt.LK_NBLCK, 1)]
    lock.release()
    assert msvcrt.calls[-1] == (0, msvcrt.LK_UNLCK, 1)


@pytest.mark.parametrize("busy", [PermissionError(errno.EACCES, "Permission denied"),
                                  OSError(getattr(errno, "EDEADLOCK", errno.EDEADLK), "Resource deadlock avoided")])
def test_windows_reports_a_held_folder_as_in_use(windows, tmp_path, busy):
    (tmp_path / LOCK_NAME).write_text("4242\n")
    windows(busy)
    with pytest.raises(FolderInUse) as caught:
        hold_folder(tmp_path)
    assert caught.value.pid == 4242 and "already open" in str(caught.value)
    assert isinstance(caught.value, StoreError)
    assert (tmp_path / LOCK_NAME).read_text() == "4242\n"      # the holder's file is left as it was


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl is POSIX's (the Windows branch runs with a fake msvcrt)")
@pytest.mark.parametrize("platform", ["linux", "darwin", "freebsd14"])
def test_posix_reports_a_held_folder_as_in_use(monkeypatch, tmp_path, platform):
    import fcntl

    def held(fd: int, op: int) -> None:
        assert op == fcntl.LOCK_EX | fcntl.LOCK_NB
        raise BlockingIOError(errno.EWOULDBLOCK, "Resource temporarily unavailable")
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(fcntl, "flock", held)
    with pytest.raises(FolderInUse):
        hold_folder(tmp_path)


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl is POSIX's (the Windows branch runs with a fake msvcrt)")
def test_a_file_system_that_cannot_lock_is_used_without_the_lock(monkeypatch, tmp_path, caplog):
    import fcntl

    def unsupported(fd: int, op: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")
    monkeypatch.setattr(fcntl, "flock", unsupported)
    lock = hold_folder(tmp_path)
    assert not lock.enforced and "without the one-app lock" in caplog.text
    lock.release()


def test_a_lock_file_that_cannot_be_created_leaves_the_folder_usable(monkeypatch, tmp_path, caplog):
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if Path(path).name == LOCK_NAME:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", refuse)
    first, second = hold_folder(tmp_path), hold_folder(tmp_path)
    assert not first.enforced and "cannot create" in caplog.text
    first.release()
    second.release()
    assert folder_lock._registry == {}
