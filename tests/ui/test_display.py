"""Display: letterboxing maths, window <-> logical mapping, presenting with bars, fullscreen toggle."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.display import LOGICAL_SIZE, Display, letterbox
from tala_desktop.ui.widgets.controls import Button


def test_letterbox_fits_and_centres():
    assert letterbox(LOGICAL_SIZE, (1280, 720)) == (pygame.Rect(0, 0, 1280, 720), 1.0)
    rect, scale = letterbox(LOGICAL_SIZE, (1920, 1200))  # 16:10: bars top and bottom
    assert scale == 1.5 and rect == pygame.Rect(0, 60, 1920, 1080)
    rect, scale = letterbox(LOGICAL_SIZE, (1000, 1000))
    assert rect.x == 0 and rect.w == 1000 and rect.h == 562 and rect.y == 219
    rect, scale = letterbox(LOGICAL_SIZE, (2000, 720))  # very wide: bars left and right
    assert rect == pygame.Rect(360, 0, 1280, 720)


@pytest.fixture
def display(pg):
    d = Display()
    d.open((1920, 1200))
    return d


def test_mouse_positions_map_to_logical_points(display):
    assert display.window is not None and display.window.get_size() == (1920, 1200)
    assert display.to_logical((960, 600)) == (640, 360)
    assert display.to_logical((0, 60)) == (0, 0)
    assert display.to_logical((1920, 1140)) == (1280, 720)
    assert not display.inside(display.to_logical((960, 30)))  # over the top bar
    assert display.to_window((640, 360)) == (960, 600)
    event = display.map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 360), rel=(30, 15), buttons=(0, 0, 0)))
    assert event.pos == (200, 200) and event.rel == (20, 10) and event.window_pos == (300, 360)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert display.map_event(key) is key


def test_a_button_is_clicked_through_the_letterbox(display, fonts):
    hits = []
    button = Button((600, 340, 80, 40), "Ăn", fonts, on_click=lambda: hits.append(1))
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        button.handle_event(display.map_event(pygame.event.Event(etype, pos=(960, 600), button=1)))
    assert hits == [1]
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # the same point unscaled misses
        button.handle_event(pygame.event.Event(etype, pos=(960, 600), button=1))
    assert hits == [1]


def test_present_scales_the_canvas_between_black_bars(display):
    display.canvas.fill((200, 30, 30))
    display.present()
    window = pygame.display.get_surface()
    assert window.get_at((960, 20))[:3] == (0, 0, 0)
    assert window.get_at((960, 1190))[:3] == (0, 0, 0)
    assert window.get_at((960, 600))[:3] == (200, 30, 30)
    assert window.get_at((5, 65))[:3] == (200, 30, 30)


def test_resize_and_fullscreen_toggle(display):
    display.resized((640, 360))
    assert display.scale == 0.5 and display.to_logical((320, 180)) == (640, 360)
    assert display.toggle_fullscreen() is True
    assert display.fullscreen
    assert display.toggle_fullscreen() is False
    assert display.window is not None
    assert display.window.get_size() == (640, 360)  # back to the last windowed size
