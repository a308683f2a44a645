"""Display: the logical canvas shaped like the window, its scaling into the real window, and fullscreen.

All layout works in logical coordinates. The game is designed in a
1280x720 box; the canvas keeps that box at scale 1 and grows its short side
to the window's shape (``canvas_size``): up to 1680x720 for a 21:9 window,
up to 1280x960 for a 4:3 one, so a window between those shapes has no black
bars and only a wider or taller one gets them. ``present()`` scales the
canvas into the window keeping its aspect ratio, and ``to_logical`` /
``map_event`` turn window mouse positions back into logical ones, so
widgets hit-test in the same space they are drawn in. The window cannot be
made smaller than ``MIN_WINDOW``, where the smallest text is still readable.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import warnings
from collections.abc import Sequence

import pygame

from .i18n import texts

LOGICAL_SIZE = (1280, 720)      # the design box every layout is made in
WIDEST_CANVAS = (1680, 720)     # 21:9
TALLEST_CANVAS = (1280, 960)    # 4:3
MIN_WINDOW = (960, 540)         # every window at least this big draws the design at 0.75 or more: readable
HEADLESS_DRIVERS = ("offscreen", "dummy")  # SDL video drivers that draw nowhere
BAR_COLOUR = (0, 0, 0)          # the bars round the canvas: theme.BARS (ui/core cannot import the theme)
PART_MARGIN = 3                 # window pixels shown around a partly presented rectangle (see present)
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def canvas_size(window: tuple[int, int], design: tuple[int, int] = LOGICAL_SIZE) -> tuple[int, int]:
    """The logical canvas for a window of ``window`` pixels: the design box with its short side grown to the
    window's shape, between 4:3 and 21:9 (beyond those the canvas stops growing and the window gets bars)."""
    ww, wh = max(1, window[0]), max(1, window[1])
    dw, dh = design
    if ww * dh >= wh * dw:                                   # wider than the design: grow the width
        return min(WIDEST_CANVAS[0] * dh // LOGICAL_SIZE[1], max(dw, round(dh * ww / wh))), dh
    return dw, min(TALLEST_CANVAS[1] * dw // LOGICAL_SIZE[0], max(dh, round(dw * wh / ww)))


def letterbox(logical: tuple[int, int], window: tuple[int, int]) -> tuple[pygame.Rect, float]:
    """Where the scaled canvas sits in the window, and the scale (window px per logical px)."""
    lw, lh = logical
    ww, wh = max(1, window[0]), max(1, window[1])
    scale = min(ww / lw, wh / lh)
    w, h = max(1, round(lw * scale)), max(1, round(lh * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h), scale


class NoDisplay(RuntimeError):
    """SDL found no screen to open a window on (it fell back to a driver that draws nowhere, or to none)."""

    def __init__(self, driver: str) -> None:
        super().__init__(f"no display found (SDL video driver: {driver})")
        self.driver = driver

    def message(self) -> str:
        """What the player is told on stderr, in both languages (the settings are not read yet)."""
        return "\n".join(text.format(driver=self.driver) for text in texts("app.no_display"))


def prefer_window_framebuffer() -> None:
    """On Linux, have SDL present through the X server's shared memory, not through an OpenGL texture.

    SDL's default there uploads and renders the whole window as a texture on every update, however little
    changed, and without a GPU (a virtual machine, a remote desktop) that rendering runs on the CPU: 16-20 ms
    of this process for a 1920x1080 frame. The X server's own path sends only the rectangles updated, which
    the table's clock relies on (core/redraw.py). Call before the display starts; SDL_FRAMEBUFFER_ACCELERATION
    set by the player wins.
    """
    if sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def check_display_found(requested: str | None = None) -> None:
    """NoDisplay if the initialised display runs on a driver that draws nowhere though none was asked for
    (``requested``: SDL_VIDEODRIVER by default; the selftest and the tests ask for ``dummy``)."""
    requested = os.environ.get("SDL_VIDEODRIVER", "") if requested is None else requested
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and not requested.strip():
        raise NoDisplay(driver)


class Display:
    """Owns the window and the logical canvas. Create, ``open()``, draw on ``canvas``, ``present()``."""

    def __init__(self, logical_size: tuple[int, int] = LOGICAL_SIZE, smooth: bool = True,
                 follow_window: bool = True) -> None:
        self.design_size = logical_size
        self.follow_window = follow_window      # False: the canvas stays ``logical_size`` (bars as needed)
        self.logical_size = logical_size
        self.canvas = pygame.Surface(logical_size)
        self.smooth = smooth
        self.window: pygame.Surface | None = None
        self.fullscreen = False
        self._windowed_size: tuple[int, int] = logical_size
        self._windowed_pos: tuple[int, int] | None = None    # where the window was before fullscreen
        self.requested_size: tuple[int, ...] = logical_size   # the window size setting last applied
        self._scaled: pygame.Surface | None = None
        self._wide: pygame.Surface | None = None     # the canvas scaled to the window's width only
        self._window_size: tuple[int, int] = logical_size
        self.viewport, self.scale = letterbox(logical_size, logical_size)

    # -- window -----------------------------------------------------------
    def open(self, size: tuple[int, int] | None = None, title: str = "Tá Lả", fullscreen: bool = False) -> None:
        """Create the resizable window (pygame.display must be initialised)."""
        pygame.display.set_caption(title)
        _set_window_icon()
        self._windowed_size = size or self.logical_size
        self.fullscreen = False
        if fullscreen:
            self.set_fullscreen(True)
        else:
            self._set_mode(self._windowed_size, pygame.RESIZABLE)

    def _set_mode(self, size: tuple[int, int], flags: int) -> None:
        if not self.fullscreen:
            size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        self.window = pygame.display.set_mode(size, flags)
        _set_minimum_size(MIN_WINDOW)
        self.resized(self.window.get_size())

    def resized(self, size: tuple[int, int]) -> None:
        """Reshape the canvas and recompute the viewport for a window of ``size`` (call on VIDEORESIZE /
        WINDOWSIZECHANGED)."""
        if self.follow_window:
            shape = canvas_size(size, self.design_size)
            if shape != self.logical_size:
                self.logical_size = shape
                self.canvas = pygame.Surface(shape)
        self.viewport, self.scale = letterbox(self.logical_size, size)
        self._window_size = (int(size[0]), int(size[1]))
        self._scaled = None
        self._wide = None
        if not self.fullscreen:
            self._windowed_size = (int(size[0]), int(size[1]))

    def set_fullscreen(self, on: bool) -> None:
        """Fill the monitor the window is on, or give the window back the size and place it had before.

        Without a window manager (an X server alone) SDL keeps the fullscreen size and the window's old corner
        when fullscreen ends, so the window's size and position are taken before and set again after through
        the window itself; with one display, the window goes to the screen's corner first, so a fullscreen that
        no window manager places still covers the screen.
        """
        if on == self.fullscreen and self.window is not None:
            return
        if on:
            self._keep_place()
            self.fullscreen = True
            # 0x0: the desktop size of the monitor the window is on, which SDL then fills borderless (no mode
            # change); the first monitor's size would overflow or shrink another one
            self._set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = self._windowed_size      # _set_mode reads the window, which may still have the fullscreen size
            self.fullscreen = False
            self._set_mode(size, pygame.RESIZABLE)
            self._restore_place(size)

    def _keep_place(self) -> None:
        """Remember the window's position (it is windowed now; its size is ``_windowed_size``), then put a lone
        screen's window at its corner for the fullscreen to come."""
        window = _display_window() if self.window is not None else None
        if window is None:
            return
        self._windowed_pos = (int(window.position[0]), int(window.position[1]))
        if pygame.display.get_num_displays() == 1 and self._windowed_pos != (0, 0):
            window.position = (0, 0)

    def _restore_place(self, size: tuple[int, int]) -> None:
        """Give the window back ``size`` and the position it had before fullscreen."""
        window = _display_window()
        if window is None:
            return
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if tuple(window.size) != size:
            window.size = size
        if self._windowed_pos is None:          # it started fullscreen: the middle of the screen
            window.position = pygame.WINDOWPOS_CENTERED
        elif tuple(window.position) != self._windowed_pos:
            window.position = self._windowed_pos
        self._windowed_size = size
        self.window = pygame.display.get_surface()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """The windowed size: applied now when windowed, else when fullscreen ends."""
        self._windowed_size = (int(size[0]), int(size[1]))
        if not self.fullscreen and self.window is not None:
            self._set_mode(self._windowed_size, pygame.RESIZABLE)

    @property
    def window_size(self) -> tuple[int, int]:
        """The real size of the window when not fullscreen (after the window manager and the minimum)."""
        return self._windowed_size

    def toggle_fullscreen(self) -> bool:
        """Switch between fullscreen and the last windowed size (bind to F11); returns the new state."""
        self.set_fullscreen(not self.fullscreen)
        return self.fullscreen

    # -- coordinates ------------------------------------------------------------
    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Window pixel -> logical point (may fall outside the canvas over the black bars)."""
        return ((pos[0] - self.viewport.x) / self.scale, (pos[1] - self.viewport.y) / self.scale)

    def to_window(self, pos: tuple[float, float]) -> tuple[float, float]:
        return (self.viewport.x + pos[0] * self.scale, self.viewport.y + pos[1] * self.scale)

    def inside(self, logical_pos: tuple[float, float]) -> bool:
        return 0 <= logical_pos[0] < self.logical_size[0] and 0 <= logical_pos[1] < self.logical_size[1]

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A copy of a mouse event with ``pos`` (and ``rel``) in logical coordinates; others unchanged."""
        if event.type not in _MOUSE_EVENTS or not hasattr(event, "pos"):
            return event
        attrs = dict(event.dict)
        x, y = self.to_logical(event.pos)
        attrs["pos"] = (int(x // 1), int(y // 1))
        if "rel" in attrs:
            attrs["rel"] = (round(attrs["rel"][0] / self.scale), round(attrs["rel"][1] / self.scale))
        attrs["window_pos"] = event.pos
        return pygame.event.Event(event.type, attrs)

    # -- output -------------------------------------------------------------------
    def present(self, flip: bool = True, rects: Sequence[pygame.Rect] | None = None) -> None:
        """Scale the canvas into the window with letterbox bars, then flip; with ``rects`` (canvas rectangles)
        only those parts are scaled and sent to the screen, exactly as a whole present would show them."""
        window = self.window or pygame.display.get_surface()
        if window is None:
            return
        if window.get_size() != self._window_size:
            self.resized(window.get_size())
            rects = None
        direct = self.viewport.size == self.logical_size
        if rects is not None and (direct or (self.smooth and self._wide is not None)):
            shown = [self._present_part(window, r) for r in rects]
            if flip:
                pygame.display.update([r for r in shown if r.w > 0 and r.h > 0])
            return
        if direct:
            window.blit(self.canvas, self.viewport)
        else:
            v = self.viewport
            if self._scaled is None or self._scaled.get_size() != v.size:
                self._scaled = pygame.Surface(v.size)
            if self.smooth:   # in two passes, the first kept, so a part can be scaled again alone (see below)
                if self._wide is None or self._wide.get_size() != (v.w, self.logical_size[1]):
                    self._wide = pygame.Surface((v.w, self.logical_size[1]))
                pygame.transform.smoothscale(self.canvas, self._wide.get_size(), self._wide)
                pygame.transform.smoothscale(self._wide, v.size, self._scaled)
            else:
                pygame.transform.scale(self.canvas, v.size, self._scaled)
            self._fill_bars(window)
            window.blit(self._scaled, v)
        if flip:
            pygame.display.flip()

    def _present_part(self, window: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
        """Put the canvas's ``rect`` into the window; returns the window rectangle it covers.

        Smoothscale filters the rows first (to the window's width), then the columns (to its height), and
        every row and every column on its own. So the canvas rows of ``rect`` are filtered again across the
        whole width into the kept first pass, then the window columns over ``rect`` down the whole height:
        the pixels come out the same as in a whole frame, bit for bit, and no seam shows.
        """
        rect = rect.clip(self.canvas.get_rect())
        v = self.viewport
        if rect.w <= 0 or rect.h <= 0:
            return pygame.Rect(0, 0, 0, 0)
        if v.size == self.logical_size:
            window.blit(self.canvas, rect.move(v.topleft), rect)
            return rect.move(v.topleft)
        assert self._wide is not None and self._scaled is not None
        lw, lh = self.logical_size
        rows = pygame.Rect(0, rect.y, lw, rect.h)
        pygame.transform.smoothscale(self.canvas.subsurface(rows), (v.w, rect.h),
                                     self._wide.subsurface((0, rect.y, v.w, rect.h)))
        sx, sy = v.w / lw, v.h / lh
        x0, x1 = max(0, math.floor(rect.x * sx) - PART_MARGIN), min(v.w, math.ceil(rect.right * sx) + PART_MARGIN)
        y0, y1 = max(0, math.floor(rect.y * sy) - PART_MARGIN), min(v.h, math.ceil(rect.bottom * sy) + PART_MARGIN)
        column = pygame.transform.smoothscale(self._wide.subsurface((x0, 0, x1 - x0, lh)), (x1 - x0, v.h))
        keep = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
        self._scaled.blit(column, keep.topleft, keep.move(-x0, 0))
        window.blit(self._scaled, keep.move(v.topleft), keep)
        return keep.move(v.topleft)

    def _fill_bars(self, window: pygame.Surface) -> None:
        ww, wh = window.get_size()
        v = self.viewport
        for rect in (pygame.Rect(0, 0, ww, v.y), pygame.Rect(0, v.bottom, ww, wh - v.bottom),
                     pygame.Rect(0, v.y, v.x, v.h), pygame.Rect(v.right, v.y, ww - v.right, v.h)):
            if rect.w > 0 and rect.h > 0:
                window.fill(BAR_COLOUR, rect)


def _display_window() -> pygame.Window | None:
    """The display module's window as a ``pygame.Window`` (its size, position, minimum size); None without one."""
    try:
        with warnings.catch_warnings():
            # pygame-ce deprecates Window.from_display_module for drawing through a Window; it is still the way
            # to reach the display module's window for its size and place, and nothing is drawn through it here
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError) as exc:
        logging.getLogger(__name__).debug("no window to reach: %s", exc)
        return None


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to let the window shrink below ``size`` (ignored where unsupported)."""
    window = _display_window()
    try:
        if window is not None:
            window.minimum_size = size
    except (pygame.error, ValueError) as exc:
        logging.getLogger(__name__).debug("no minimum window size: %s", exc)


def _set_window_icon() -> None:
    """The app's own icon on the window and the task bar (before the window opens, as SDL wants)."""
    from .assets import asset_path

    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
    except (pygame.error, FileNotFoundError) as exc:  # a missing icon must not stop the game
        logging.getLogger(__name__).warning("no window icon: %s", exc)
