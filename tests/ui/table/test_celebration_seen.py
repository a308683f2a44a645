"""Every celebration is seen whole: a bot's Ù shows its "Ù!" banner first, then the winner's fan opens clear of it
for the celebration's whole life, and only then come the results; a deal that ends at once (Ù khan) is dealt
before the fan opens. After an Ù the results show each loser's points."""

from __future__ import annotations

import pygame

from tala_desktop.table import LocalTableClient
from tala_desktop.ui.core.i18n import tr_count
from tala_desktop.ui.table.celebration import FADE, LIFE
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.table.results_rows import row_points
from tala_desktop.ui.widgets.controls import banner_place
from tests.ui.table_helpers import Driver, bot_about_to_u, make_services

DT = 1 / 60


def test_a_bots_u_is_celebrated_clear_of_its_banner_and_whole_before_the_results(pg, fonts):
    table = bot_about_to_u()
    drv = Driver(table, make_services(fonts, speed=1.0), client=LocalTableClient(table, 0))
    sc = drv.scene
    drv.until(lambda: bool(sc.view().anim.celebrations), limit=600)
    clear = 0.0
    while sc.view().anim.celebrations:
        assert not isinstance(drv.stack.top, ResultsOverlay)           # the results wait for it
        frame, bounds = sc.view().anim, pygame.Rect((0, 0), sc.layout.size)     # what the frame shows
        fans = [c for c in frame.celebrations if c.age >= 0 and c.alpha() > 0]
        covered = any(f.fan_bounds().colliderect(banner_place(b.pos, sc.painter.banner_image(b).get_size(), bounds))
                      for f in fans for b in frame.banners if b.alpha > 0)
        if fans and not covered:
            clear += DT
        drv.step(1, DT)
    assert sc.model.outcome is not None and sc.model.outcome.kind.value == "u"
    assert clear >= LIFE - FADE - 0.05, f"the fan was in view, clear of the banners, for {clear:.2f} s only"
    drv.until(lambda: isinstance(drv.stack.top, ResultsOverlay), limit=200)
    overlay = drv.stack.top
    m = overlay.model
    for i, seat in enumerate(overlay.rows):
        keys = [key for key, _, _ in overlay.row_items(i, seat)]
        if seat == m.outcome.winner:
            assert "points" not in keys                                    # an Ù ranks nobody by points
            continue
        trash = overlay.hands[seat][1]
        assert trash and "points" in keys                                  # the loser's points are shown ...
        shown = sum(c % 13 + 1 for c in trash)                             # ... those of the cards in "Rác"
        assert row_points(m, seat, trash) == shown
        assert tr_count("table.points", shown, points=shown) in overlay.shown_texts() + [
            t for t in _texts(overlay, i, seat)]
    sc.close()


def _texts(overlay: ResultsOverlay, i: int, seat: int) -> list[str]:
    """The words drawn in row ``i``, as the painter renders them."""
    seen: list[str] = []
    text = overlay.painter.text

    def spy(words: str, *args, **kwargs):
        seen.append(words)
        return text(words, *args, **kwargs)

    name = "text"                          # the painter's cached text, spied on as the journeys do
    setattr(overlay.painter, name, spy)
    try:
        overlay.row_items(i, seat)
    finally:
        delattr(overlay.painter, name)
    return seen
