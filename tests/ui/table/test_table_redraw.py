"""The clock's cost: during a turn where nothing else moves, a frame repaints the clock ring's rectangle (with the
seconds left written on it), not the window; such a partial frame looks exactly like a whole one."""

from __future__ import annotations

import math

import pygame
import pytest

from tala_desktop.ui.art.theme import CLOCK_DISC
from tala_desktop.ui.core.redraw import dirty_rects, paint
from tala_desktop.ui.shell.app_loop import App
from tala_desktop.ui.table.scene import TableScene
from tests.ui.app_helpers import inline_desktop
from tests.ui.table_helpers import Driver, make_services, make_table, moving


def _your_lead(fonts, seconds: int = 30, size: tuple[int, int] = (1280, 720)) -> Driver:
    drv = Driver(make_table(seed=3, seconds=seconds), make_services(fonts, speed=0.0), size=size)
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.view().highlights.mode == "discard" and not moving(sc.view()))
    drv.step(10)
    return drv


def test_a_clocked_turn_repaints_only_the_ring(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    canvas = drv.surface.get_width() * drv.surface.get_height()
    ring = sc.layout.ring_bounds(sc.model.me)
    partial = whole = 0
    for _ in range(90):                         # three seconds of your turn
        drv.step()
        if not sc.needs_redraw:
            continue
        rects = dirty_rects([sc], False)
        if rects is None:
            whole += 1
            continue
        partial += 1
        assert sum(r.w * r.h for r in rects) < 0.02 * canvas
        assert all(ring.contains(r) for r in rects)
    assert partial >= 20 and whole <= 1       # about 8 ring frames a second, each a few thousand pixels


def test_a_partial_frame_equals_a_whole_frame(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    size = drv.surface.get_size()
    shown = pygame.Surface(size)
    drv.stack.draw(shown)                       # the last whole frame on screen
    for _ in range(200):
        drv.step()
        if sc.needs_redraw and dirty_rects([sc], False):
            break
    rects = dirty_rects([sc], False)
    assert rects
    shown.set_clip(rects[0].unionall(rects[1:]))
    drv.stack.draw(shown)                       # the partial frame
    shown.set_clip(None)
    whole = pygame.Surface(size)
    drv.stack.draw(whole)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_the_seconds_left_are_written_on_the_ring(pg, fonts):
    drv = _your_lead(fonts)
    sc = drv.scene
    me = sc.model.me
    centre = sc.layout.clock_label_centre(me)
    r = sc.layout.px(10)
    box = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)

    def label() -> tuple[int, int, bytes]:
        img = drv.draw().subsurface(box).copy()
        px = [img.get_at((x, y))[:3] for x in range(box.w) for y in range(box.h)]
        dark = sum(1 for p in px if max(abs(a - b) for a, b in zip(p, CLOCK_DISC)) < 24)
        white = sum(1 for p in px if min(p) > 225)
        return dark, white, pygame.image.tobytes(img, "RGB")

    dark, white, first = label()
    assert dark > 0.3 * box.w * box.h and white > 8        # white digits on the dark disc
    seconds = math.ceil(sc.clock_remaining(me)[0])
    drv.until(lambda: math.ceil(sc.clock_remaining(me)[0]) == seconds - 3)
    assert label()[2] != first                              # the number counts down


def test_the_app_presents_only_the_ring_to_a_large_window(pg, fonts, monkeypatch):
    app, sc = _app_at_your_lead()
    try:
        presented = _presents(app, monkeypatch)
        for _ in range(60):
            app.frame()
        parts = [r for r in presented if r is not None]
        assert len(parts) >= 10 and len(parts) >= len(presented) - 1
        window = app.display.viewport
        scale = app.display.scale
        assert all(sum(x.w * x.h for x in rects) * scale * scale < 0.02 * window.w * window.h for rects in parts)
    finally:
        app.shutdown()


@pytest.mark.parametrize("window", [(1920, 1080), (2520, 1080), (1024, 600), (1366, 768)])
def test_a_partly_presented_window_is_the_whole_present_bit_for_bit(pg, window):
    from tala_desktop.ui.core.display import Display

    display = Display()
    display.open(window)
    canvas = display.canvas
    canvas.fill((30, 110, 60))
    for i in range(40):                                   # sharp edges everywhere
        pygame.draw.rect(canvas, ((i * 53) % 256, (i * 97) % 256, (i * 29) % 256),
                         ((i * 61) % 1200, (i * 37) % 680, 40 + i % 30, 30 + i % 20))
    display.present()
    rects = [pygame.Rect(101, 577, 93, 97), pygame.Rect(600, 300, 60, 40)]
    for r in rects:
        pygame.draw.circle(canvas, (236, 52, 44), r.center, min(r.size) // 2 - 1, 9)   # inside the rect
    display.present(rects=rects)
    partial = pygame.image.tobytes(display.window, "RGB")
    display.present()
    assert partial == pygame.image.tobytes(display.window, "RGB")


def test_painting_a_region_draws_only_inside_it(pg, fonts):
    drv = _your_lead(fonts)

    class Shown:
        canvas = pygame.Surface(drv.surface.get_size())
        presented: list[object] = []

        def present(self, flip: bool = True, rects=None) -> None:
            self.presented.append(rects)

    shown = Shown()
    shown.canvas.fill((1, 2, 3))
    rect = pygame.Rect(10, 600, 50, 50)
    paint(drv.stack, shown, [rect])
    assert shown.presented == [[rect]]
    assert shown.canvas.get_at((640, 300))[:3] == (1, 2, 3)
    assert shown.canvas.get_at(rect.center)[:3] != (1, 2, 3)


def _choices():
    from tala_desktop.ui.shared.new_game import GameChoices
    return GameChoices(players=4, turn_seconds=30)


def _app_at_your_lead() -> tuple[App, TableScene]:
    """The app in a 1920x1080 window at your first turn (a lead, 30 s clock), nothing moving."""
    desktop = inline_desktop((1920, 1080), step=1 / 30)
    app, games = desktop.app, desktop.games
    sc = games.open_table(games.new_client(_choices(), seed=3))
    assert isinstance(sc, TableScene)
    for _ in range(3000):
        app.frame()
        if sc.accepting_input and sc.view().highlights.mode == "discard" and not moving(sc.view()):
            break
    for _ in range(10):
        app.frame()
    return app, sc


def _presents(app: App, monkeypatch) -> list[object]:
    """Every present from now on: None for a whole frame, else the rectangles presented."""
    presented: list[object] = []
    real = app.display.present

    def spy(flip: bool = True, rects=None) -> None:
        presented.append(rects)
        real(flip, rects)

    monkeypatch.setattr(app.display, "present", spy)
    return presented


@pytest.mark.parametrize("size", [(1280, 720), (1280, 750), (1680, 720), (1280, 960)])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_clock_ring_stays_inside_the_canvas(pg, size, seats):
    from tala_desktop.ui.table.layout import TableLayout

    layout = TableLayout(size, seats, 0)
    canvas = pygame.Rect((0, 0), size)
    for seat in range(seats):
        assert canvas.contains(layout.ring_bounds(seat)), (seat, layout.ring_bounds(seat))


def test_moving_the_mouse_over_the_felt_repaints_nothing_but_the_ring(pg, fonts, monkeypatch):
    app, sc = _app_at_your_lead()
    try:
        presented = _presents(app, monkeypatch)
        felt = sc.layout.stock.move(0, sc.layout.px(120)).center     # empty felt below the stock
        for i in range(40):
            pos = app.display.to_window((felt[0] + i % 7, felt[1] + i % 5))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
            app.frame()
        assert presented and all(rects is not None for rects in presented)    # the ring's parts only
        card = sc.hand.order[len(sc.hand.order) // 2]
        r = sc.hand.rect_of(card)
        presented.clear()
        pos = app.display.to_window((r.x + 8, r.centery))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        app.frame()
        assert presented == [None] and sc.hand.hover == card                 # a card lifts: a whole frame
    finally:
        app.shutdown()
