"""The table's polish, walked by a player: a picture avatar chosen in the profile is their face on the new-game
page and at the table; an ultrawide window keeps the table's proportions; the clock ring shows the seconds left;
a whole game ends with the winner's celebration, then results whose parts never overlap and name the eats.

The first walk is at 2520x1080 (a 1680x720 canvas, 21:9), the second at 1024x600.
"""

from __future__ import annotations

import math

import pygame

from tala_desktop.ui.art.avatars import COLOUR_LOOKS
from tala_desktop.ui.core.i18n import tr
from tala_desktop.ui.screens.menu import CARD
from tala_desktop.ui.screens.profile import ProfileScene
from tala_desktop.ui.screens.setup import AVATAR, LEFT, SetupScene
from tala_desktop.ui.table.results import ResultsOverlay

from .driver import Journey
from .play import play_turn, scene, start_new_game, wait_my_turn

OWL = COLOUR_LOOKS + 4            # the fifth picture


def _near(a, b, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3]))


def _canvas(j: Journey) -> pygame.Surface:
    """The frame as drawn on the canvas (before it is scaled into the window)."""
    return j.running_app.display.canvas


def test_a_picture_avatar_on_an_ultrawide_table_with_the_seconds_on_the_ring(journey):
    j = journey(size=(2520, 1080))
    j.start()
    j.until(lambda: "Chơi với máy" in j.labels(), 2.0, "the menu")
    box = j.running_app.stack.design_box()
    j.log("click the profile card")
    j.click_at(CARD.move(box.topleft).center)
    j.until(lambda: isinstance(j.top, ProfileScene), 1.0, "the profile page")
    page = j.top
    assert isinstance(page, ProfileScene)
    j.log("click the owl")
    j.click_at(page.avatar_rects()[OWL].move(box.topleft).center)
    assert j.store.profile().avatar == OWL
    name = j.store.profile().name
    faces = j.running_app.services.faces
    j.click("Quay lại")
    j.click("Chơi với máy")
    setup = j.top
    assert isinstance(setup, SetupScene)
    j.step(0.5)
    owl = faces.face(name, OWL, AVATAR)
    spot = (AVATAR // 2, AVATAR // 4)
    drawn = _canvas(j).get_at((box.x + LEFT.x + spot[0], box.y + setup._row_y(0) - 1 + spot[1]))
    assert _near(drawn, owl.get_at(spot))                      # the owl on the new-game page
    j.click("Bắt đầu")
    wait_my_turn(j)
    sc = scene(j)
    L, m = sc.layout, sc.model
    assert L.size == (1680, 720) and L.table == pygame.Rect(200, 0, 1280, 720)   # the table in the middle
    for seat in range(m.n):                                     # every seat around the table, none at the edges
        x = L.seat(seat).avatar_centre[0]
        assert L.table.x < x < L.table.right, (seat, x)
    g = L.seat(m.me)
    r = g.avatar_radius
    seat_owl = faces.face(m.names[m.me], OWL, 2 * r)
    drawn = _canvas(j).get_at((g.avatar_centre[0], g.avatar_centre[1] - r // 2))
    assert _near(drawn, seat_owl.get_at((r, r - r // 2)))     # the owl at my seat
    j.step(0.5)                                                 # my clock runs (it starts as my buttons show)
    left = math.ceil(sc.clock_remaining(m.me)[0])
    assert left > 20
    label = L.clock_label_centre(m.me)
    before = pygame.image.tobytes(_canvas(j).subsurface(pygame.Rect(label[0] - 8, label[1] - 8, 16, 16)), "RGB")
    j.step(2.0)
    after = pygame.image.tobytes(_canvas(j).subsurface(pygame.Rect(label[0] - 8, label[1] - 8, 16, 16)), "RGB")
    assert before != after and math.ceil(sc.clock_remaining(m.me)[0]) == left - 2   # the seconds count down


def test_a_whole_game_ends_with_the_winners_celebration_then_clear_results(journey):
    j = journey(size=(1024, 600))
    j.start()
    start_new_game(j, players=2)
    celebrated = False
    for _ in range(60):
        wait_my_turn(j)
        sc = scene(j)
        if sc.view().anim.celebrations or (sc.model is not None and sc.model.is_over):
            break
        if play_turn(j) == "over":
            break
    sc = scene(j)
    j.until(lambda: bool(sc.view().anim.celebrations) or isinstance(j.top, ResultsOverlay), 5.0, "the end of the game")
    while sc.view().anim.celebrations:
        celebrated = True
        assert not isinstance(j.top, ResultsOverlay)           # the results wait for the celebration
        j.frame()
    assert celebrated
    j.until(lambda: isinstance(j.top, ResultsOverlay), 3.0, "the results")
    overlay = j.top
    assert isinstance(overlay, ResultsOverlay)
    j.step(3.0)
    m = overlay.model
    for i, seat in enumerate(overlay.rows):
        row = overlay._row_rect(i)
        boxes = [rect for _, _, rect in overlay.row_items(i, seat)]
        assert all(row.contains(b) for b in boxes)
        assert not any(a.colliderect(b) for k, a in enumerate(boxes) for b in boxes[k + 1:])
        said = [tr("table.you_lower") if k == m.me else n for k, n in enumerate(m.names)]   # you: "bạn"
        for line in overlay.breakdowns[seat]:
            assert tr("table.you") not in line                 # never "ăn của Bạn" mid-sentence
            if "ăn" in line:                                   # an eat names the other seat
                assert any(n in line for k, n in enumerate(said) if k != seat), line
    j.log("click 'Ván mới' on the results")
    j.click_at(overlay.new_button.rect.center)             # where the results draw it
    j.until(lambda: not isinstance(j.top, ResultsOverlay), 1.0, "the next game")
