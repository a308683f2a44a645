"""Errors nothing caught: logged with their traceback, and the main thread's shown in a window before the game exits.

The window says, in both languages (the language setting may be what failed
to load), that the game has to close and where the log is; it is SDL's
native message box, so it needs nothing of the game that just failed.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path
from types import TracebackType

from .logs import LogFile


def install_crash_handler(log: LogFile) -> None:
    """Errors nothing caught: the main thread's are logged and shown, naming ``log``'s file if it has one by
    then, before the game exits; a thread's are logged."""
    def on_crash(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, value, tb)
            return
        logging.getLogger(__name__).critical("Tá Lả Desktop stopped on an error", exc_info=(kind, value, tb))
        for handler in logging.getLogger().handlers:
            handler.flush()
        show_crash_window(crash_text(log.path))

    sys.excepthook = on_crash
    threading.excepthook = _on_thread_crash


def _on_thread_crash(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit:
        return
    logging.getLogger(__name__).error("an error in the thread %s", args.thread.name if args.thread else "?",
                                      exc_info=(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback))


def crash_text(log_file: Path | None) -> str:
    """What the crash window says, Vietnamese then English (the language setting may be what failed to load)."""
    if log_file is None:
        return ("Tá Lả gặp lỗi và phải đóng lại. Hãy mở lại trò chơi.\n\n"
                "Tá Lả ran into an error and has to close. Please start the game again.")
    return (f"Tá Lả gặp lỗi và phải đóng lại. Nhật ký lỗi ở:\n{log_file}\nHãy gửi tệp này khi báo lỗi.\n\n"
            f"Tá Lả ran into an error and has to close. The log is at:\n{log_file}\n"
            f"Please send this file when you report the problem.")


def show_crash_window(text: str) -> None:
    """A native message box (SDL's), unless the game runs headless; on stderr too."""
    print(text, file=sys.stderr, flush=True)
    if os.environ.get("SDL_VIDEODRIVER", "").strip() in ("dummy", "offscreen"):
        return
    try:
        import pygame

        pygame.display.message_box("Tá Lả gặp lỗi · Tá Lả ran into an error", text, message_type="error")
    except Exception as exc:  # no window system to show it on: the log and stderr have it
        logging.getLogger(__name__).info("no crash window: %s", exc)
