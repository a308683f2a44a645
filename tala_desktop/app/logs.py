"""The log of a run: the console at the level the command line asks for and, once the data folder is held, a file.

The packaged app (which has no console) and ``-v`` log to ``logs/tala.log``
in the data folder: rotating, at most ``LOG_BYTES`` a file and
``LOG_BACKUPS`` older files. Where that file is lives in the run's
``LogFile``, which the command line owns and hands to the crash hook, so the
crash window can say where the log is.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from tala_desktop import __version__

LOG_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"
LOG_NAME = Path("logs") / "tala.log"   # in the data folder
LOG_BYTES = 512 * 1024
LOG_BACKUPS = 2


def log_to_console(verbose: bool) -> None:
    """The console shows warnings and errors; with ``verbose`` also the start-up timings and table events."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format=LOG_FORMAT)


@dataclass
class LogFile:
    """Where this run logs on disk: nowhere until ``open_in`` found a place."""

    path: Path | None = None

    def open_in(self, folder: str | os.PathLike[str], max_bytes: int = LOG_BYTES) -> Path | None:
        """Log INFO and above to ``LOG_NAME`` in ``folder`` too, rotating at ``max_bytes``; the file, or None if
        it cannot be written (the game goes on without it)."""
        log = logging.getLogger(__name__)
        path = Path(folder) / LOG_NAME
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=max_bytes, backupCount=LOG_BACKUPS,
                                                           encoding="utf-8")
        except OSError as exc:
            log.warning("no log file in %s: %s", path.parent, exc)
            return None
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        handler.setLevel(logging.INFO)
        root = logging.getLogger()
        for other in root.handlers:  # the console keeps the level it was given
            if other.level == logging.NOTSET:
                other.setLevel(root.level)
        root.setLevel(min(root.level, logging.INFO))
        root.addHandler(handler)
        log.info("Tá Lả Desktop %s on %s, Python %s%s", __version__, sys.platform, sys.version.split()[0],
                 " (packaged)" if getattr(sys, "frozen", False) else "")
        self.path = path
        return path
