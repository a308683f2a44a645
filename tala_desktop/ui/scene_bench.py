"""Scene bench loop: a Display-like frame loop that runs a scene stack in real time and measures each frame.

For ``bench/ui_bench.py`` (which must not import pygame itself): open a
headless (or real) window, build the shared services, and run frames at up
to 60 per second — events, ``update(dt)`` with the real elapsed time, and a
draw + present only when a visible scene says ``needs_redraw``, of only the
parts that changed where the scene says which (as the app does) — recording
how long each frame's work took and whether it drew.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .art.card_art import CardArt
from .audio.sounds import NullSounds
from .core.assets import Fonts
from .core.display import Display, prefer_window_framebuffer
from .core.redraw import dirty_rects, paint
from .core.scene import SceneStack
from .services import Services, UiSettings

FPS = 60


def process_age() -> float:
    """Seconds since this process started (Linux /proc); since the first call elsewhere."""
    if sys.platform == "linux":
        try:
            with open("/proc/self/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            start_ticks = int(fields[19])
            with open("/proc/uptime") as f:
                uptime = float(f.read().split()[0])
            return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
    global _FIRST_CALL
    if _FIRST_CALL is None:
        _FIRST_CALL = time.perf_counter()
    return time.perf_counter() - _FIRST_CALL


_FIRST_CALL: float | None = None


def open_display(size: tuple[int, int] = (1280, 720), headless: bool = True) -> Display:
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    prefer_window_framebuffer()
    pygame.display.init()
    pygame.font.init()
    display = Display()              # the app's design box, its canvas shaped like the window and scaled into it
    display.open(size)
    return display


def make_services(animation_speed: float = 1.0) -> Services:
    fonts = Fonts()
    return Services(fonts, CardArt(fonts), NullSounds(), UiSettings(animation_speed=animation_speed))


@dataclass
class FrameStats:
    """Work time (ms) of every frame, and which of them drew."""

    work_ms: list[float] = field(default_factory=list)
    drawn: list[bool] = field(default_factory=list)
    cpu_s: float = 0.0
    wall_s: float = 0.0

    def percentile(self, q: float, drawn_only: bool = False) -> float:
        values = sorted(w for w, d in zip(self.work_ms, self.drawn) if d or not drawn_only)
        if not values:
            return 0.0
        i = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
        return values[i]

    @property
    def frames(self) -> int:
        return len(self.work_ms)

    @property
    def frames_drawn(self) -> int:
        return sum(self.drawn)

    @property
    def cpu_share(self) -> float:
        """CPU time (all threads) over wall time, as a share of one core."""
        return self.cpu_s / self.wall_s if self.wall_s > 0 else 0.0


class FrameLoop:
    """Runs ``stack`` on ``display`` in real time, 60 frames a second at most."""

    def __init__(self, display: Display, stack: SceneStack, fps: int = FPS) -> None:
        self.display = display
        self.stack = stack
        self.period = 1.0 / fps
        self._last = time.perf_counter()
        self._shown: tuple[int, ...] = ()

    def needs_redraw(self) -> bool:
        return any(getattr(s, "needs_redraw", True) for s in self.stack.visible())

    def frame(self, stats: FrameStats | None = None, force_draw: bool = False) -> bool:
        """One frame; returns whether it drew."""
        start = time.perf_counter()
        dt = min(0.1, start - self._last)
        self._last = start
        for event in pygame.event.get():
            self.stack.handle_event(self.display.map_event(event))
        self.stack.update(dt)
        visible = self.stack.visible()
        shown = tuple(id(s) for s in visible)
        drew = force_draw or shown != self._shown or self.needs_redraw()
        if drew and self.stack:
            paint(self.stack, self.display, dirty_rects(visible, force_draw or shown != self._shown))
            self._shown = shown
        if stats is not None:
            stats.work_ms.append((time.perf_counter() - start) * 1000)
            stats.drawn.append(drew)
        return drew

    def run(self, seconds: float, each: Callable[[], None] | None = None) -> FrameStats:
        """Frames for ``seconds`` of wall time, sleeping out the rest of each frame period."""
        stats = FrameStats()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        deadline = wall0
        while time.perf_counter() - wall0 < seconds:
            self.frame(stats)
            if each is not None:
                each()
            deadline += self.period
            pause = deadline - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            else:
                deadline = time.perf_counter()
        stats.cpu_s = time.process_time() - cpu0
        stats.wall_s = time.perf_counter() - wall0
        return stats
