"""The data folder's lock: shared within a process, refused to another one, and each platform's branch."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tala_desktop.store import Store, StoreError, folder_lock
from tala_desktop.store.folder_lock import LOCK_NAME, FolderInUse, hold_folder

from . import fake_msvcrt

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
    try:
        first.release()
        first.release()                         # a second release of one hold changes nothing
        assert _other_process_tries(tmp_path).stdout.startswith("in use")
    finally:
        second.release()
    assert _other_process_tries(tmp_path).stdout.startswith("locked")


def test_a_failing_check_of_shared_holds_leaves_no_hold_behind(tmp_path, monkeypatch):
    """The test above releases its holds whatever its checks find: one failure there fails no other test."""
    as_if_unlocked = subprocess.CompletedProcess([], 0, stdout="locked True\n", stderr="")
    monkeypatch.setitem(globals(), "_other_process_tries", lambda folder: as_if_unlocked)
    with pytest.raises(AssertionError):
        test_holds_in_one_process_are_shared_until_the_last_release(tmp_path)
    assert folder_lock._key(tmp_path) not in folder_lock._registry


def test_a_store_holds_its_folder_so_a_store_in_another_process_is_refused(tmp_path):
    with Store(tmp_path):
        code = (f"from tala_desktop.store import Store, StoreError\n"
                f"try:\n    Store({str(tmp_path)!r})\nexcept StoreError as exc:\n    print(type(exc).__name__)")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert done.stdout.strip() == "FolderInUse", done.stderr
    with Store(tmp_path) as again:            # closed: the folder is free again
        assert again.profile().balance > 0


@pytest.fixture(params=["fake", "real"])
def locking(request, monkeypatch):
    """The ``msvcrt`` whose semantics the fake copies: the fake here, the real one on Windows."""
    if request.param == "real":
        if sys.platform == "win32":
            import msvcrt
            return msvcrt
        pytest.skip("the real msvcrt is Windows' (the fake runs everywhere)")
    return fake_msvcrt.install(monkeypatch)


def test_a_locked_byte_is_locked_against_every_other_handle_as_on_windows(locking, tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"0123456789")
    a, b = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0)), os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    try:
        os.lseek(a, 2, os.SEEK_SET)
        locking.locking(a, locking.LK_NBLCK, 1)
        assert os.lseek(a, 0, os.SEEK_CUR) == 2                   # the position does not move
        assert os.read(a, 8) == b"23456789"                      # the holder reads its own lock
        os.lseek(b, 0, os.SEEK_SET)
        assert os.read(b, 2) == b"01"                            # bytes before the lock are readable
        with pytest.raises(PermissionError):
            os.read(b, 4)                                        # ... a read that touches it is not
        os.lseek(b, 2, os.SEEK_SET)
        with pytest.raises(PermissionError):
            os.write(b, b"x")
        with pytest.raises(PermissionError) as busy:
            locking.locking(b, locking.LK_NBLCK, 1)
        assert busy.value.errno == errno.EACCES
        with pytest.raises(PermissionError):
            locking.locking(b, locking.LK_UNLCK, 1)              # only the holder unlocks
        os.lseek(a, 2, os.SEEK_SET)
        with pytest.raises(PermissionError):
            locking.locking(a, locking.LK_NBLCK, 1)              # nor does the holder lock it twice
        locking.locking(a, locking.LK_UNLCK, 1)
        os.lseek(b, 2, os.SEEK_SET)
        assert os.read(b, 1) == b"2"
        os.lseek(a, 1 << 20, os.SEEK_SET)
        locking.locking(a, locking.LK_NBLCK, 1)                  # past the end of the file is allowed
        os.close(a)                                              # and closing the handle drops it
        a = -1
        os.lseek(b, 1 << 20, os.SEEK_SET)
        locking.locking(b, locking.LK_NBLCK, 1)
        locking.locking(b, locking.LK_UNLCK, 1)
    finally:
        for fd in (a, b):
            if fd >= 0:
                os.close(fd)


def test_the_fake_gives_up_like_windows_on_a_blocking_lock(monkeypatch, tmp_path):
    """Windows retries LK_LOCK ten times a second apart, then fails with EDEADLOCK (the fake fails at once)."""
    fake = fake_msvcrt.install(monkeypatch)
    path = tmp_path / "f"
    path.write_bytes(b"x")
    a, b = os.open(path, os.O_RDWR), os.open(path, os.O_RDWR)
    try:
        fake.locking(a, fake.LK_NBLCK, 1)
        with pytest.raises(OSError) as caught:
            fake.locking(b, fake.LK_LOCK, 1)
        assert caught.value.errno == fake_msvcrt.EDEADLOCK and not isinstance(caught.value, PermissionError)
        with pytest.raises(OSError) as bad:
            fake.locking(b, 7, 1)
        assert bad.value.errno == errno.EINVAL
    finally:
        os.close(a)
        os.close(b)


@pytest.fixture
def windows(monkeypatch):
    """The Windows branch of the lock: ``sys.platform`` win32 and the fake ``msvcrt``."""
    return fake_msvcrt.install(monkeypatch)


class OtherProcess:
    """Runs actions as a second process would: with its own registry of holds and its own process id."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.registry: dict = {}

    def run(self, action):
        mine, real_getpid = folder_lock._registry, os.getpid
        folder_lock._registry, os.getpid = self.registry, lambda: self.pid
        try:
            return action()
        finally:
            folder_lock._registry, os.getpid = mine, real_getpid


def test_windows_tells_a_second_process_the_holders_pid(windows, tmp_path):
    """The lock must not hide the process id: Windows keeps a locked byte unreadable to every other handle."""
    other = OtherProcess(4242)
    holder = other.run(lambda: hold_folder(tmp_path))
    try:
        assert other.run(lambda: holder.enforced) and len(windows.regions) == 1
        with pytest.raises(FolderInUse) as caught:
            hold_folder(tmp_path)
        assert caught.value.pid == 4242 and "(process 4242)" in str(caught.value)
        assert isinstance(caught.value, StoreError)
        assert len(windows.regions) == 1                          # the second copy locked nothing, left nothing
    finally:
        other.run(holder.release)
    assert windows.regions == []
    assert (tmp_path / LOCK_NAME).read_text() == "4242\n"       # the holder's file is left as it was


def test_windows_lets_the_next_process_in_after_a_release_or_a_crash(windows, tmp_path):
    first, third = OtherProcess(4242), OtherProcess(4343)
    held = first.run(lambda: hold_folder(tmp_path))
    first.run(held.release)
    assert windows.regions == []
    hold_folder(tmp_path)
    assert (tmp_path / LOCK_NAME).read_text().strip() == str(os.getpid())
    crashed = folder_lock._registry.pop(folder_lock._key(tmp_path))   # this process dies: Windows closes its handle
    assert crashed.fd is not None
    os.close(crashed.fd)
    assert windows.regions == []
    again = third.run(lambda: hold_folder(tmp_path))
    assert third.run(lambda: again.enforced) and (tmp_path / LOCK_NAME).read_text() == "4343\n"
    third.run(again.release)


def test_windows_holds_in_one_process_are_shared_until_the_last_release(windows, tmp_path):
    first, second = hold_folder(tmp_path), hold_folder(tmp_path)
    assert len(windows.regions) == 1
    first.release()
    with pytest.raises(FolderInUse):
        OtherProcess(4242).run(lambda: hold_folder(tmp_path))
    second.release()
    assert windows.regions == []


def test_windows_a_file_system_that_cannot_lock_is_used_without_the_lock(windows, tmp_path, caplog):
    windows.unsupported = OSError(errno.EINVAL, "Invalid argument")
    lock = hold_folder(tmp_path)
    assert not lock.enforced and "without the one-app lock" in caplog.text
    lock.release()
    assert folder_lock._registry == {}


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl is POSIX's (the Windows branch runs with a fake msvcrt)")
@pytest.mark.parametrize("platform", ["linux", "darwin", "freebsd14"])
def test_posix_reports_a_held_folder_as_in_use(monkeypatch, tmp_path, platform):
    import fcntl

    def held(fd: int, op: int) -> None:
        if sys.platform != "win32":   # always (the test is skipped there): mypy on Windows reads it as POSIX's
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
