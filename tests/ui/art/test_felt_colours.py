"""Table colour: the cloth takes the chosen colour, the wooden rim keeps its own, and a table follows the setting."""

from __future__ import annotations

from tala_desktop.ui.art.felt_colours import recolour_felt
from tala_desktop.ui.art.table_art import felt, table_oval
from tala_desktop.ui.table.painter import TablePainter
from tests.ui.table_helpers import Driver, make_services, make_table


def test_the_cloth_changes_colour_and_the_rim_does_not(pg):
    size = (640, 360)
    green = felt(size)
    centre = table_oval(size).center
    rim = (table_oval(size).centerx, table_oval(size).bottom + 6)
    for colour, dominant in (("blue", 2), ("red", 0)):
        img = recolour_felt(green, colour)
        c = img.get_at(centre)
        assert max(range(3), key=lambda i: c[i]) == dominant, (colour, c)
        assert img.get_at(rim)[:3] == green.get_at(rim)[:3]
    assert recolour_felt(green, "green").get_at(centre) == green.get_at(centre)


def test_a_table_follows_the_setting_live(pg, fonts):
    services = make_services(fonts)
    settings = services.settings
    settings.table_colour = "green"
    drv = Driver(make_table(), services)        # every table's view, offline, tutorial or LAN: no wiring needed
    green = drv.scene.view()
    first = drv.draw().copy()
    assert green.felt == "green" and first.get_at((640, 300))[1] > first.get_at((640, 300))[2]
    settings.table_colour = "blue"
    blue = drv.scene.view()
    assert blue.felt == "blue" and blue != green
    second = drv.draw()
    assert second.get_at((640, 300))[2] > second.get_at((640, 300))[1]


def test_the_painter_draws_the_colour_it_is_given(pg, fonts):
    services = make_services(fonts)
    painter = TablePainter(services.fonts, services.cards, services.faces)
    first = painter.felt((320, 180), "green")
    assert first.get_at((160, 85))[1] > first.get_at((160, 85))[2]
    second = painter.felt((320, 180), "blue")
    assert second.get_at((160, 85))[2] > second.get_at((160, 85))[1]
