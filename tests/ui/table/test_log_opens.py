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
