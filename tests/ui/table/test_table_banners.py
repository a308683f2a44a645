"""Seat banners ("Ate the last card!", "Ăn!") and floating amounts stay inside the window at every seat, also
at the seats by the window's left and right edges."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.surface_cache import SurfaceCache
from tala_desktop.ui.core.tween import Tweener
from tala_desktop.ui.table.anim import TableAnimator, draw_overlays
from tala_desktop.ui.table.director import TableDirector
from tala_desktop.ui.table.hand_view import HandView
from tala_desktop.ui.table.layout import TableLayout
from tala_desktop.ui.widgets.controls import banner_image
from tests.ui.table_helpers import make_services


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize("canvas", [(1280, 720), (1280, 750), (1680, 720)])
def test_every_seat_banner_is_drawn_whole_inside_the_window(pg, fonts, language, canvas):
    i18n.set_language(language)
    services = make_services(fonts)
    layout = TableLayout(canvas, 4, 0)
    anim = TableAnimator(Tweener(), services.cards, services.sounds.play)
    director = TableDirector(anim, HandView(layout), services, lambda *a, **k: pygame.Surface((1, 1)))
    bounds = pygame.Rect((0, 0), canvas)
    for seat in range(4):
        for key in ("banner.chot", "banner.den", "banner.eat"):
            anim.banners.clear()
            director.banner(layout, tr(key), seat, 0)
            banner = anim.banners[0]
            banner.update(banner.POP)                  # popped in, at full size
            rect = banner.placed(banner.image().get_size(), bounds)
            assert bounds.contains(rect), (seat, key, rect)
            surface = pygame.Surface(canvas, pygame.SRCALPHA)
            surface.fill((0, 0, 0, 0))
            banner.draw(surface)
            drawn = surface.get_bounding_rect()
            assert drawn.w >= banner.image().get_bounding_rect().w - 1, (seat, key, drawn)   # nothing cut off


def test_a_floating_amount_by_an_edge_seat_stays_inside(pg, fonts):
    services = make_services(fonts)
    layout = TableLayout((1280, 720), 4, 0)
    anim = TableAnimator(Tweener(), services.cards, services.sounds.play)
    font = fonts.font(40, bold=True)
    image = font.render("+12.345.678", True, (255, 255, 255))
    left = layout.seat(3).avatar_centre
    anim.float_text(image, (4, left[1]))
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    words = SurfaceCache[pygame.Surface](8)
    draw_overlays(surface, services.cards, anim.frame(layout.px(26)), False, SurfaceCache(8),   # from the frame's value
                  lambda b: words.get(b, lambda: banner_image(fonts, b.text, b.colour, b.size)))
    assert surface.get_bounding_rect().w >= image.get_bounding_rect().w - 1
