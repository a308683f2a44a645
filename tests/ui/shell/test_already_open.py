"""The window of a second copy: both languages, the folder, nothing opened, and it closes by click, Enter or Esc."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.app import already_open as second_copy
from tala_desktop.ui.audio.sounds import NullSounds
from tala_desktop.ui.core.i18n import Translator
from tala_desktop.ui.screens import already_open
from tala_desktop.ui.screens.already_open import PAD, PANEL_W, AlreadyOpenScene
from tala_desktop.ui.shell import app_loop
from tala_desktop.ui.shell.app_loop import AppOptions, StepClock
from tests.ui.app_helpers import inline_desktop
from tests.ui.store_app_helpers import click

FOLDER = "/home/lan/.local/share/TaLaDesktop/a/very/long/path/that/has/to/wrap/between/its/characters/somewhere"


@pytest.fixture
def no_quit(monkeypatch):
    """show_already_open ends pygame like the real app; the test session keeps it."""
    monkeypatch.setattr(app_loop.pygame, "quit", lambda: None)


def test_the_window_says_it_in_both_languages_with_the_folder_and_draws_it(pg, no_quit, monkeypatch):
    shown: list[AlreadyOpenScene] = []

    class Recorded(AlreadyOpenScene):
        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            shown.append(self)
    monkeypatch.setattr(already_open, "AlreadyOpenScene", Recorded)
    app = second_copy.show_already_open(AppOptions(windowed=(960, 540), max_frames=1), FOLDER, StepClock())
    assert app is not None and app.frames_drawn == 1 and len(shown) == 1
    scene = shown[0]
    assert isinstance(app.services.sounds, NullSounds) and app.services.store is None
    text = " ".join(line for line, *_ in scene.lines())
    for lang in ("vi", "en"):
        for key in ("already_open.title", "already_open.text"):
            assert Translator(lang).tr(key).split()[0] in text
    assert "".join(line for line, *_ in scene.lines()).replace(" ", "").find(FOLDER.replace(" ", "")) >= 0
    fonts = app.services.fonts
    for line, size, _, bold in scene.lines():
        assert fonts.font(size, bold=bold).size(line)[0] <= PANEL_W - 2 * PAD, line
    assert scene.panel.contains(scene.close_button.rect)
    height = sum(fonts.font(size, bold=bold).get_linesize() for _, size, _, bold in scene.lines())
    assert scene.panel.y + PAD + height < scene.close_button.rect.y, "the text runs into the button"


def _window():
    app = inline_desktop((960, 540)).app
    scene = AlreadyOpenScene(app.services, FOLDER, app.quit)
    app.stack.push(scene)
    pygame.event.clear()
    app.frame()
    assert app.running and app.frames_drawn == 1
    return app, scene


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE])
def test_enter_or_esc_closes_the_window(pg, key):
    app, _ = _window()
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.frame()
        assert not app.running
    finally:
        app.shutdown()


def test_a_click_on_close_ends_the_app(pg):
    app, scene = _window()
    try:
        click(app, scene.close_button.rect.center)
        assert not app.running
    finally:
        app.shutdown()


def test_no_window_means_the_message_stays_on_stderr_only(pg, no_quit, monkeypatch):
    def no_display(*args, **kwargs):
        raise pygame.error("No available video device")
    monkeypatch.setattr(second_copy, "build_desktop", no_display)
    assert second_copy.show_already_open(AppOptions(), FOLDER, StepClock()) is None
