"""App loop: unchanged frames are not redrawn, dt is clamped, F11 and quit work, shutdown runs every closer and ends
every bot thread."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator

import pygame
import pytest

from tala_desktop.app.composition import build_desktop
from tala_desktop.table import BOT, SeatConfig, TableConfig
from tala_desktop.ui.core.scene import Scene
from tala_desktop.ui.shared.app_settings import fit_window
from tala_desktop.ui.shell import app_loop
from tala_desktop.ui.shell.app_loop import MAX_DT, App, AppOptions, RealClock, StepClock
from tests.ui.app_helpers import inline_desktop


class Probe(Scene):
    """A scene that counts draws; ``dirty`` is what it reports as needs_redraw."""

    def __init__(self, dirty: bool = False, overlay: bool = False) -> None:
        super().__init__()
        self.dirty = dirty
        self.is_overlay = overlay
        self.draws = 0
        self.dts: list[float] = []

    @property
    def needs_redraw(self) -> bool:
        return self.dirty

    def update(self, dt: float) -> None:
        super().update(dt)
        self.dts.append(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((20, 90, 40))


class AlwaysDirty(Scene):
    """No needs_redraw attribute: the loop must treat it as always dirty."""

    def __init__(self) -> None:
        super().__init__()
        self.draws = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


@pytest.fixture
def app(pg) -> Iterator[App]:
    made = inline_desktop((1280, 720)).app
    yield made
    made.shutdown()


def test_a_clean_scene_is_drawn_once_then_skipped(app):
    probe = Probe(dirty=False)
    app.stack.push(probe)
    for _ in range(10):
        assert app.frame()
    assert probe.draws == 1               # the first frame after it appeared
    assert app.frames == 10 and app.frames_drawn == 1
    probe.dirty = True
    app.frame()
    app.frame()
    assert probe.draws == 3
    probe.dirty = False
    app.frame()
    assert probe.draws == 3


def test_a_scene_without_needs_redraw_is_always_drawn(app):
    scene = AlwaysDirty()
    app.stack.push(scene)
    for _ in range(5):
        app.frame()
    assert scene.draws == 5


def test_an_overlay_appearing_or_leaving_forces_one_redraw(app):
    table = Probe(dirty=False)
    app.stack.push(table)
    app.frame()
    overlay = Probe(dirty=False, overlay=True)
    app.stack.push(overlay)
    app.frame()
    app.frame()
    assert (table.draws, overlay.draws) == (2, 1)  # the overlay is drawn over the table below it
    app.stack.pop()
    app.frame()
    app.frame()
    assert table.draws == 3                       # once more, to wipe the overlay off the screen


def test_window_events_force_a_redraw(app):
    probe = Probe(dirty=False)
    app.stack.push(probe)
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.frame()
    assert probe.draws == 2


def test_nothing_is_drawn_while_the_window_is_minimised(app):
    probe = Probe(dirty=True)
    app.stack.push(probe)
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.frame()
    app.frame()
    assert probe.draws == 1 and len(probe.dts) == 3     # still updated (the table keeps its time), not drawn
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    app.frame()
    assert probe.draws == 2


def test_the_default_window_fits_a_small_screen():
    assert fit_window((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit_window((1280, 720), (1366, 768)) == (1229, 691)


def test_dt_comes_from_the_clock_and_is_clamped(app):
    probe = Probe(dirty=False)
    app.stack.push(probe)
    app.clock = StepClock(step=0.02)
    app.frame()
    app.clock = StepClock(step=5.0)  # a frame that stalled for 5 s
    app.frame()
    assert probe.dts == [pytest.approx(0.02), MAX_DT]


def test_an_idle_real_clock_loop_waits_for_input_instead_of_spinning(app, monkeypatch):
    waits: list[int] = []
    real_wait = pygame.event.wait

    def wait(timeout: int = 0) -> pygame.event.Event:
        waits.append(timeout)
        return real_wait(1)

    monkeypatch.setattr(pygame.event, "wait", wait)
    app.clock = RealClock()
    probe = Probe(dirty=True)
    app.stack.push(probe)
    app.frame()
    app.frame()
    assert waits == []                     # busy scene: no waiting beyond the frame cap
    probe.dirty = False
    app.frame()                            # draws nothing, becomes idle
    app.frame()
    app.frame()
    assert waits == [app_loop.IDLE_WAIT_MS, app_loop.IDLE_WAIT_MS]


def test_quit_event_stops_the_loop(app):
    app.stack.push(Probe())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.frame() is False
    assert app.running is False


def test_f11_toggles_fullscreen_and_the_setting(app):
    app.stack.push(Probe())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.frame()
    assert app.display.fullscreen and app.services.settings.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    app.frame()
    assert not app.display.fullscreen and not app.services.settings.fullscreen


def test_run_stops_when_asked(app):
    app.stack.push(Probe(dirty=True))
    app.run(max_frames=4)
    assert app.frames == app.frames_drawn == 4
    app.run(until=lambda: app.frames >= 7)
    assert app.frames == 7


def test_max_frames_counts_loop_iterations_even_when_nothing_is_drawn(app):
    app.stack.push(Probe())                 # drawn once, then at rest
    app.run(max_frames=10, until=lambda: app.frames > 50)
    assert app.frames == 10 and app.frames_drawn == 1


def test_sounds_load_after_the_first_frame(app):
    assert not app.services.sounds.available
    app.stack.push(Probe())
    app.frame()
    assert app.first_frame_at is not None
    assert app.services.sounds.available  # the dummy audio driver has a mixer


def test_shutdown_runs_every_closer_in_order_even_after_one_fails(app):
    ran: list[str] = []

    def broken() -> None:
        ran.append("broken")
        raise OSError("disk gone")

    app.closers[:] = [lambda: ran.append("tables"), broken, lambda: ran.append("store")]
    app.stack.push(Probe())
    with pytest.raises(OSError, match="disk gone"):
        app.shutdown()
    assert ran == ["tables", "broken", "store"] and len(app.stack) == 0 and app.closers == []
    app.shutdown()                            # a second shutdown runs nothing twice
    assert ran == ["tables", "broken", "store"]


def test_shutdown_ends_every_bot_thread_and_process(pg):
    """The game's own runner (no runner handed to the root): each table's bot threads and Hard's processes."""
    before = {t.ident for t in threading.enumerate()}
    desktop = build_desktop(AppOptions(windowed=(1280, 720)), StepClock())
    app, games = desktop.app, desktop.games
    seats = [SeatConfig(name, BOT, level) for name, level in
             (("A", "normal"), ("B", "easy"), ("C", "hard"), ("D", "normal"))]
    config = TableConfig(seats=seats, seed=5, think_delay=0.0, hard_budget_ms=20)
    client = games.bots_only_client(config)
    games.open_table(client, spectator=True)
    now = 0.0
    for _ in range(400):                      # let the bots play (threads and the Hard process pool start)
        now += 0.05
        client.poll(now)
        if client.table.state.turn_no > 12:
            break
    spawned = [t for t in threading.enumerate() if t.ident not in before and not t.daemon]
    assert spawned, "the bots should have started worker threads"
    app.shutdown()
    assert client.closed and games.clients == []
    left = [t.name for t in threading.enumerate() if t.ident not in before and not t.daemon and t.is_alive()]
    assert left == []
    assert multiprocessing.active_children() == []
