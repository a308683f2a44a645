"""Table art: felt with vignette, deterministic avatars, chips, and the turn-clock ring."""

from __future__ import annotations

import pygame

from tala_desktop.ui.art import avatars, table_art, theme
from tala_desktop.ui.art.theme import AVATAR_COLOURS


def test_felt_is_green_in_the_middle_and_darker_at_the_corners(pg):
    felt = table_art.felt((640, 360))
    assert felt.get_size() == (640, 360)
    centre = felt.get_at((320, 170))
    corner = felt.get_at((2, 2))
    assert centre.g > centre.r + 40 and centre.g > centre.b + 20
    assert sum(corner[:3]) < sum(centre[:3]) / 2
    oval = table_art.table_oval((640, 360))
    assert felt.get_rect().contains(oval)


def _name_disc(name: str, fonts) -> pygame.Surface:
    return avatars.disc(name, avatars.avatar_colour(name), 64, fonts)


def test_avatars_are_deterministic_per_name(fonts):
    a1 = pygame.image.tobytes(_name_disc("Lan", fonts), "RGBA")
    a2 = pygame.image.tobytes(_name_disc("Lan", fonts), "RGBA")
    assert a1 == a2
    assert _name_disc("Lan", fonts).get_size() == (64, 64)
    colours = {avatars.avatar_colour(n) for n in ("Lan", "Minh", "Hùng", "Đức", "Bạn", "Ánh", "Tú")}
    assert len(colours) >= 3
    assert _name_disc("Lan", fonts).get_at((0, 0)).a == 0  # round


def test_a_name_colour_and_the_same_colour_chosen_as_a_look_are_one_drawing(fonts):
    faces = avatars.Faces(fonts, files=[])
    for name in ("Lan", "Nguyễn Văn Đức"):
        look = AVATAR_COLOURS.index(avatars.avatar_colour(name))
        chosen, own = faces.face(name, look, 60), faces.face(name, None, 60)
        assert chosen is not own
        assert pygame.image.tobytes(chosen, "RGBA") == pygame.image.tobytes(own, "RGBA")


def test_initials_handle_vietnamese_names():
    assert avatars.initials("Nguyễn Văn Đức") == "NĐ"
    assert avatars.initials("ánh") == "Á"
    assert avatars.initials("   ") == "?"
    assert avatars.initials("QUÂN (2)") == "Q"          # a LAN name made unique: the number is not a word
    assert avatars.initials("Lan Anh (3)") == "LA" and avatars.initials("(2)") == "("


def test_chips_are_round_and_coloured(pg):
    chip = table_art.chip(40, theme.CHIP_COLOURS["blue"])
    assert chip.get_size() == (40, 40)
    assert chip.get_at((0, 0)).a == 0
    assert chip.get_at((20, 20)).b > chip.get_at((20, 20)).r


def test_ring_colour_turns_amber_at_10_and_red_at_5_seconds():
    assert table_art.ring_colour(30) == theme.CLOCK_PLENTY
    assert table_art.ring_colour(10.01) == theme.CLOCK_PLENTY
    assert table_art.ring_colour(10) == theme.CLOCK_HURRY
    assert table_art.ring_colour(5.5) == theme.CLOCK_HURRY
    assert table_art.ring_colour(5) == theme.CLOCK_LATE
    assert table_art.ring_colour(0) == theme.CLOCK_LATE


def _ring(remaining: float, total: float = 30) -> pygame.Surface:
    surface = pygame.Surface((100, 100))
    surface.fill((0, 0, 0))
    table_art.draw_countdown_ring(surface, (50, 50), 30, remaining, total, thickness=8)
    return surface


def test_ring_empties_clockwise_from_twelve(pg):
    full = _ring(30)
    for pos in ((50, 16), (84, 50), (50, 84), (16, 50)):  # 12, 3, 6, 9 o'clock
        assert full.get_at(pos)[:3] == theme.CLOCK_PLENTY, pos
    half = _ring(15)  # the first half of the clock (12 -> 6 via 3) has emptied
    assert half.get_at((84, 50))[:3] != theme.CLOCK_PLENTY
    assert half.get_at((16, 50))[:3] == theme.CLOCK_PLENTY
    quarter = _ring(7.5)  # only 9 -> 12 is left, amber
    assert quarter.get_at((33, 79))[:3] != theme.CLOCK_HURRY  # 7 o'clock
    assert quarter.get_at((26, 26))[:3] == theme.CLOCK_HURRY
    late = _ring(4)
    assert any(late.get_at((x, y))[:3] == theme.CLOCK_LATE for x in range(100) for y in range(50))
    empty = _ring(0)
    assert not any(empty.get_at((x, y))[:3] in (theme.CLOCK_LATE, theme.CLOCK_PLENTY)
                   for x in range(100) for y in range(100))
