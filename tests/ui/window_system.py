"""A window system without a window manager, played on SDL's dummy driver: fullscreen keeps its size when it ends.

An X server alone (no window manager) does not give a window back its size
when SDL leaves fullscreen: the window keeps the monitor's size and is left
where the fullscreen put it, its corner off the screen's middle. The dummy
driver the tests run on restores both, so ``without_window_manager`` wraps
``pygame.display.set_mode`` to do what that X server does: a windowed mode
asked for after a fullscreen one leaves the window at the fullscreen's size
and at the screen's corner.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest


def display_window() -> pygame.Window:
    """The display module's window, where a player sees it (its size and position)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


@contextmanager
def without_window_manager(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """``set_mode`` as on an X server without a window manager; yields the modes asked for, in words."""
    real = pygame.display.set_mode
    asked: list[str] = []
    fullscreen: list[tuple[int, int]] = []

    def set_mode(size: Any = (0, 0), flags: int = 0, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = real(size, flags, *args, **kwargs)
        window = display_window()
        if flags & pygame.FULLSCREEN:
            fullscreen[:] = [(int(window.size[0]), int(window.size[1]))]
            asked.append("fullscreen")
        else:
            asked.append(f"windowed {size[0]}x{size[1]}")
            if fullscreen:               # the X server alone: the fullscreen's size, at the screen's corner
                window.size = fullscreen.pop()
                window.position = (0, 0)
                surface = pygame.display.get_surface() or surface
        return surface

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    yield asked
