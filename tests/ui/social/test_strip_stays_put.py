"""The between-games buttons never move under the pointer: a click meant for Hùng invited Anh when the row
reordered as someone watching left. While the pointer is over the row its buttons keep their place and meaning
(each choice has a key per person, not a position); one whose choice is gone is greyed there and does nothing; the
row takes its new shape once the pointer leaves it."""

from __future__ import annotations

import functools

import pygame

from tala_desktop.ui.social.social_channel import SeatChoice
from tests.ui.social.test_between_games_strip import OfferingChannel, between_games
from tests.ui.social.views import layer_look, strip_labels


class PeopleChannel(OfferingChannel):
    """Offers one invitation per person watching, keyed by their id; the test changes who watches."""

    def __init__(self) -> None:
        super().__init__()
        self.watching = [("Hùng", 41), ("Anh", 42)]

    def seat_choices(self, between_games: bool) -> list[SeatChoice]:
        if not between_games:
            return []
        return [SeatChoice(f"Mời {name} vào ghế 3", functools.partial(self.taken.append, name), key=("invite", member))
                for name, member in self.watching] + [
            SeatChoice("Đứng dậy, ngồi xem", functools.partial(self.taken.append, "stand"), key=("stand",))]


def move(drv, pos) -> None:
    drv.scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    drv.step(2)


def test_a_button_under_the_pointer_keeps_its_place_and_its_person(pg, fonts):
    drv, layer, _, overlay = between_games(fonts, (1280, 720))
    channel = PeopleChannel()
    layer.channel = channel
    drv.step(3)
    hung = layer_look(drv).strip.buttons[0]
    assert hung.label == "Mời Hùng vào ghế 3"
    move(drv, hung.rect.center)                                  # the pointer on Hùng's button
    channel.watching = [("Anh", 42), ("Hùng", 41)]               # the row would reorder
    drv.step(3)
    under = next(b for b in layer_look(drv).strip.buttons if b.rect.collidepoint(hung.rect.center))
    assert under.label == "Mời Hùng vào ghế 3" and under.hover
    drv.click(hung.rect.center)
    assert channel.taken == ["Hùng"]                             # the one meant
    channel.watching = [("Anh", 42)]                             # Hùng leaves while the pointer is on his button
    drv.step(3)
    under = next(b for b in layer_look(drv).strip.buttons if b.rect.collidepoint(hung.rect.center))
    assert under.label == "Mời Hùng vào ghế 3" and not under.enabled and under.state == "disabled"   # greyed there
    drv.click(hung.rect.center)
    assert channel.taken == ["Hùng"]                             # nothing, never Anh
    move(drv, (5, 5))                                            # the pointer leaves the row: its new shape
    assert strip_labels(drv) == ["Mời Anh vào ghế 3", "Đứng dậy, ngồi xem"]
    assert all(b.enabled for b in layer_look(drv).strip.buttons)
    drv.scene.close()
