"""The results at 1024x600 (a 1280x750 canvas drawn at 0.8) and the other window shapes: every text of a row is at
least the readable floor, and what an amount is made of is shown whole when it is a game's usual few parts.

The parts were drawn at 13, 12 or 11 px of the canvas (9-10 px on a 1024x600 screen), the "Rác" tag at 12.
"""

from __future__ import annotations

import pytest

from tala_desktop.ui.table.results_rows import breakdown_lines
from tala_desktop.ui.widgets.text_fit import ELLIPSIS, READABLE
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results

USUAL = [("pay.rank", -300, -1), ("pay.eat", 100, 1), ("pay.eat", -100, 2), ("pay.chot", -400, -1)]
CROWDED = [("pay.rank", -1200, -1), ("pay.mom", -400, -1), ("pay.eat", 300, 1), ("pay.eat", -200, 2),
           ("pay.eat", -100, 3), ("pay.chot", -400, -1), ("pay.den", -1600, -1), ("pay.other", 100, -1)]


@pytest.mark.parametrize("language", ["vi", "en"])
@pytest.mark.parametrize("canvas", [(1280, 750), (1280, 720), (1680, 720), (1280, 960)])
def test_every_text_of_the_results_is_at_least_the_readable_floor(pg, fonts, language, canvas):
    from tala_desktop.ui.core import i18n

    i18n.set_language(language)
    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0), size=canvas)
    overlay = play_to_results(drv)
    drv.step(60)
    m = drv.scene.model
    floor = fonts.font(READABLE).get_height()
    for i, seat in enumerate(overlay.rows):
        parts = breakdown_lines((USUAL if i % 2 == 0 else CROWDED), m.names, seat, m.me)
        overlay.breakdowns[seat] = parts
        heights = [(key, img.get_height()) for key, img, _ in overlay.row_items(i, seat)]
        assert all(h >= floor for _, h in heights), (canvas, language, seat, heights, floor)
        tag = overlay.trash_tag(i, seat)
        assert tag is None or tag[0].get_height() >= floor
        shown = " · ".join(img_text for img_text in overlay.part_texts(i, seat))
        if i % 2 == 0:                                   # a usual few parts: every one, whole
            assert ELLIPSIS not in shown and all(part in shown for part in parts), (shown, parts)
        else:                                            # more than the row holds: cut with "…", never squeezed
            assert shown, parts
    drv.draw()
    drv.scene.close()
