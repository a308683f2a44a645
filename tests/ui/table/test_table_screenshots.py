"""Screenshots: the table mid-game and at the results overlay, saved under tests/artifacts/ (not committed)."""

from __future__ import annotations

from pathlib import Path

import pygame

from tests.ui.table_helpers import Driver, make_services, make_table, play_my_turn

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def _colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))[:3]) for x in range(0, w, 16) for y in range(0, h, 16)})


def _diff(a: pygame.Surface, b: pygame.Surface) -> float:
    w, h = a.get_size()
    pts = [(x, y) for x in range(0, w, 8) for y in range(0, h, 8)]
    return sum(a.get_at(p) != b.get_at(p) for p in pts) / len(pts)


def test_table_mid_game_and_results_render_to_png(pg, fonts):
    ARTIFACTS.mkdir(exist_ok=True)
    drv = Driver(make_table(seed=5), make_services(fonts, speed=2.0))
    sc = drv.scene
    stats: dict[str, int] = {}
    mid = None
    for _ in range(20000):
        m = sc.model
        if mid is None and m is not None and sc.accepting_input and m.my_turn and sum(map(len, m.piles)) >= 6:
            mid = drv.draw().copy()
            pygame.image.save(mid, str(ARTIFACTS / "table_mid_game.png"))
        if sc.results is not None and drv.stack.top is sc.results:
            break
        play_my_turn(drv, stats)
        drv.step()
    assert mid is not None and sc.results is not None
    drv.step(90)  # hands turned, chips flown, money shown
    results = drv.draw().copy()
    pygame.image.save(results, str(ARTIFACTS / "table_results.png"))
    assert (ARTIFACTS / "table_mid_game.png").stat().st_size > 50_000
    assert (ARTIFACTS / "table_results.png").stat().st_size > 50_000
    assert _colours(mid) > 200 and _colours(results) > 150
    assert _diff(mid, results) > 0.3
    sc.close()


def test_english_table_renders_every_label(pg, fonts):
    from tala_desktop.ui.core import i18n

    i18n.set_language("en")
    drv = Driver(make_table(seed=4, players=2), make_services(fonts, speed=0.0))
    sc = drv.scene
    drv.until(lambda: sc.accepting_input and sc.model.my_turn)
    surface = drv.draw()
    pygame.image.save(surface, str(ARTIFACTS / "table_english_2p.png"))
    names = {b.text for b in sc.visible_buttons()}
    assert "Sort" in names and "Hint" in names
    assert sc.status_line()[0] in ("You lead: discard a card", "Your turn: draw from the stock") or \
        sc.status_line()[0].startswith("Draw, or eat")
    sc.close()
