"""Long names ("Nguyễn Thị Ngọc Anh") were squeezed into unreadable narrow text on the name plates and in the
results. A name is now drawn a little smaller if that makes it fit (never under 80 % of its size), else cut with
"…" at that readable size; the pointer over a cut name shows it whole in a tooltip."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Rules
from tala_desktop.table import HUMAN, SeatConfig, Table, TableConfig
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.table.painter import plate_words
from tala_desktop.ui.widgets.text_fit import NAME_SHRINK, fit_name
from tests.ui.social.test_social_layer import Channel, table_now
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, play_to_results

LONG = "Nguyễn Thị Ngọc Anh"


def table_of_long_names() -> Table:
    seats = [SeatConfig("Bạn", HUMAN)] + [SeatConfig(n, level=BotLevel.NORMAL) for n in
                                          (LONG, "Trần Văn Quang Minh", "Lê Hoàng Bảo Ngọc")]
    return Table(TableConfig(seats, rules=Rules(players=4, turn_seconds=30), bet=100, seed=7, think_delay=0.0,
                             hard_budget_ms=20), InlineRunner())


def move(drv: Driver, pos: tuple[int, int]) -> None:
    drv.scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    drv.step(2)


def test_fit_name_shrinks_a_little_then_cuts_never_squeezes(fonts):
    short = fit_name(fonts, "An", 16, 200)
    assert (short.text, short.size, short.cut) == ("An", 16, False)
    tight = fit_name(fonts, LONG, 16, 150)
    assert tight.size >= round(16 * NAME_SHRINK)
    assert tight.cut == (tight.text != LONG) and (not tight.cut or tight.text.endswith("…"))


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_plates_draw_long_names_readable_and_show_them_whole_on_hover(pg, fonts, size, monkeypatch):
    drv = Driver(table_of_long_names(), make_services(fonts), size=size)
    for _ in range(600):
        drv.step()
        if dealt(drv.scene):
            break
    sc, ch = drv.scene, Channel()
    layer = SocialLayer(ch, fonts, size)
    sc.layer = layer
    layer.update(0.01, table_now(sc))
    drawn: list[tuple[str, int, object]] = []
    real = sc.painter.text
    monkeypatch.setattr(sc.painter, "text", lambda text, sz, *a, **k: drawn.append((text, sz, k.get("max_width")))
                        or real(text, sz, *a, **k))
    drv.draw()
    view = sc.view()
    assert view.layer is not None and view.layer.tip is None                 # nothing pointed at: no tooltip
    seat = sc.model.names.index(LONG)
    _, fitted = plate_words(fonts, view, seat)
    shown = [(t, sz, mw) for t, sz, mw in drawn if t == fitted.text]
    assert shown and all(mw is None for _, _, mw in shown)                 # never squeezed to a width
    assert all(sz >= round(sc.layout.px(16) * NAME_SHRINK) for _, sz, _ in shown)   # readable
    plate = sc.layout.seat(seat).plate
    plain = drv.draw().copy()
    move(drv, plate.center)
    assert fitted.cut and fitted.text.endswith("…")                     # too long for the plate: cut ...
    tip = sc.view().layer.tip
    assert tip is not None and tip.text == LONG and tip.pointer == plate.center   # ... and whole on hover
    hovered = drv.draw()
    near = pygame.Rect(plate.centerx - 250, plate.centery, 500, 60).clip(hovered.get_rect())   # by the pointer
    assert any(plain.get_at((x, y)) != hovered.get_at((x, y))                                   # its box, drawn
               for x in range(near.x, near.right, 4) for y in range(near.y, near.bottom, 4))
    sc.close()


def test_results_rows_draw_long_names_readable_with_the_whole_name_on_hover(pg, fonts):
    drv = Driver(table_of_long_names(), make_services(fonts, speed=0.0), size=(1024, 600))
    ch = Channel()
    layer = SocialLayer(ch, fonts, (1024, 600))
    drv.scene.layer = layer
    overlay = play_to_results(drv)
    drv.step(3)
    room = overlay.room()
    seat = drv.scene.model.names.index(LONG)
    spot = next(x for x in room.people if x.seat == seat)
    assert layer.look_over(room).tip is None
    move(drv, spot.name.center)
    cut = fit_name(fonts, LONG, round(18 * layer.strip.scale), spot.name.w).cut
    tip = layer.look_over(overlay.room()).tip                            # what the results draw over themselves
    assert cut and tip is not None and tip.text == LONG
    drv.scene.close()
