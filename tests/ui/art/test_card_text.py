"""Card names in the game log are drawn like the cards: paper tags in the suit's ink, two or four colours."""

from __future__ import annotations

from tala_desktop.engine.cards import card_label
from tala_desktop.ui.art.card_art import suit_colour
from tala_desktop.ui.art.card_text import card_runs, render_card_text
from tala_desktop.ui.art.theme import SUIT_RED
from tests.ui.conftest import count_pixels
from tests.ui.table_helpers import Driver, make_services, make_table


def near(colour, tol=40):
    return lambda rgb: all(abs(a - b) <= tol for a, b in zip(rgb, colour))


def test_a_line_splits_into_words_and_card_names():
    assert card_runs("Lan đánh 10♥ rồi Q♠") == [("Lan đánh ", None), ("10♥", 3), (" rồi ", None), ("Q♠", 0)]
    assert card_runs("Bốc bài") == [("Bốc bài", None)]
    assert [p for p, s in card_runs("Bạn hạ 3♠4♠5♠") if s is not None] == ["3♠", "4♠", "5♠"]
    assert all(card_runs(card_label(c)) == [(card_label(c), c // 13)] for c in range(52))


def test_card_names_take_their_suit_ink(fonts):
    font = fonts.font(18, True)
    red = render_card_text(font, "Lan đánh 7♥", (255, 255, 255))
    assert count_pixels(red, near(SUIT_RED)) > 10
    plain = render_card_text(font, "Lan bốc bài", (255, 255, 255))
    assert count_pixels(plain, near(SUIT_RED)) == 0
    clubs = render_card_text(font, "Lan đánh 7♣", (255, 255, 255), four_colour=True)
    assert count_pixels(clubs, near(suit_colour(1, True))) > 10
    assert count_pixels(render_card_text(font, "Lan đánh 7♣", (255, 255, 255)), near(suit_colour(1, True))) == 0


def test_the_table_log_draws_a_red_card_in_red(pg, fonts):
    drv = Driver(make_table(("easy", "easy", "easy", "easy"), seed=3, seconds=0, human=False), make_services(fonts),
                 spectator=True)
    sc = drv.scene
    drv.until(lambda: any("♥" in line or "♦" in line for line in sc.log_lines[-5:]))
    surface = drv.draw()
    log = sc.layout.log
    assert count_pixels(surface.subsurface(log), near(SUIT_RED, 30)) > 10
    sc.close()
