"""Scene: the Scene base class and the SceneStack that runs events, update and draw.

A scene handles events, advances with ``update(dt)`` and paints with
``draw(surface)``; draw never changes state. Each scene owns a Tweener, so
its animations die with it. An overlay scene (``is_overlay = True``, e.g.
the results dialog or the pause menu) is drawn over the scenes below it.

The canvas may be larger than the 1280x720 design box (it follows the
window's shape, see display.py). A scene that lays itself out for any
canvas size sets ``fills_canvas``; every other scene is handed the design
box in the middle of the canvas as a subsurface, with mouse positions moved
into it, and the stack paints the margins black unless the scene painted
them through ``surface.get_parent()`` (pages extend their background, dialogs
their shade).
"""

from __future__ import annotations

import pygame

from .tween import Tweener

DESIGN_SIZE = (1280, 720)
BAR_COLOUR = (0, 0, 0)          # the margins round the design box: theme.BARS (ui/core is below ui/art)
_POSITIONED = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def design_box(canvas: tuple[int, int]) -> pygame.Rect:
    """The 1280x720 design box centred in a canvas of ``canvas`` (the whole canvas if it is smaller)."""
    w, h = min(DESIGN_SIZE[0], canvas[0]), min(DESIGN_SIZE[1], canvas[1])
    return pygame.Rect((canvas[0] - w) // 2, (canvas[1] - h) // 2, w, h)


class Scene:
    """Base class: override handle_event / update / draw; call super().update(dt) for tweens."""

    is_overlay: bool = False
    #: lays itself out for any canvas size; otherwise it is drawn in the centred design box
    fills_canvas: bool = False
    #: an overlay whose scene below keeps updating (animations, clock) while it shows
    updates_below: bool = False

    def __init__(self) -> None:
        self.tweens = Tweener()
        self.stack: SceneStack | None = None

    # lifecycle hooks, called by the stack
    def on_enter(self) -> None:
        """Pushed onto the stack (or replaced another scene)."""

    def on_exit(self) -> None:
        """Popped or replaced; release what the scene holds."""

    def on_pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event, mouse positions already in logical coordinates."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""
        self.tweens.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene on the logical canvas; must not change state."""

    def resize(self, canvas: tuple[int, int]) -> None:
        """The canvas changed size (the window changed shape); called on every scene of the stack, also those
        that are not updating (under a dialog), so a scene that fills the canvas can lay itself out again."""


class SceneStack:
    """Push/pop/replace scenes; events go to the top; draw paints from the highest opaque scene up."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.canvas_size: tuple[int, int] | None = None   # the size of the canvas last drawn on (None: not yet)
        self._resized_to: tuple[int, int] | None = None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        if not self._scenes:
            raise IndexError("pop from an empty scene stack")
        scene = self._scenes.pop()
        scene.on_exit()
        scene.tweens.cancel()
        scene.stack = None
        if self._scenes:
            self._scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (a plain push on an empty stack); returns the old top."""
        old = None
        if self._scenes:
            old = self._scenes.pop()
            old.on_exit()
            old.tweens.cancel()
            old.stack = None
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()
        return old

    def clear(self) -> None:
        while self._scenes:
            self.pop()

    def design_box(self) -> pygame.Rect:
        return design_box(self.canvas_size or DESIGN_SIZE)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The event to the top scene; a scene in the design box gets mouse positions relative to it."""
        if not self._scenes:
            return
        top = self._scenes[-1]
        box = self.design_box()
        if not top.fills_canvas and box.topleft != (0, 0) and event.type in _POSITIONED and hasattr(event, "pos"):
            attrs = dict(event.dict)
            attrs["pos"] = (event.pos[0] - box.x, event.pos[1] - box.y)
            event = pygame.event.Event(event.type, attrs)
        top.handle_event(event)

    def update(self, dt: float) -> None:
        """Tell every scene of a new canvas size, then update the top scene, and the scenes below overlays that
        set ``updates_below``."""
        if self.canvas_size is not None and self.canvas_size != self._resized_to:
            self._resized_to = self.canvas_size
            for scene in list(self._scenes):
                scene.resize(self.canvas_size)
        for scene in self._updating():
            scene.update(dt)

    def _updating(self) -> list[Scene]:
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if not (scene.is_overlay and scene.updates_below):
                break
        return list(reversed(out))

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame, bottom first: the highest non-overlay scene and every overlay above it."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[i].is_overlay:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the visible scenes on ``surface`` (the canvas), each on the whole of it or in its design box."""
        self.canvas_size = surface.get_size()
        box = self.design_box()
        if box.size == surface.get_size():
            for scene in self.visible():
                scene.draw(surface)
            return
        inner = surface.subsurface(box)
        for i, scene in enumerate(self.visible()):
            if scene.fills_canvas:
                scene.draw(surface)
                continue
            if i == 0:                              # nothing under it: the margins start black
                _fill_margins(surface, box)
            scene.draw(inner)


def _fill_margins(surface: pygame.Surface, box: pygame.Rect) -> None:
    w, h = surface.get_size()
    for rect in (pygame.Rect(0, 0, w, box.y), pygame.Rect(0, box.bottom, w, h - box.bottom),
                 pygame.Rect(0, box.y, box.x, box.h), pygame.Rect(box.right, box.y, w - box.right, box.h)):
        if rect.w > 0 and rect.h > 0:
            surface.fill(BAR_COLOUR, rect)
