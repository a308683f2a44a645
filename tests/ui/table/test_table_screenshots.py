"""Screenshots of the table: the frames match their references, and the named parts are where and what they should be.

Game 5 (three normal bots, played by mouse, stepped time) is drawn at your
mid-game turn and at its results, at 1280x720 and at 1024x768; the frames
are compared with tests/ui/reference/ (``python -m tests.ui.reference_frames``
redraws them) and also saved in tests/artifacts/ to be looked at. The parts
are checked on the frame against the frozen view it was drawn from: the
clock ring's pixels are the clock's colour, each plate shows its player's
name and chips, a chosen card stands above the hand line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import pygame
import pytest

from tala_desktop.ui.art import theme
from tala_desktop.ui.art.table_art import ring_colour
from tala_desktop.ui.core import i18n
from tala_desktop.ui.core.i18n import money
from tala_desktop.ui.table.layout import RING_GAP
from tests.conftest import ARTIFACTS
from tests.ui.reference_frames import TableFrames, assert_matches, play_table
from tests.ui.table_helpers import Driver, make_services, make_table

Pixel = tuple[int, int, int]


def near(colour: Pixel, tol: int = 24) -> Callable[[Pixel], bool]:
    return lambda p: all(abs(a - b) <= tol for a, b in zip(p, colour))


def rgb(surface: pygame.Surface, pos: tuple[int, int]) -> Pixel:
    c = surface.get_at(pos)
    return (c.r, c.g, c.b)


def ink(surface: pygame.Surface, rect: pygame.Rect, match: Callable[[Pixel], bool]) -> pygame.Rect | None:
    """The bounding box of the pixels of ``rect`` that ``match``, or None."""
    xs, ys = [], []
    for y in range(rect.y, rect.bottom):
        for x in range(rect.x, rect.right):
            if match(rgb(surface, (x, y))):
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else None


def share(surface: pygame.Surface, rect: pygame.Rect, match: Callable[[Pixel], bool]) -> float:
    n = sum(match(rgb(surface, (x, y))) for y in range(rect.y, rect.bottom)
            for x in range(rect.x, rect.right))
    return n / max(1, rect.w * rect.h)


@pytest.fixture(scope="module")
def game(pg, fonts) -> Iterator[TableFrames]:
    frames = play_table(fonts)
    pygame.image.save(frames.mid, str(ARTIFACTS / "table_mid_game.png"))
    assert frames.results is not None
    pygame.image.save(frames.results, str(ARTIFACTS / "table_results.png"))
    yield frames
    frames.driver.scene.close()


def test_the_table_mid_game_and_at_its_results_match_their_reference_frames(game):
    assert_matches(game.mid, "table_mid_720p")
    assert game.results is not None
    assert_matches(game.results, "table_results_720p")


def test_a_4_3_window_matches_its_reference_frame(pg, fonts):
    frames = play_table(fonts, (1024, 768), to_results=False)
    pygame.image.save(frames.mid, str(ARTIFACTS / "table_mid_game_1024x768.png"))
    frames.driver.scene.close()
    assert_matches(frames.mid, "table_mid_1024x768")


def test_your_clock_ring_is_drawn_in_the_clock_colour_and_empties_from_twelve(game):
    view, frame = game.mid_view, game.mid
    remaining, total = view.remaining(view.model.me)
    assert 0 < remaining < total
    g = view.layout.seat(view.model.me)
    cx, cy = g.avatar_centre
    mid_r = g.avatar_radius + view.layout.px(RING_GAP) + view.layout.ring_width() / 2
    gone = math.tau * (1 - remaining / total)           # the empty part: clockwise from twelve o'clock

    def at(angle: float) -> Pixel:
        return rgb(frame, (round(cx + mid_r * math.sin(angle)), round(cy - mid_r * math.cos(angle))))

    colour = ring_colour(remaining)
    assert colour == theme.CLOCK_PLENTY
    for angle in (1.3, math.pi / 2 + 0.4, math.pi, 1.5 * math.pi, math.tau - 0.1):   # clear of the seconds' disc
        assert at(angle) == colour, angle
    assert at(gone / 2) != colour                       # the seconds already spent show the dark track


def test_each_seat_plate_shows_its_players_name_and_chips(game, fonts):
    view, frame = game.mid_view, game.mid
    m, L = view.model, view.layout
    for seat in range(len(m.names)):
        p = L.seat(seat).plate
        top = pygame.Rect(p.x + 2, p.y + 2, p.w // 2, L.px(24))
        name = ink(frame, top, near(theme.WHITE, 20))
        assert name is not None, m.names[seat]
        width = fonts.font(L.px(16), True).size(m.names[seat])[0]
        assert abs(name.x - (p.x + L.px(8))) <= 2 and abs(name.w - width) <= 3, (m.names[seat], name, width)
        bottom = pygame.Rect(p.x + L.px(24), p.bottom - L.px(24), p.w - L.px(26), L.px(22))
        chips = ink(frame, bottom, near(theme.GOLD, 40))
        amount = fonts.font(L.px(15), True).size(money(m.balances[seat]))[0]
        assert chips is not None and abs(chips.w - amount) <= 3, (seat, chips, amount)
        glass = frame.get_at((p.right - L.px(10), p.bottom - L.px(8)))[:3]
        assert max(glass) < 70, (seat, glass)             # the plate's dark glass (SEAT_PLATE) under the text


def test_a_chosen_card_stands_above_the_hand_line(pg, fonts):
    frames = play_table(fonts, to_results=False)
    drv, sc = frames.driver, frames.driver.scene
    order = list(sc.hand.order)
    card, neighbour = order[3], order[4]
    line = sc.layout.hand_top()
    drv.click(drv.card_pos(card))
    drv.step(20)
    frame = drv.draw()
    pygame.image.save(frame, str(ARTIFACTS / "table_chosen_card.png"))
    chosen, other = sc.hand.rect_of(card), sc.hand.rect_of(neighbour)
    assert chosen is not None and other is not None
    assert chosen.y < line - 10 and other.y == line
    paper = near(theme.CARD_PAPER, 12)
    above = pygame.Rect(chosen.x + 4, chosen.y + 2, other.x - chosen.x - 8, line - chosen.y - 4)
    assert share(frame, above, paper) > 0.5           # the card's face, lifted over the felt
    beside = pygame.Rect(chosen.right + 4, chosen.y + 2, 40, line - chosen.y - 4)
    assert share(frame, beside, paper) < 0.05         # its neighbour stays down: felt above it
    sc.close()


def test_english_table_renders_every_label(pg, fonts):
    i18n.set_language("en")
    drv = Driver(make_table(seed=4, players=2), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.model.my_turn)
    surface = drv.draw()
    pygame.image.save(surface, str(ARTIFACTS / "table_english_2p.png"))
    names = {b.text: b for b in sc.visible_buttons()}
    assert "Sort" in names and "Hint" in names
    for b in names.values():                          # each label drawn, centred, inside its button
        label = ink(surface, b.rect.inflate(-4, -4), near(theme.WHITE, 16))
        assert label is not None, b.text
        assert abs(label.centerx - b.rect.centerx) <= 3 and b.rect.contains(label), (b.text, label, b.rect)
    assert sc.status_line()[0] in ("You lead: discard a card", "Your turn: draw from the stock") or \
        sc.status_line()[0].startswith("Draw, or eat")
    sc.close()
