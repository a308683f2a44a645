"""Display: the canvas that follows the window's shape, letterboxing maths, window <-> logical mapping, presenting
with bars, the minimum window, fullscreen toggle; the scene stack's design box inside a larger canvas."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core.display import LOGICAL_SIZE, MIN_WINDOW, Display, canvas_size, letterbox
from tala_desktop.ui.core.scene import Scene, SceneStack, design_box
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
    d = Display(follow_window=False)        # the fixed 16:9 canvas: letterboxed
    d.open((1920, 1200))
    return d


def test_the_canvas_grows_its_short_side_to_the_window_shape():
    assert canvas_size((1280, 720)) == (1280, 720)
    assert canvas_size((1920, 1080)) == (1280, 720)
    assert canvas_size((1024, 600)) == (1280, 750)          # 16:9.4: a little taller
    assert canvas_size((1920, 1200)) == (1280, 800)         # 16:10
    assert canvas_size((1024, 768)) == (1280, 960)          # 4:3
    assert canvas_size((800, 800)) == (1280, 960)           # squarer than 4:3: stops there
    assert canvas_size((2560, 1080)) == (1680, 720)         # 21:9
    assert canvas_size((3840, 1080)) == (1680, 720)         # wider than 21:9: stops there
    for window in ((1024, 600), (1920, 1200), (1024, 768), (2520, 1080)):
        rect, _ = letterbox(canvas_size(window), window)
        assert rect.w >= window[0] - 2 and rect.h >= window[1] - 2, window   # no bars between 4:3 and 21:9


def test_a_window_of_another_shape_gets_a_canvas_of_that_shape_without_bars(pg):
    d = Display()
    d.open((1920, 1200))
    assert d.logical_size == (1280, 800) and d.canvas.get_size() == (1280, 800)
    assert d.viewport == pygame.Rect(0, 0, 1920, 1200) and d.scale == 1.5
    assert d.to_logical((960, 600)) == (640, 400)
    d.canvas.fill((200, 30, 30))
    d.present()
    window = pygame.display.get_surface()
    assert window.get_at((960, 5))[:3] == (200, 30, 30) and window.get_at((960, 1195))[:3] == (200, 30, 30)
    d.resized((1600, 900))
    assert d.canvas.get_size() == (1280, 720)
    d.resized((800, 800))                                   # squarer than 4:3: small bars only
    assert d.canvas.get_size() == (1280, 960) and d.viewport.h == 600 and d.viewport.y == 100


def test_the_window_never_opens_below_the_readable_minimum(pg):
    d = Display()
    d.open((640, 400))
    assert d.window is not None and d.window.get_size() == MIN_WINDOW
    assert d.window_size == MIN_WINDOW
    assert min(d.scale, 1.0) >= 0.75


class _Recorder(Scene):
    def __init__(self, fills: bool = False, overlay: bool = False) -> None:
        super().__init__()
        self.fills_canvas, self.is_overlay = fills, overlay
        self.sizes: list[tuple[int, int]] = []
        self.events: list[tuple[int, int]] = []

    def handle_event(self, event):
        self.events.append(event.pos)

    def draw(self, surface):
        self.sizes.append(surface.get_size())
        surface.fill((10, 120, 40))


def test_a_scene_made_for_1280x720_is_drawn_and_clicked_in_the_middle_of_a_wider_canvas(pg):
    canvas = pygame.Surface((1680, 720))
    canvas.fill((255, 255, 255))
    stack = SceneStack()
    page, table = _Recorder(), _Recorder(fills=True)
    stack.push(page)
    stack.draw(canvas)
    assert page.sizes == [(1280, 720)] and stack.design_box() == pygame.Rect(200, 0, 1280, 720)
    assert canvas.get_at((100, 360))[:3] == (0, 0, 0) and canvas.get_at((1600, 360))[:3] == (0, 0, 0)
    assert canvas.get_at((840, 360))[:3] == (10, 120, 40)
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(840, 360), button=1))
    assert page.events == [(640, 360)]
    stack.push(table)
    stack.draw(canvas)
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(840, 360), button=1))
    assert table.sizes == [(1680, 720)] and table.events == [(840, 360)]
    assert design_box((1280, 960)) == pygame.Rect(0, 120, 1280, 720)


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
    display.resized((1024, 576))
    assert display.scale == 0.8 and display.to_logical((512, 288)) == (640, 360)
    assert display.toggle_fullscreen() is True
    assert display.fullscreen
    assert display.toggle_fullscreen() is False
    assert display.window is not None
    assert display.window.get_size() == (1024, 576)  # back to the last windowed size


def test_leaving_fullscreen_gives_the_window_back_its_size_and_place_without_a_window_manager(pg, monkeypatch):
    """An X server alone keeps the fullscreen's size and corner when fullscreen ends: the window is set back."""
    from tests.ui.window_system import display_window, without_window_manager

    with without_window_manager(monkeypatch) as asked:
        display = Display()
        display.open((1100, 700))
        window = display_window()
        window.position = (120, 80)            # where the player put it
        assert display.toggle_fullscreen() is True
        assert display.window is not None and display.window.get_size() == pygame.display.get_desktop_sizes()[0]
        assert display.toggle_fullscreen() is False
        assert asked == ["windowed 1100x700", "fullscreen", "windowed 1100x700"]
        assert tuple(window.size) == (1100, 700) and tuple(window.position) == (120, 80)
        assert display.window.get_size() == (1100, 700) and display.window_size == (1100, 700)
        display.present()                      # the canvas follows the window it is back in
        assert display.viewport == letterbox(display.logical_size, (1100, 700))[0]
