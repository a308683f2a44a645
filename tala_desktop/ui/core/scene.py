"""Scene: the Scene base class and the SceneStack that runs events, update and draw.

A scene handles events, advances with ``update(dt)`` and paints with
``draw(surface)``; draw never changes state. Each scene owns a Tweener, so
its animations die with it. An overlay scene (``is_overlay = True``, e.g.
the results dialog or the pause menu) is drawn over the scenes below it.
"""

from __future__ import annotations

import pygame

from .tween import Tweener


class Scene:
    """Base class: override handle_event / update / draw; call super().update(dt) for tweens."""

    is_overlay: bool = False
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


class SceneStack:
    """Push/pop/replace scenes; events go to the top; draw paints from the highest opaque scene up."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

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

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._scenes:
            self._scenes[-1].handle_event(event)

    def update(self, dt: float) -> None:
        """Update the top scene, and the scenes below overlays that set ``updates_below``."""
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
        for scene in self.visible():
            scene.draw(surface)
