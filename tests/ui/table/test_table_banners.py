"""Seat banners ("Ate the last card!", "Ăn!") and floating amounts stay inside the window at every seat, also
at the seats by the window's left and right edges."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.core.surface_cache import SurfaceCache
from tala_desktop.ui.core.tween import Tweener
from tala_desktop.ui.table.anim import AmountLook, TableAnimator, draw_overlays
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
    director = TableDirector(anim, HandView(layout), services)
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
    amount = AmountLook("+12.345.678", (255, 255, 255), 40, (20, 4))
    image = font_pill(fonts, amount)
    left = layout.seat(3).avatar_centre
    anim.float_text(amount, (4, left[1]))
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    words = SurfaceCache[pygame.Surface](8)
    draw_overlays(surface, services.cards, anim.frame(layout.px(26)), False, SurfaceCache(8),   # from the frame's value
                  lambda b: words.get(b, lambda: banner_image(fonts, b.text, b.colour, b.size)),
                  lambda a: font_pill(fonts, a))
    assert surface.get_bounding_rect().w >= image.get_bounding_rect().w - 1


def font_pill(fonts, amount: AmountLook) -> pygame.Surface:
    """An amount's words as the test draws them: the bold font's render, padded (the painter adds a pill)."""
    img = fonts.font(amount.size, bold=True).render(amount.words, True, amount.colour)
    out = pygame.Surface((img.get_width() + 2 * amount.pad[0], img.get_height() + 2 * amount.pad[1]), pygame.SRCALPHA)
    out.blit(img, amount.pad)
    return out
