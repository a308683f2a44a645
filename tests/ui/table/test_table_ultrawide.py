"""An ultrawide window (2520x1080: a 1680x720 canvas) keeps the table's proportions: the felt oval and every seat,
row, pile and button sit around the table as at 16:9, moved to the middle; the spare width goes to the log."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.ui.art.table_art import table_box, table_oval
from tala_desktop.ui.table.layout import TableLayout

WIDE = [(1680, 720), (1500, 720), (1400, 720)]


@pytest.mark.parametrize("canvas", WIDE)
def test_the_felt_keeps_its_proportions_in_the_middle(canvas):
    oval, design = table_oval(canvas), table_oval((1280, 720))
    shift = (canvas[0] - 1280) // 2
    assert oval == design.move(shift, 0)
    assert table_box(canvas) == pygame.Rect(shift, 0, 1280, 720)


@pytest.mark.parametrize("canvas", WIDE)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_seats_sit_around_the_table_as_at_16_9(pg, canvas, seats):
    shift = (canvas[0] - 1280) // 2
    wide, design = TableLayout(canvas, seats, 0), TableLayout((1280, 720), seats, 0)
    for name, rect in design.regions().items():
        if name in ("log", "menu", "info") or name.startswith("header."):
            continue                                          # the corners of the window stay the corners
        assert wide.regions()[name] == rect.move(shift, 0), name
    for seat in range(seats):
        assert wide.seat(seat).avatar_centre[0] - shift == design.seat(seat).avatar_centre[0]
    assert wide.regions()["menu"].right == canvas[0] - (1280 - design.regions()["menu"].right)
    assert wide.log.x == design.log.x and wide.log.w > design.log.w      # the log takes some of the spare width
    regions = list(wide.regions().items())
    for i, (a, ra) in enumerate(regions):
        for b, rb in regions[i + 1:]:
            assert not ra.colliderect(rb), (a, b)


def test_a_window_of_the_design_shape_or_taller_is_laid_out_as_before(pg):
    for canvas in ((1280, 720), (1280, 960), (1280, 750)):
        assert table_box(canvas) == pygame.Rect((0, 0), canvas)
