"""The composition root: the one place the desktop game is put together, as a player starts it or as the selftest.

``build_desktop`` puts the pieces together: the services (fonts, card art,
sounds, settings, the store), what the run remembers between pages, the
window, the loop, the offline tables with the bot runner they share, and the
pages one screen opens over another. ``start_desktop`` opens the store of the
data folder first (with the game a crash left) and shows the menu;
``selftest_desktop`` builds the selftest's game on a stepped clock. The game,
the selftest, the already-open window, the journey tests and the UI tests all
start the game through these.

pygame is imported only by ``tala_desktop.ui``, loaded here lazily, so
``--help`` and ``--text-demo`` work without a display, and the bot processes
(which import this package when they spawn) never load pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tala_desktop.bots.runner import Runner
    from tala_desktop.store import Autosave, Store
    from tala_desktop.ui.shared.services import UiSettings
    from tala_desktop.ui.shell.app_loop import AppOptions, RealClock, StepClock
    from tala_desktop.ui.shell.desktop import Desktop


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
    from tala_desktop.ui.shared.run_state import RunState
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
    run = RunState()
    services.pages = make_pages(services, run, runner)
    app.on_first_frame.append(lambda: load_sounds(services))
    app.closers.append(games.close_all)
    return Desktop(app, games, run)


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
