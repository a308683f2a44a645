"""App loop: the 60 fps loop that skips unchanged frames, runs the scene stack and shuts down cleanly.

The loop alone: the composition root (``tala_desktop.app.composition``) builds the
services, the window, the offline tables and the first scene, and hands the
loop what it must close at the end (``App.closers``). ``App.frame`` runs one
frame: events (mapped to logical coordinates), ``update(dt)`` with dt from
the clock (clamped), then draw + flip only when a visible scene reports
``needs_redraw`` (scenes without it are always drawn), only the parts that
changed when the scene says which (core/redraw.py); an idle app waits for
input instead of spinning. ``run_app`` runs a wired app until the player
quits. ``App.shutdown`` keeps a dragged window's size, pops every scene,
runs the closers (the tables and their bots, then the store) and stops the
sounds.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..core.display import Display, NoDisplay, check_display_found, prefer_window_framebuffer
from ..core.redraw import dirty_rects, paint
from ..core.scene import SceneStack
from ..shared.services import Services
from ..shared.store_bridge import save_ui_settings

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
    """Owns the scene stack and the frame loop; closes what the composition root handed it when it ends."""

    def __init__(self, services: Services, display: Display, clock: RealClock | StepClock | None = None) -> None:
        self.services = services
        self.display = display
        self.clock = clock or RealClock()
        self.stack = SceneStack()
        self.closers: list[Callable[[], object]] = []   # run at shutdown, in order, after the scenes are gone
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
        """Keep a dragged window's size, pop every scene, run the closers in order (each one, even after one
        failed: the first failure is raised at the end), stop sounds and music."""
        self.remember_window_size()
        try:
            self.stack.clear()
        finally:
            closers, self.closers = self.closers, []
            failures: list[Exception] = []
            for close in closers:
                try:
                    close()
                except Exception as exc:  # noqa: BLE001 - the next closer still runs; the first failure is raised
                    log.exception("closing %r at shutdown", close)
                    failures.append(exc)
            self.services.sounds.stop_all()
            music, self.services.music = self.services.music, None
            if music is not None:
                music.stop()
            if failures:
                raise failures[0]


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
