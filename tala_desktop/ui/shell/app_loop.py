"""App loop: the window, the 60 fps loop that skips unchanged frames, the scene wiring and a clean shutdown.

``create_app`` opens the resizable window (a logical canvas shaped like the
window scaled into it, F11 for fullscreen) and builds the shared services. ``App.frame``
runs one frame: events (mapped to logical coordinates), ``update(dt)`` with
dt from the clock (clamped), then draw + flip only when a visible scene
reports ``needs_redraw`` (scenes without it are always drawn), only the parts
that changed when the scene says which (core/redraw.py); an idle app waits
for input instead of spinning. ``App.start_game`` asks the app's
``OfflineGames`` (handed in by the composition root, ``tala_desktop.app``,
which opens the store and recovers a saved game) for a table and pushes its
scene; ``App.continue_game`` resumes the game a crash left; leaving a table
settles it (Móm mid-game) and returns to the menu. ``run_app`` runs a wired
app until the player quits. ``App.shutdown`` closes every table client,
which ends the bot threads.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pygame

from tala_desktop.store import Store
from tala_desktop.table import LocalTableClient

from ..art import theme
from ..art.card_art import CardArt
from ..audio.music import Music
from ..audio.sounds import NullSounds, load_sounds
from ..core.assets import Fonts
from ..core.display import Display, NoDisplay, check_display_found, prefer_window_framebuffer
from ..core.i18n import tr
from ..core.pages import Pages
from ..core.redraw import dirty_rects, paint
from ..core.scene import Scene, SceneStack
from ..screens.menu import MenuScene
from ..shared.app_settings import apply_settings, fit_window
from ..shared.new_game import GameChoices
from ..shared.services import Services, UiSettings
from ..shared.store_bridge import save_ui_settings
from .offline_games import OfflineGames

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 0.1          # a stalled frame (window dragged, machine busy) advances time by at most this
IDLE_WAIT_MS = 50     # nothing to draw: wait up to this long for input before the next update
_REDRAW_EVENTS = frozenset({
    pygame.VIDEOEXPOSE, pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED,
    pygame.WINDOWSIZECHANGED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED,
})


class RealClock:
    """Wall-clock frame timing: caps the frame rate and returns the seconds since the last tick."""

    real = True

    def __init__(self) -> None:
        self._clock = pygame.time.Clock()

    def tick(self, fps: int) -> float:
        return self._clock.tick(fps) / 1000.0


class StepClock:
    """A stepped clock for tests and the selftest: every tick is ``step`` seconds and nothing sleeps."""

    real = False

    def __init__(self, step: float = 1 / FPS) -> None:
        self.step = step
        self.now = 0.0

    def tick(self, fps: int) -> float:
        self.now += self.step
        return self.step


@dataclass
class AppOptions:
    """What the command line decides about the window and the tables."""

    windowed: tuple[int, int] | None = None   # open windowed at this size (ignores the fullscreen setting)
    data_dir: str | None = None
    seed: int | None = None                   # seed of every table (reproducible deals and bots)
    hard_samples: int | None = None           # Hard weighs this many samples a decision, not its time budget
    max_frames: int | None = None             # quit after this many loop iterations (start-up timing)
    started_at: float | None = None           # time.perf_counter() when main() began


class App:
    """Owns the scene stack, the frame loop and the table clients it opened."""

    def __init__(self, services: Services, display: Display, clock: RealClock | StepClock | None = None,
                 seed: int | None = None, games: OfflineGames | None = None) -> None:
        self.services = services
        self.games = games or OfflineGames(services)
        self.owns_store = False    # the composition root opened the store for this app: shutdown closes it
        self.display = display
        self.clock = clock or RealClock()
        self.seed = seed
        self.stack = SceneStack()
        self.clients: list[LocalTableClient] = []
        self.tables: dict[int, Scene] = {}     # id(client) -> its table scene
        self.running = True
        self.frames = 0            # loop iterations
        self.frames_drawn = 0
        self.first_frame_at: float | None = None
        self.on_first_frame: list[Callable[[], None]] = []
        self.force_redraw = True
        self.minimized = False     # nothing is drawn while the window is minimised
        self.window_dragged = False  # the window's size changed from outside: kept at shutdown
        self._idle = False
        self._shown: tuple[int, ...] = ()

    # -- scene wiring -------------------------------------------------------------------
    def show_menu(self) -> MenuScene:
        menu = MenuScene(self.services, self.start_game, self.quit, continue_game=self.continue_game,
                         can_continue=lambda: self.games.can_continue)
        self.stack.push(menu)
        return menu

    def start_game(self, choices: GameChoices) -> Scene:
        """Host the chosen offline table (you at seat 0) and push its table scene."""
        return self.open_table(self.games.new_client(choices, seed=self.seed), spectator=False)

    def continue_game(self) -> Scene | None:
        """Resume the game a crash or a forced quit left (same cards, same turn, a fresh clock)."""
        client = self.games.continue_client()
        if client is None:
            return None
        return self.open_table(client, spectator=False)

    def open_table(self, client: LocalTableClient, spectator: bool = False) -> Scene:
        from ..table.scene import TableScene  # the table scene is the heaviest module: load it on first use

        self.clients.append(client)
        scene = TableScene(client, self.services, spectator=spectator, on_leave=lambda: self.leave_table(client),
                           bet=client.table.config.bet,
                           saved=self.services.store is not None,   # the store autosaves its offline games
                           extras=None if spectator else self.games.social_layer(client))
        self.tables[id(client)] = scene
        self.stack.push(scene)
        return scene

    def leave_table(self, client: LocalTableClient) -> None:
        """Settle a game you left (Móm), close the table and pop its scene (and any overlay over it)."""
        self.games.leave(client)
        table = self.tables.get(id(client))
        for i, scene in enumerate(self.stack.scenes):
            if scene is table:
                while len(self.stack) > i:
                    self.stack.pop()
                break
        self._close(client)

    def _close(self, client: LocalTableClient) -> None:
        client.close()
        self.games.forget(client)
        self.tables.pop(id(client), None)
        if client in self.clients:
            self.clients.remove(client)

    def quit(self) -> None:
        self.running = False

    # -- the loop ---------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """One pygame event: quit, F11, window changes, else to the top scene in logical coordinates."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.services.settings.fullscreen = self.display.toggle_fullscreen()
            save_ui_settings(self.services)
            self.force_redraw = True
        elif event.type == pygame.WINDOWMINIMIZED:
            self.minimized = True
        elif event.type in _REDRAW_EVENTS:
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED) and self.display.window is not None:
                size = self.display.window.get_size()
                if not self.display.fullscreen and size != self.display.window_size:
                    self.window_dragged = True   # the player (or the window manager) gave the window a new size
                self.display.resized(size)
            self.minimized = False
            self.force_redraw = True
        else:
            self.stack.handle_event(self.display.map_event(event))

    def needs_redraw(self) -> bool:
        """True when the window must be painted: forced, the visible scenes changed, or one of them is dirty."""
        visible = self.stack.visible()
        shown = tuple(id(s) for s in visible)
        return self.force_redraw or shown != self._shown or any(getattr(s, "needs_redraw", True) for s in visible)

    def draw(self) -> None:
        visible = self.stack.visible()
        whole = self.force_redraw or tuple(id(s) for s in visible) != self._shown
        paint(self.stack, self.display, dirty_rects(visible, whole))
        for scene in visible:
            mark = getattr(scene, "mark_drawn", None)
            if mark is not None:
                mark()
        self._shown = tuple(id(s) for s in visible)
        self.force_redraw = False
        self.frames_drawn += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            for hook in self.on_first_frame:
                hook()

    def frame(self) -> bool:
        """Run one frame; False once the app should stop."""
        events: list[pygame.event.Event] = []
        if self._idle and self.clock.real:
            first = pygame.event.wait(IDLE_WAIT_MS)  # sleeps in SDL until input or the timeout
            if first.type != pygame.NOEVENT:
                events.append(first)
        dt = min(self.clock.tick(FPS), MAX_DT)
        events.extend(pygame.event.get())
        for event in events:
            self.dispatch(event)
            if not self.running:
                return False
        self.stack.update(dt)
        music = self.services.music
        if music is not None:
            music.poll()
        self.frames += 1
        if not self.stack:
            self.running = False
            return False
        if not self.minimized and self.needs_redraw():
            self.draw()
            self._idle = False
        else:
            self._idle = True
        return self.running

    def run(self, until: Callable[[], bool] | None = None, max_frames: int | None = None) -> None:
        """Loop until quit, ``until()`` is true, or ``max_frames`` loop iterations ran (drawn or not: a screen at
        rest draws nothing, and each idle iteration waits at most ``IDLE_WAIT_MS``, so the count always ends)."""
        while self.frame():
            if until is not None and until():
                return
            if max_frames is not None and self.frames >= max_frames:
                return

    # -- shutdown ------------------------------------------------------------------------------
    def remember_window_size(self) -> None:
        """Keep the size the player dragged the window to as the window-size setting, so the next start opens
        the window as it was left (a ``--windowed`` size or a fitted one is not a choice and is not kept)."""
        if not self.window_dragged or self.display.fullscreen or self.display.window is None:
            return
        size = self.display.window_size
        if size != tuple(self.services.settings.window_size):
            self.services.settings.window_size = size
            self.display.requested_size = size
            save_ui_settings(self.services)
        self.window_dragged = False

    def shutdown(self) -> None:
        """Keep a dragged window's size, pop every scene, close every table client (ending its bot threads and
        processes), stop sounds."""
        self.remember_window_size()
        try:
            self.stack.clear()
        finally:
            for client in list(self.clients):
                self._close(client)
            self.services.sounds.stop_all()
            music, self.services.music = self.services.music, None
            if music is not None:
                music.stop()
            if self.owns_store and self.services.store is not None:
                self.services.store.close()
                self.owns_store = False


def init_pygame(require_display: bool = False) -> None:
    """Start the display and font modules (the mixer starts after the first frame, with the sounds).

    ``require_display`` (the real app): NoDisplay if SDL found no screen and fell back to a driver that draws
    nowhere, unless such a driver was asked for with SDL_VIDEODRIVER."""
    prefer_window_framebuffer()
    try:
        pygame.display.init()
    except pygame.error as exc:
        if require_display:
            raise NoDisplay(str(exc)) from None
        raise
    if require_display:
        check_display_found()
    pygame.font.init()
    pygame.key.set_repeat(400, 35)


def create_app(options: AppOptions, settings: UiSettings | None = None, clock: RealClock | StepClock | None = None,
               store: Store | None = None, games: Callable[[Services], OfflineGames] | None = None) -> App:
    """Initialise pygame, open the window and build the services; the caller pushes the first scene.

    ``games`` builds the app's offline tables from the services (default: ``OfflineGames`` with no saved
    game). Without ``store`` nothing is kept (the selftest, most UI tests): every seat gets the starting chips.
    """
    init_pygame()
    settings = settings or UiSettings()
    fonts = Fonts()
    cards = CardArt(fonts, four_colour=settings.four_colour, back_colour=settings.card_back)
    services = Services(fonts=fonts, cards=cards, sounds=NullSounds(settings.sound_volume), settings=settings,
                        data_dir=options.data_dir, store=store)
    display = Display()
    services.display = display
    _set_icon(cards)
    size = options.windowed or fit_window(settings.window_size)
    display.requested_size = tuple(settings.window_size)
    display.open(size, title=tr("app.title"), fullscreen=settings.fullscreen and options.windowed is None)
    settings.fullscreen = display.fullscreen
    apply_settings(services)
    services.pages = _pages(services)
    app = App(services, display, clock, seed=options.seed, games=games(services) if games else None)
    app.on_first_frame.append(lambda: _load_sounds(services))
    return app


def _set_icon(cards: CardArt) -> None:
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    icon.fill(theme.CLEAR)
    face = cards.face(39, 44)  # A♥
    icon.blit(face, face.get_rect(center=(32, 32)))
    pygame.display.set_icon(icon)


def _pages(services: Services) -> Pages:
    """The pages the table opens from its header (loaded on first use, like the table scene)."""
    def settings() -> Scene:
        from ..screens.settings import SettingsScene
        return SettingsScene(services)

    def rules() -> Scene:
        from ..screens.rules import RulesScene
        return RulesScene(services)

    def tutorial() -> Scene:
        from ..screens.tutorial import TutorialScene
        return TutorialScene(services)

    def lan() -> Scene:
        from ..lan.browser import LanBrowserScene
        return LanBrowserScene(services)

    def changed() -> None:
        apply_settings(services)
        save_ui_settings(services)

    return Pages(settings=settings, rules=rules, tutorial=tutorial, lan=lan, settings_changed=changed)


def _load_sounds(services: Services) -> None:
    """Load the sounds after the first frame is on screen, so the window appears at once."""
    started = time.perf_counter()
    services.sounds = load_sounds(services.settings.sound_volume)
    if services.sounds.available:
        music = Music(services.settings.music_volume)
        music.start()                 # App.frame starts the stream once the mixer is up
        services.music = music
    log.info("sounds ready in %.0f ms (%s)", (time.perf_counter() - started) * 1000,
             "on" if services.sounds.available else "no audio device")


def run_app(app: App, options: AppOptions) -> int:
    """Run a wired app (its first scene pushed) until the player quits, then shut it down. Returns the exit code."""
    try:
        app.run(max_frames=options.max_frames)
        if options.started_at is not None and app.first_frame_at is not None:
            log.info("first frame %.0f ms after start", (app.first_frame_at - options.started_at) * 1000)
    finally:
        app.shutdown()
        pygame.quit()
    return 0


ALREADY_OPEN_WINDOW = (960, 540)


def run_already_open(options: AppOptions, folder: str, clock: RealClock | StepClock | None = None) -> App | None:
    """A second copy on a folder a running copy holds: a window saying so, until the player closes it.

    Nothing in the data folder is opened (default settings, no store, no sounds). Returns the finished app,
    or None when no window can be opened (the message is on stderr already).
    """
    from ..screens.already_open import AlreadyOpenScene

    try:
        app = create_app(replace(options, windowed=options.windowed or ALREADY_OPEN_WINDOW), UiSettings(), clock)
    except pygame.error as exc:
        log.warning("no window for the already-open message: %s", exc)
        pygame.quit()
        return None
    app.on_first_frame.clear()     # no sounds or music for a message
    app.stack.push(AlreadyOpenScene(app.services, folder, app.quit))
    try:
        app.run(max_frames=options.max_frames)
        log.info("the already-open window closed after %d drawn frames", app.frames_drawn)
    finally:
        app.shutdown()
        pygame.quit()
    return app


def describe(app: App) -> dict[str, Any]:
    """A small summary of a finished run (the selftest prints it)."""
    return {"frames": app.frames, "drawn": app.frames_drawn, "scenes": [type(s).__name__ for s in app.stack.scenes]}
