"""Where user data lives: the per-user data folder from platformdirs, replacing a file atomically, moving one aside."""

from __future__ import annotations

import contextlib
import glob
import logging
import os
import tempfile
from datetime import datetime
from pathlib import Path

import platformdirs

from .errors import StoreError

log = logging.getLogger(__name__)

APP_NAME = "TaLaDesktop"
DB_NAME = "tala.db"
AUTOSAVE_NAME = "autosave.json"
TEMP_SUFFIX = ".tmp"      # <name>.<random>.tmp: every write has a temp file of its own


def default_data_dir() -> Path:
    """The per-user data folder, e.g. ~/.local/share/TaLaDesktop, %LOCALAPPDATA%\\TaLaDesktop,
    ~/Library/Application Support/TaLaDesktop."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(data_dir: str | os.PathLike[str] | None) -> Path:
    """``data_dir`` (the app's ``--data-dir``) or the default folder, created if missing."""
    path = Path(data_dir) if data_dir is not None else default_data_dir()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder {path}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise StoreError(f"the data folder {path} is not a folder")
    return path


def move_aside(path: Path, when: datetime, why: str, label: str = "corrupt") -> Path:
    """Rename ``path`` to ``<name>.<label>-<timestamp>`` (with ``-wal``/``-shm`` companions); returns the new path."""
    target = aside_name(path, when, label)
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, target.with_name(target.name + suffix))
    log.warning("moved %s aside to %s: %s", path, target.name, why)
    return target


def aside_name(path: Path, when: datetime, label: str) -> Path:
    """A free name ``<name>.<label>-<timestamp>[-n]`` beside ``path`` for a file kept for inspection."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    return target


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) through a temp file of this write's own, fsync, rename; a crash
    leaves the old file or the new one, never half of one. OSError (and no temp file left) if it fails."""
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=TEMP_SUFFIX)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def remove_temp_files(path: Path) -> int:
    """Delete the temp files a crash left mid-write beside ``path`` (see write_atomic); returns how many.

    Only the holder of the folder's lock calls this, so no other writer can own one of them.
    """
    legacy = path.with_name(path.name + TEMP_SUFFIX)        # the one shared name of earlier versions
    found = [*path.parent.glob(glob.escape(path.name) + ".*" + TEMP_SUFFIX), *([legacy] if legacy.exists() else [])]
    removed = 0
    for stale in found:
        try:
            stale.unlink()
            removed += 1
        except OSError as exc:
            log.info("cannot remove the stale temp file %s: %s", stale, exc)
    return removed
