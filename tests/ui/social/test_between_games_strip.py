"""Between games the seat changes show where nothing else is: inside the results (over them, taking the clicks
drawn there), and on the table's free middle once the results are closed, at every window size."""

from __future__ import annotations

import functools

import pytest

from tala_desktop.table import LocalTableClient
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.social_channel import SeatChoice
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.widgets.button_look import ButtonImages
from tests.ui.social.test_social_layer import Channel
from tests.ui.social.views import layer_look
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results

SIZES = [(1280, 720), (1920, 1080), (1024, 768), (1680, 720), (1280, 960)]


class OfferingChannel(Channel):
    """Offers two seat changes between games and records which was taken."""

    def __init__(self) -> None:
        super().__init__()
        self.taken: list[str] = []

    def seat_choices(self, between_games: bool) -> list[SeatChoice]:
        if not between_games:
            return []
        return [SeatChoice(label, functools.partial(self.taken.append, label))
                for label in ("Đứng dậy, ngồi xem", "Nhường ghế 3 cho Lan")]


class WaitingClient(LocalTableClient):
    """Your vote for the next game is taken, and the deal waits (for the others' votes, as at a LAN table)."""

    def next_game(self) -> None:
        pass


def between_games(fonts, size: tuple[int, int]) -> tuple[Driver, SocialLayer, OfferingChannel, ResultsOverlay]:
    table = make_table(seed=5)
    drv = Driver(table, make_services(fonts, speed=0.0), size=size, client=WaitingClient(table, 0))
    channel = OfferingChannel()
    layer = SocialLayer(channel, fonts, size)
    drv.scene.layer = layer
    overlay = play_to_results(drv)
    drv.step(3)
    return drv, layer, channel, overlay


@pytest.mark.parametrize("size", SIZES)
def test_the_seat_buttons_lie_clear_of_the_results_and_take_the_click_where_they_are_drawn(pg, fonts, size):
    drv, layer, channel, overlay = between_games(fonts, size)
    buttons = layer_look(drv).strip.buttons                          # as drawn over the results
    assert [b.label for b in buttons] == ["Đứng dậy, ngồi xem", "Nhường ghế 3 cho Lan"]
    canvas = pg.Rect((0, 0), size)
    for b in buttons:
        assert canvas.contains(b.rect), (size, b.rect)
        for other in overlay.shown_buttons():
            assert not b.rect.colliderect(other.rect), (size, b.label, b.rect, other.text, other.rect)
        for i in range(len(overlay.rows)):
            assert not b.rect.colliderect(overlay._row_rect(i)), (size, b.label, i)
    drv.click(buttons[1].rect.center)
    assert channel.taken == ["Nhường ghế 3 cho Lan"]                  # the seat action, not a leave
    assert not drv.left and drv.stack.top is overlay
    drv.scene.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_seat_buttons_are_drawn_over_the_results(pg, fonts, size):
    drv, layer, _, overlay = between_games(fonts, size)
    frame = drv.draw()
    faces = ButtonImages(fonts)
    for b in layer_look(drv).strip.buttons:
        alone = pg.Surface(size)
        faces.draw(alone, b)
        spot = (b.rect.x + b.rect.h // 2, b.rect.y + b.rect.h * 3 // 4)        # on its face, beside the words
        drawn, own = frame.get_at(spot), alone.get_at(spot)
        assert sum(abs(x - y) for x, y in zip(drawn[:3], own[:3])) <= 6, (size, b.label, drawn, own)  # not shaded
    drv.scene.close()


@pytest.mark.parametrize("size", SIZES)
def test_with_the_results_closed_the_seat_buttons_sit_in_the_tables_free_middle(pg, fonts, size):
    drv, layer, channel, overlay = between_games(fonts, size)
    drv.click(overlay.new_button.rect.center)      # "Ván mới": the results close, the table waits between games
    drv.step(2)
    assert drv.stack.top is drv.scene and drv.scene.model.is_over
    layout = drv.scene.layout
    taken = layout.regions()                       # the status line too: the buttons go under it
    buttons = layer_look(drv).strip.buttons
    assert [b.label for b in buttons] == ["Đứng dậy, ngồi xem", "Nhường ghế 3 cho Lan"]
    for b in buttons:
        for name, r in taken.items():
            assert not b.rect.colliderect(r), (size, b.label, name, r, b.rect)
    drv.click(buttons[0].rect.center)
    assert channel.taken == ["Đứng dậy, ngồi xem"]
    drv.scene.close()
