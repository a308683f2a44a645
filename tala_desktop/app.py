"""Composition root: the command line, then the desktop game, its headless selftest or the text demo.

``build_desktop`` is the one place the desktop game is put together: the
services (fonts, card art, sounds, settings, the store), the window, the
loop, the offline tables with the bot runner they share, and the pages one
screen opens over another. ``start_desktop`` opens the store of the data
folder first (with the game a crash left) and shows the menu; the selftest,
the already-open window, the journey tests and the UI tests all start the
game through these two.

pygame is imported only by ``tala_desktop.ui``, loaded here lazily, so
``--help`` and ``--text-demo`` work without a display, and the bot processes
(which import this package when they spawn) never load pygame. The game
takes its data folder's lock before anything else touches the folder: a
second copy on the same folder exits with ``ALREADY_OPEN_EXIT`` and a message.

A crash leaves a trace: the packaged app (which has no console) and ``-v``
log to ``logs/tala.log`` in the data folder (rotating, at most
``LOG_BYTES`` a file and ``LOG_BACKUPS`` older files), once the folder's lock
is held; an error nothing caught writes its traceback there and shows a
window, in both languages, that says the game has to close and where the
log is.
"""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from tala_desktop import __version__
from tala_desktop.console import utf8_console

if TYPE_CHECKING:
    from tala_desktop.bots.runner import Runner
    from tala_desktop.store import Autosave, Store
    from tala_desktop.store.folder_lock import FolderInUse, FolderLock
    from tala_desktop.ui.shared.services import UiSettings
    from tala_desktop.ui.shell.app_loop import App, AppOptions, RealClock, StepClock
    from tala_desktop.ui.shell.desktop import Desktop


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 1280x720, got {text!r}") from None
    if not (320 <= w <= 10_000 and 240 <= h <= 10_000):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (320x240 and up)")
    return w, h


def _frames(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of frames, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more frames, got {n}")
    return n


def _samples(text: str) -> int:
    from tala_desktop.table.config import MAX_HARD_SAMPLES

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of samples, got {text!r}") from None
    if not 1 <= n <= MAX_HARD_SAMPLES:
        raise argparse.ArgumentTypeError(f"expected 1 to {MAX_HARD_SAMPLES} samples, got {n}")
    return n


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tala-desktop", description="Tá Lả Desktop: Phỏm (Tá lả) against the computer")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("--selftest", action="store_true",
                   help="headless check: a 4-bot game through the real scene loop until its results; exit 0 if ok")
    p.add_argument("--data-dir", metavar="DIR", help="folder for profile, settings and history (created if missing)")
    p.add_argument("--seed", type=int, help="seed of every table, for reproducible deals and bots")
    p.add_argument("--hard-samples", type=_samples, metavar="N",
                   help="the Hard computer player weighs N samples a decision instead of thinking for its time "
                        "budget: with --seed, the same games on any machine")
    p.add_argument("--windowed", type=_size, metavar="WxH", help="open a window of this size, not fullscreen")
    p.add_argument("--frames", type=_frames, metavar="N",
                   help="quit after N turns of the 60 Hz loop, drawn or not (start-up timing: --frames 1 "
                   "quits after the first frame)")
    p.add_argument("--text-demo", action="store_true",
                   help="print one game between random agents, no window (a new deal each time; --seed repeats one)")
    p.add_argument("-v", "--verbose", action="store_true", help="log start-up timings and table events")
    p.add_argument("--server", nargs=argparse.REMAINDER, metavar="ARGS",
                   help="host LAN tables instead (the packaged app's tala-server); "
                        "the rest of the line goes to it, see --server --help")
    return p


def prepare_display_environment() -> None:
    """Settings SDL reads when the display starts, so set before anything starts it (a player's own win).

    Windows: per-monitor-v2 DPI awareness (the packaged app's manifest asks for it too; ``python`` from source has
    none), so at 125-200 % display scaling the window is drawn at the screen's own pixels instead of a stretched,
    blurry bitmap, and window and desktop sizes come in physical pixels. Other systems ignore it.
    """
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    multiprocessing.freeze_support()  # a frozen build's bot processes start here
    utf8_console()
    prepare_display_environment()
    args = parser().parse_args(argv)
    if args.server is not None:
        from tala_desktop.net import cli

        return cli.main(args.server)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format=LOG_FORMAT)
    keep_log = args.verbose or bool(getattr(sys, "frozen", False))
    if keep_log:
        install_crash_handler()
    if args.text_demo:
        from tala_desktop.engine import demo

        return demo.main([] if args.seed is None else ["--seed", str(args.seed)])
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if args.selftest:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from tala_desktop.ui.shell.app_loop import AppOptions

    options = AppOptions(windowed=args.windowed, data_dir=args.data_dir, seed=args.seed,
                         hard_samples=args.hard_samples, max_frames=args.frames, started_at=started)
    from tala_desktop.store import folder_lock

    if args.selftest:
        from tala_desktop.ui.shell.selftest import run_selftest

        try:  # a selftest told to use a data folder records its game there, so it holds the folder too
            lock = _hold_data_folder(args.data_dir) if args.data_dir else None
        except folder_lock.FolderInUse as exc:
            return _already_open(exc, options, window=False)
        if lock is not None and keep_log:
            log_to_file(lock.folder)
        try:
            return run_selftest(options, selftest_desktop(options))
        finally:
            if lock is not None:
                lock.release()
    from tala_desktop.ui.shell.app_loop import NoDisplay, init_pygame

    try:
        init_pygame(require_display=True)  # before the data folder is made or opened
    except NoDisplay as exc:
        print(exc.message(), file=sys.stderr, flush=True)
        return NO_DISPLAY_EXIT
    try:
        lock = _hold_data_folder(args.data_dir)
    except folder_lock.FolderInUse as exc:
        return _already_open(exc, options)
    if lock is not None and keep_log:  # only the copy that holds the folder writes in it
        log_to_file(lock.folder)
    from tala_desktop.ui.shell.app_loop import run_app

    try:
        return run_app(start_desktop(options).app, options)
    finally:
        if lock is not None:
            lock.release()


def build_desktop(options: AppOptions, clock: RealClock | StepClock | None = None, *,
                  settings: UiSettings | None = None, store: Store | None = None, saved: Autosave | None = None,
                  runner: Runner | None = None) -> Desktop:
    """Put the desktop game together; the caller pushes its first scene.

    pygame's display and fonts, the services (silent until the first frame loads the sounds), the window at
    ``options.windowed`` or the settings' size, the loop on ``clock`` (the wall clock by default), the offline
    tables kept by ``store`` (None: nothing is kept, every seat gets the starting chips) with ``saved`` offered
    as "Chơi tiếp", and the pages. ``runner`` decides every offline table's bots and the tutorial's (None: each
    table runs its own bot threads, as the game does; tests hand in an ``InlineRunner``). The loop closes the
    tables and then the runner when it shuts down; a store passed in stays the caller's to close.
    """
    from tala_desktop.ui.art.card_art import CardArt
    from tala_desktop.ui.audio.sounds import NullSounds
    from tala_desktop.ui.core.assets import Fonts
    from tala_desktop.ui.core.display import Display
    from tala_desktop.ui.shared.services import Services, UiSettings
    from tala_desktop.ui.shell.app_loop import App, init_pygame
    from tala_desktop.ui.shell.desktop import Desktop
    from tala_desktop.ui.shell.offline_games import OfflineGames
    from tala_desktop.ui.shell.startup import load_sounds, make_pages, open_window

    init_pygame()
    settings = settings or UiSettings()
    fonts = Fonts()
    cards = CardArt(fonts, four_colour=settings.four_colour, back_colour=settings.card_back)
    services = Services(fonts=fonts, cards=cards, sounds=NullSounds(settings.sound_volume), settings=settings,
                        data_dir=options.data_dir, store=store)
    app = App(services, open_window(Display(), services, options.windowed), clock)
    games = OfflineGames(services, app.stack, saved, runner=runner, seed=options.seed,
                         hard_samples=options.hard_samples)
    services.pages = make_pages(services, runner)
    app.on_first_frame.append(lambda: load_sounds(services))
    app.closers.append(games.close_all)
    return Desktop(app, games)


def start_desktop(options: AppOptions, clock: RealClock | StepClock | None = None,
                  runner: Runner | None = None) -> Desktop:
    """The desktop game as a player starts it: the store (``--data-dir`` or the user data folder) with its settings
    and the game a crash left (offered as "Chơi tiếp"), then ``build_desktop`` and the menu. The loop closes the
    store last when it shuts down."""
    from tala_desktop.store import Notice, StoreError
    from tala_desktop.ui.shared.store_bridge import load_ui_settings, open_store

    store = open_store(options.data_dir).store
    settings = load_ui_settings(store)
    try:
        saved = store.recover()
    except StoreError as exc:  # e.g. a finished game that cannot be paid now: its autosave stays for next time
        store.notices.append(Notice("resume_failed", str(exc)))
        saved = None
    desktop = _closing_store(store, lambda: build_desktop(options, clock, settings=settings, store=store,
                                                           saved=saved, runner=runner))
    desktop.show_menu()
    return desktop


SELFTEST_WINDOW = (1280, 720)


def selftest_desktop(options: AppOptions) -> Callable[[UiSettings], Desktop]:
    """How the selftest has its game built from its settings: the store of ``options.data_dir`` (none without
    one: nothing is kept), then ``build_desktop`` at ``options.windowed`` (else ``SELFTEST_WINDOW``) on a stepped
    clock with the game's own bot runner; the loop closes the store when it shuts down."""
    from tala_desktop.ui.shell.app_loop import StepClock

    window = replace(options, windowed=options.windowed or SELFTEST_WINDOW)

    def build(settings: UiSettings) -> Desktop:
        from tala_desktop.store import Store

        store = Store(data_dir=options.data_dir) if options.data_dir is not None else None
        return _closing_store(store, lambda: build_desktop(window, StepClock(), settings=settings, store=store))

    return build


def _closing_store(store: Store | None, build: Callable[[], Desktop]) -> Desktop:
    """``build()``, its loop told to close ``store`` last; the store closed at once if the build fails."""
    try:
        desktop = build()
    except BaseException:
        if store is not None:
            store.close()
        raise
    if store is not None:
        desktop.app.closers.append(store.close)
    return desktop


ALREADY_OPEN_WINDOW = (960, 540)


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


LOG_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"
LOG_NAME = Path("logs") / "tala.log"   # in the data folder
LOG_BYTES = 512 * 1024
LOG_BACKUPS = 2
_log_file: Path | None = None          # where this process logs, once log_to_file found a place


def log_to_file(folder: str | os.PathLike[str], max_bytes: int = LOG_BYTES) -> Path | None:
    """Log INFO and above to ``LOG_NAME`` in ``folder`` too, rotating at ``max_bytes``; the file, or None if it
    cannot be written (the game goes on without it)."""
    global _log_file
    path = Path(folder) / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=max_bytes, backupCount=LOG_BACKUPS,
                                                       encoding="utf-8")
    except OSError as exc:
        logging.getLogger(__name__).warning("no log file in %s: %s", path.parent, exc)
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    for other in root.handlers:  # the console keeps the level it was given
        if other.level == logging.NOTSET:
            other.setLevel(root.level)
    root.setLevel(min(root.level, logging.INFO))
    root.addHandler(handler)
    logging.getLogger(__name__).info("Tá Lả Desktop %s on %s, Python %s%s", __version__, sys.platform,
                                     sys.version.split()[0], " (packaged)" if getattr(sys, "frozen", False) else "")
    _log_file = path
    return path


def install_crash_handler() -> None:
    """Errors nothing caught: the main thread's are logged and shown before the game exits, a thread's logged."""
    sys.excepthook = _on_crash
    threading.excepthook = _on_thread_crash


def _on_crash(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, tb)
        return
    logging.getLogger(__name__).critical("Tá Lả Desktop stopped on an error", exc_info=(kind, value, tb))
    for handler in logging.getLogger().handlers:
        handler.flush()
    show_crash_window(crash_text(_log_file))


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


ALREADY_OPEN_EXIT = 3   # exit code of a second copy started on a data folder a running copy holds
NO_DISPLAY_EXIT = 4     # exit code when no screen was found and no headless driver was asked for


def _hold_data_folder(data_dir: str | None) -> FolderLock | None:
    """The one-app lock of the data folder, before anything in it is opened; None if the folder cannot be made
    (the store then reports that and plays from a temporary folder). FolderInUse if another copy has it."""
    from tala_desktop.store import StoreError, folder_lock
    from tala_desktop.store.paths import resolve_data_dir

    try:
        folder = resolve_data_dir(data_dir)
    except StoreError:
        return None
    return folder_lock.hold_folder(folder)


def _already_open(exc: FolderInUse, options: AppOptions, window: bool = True) -> int:
    """A second copy on a held folder: say so on stderr and (``window``) in a window, both languages,
    touching nothing."""
    who = f" (process {exc.pid})" if exc.pid is not None else ""
    print(f"Tá Lả Desktop đang mở với thư mục dữ liệu {exc.folder}{who}. Hãy chuyển sang cửa sổ đó, hoặc đóng nó "
          f"trước; muốn chạy thêm một bản thì dùng --data-dir với một thư mục khác.\n"
          f"Tá Lả Desktop is already open with the data folder {exc.folder}{who}. Switch to that window or close "
          f"it first; to run another copy, start it with --data-dir and a different folder.",
          file=sys.stderr, flush=True)
    if window:
        show_already_open(options, str(exc.folder))
    return ALREADY_OPEN_EXIT


if __name__ == "__main__":
    sys.exit(main())
