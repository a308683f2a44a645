"""The app for the UI tests, started from its composition root: headless, on a stepped clock, bots decided inline.

``inline_desktop`` is ``tala_desktop.app.composition.build_desktop`` with a ``StepClock``
and an ``InlineRunner`` for every table (no bot threads, nothing sleeps: a
bot's move comes after its think delay in stepped time); ``menu=True``
shows the main menu as the game does; ``open_tutorial`` opens Hướng dẫn the
way the menu does. The tests of threads and processes build theirs with the
game's own runner instead.
"""

from __future__ import annotations

import pygame

from tala_desktop.app.composition import build_desktop
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.store import Store
from tala_desktop.ui.screens.tutorial import Tutorial, tutorial_of
from tala_desktop.ui.shared.services import UiSettings
from tala_desktop.ui.shell.app_loop import FPS, App, AppOptions, StepClock
from tala_desktop.ui.shell.desktop import Desktop


def inline_desktop(size: tuple[int, int] | None = (1280, 720), *, seed: int | None = None,
                   settings: UiSettings | None = None, store: Store | None = None, menu: bool = False,
                   step: float = 1 / FPS) -> Desktop:
    desktop = build_desktop(AppOptions(windowed=size, seed=seed), StepClock(step), settings=settings, store=store,
                            runner=InlineRunner())
    pygame.event.clear()
    if menu:
        desktop.show_menu()
    return desktop


def open_tutorial(app: App) -> Tutorial:
    """Hướng dẫn as the menu and the rules page open it (``Services.pages``, Lan on the app's runner), pushed; the
    lessons returned (their table scene: ``.scene``)."""
    make = app.services.pages.tutorial
    assert make is not None, "the composition root offers the tutorial"
    scene = make()
    tutorial = tutorial_of(scene)
    assert tutorial is not None and tutorial.scene is scene
    app.stack.push(scene)
    return tutorial
