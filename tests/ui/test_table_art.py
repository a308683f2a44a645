"""Table art: felt with vignette, deterministic avatars, chips, and the turn-clock ring."""

from __future__ import annotations

import pygame

from tala_desktop.ui.art import table_art


def test_felt_is_green_in_the_middle_and_darker_at_the_corners(pg):
    felt = table_art.felt((640, 360))
    assert felt.get_size() == (640, 360)
    centre = felt.get_at((320, 170))
    corner = felt.get_at((2, 2))
    assert centre.g > centre.r + 40 and centre.g > centre.b + 20
    assert sum(corner[:3]) < sum(centre[:3]) / 2
    oval = table_art.table_oval((640, 360))
    assert felt.get_rect().contains(oval)


def test_avatars_are_deterministic_per_name(fonts):
    a1 = pygame.image.tobytes(table_art.avatar("Lan", 64, fonts), "RGBA")
    a2 = pygame.image.tobytes(table_art.avatar("Lan", 64, fonts), "RGBA")
    assert a1 == a2
    assert table_art.avatar("Lan", 64, fonts).get_size() == (64, 64)
    colours = {table_art.avatar_colour(n) for n in ("Lan", "Minh", "Hùng", "Đức", "Bạn", "Ánh", "Tú")}
    assert len(colours) >= 3
    assert table_art.avatar("Lan", 64, fonts).get_at((0, 0)).a == 0  # round


def test_initials_handle_vietnamese_names():
    assert table_art.initials("Nguyễn Văn Đức") == "NĐ"
    assert table_art.initials("ánh") == "Á"
    assert table_art.initials("   ") == "?"


def test_chips_are_round_and_coloured(pg):
    chip = table_art.chip(40, table_art.CHIP_COLOURS["blue"])
    assert chip.get_size() == (40, 40)
    assert chip.get_at((0, 0)).a == 0
    assert chip.get_at((20, 20)).b > chip.get_at((20, 20)).r


def test_ring_colour_turns_amber_at_10_and_red_at_5_seconds():
    assert table_art.ring_colour(30) == table_art.RING_GREEN
    assert table_art.ring_colour(10.01) == table_art.RING_GREEN
    assert table_art.ring_colour(10) == table_art.RING_AMBER
    assert table_art.ring_colour(5.5) == table_art.RING_AMBER
    assert table_art.ring_colour(5) == table_art.RING_RED
    assert table_art.ring_colour(0) == table_art.RING_RED


def _ring(remaining: float, total: float = 30) -> pygame.Surface:
    surface = pygame.Surface((100, 100))
    surface.fill((0, 0, 0))
    table_art.draw_countdown_ring(surface, (50, 50), 30, remaining, total, thickness=8)
    return surface


def test_ring_empties_clockwise_from_twelve(pg):
    full = _ring(30)
    for pos in ((50, 16), (84, 50), (50, 84), (16, 50)):  # 12, 3, 6, 9 o'clock
        assert full.get_at(pos)[:3] == table_art.RING_GREEN, pos
    half = _ring(15)  # the first half of the clock (12 -> 6 via 3) has emptied
    assert half.get_at((84, 50))[:3] != table_art.RING_GREEN
    assert half.get_at((16, 50))[:3] == table_art.RING_GREEN
    quarter = _ring(7.5)  # only 9 -> 12 is left, amber
    assert quarter.get_at((33, 79))[:3] != table_art.RING_AMBER  # 7 o'clock
    assert quarter.get_at((26, 26))[:3] == table_art.RING_AMBER
    late = _ring(4)
    assert any(late.get_at((x, y))[:3] == table_art.RING_RED for x in range(100) for y in range(50))
    empty = _ring(0)
    assert not any(empty.get_at((x, y))[:3] in (table_art.RING_RED, table_art.RING_GREEN)
                   for x in range(100) for y in range(100))
