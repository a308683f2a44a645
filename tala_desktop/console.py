"""The console's text: the app and the LAN server write UTF-8 to stdout and stderr on every system.

Windows hands a program's output to a pipe or a file in the ANSI code page (cp1252 in the West), which cannot
hold Vietnamese, and a frozen app ignores ``PYTHONUTF8``: without this a server's log redirected to a file is
mangled, and a name the code page lacks could end the program. A console window is left as Python set it up
(it already takes any text).
"""

from __future__ import annotations

import sys


def utf8_console() -> None:
    """Switch stdout and stderr to UTF-8 (errors replaced) where they are text streams in another encoding."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if reconfigure is not None and encoding != "utf8":
            stream.flush()
            reconfigure(encoding="utf-8", errors="replace")
