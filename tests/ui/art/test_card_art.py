"""Card art: faces differ, colours follow the suit (and the 4-colour deck), backs, highlights, cache."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.art.card_art import PIP_LAYOUTS, CardArt, card_size
from tala_desktop.ui.art.theme import BACK_COLOURS, EATEN_GOLD, GROUP_COLOURS
from tests.ui.conftest import count_pixels


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def is_red(c):
    return c[0] > 150 and c[1] < 90 and c[2] < 90


def is_blue(c):
    return c[2] > 140 and c[0] < 80


def is_green(c):
    return c[1] > 100 and c[0] < 60 and c[2] < 100


def test_faces_have_the_card_size_and_rounded_transparent_corners(art):
    for width in (40, 70, 110, 163):
        face = art.face(0, width)
        assert face.get_size() == card_size(width)
        assert face.get_at((0, 0)).a < 128
        assert face.get_at((width // 2, face.get_height() // 2)).a == 255


def test_all_52_faces_are_different_at_70_px(art):
    images = {_bytes(art.face(c, 70)) for c in range(52)}
    assert len(images) == 52


def test_red_suits_use_red_and_black_suits_do_not(art):
    for c in (26 + 6, 39 + 11, 26 + 0):  # 7♦ Q♥ A♦
        assert count_pixels(art.face(c, 70), is_red) > 30, c
    for c in (0 + 6, 13 + 11, 12):  # 7♠ Q♣ K♠
        assert count_pixels(art.face(c, 70), is_red) == 0, c


def test_the_four_colour_deck_paints_diamonds_blue_and_clubs_green(art):
    seven_d = 26 + 6
    assert count_pixels(art.face(seven_d, 70, four_colour=False), is_blue) == 0
    four = art.face(seven_d, 70, four_colour=True)
    assert count_pixels(four, is_blue) > 30 and count_pixels(four, is_red) == 0
    assert count_pixels(art.face(13 + 6, 70, four_colour=True), is_green) > 30
    assert count_pixels(art.face(39 + 6, 70, four_colour=True), is_red) > 30


def test_pip_layouts_have_one_pip_per_rank_point():
    assert {rank: len(layout) for rank, layout in PIP_LAYOUTS.items()} == {n: n for n in range(2, 11)}


def test_court_cards_are_distinguishable(art):
    j, q, k = (_bytes(art.face(c, 110)) for c in (10, 11, 12))
    assert len({j, q, k}) == 3


def test_faces_are_cached_per_card_width_and_colour_mode(art):
    assert art.face(5, 90) is art.face(5, 90)
    assert art.face(5, 90) is not art.face(5, 91)
    assert art.face(30, 90) is not art.face(30, 90, four_colour=True)


def test_cache_is_bounded(fonts):
    small = CardArt(fonts, cache_size=10)
    for c in range(30):
        small.face(c, 40)
    assert len(small._cache) <= 10


def test_backs_come_in_named_colours(art):
    red, blue = art.back(70, "red"), art.back(70, "blue")
    assert red.get_size() == blue.get_size() == card_size(70)
    assert _bytes(red) != _bytes(blue)
    centre = red.get_at((10, 40))
    assert centre.r > centre.b
    with pytest.raises(ValueError):
        art.back(70, "purple")
    assert set(BACK_COLOURS) >= {"red", "blue"}


def test_glow_surrounds_the_card_in_its_colour(art):
    pad = art.shadow_pad(80)
    glow = art.glow(80, EATEN_GOLD)
    w, h = card_size(80)
    assert glow.get_size() == (w + 2 * pad, h + 2 * pad)
    edge = glow.get_at((pad - 1, pad + h // 2))
    assert edge.a > 100 and edge.r > 200 and edge.g > 150 and edge.b < 120
    assert glow.get_at((pad + w // 2, pad + h // 2)).a == 0  # the face stays visible
    group = art.outline((200, 100), GROUP_COLOURS[0], 80)
    assert group.get_size() == (200 + 2 * pad, 100 + 2 * pad)


def test_dimmed_faces_are_darker(art):
    def brightness(s):
        return sum(s.get_at((x, y)).r for x in range(0, s.get_width(), 3) for y in range(0, s.get_height(), 3))

    assert brightness(art.dimmed(5, 70)) < 0.7 * brightness(art.face(5, 70))


def test_blit_card_draws_shadow_card_and_glow(art):
    target = pygame.Surface((200, 200))
    target.fill((0, 100, 0))
    rect = art.blit_card(target, art.face(0, 70), (50, 40), glow=EATEN_GOLD)
    assert rect == pygame.Rect((50, 40), card_size(70))
    assert target.get_at((85, 90))[:3] != (0, 100, 0)


def test_bad_cards_are_rejected(art):
    with pytest.raises(ValueError):
        art.face(52, 70)
    with pytest.raises(ValueError):
        art.face(-1, 70)
