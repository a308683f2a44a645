"""Where user data lives: the per-user data folder from platformdirs, and moving a bad file aside."""

from __future__ import annotations

import logging
import os
from datetime import datetime
from pathlib import Path

import platformdirs

from .errors import StoreError

log = logging.getLogger(__name__)

APP_NAME = "TaLaDesktop"
DB_NAME = "tala.db"
AUTOSAVE_NAME = "autosave.json"


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
