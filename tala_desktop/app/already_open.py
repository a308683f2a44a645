"""One copy of the game per data folder: the folder's lock, and the message of a second copy started on it.

The game takes its data folder's lock before anything else touches the
folder. A second copy on the same folder says so on stderr and in a window,
in both languages, opens nothing in the folder and exits with
``ALREADY_OPEN_EXIT``.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from .composition import build_desktop

if TYPE_CHECKING:
    from tala_desktop.store.folder_lock import FolderInUse, FolderLock
    from tala_desktop.ui.shell.app_loop import App, AppOptions, RealClock, StepClock

ALREADY_OPEN_EXIT = 3   # exit code of a second copy started on a data folder a running copy holds
ALREADY_OPEN_WINDOW = (960, 540)


def hold_data_folder(data_dir: str | None) -> FolderLock | None:
    """The one-app lock of the data folder, before anything in it is opened; None if the folder cannot be made
    (the store then reports that and plays from a temporary folder). FolderInUse if another copy has it."""
    from tala_desktop.store import StoreError, folder_lock
    from tala_desktop.store.paths import resolve_data_dir

    try:
        folder = resolve_data_dir(data_dir)
    except StoreError:
        return None
    return folder_lock.hold_folder(folder)


def already_open(exc: FolderInUse, options: AppOptions, window: bool = True) -> int:
    """A second copy on a held folder: say so on stderr and (``window``) in a window, both languages,
    touching nothing; the exit code."""
    who = f" (process {exc.pid})" if exc.pid is not None else ""
    print(f"Tá Lả Desktop đang mở với thư mục dữ liệu {exc.folder}{who}. Hãy chuyển sang cửa sổ đó, hoặc đóng nó "
          f"trước; muốn chạy thêm một bản thì dùng --data-dir với một thư mục khác.\n"
          f"Tá Lả Desktop is already open with the data folder {exc.folder}{who}. Switch to that window or close "
          f"it first; to run another copy, start it with --data-dir and a different folder.",
          file=sys.stderr, flush=True)
    if window:
        show_already_open(options, str(exc.folder))
    return ALREADY_OPEN_EXIT


def show_already_open(options: AppOptions, folder: str, clock: RealClock | StepClock | None = None) -> App | None:
    """A second copy on a folder a running copy holds: a window saying so, until the player closes it.

    Nothing in the data folder is opened (default settings, no store, no sounds). Returns the finished app,
    or None when no window can be opened (the message is on stderr already).
    """
    import pygame

    from tala_desktop.ui.screens.already_open import AlreadyOpenScene
    from tala_desktop.ui.shared.services import UiSettings

    log = logging.getLogger(__name__)
    try:
        desktop = build_desktop(replace(options, windowed=options.windowed or ALREADY_OPEN_WINDOW),
                                clock, settings=UiSettings())
    except pygame.error as exc:
        log.warning("no window for the already-open message: %s", exc)
        pygame.quit()
        return None
    app = desktop.app
    app.on_first_frame.clear()     # no sounds or music for a message
    app.stack.push(AlreadyOpenScene(app.services, folder, app.quit))
    try:
        app.run(max_frames=options.max_frames)
        log.info("the already-open window closed after %d drawn frames", app.frames_drawn)
    finally:
        app.shutdown()
        pygame.quit()
    return app
