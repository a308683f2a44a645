"""The game's winner is celebrated on the table before the results: their cards fanned out in the middle, a gold
burst at their seat, the game's chips flying to it; an Ù gets the bigger fan. It blocks nothing and is short."""

from __future__ import annotations

import dataclasses
import math

import pygame

from tala_desktop.table import LocalTableClient
from tala_desktop.ui.table.results import ResultsOverlay
from tests.ui.table_helpers import Driver, bot_about_to_u, make_services, make_table, play_my_turn


def _to_the_celebration(drv: Driver) -> None:
    stats: dict[str, int] = {}
    for _ in range(40000):
        if drv.scene.view().anim.celebrations:
            return
        play_my_turn(drv, stats)
        drv.step()
    raise AssertionError("no celebration")


def test_the_winner_is_celebrated_before_the_results(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=1.0))
    sc = drv.scene
    _to_the_celebration(drv)
    m, c = sc.model, sc.view().anim.celebrations[0]       # as the frame shows it
    winner = m.outcome.winner
    assert c.seat_centre == sc.layout.seat(winner).avatar_centre and not c.big
    held = sorted(c for ph in m.laid[winner] for c in ph) + sorted(m.reveal[winner])
    assert sorted(c.cards) == sorted(held) and len(c.cards) >= 3
    first = [angle for _, angle, _ in c.fan()]
    canvas = pygame.Rect((0, 0), sc.layout.size)
    shown, chips = 0, []
    while sc.view().anim.celebrations:
        assert not isinstance(drv.stack.top, ResultsOverlay)      # the results wait for it
        c = sc.view().anim.celebrations[0]
        assert canvas.contains(c.fan_bounds())
        chips += [sc.view().anim.chips]
        drv.step()
        shown += 1
    opened = [angle for _, angle, _ in c.fan()]
    assert max(opened) - min(opened) > max(first) - min(first) + 20      # the fan opened
    assert 40 <= shown <= 75                                           # about two seconds at 30 frames a second
    flying = [frame for frame in chips if frame]
    assert flying, "no chip flew during the celebration"
    avatars = [sc.layout.seat(s).avatar_centre for s in range(m.n)]
    landing = flying[-1]                                               # the chips as they last show: at the winner
    assert all(min(range(m.n), key=lambda s: math.dist(chip, avatars[s])) == winner for chip in landing)
    assert max(math.dist(chip, avatars[winner]) for chip in landing) < min(
        math.dist(chip, avatars[winner]) for chip in flying[0])       # ... coming closer from where they started
    drv.until(lambda: isinstance(drv.stack.top, ResultsOverlay), limit=200)
    sc.close()


def test_an_u_gets_the_bigger_celebration(pg, fonts):
    table = bot_about_to_u()
    drv = Driver(table, make_services(fonts, speed=1.0), client=LocalTableClient(table, 0))
    sc = drv.scene
    drv.until(lambda: any(c.age >= 0.6 for c in sc.view().anim.celebrations), limit=600)   # its fan opened
    view = sc.view()
    big = view.anim.celebrations[-1]
    assert sc.model.outcome.kind.value == "u" and big.big and len(big.fan()) == len(big.cards)
    without = dataclasses.replace(view, anim=dataclasses.replace(view.anim, celebrations=()))
    drawn, plain = pygame.Surface(sc.layout.size), pygame.Surface(sc.layout.size)
    sc.painter.draw(drawn, view)
    sc.painter.draw(plain, without)
    diff = sum(drawn.get_at((x, y)) != plain.get_at((x, y)) for x in range(0, sc.layout.size[0], 8)
               for y in range(0, sc.layout.size[1], 8))
    assert diff > 50
    sc.close()


def test_instant_animations_skip_the_celebration(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0))
    stats: dict[str, int] = {}
    for _ in range(20000):
        if isinstance(drv.stack.top, ResultsOverlay):
            break
        play_my_turn(drv, stats)
        drv.step()
    assert isinstance(drv.stack.top, ResultsOverlay) and not drv.scene.view().anim.celebrations
    drv.scene.close()
