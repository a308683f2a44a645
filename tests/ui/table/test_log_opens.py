"""The game log on the table opens: its five lines were all a watcher could read. A click on the log shows the game
so far (as many of its last lines as the window's height allows) over the table, a second click folds it."""

from __future__ import annotations

import pytest

from tala_desktop.ui.table.log_box import log_rect
from tests.ui.table_helpers import Driver, make_services, make_table


def watching_after(fonts, moves: int, size: tuple[int, int]) -> Driver:
    drv = Driver(make_table(human=False, levels=("normal",) * 4), make_services(fonts, speed=0.0), spectator=True,
                 size=size)
    drv.until(lambda: drv.scene.model is not None and len(drv.scene.log_lines) >= moves, limit=20000)
    return drv


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_watcher_opens_the_whole_log_and_folds_it_again(pg, fonts, size):
    drv = watching_after(fonts, 14, size)
    sc = drv.scene
    view = sc.view()
    assert len(view.log) == 5 and not view.log_open                 # folded: the last five lines
    drv.click(sc.layout.log.center)
    view = sc.view()
    assert view.log_open and len(view.log) > 5                      # opened: more of the game
    assert list(view.log) == sc.log_lines[-len(view.log):]          # its last lines, in order
    box = log_rect(sc.layout, True, len(sc.log_lines))
    assert box.h > sc.layout.log.h and box.bottom <= size[1]        # the open log fits the window
    drv.draw()
    drv.click(box.center)
    assert not sc.view().log_open and len(sc.view().log) == 5
    sc.close()


@pytest.mark.parametrize("log_open", [False, True])
def test_the_newest_line_stops_short_of_the_logs_corner_mark(pg, fonts, log_open):
    """The newest line shares the box's bottom row with the ▾/▴ mark: however long, it is drawn clear of it (a
    long timeout line ran under the mark)."""
    import dataclasses

    import pygame

    drv = watching_after(fonts, 6, (1280, 720))
    sc = drv.scene
    base = dataclasses.replace(sc.view(), log_open=log_open)
    L = base.layout
    r = log_rect(L, log_open, len(base.log)) if log_open else pygame.Rect(L.log.x, L.log.y, L.log.w,
                                                                           min(L.log.h, L.px(12) + L.px(24) * 5))
    corner = pygame.Rect(r.right - L.px(20), r.bottom - L.px(20), L.px(10), L.px(16))

    def corner_pixels(last: str) -> list[tuple[int, ...]]:
        surface = pygame.Surface((1280, 720))
        surface.fill((0, 0, 0))
        view = dataclasses.replace(base, log=(*base.log[:4], last))
        sc.painter.draw_log(surface, view)
        return [tuple(surface.get_at((x, y))) for x in range(corner.left, corner.right)
                for y in range(corner.top, corner.bottom)]

    assert corner_pixels("A") == corner_pixels("W" * 300)     # only the mark there, whatever the line's length
    sc.close()


def test_a_line_too_long_to_read_squeezed_takes_two_rows(pg, fonts):
    """A long timeout line ("Nguyễn Thị Ngọc Anh hết giờ: máy đánh J♠, …") was squeezed to about half its width:
    now the newest line is broken into two rows of readable text, both drawn as the newest (white, bold)."""
    import dataclasses

    import pygame

    drv = watching_after(fonts, 6, (1280, 720))
    sc = drv.scene
    L = sc.layout
    long_line = "Nguyễn Thị Ngọc Anh hết giờ: máy đánh J♠, lá cao nhất được phép đánh (Q♠ K♥ giữ cho lá đã ăn)"
    view = dataclasses.replace(sc.view(), log=(*sc.view().log[:4], long_line), log_open=False)
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    sc.painter.draw_log(surface, view)
    top, row = L.log.y + L.px(7), L.px(24)

    def white_in_row(k: int) -> int:
        return sum(1 for x in range(L.log.x, L.log.right) for y in range(top + k * row, top + (k + 1) * row - 2)
                   if min(surface.get_at((x, y))[:3]) > 235)
    assert white_in_row(3) > 100 and white_in_row(4) > 100     # the newest line's two rows
    assert white_in_row(2) == 0                                # an older line above them, muted
    sc.close()


def test_log_rows_break_only_what_cannot_be_read_and_keep_the_newest():
    from tala_desktop.ui.table.log_box import log_rows

    def width(text: str) -> int:
        return 10 * len(text)
    lines = ["old one", "a b c d e f g h i j", "short"]
    assert log_rows(lines, 3, width, 100) == [("a b c d e", False), ("f g h i j", False), ("short", True)]
    assert log_rows(lines, 4, width, 200) == [("old one", False), ("a b c d e f g h i j", False), ("short", True)]
    assert log_rows(["x" * 11], 5, width, 100) == [("x" * 11, True)]             # 110 px into 100: read squeezed
    assert log_rows(["aaaa bbbb cccc"], 5, width, 100) == [("aaaa bbbb", True), ("cccc", True)]
    assert log_rows(["one", "aaaa bbbb cccc"], 2, width, 100) == [("aaaa bbbb", True), ("cccc", True)]  # oldest out
    assert log_rows(["one", "two"], 1, width, 100) == [("two", True)]
    assert log_rows([], 5, width, 100) == []
