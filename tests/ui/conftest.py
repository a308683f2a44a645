"""Headless pygame for the UI tests: dummy video and audio drivers, shared fonts and card art."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402
import pytest  # noqa: E402

from tala_desktop.ui.art.card_art import CardArt  # noqa: E402
from tala_desktop.ui.core import i18n  # noqa: E402
from tala_desktop.ui.core.assets import Fonts  # noqa: E402


@pytest.fixture(scope="session")
def pg():
    pygame.display.init()
    pygame.font.init()
    pygame.freetype.init()
    yield pygame
    pygame.quit()


@pytest.fixture(scope="session")
def fonts(pg) -> Fonts:
    return Fonts()


@pytest.fixture
def art(fonts) -> CardArt:
    return CardArt(fonts)


@pytest.fixture(autouse=True)
def _restore_language():
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def count_pixels(surface: pygame.Surface, predicate) -> int:
    """How many pixels of ``surface`` (opaque enough) satisfy ``predicate((r, g, b))``."""
    w, h = surface.get_size()
    n = 0
    for y in range(h):
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a > 200 and predicate((r, g, b)):
                n += 1
    return n
