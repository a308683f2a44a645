"""At 1024x600 in English, a game to its results and then Lịch sử: every text at least the readable floor, none
under another.

The player saw the results' detail lines in 9-10 px type and History's
detail line running under the "3rd" of the result column.
"""

from __future__ import annotations

from tala_desktop.ui.screens.history import HistoryScene
from tala_desktop.ui.table.results import ResultsOverlay
from tala_desktop.ui.widgets.text_fit import READABLE
from tests.ui.page_fit import drawn_rects, outside_panel, overlaps

from .driver import Journey
from .play import game_over, play_turn, start_new_game, wait_my_turn

GAME_WAIT = 240.0


def results_rows_readable(j: Journey, results: ResultsOverlay) -> list[str]:
    """What is wrong with the results' rows as drawn: a text under another, a text below the floor."""
    floor = j.running_app.services.fonts.font(READABLE).get_height()
    wrong = []
    for i, seat in enumerate(results.rows):
        items = results.row_items(i, seat)
        wrong += [f"row {i}: {a} over {b}" for a, b in overlaps([rect for _, _, rect in items])]
        wrong += [f"row {i}: {key} {img.get_height()} px" for key, img, _ in items if img.get_height() < floor]
    return wrong


def test_results_and_history_are_readable_at_1024x600_in_english(journey):
    j = journey(size=(1024, 600))
    j.start()
    j.click("Cài đặt")
    j.click("English")
    j.click("Back")
    start_new_game(j)
    for _ in range(60):
        wait_my_turn(j, GAME_WAIT)
        if game_over(j):
            break
        play_turn(j)
    j.until(lambda: isinstance(j.top, ResultsOverlay), 30.0, "the results")
    results = j.top
    assert isinstance(results, ResultsOverlay)
    j.step(6.0)                                   # the hands turned and the money shown
    assert not results_rows_readable(j, results), results_rows_readable(j, results)
    explained = [results.part_texts(i, seat) for i, seat in enumerate(results.rows)]
    assert any(explained) and not any("…" in line for lines in explained for line in lines)

    j.click("Leave")
    j.until(lambda: "History" in j.labels(), 5.0, "the menu")
    j.click("History")
    page = j.top
    assert isinstance(page, HistoryScene) and len(page.rows) == 1
    assert not outside_panel(page)
    row, button = page.row_rect(0), page.view_buttons[0].rect
    texts = [r for r in drawn_rects(page) if row.colliderect(r) and r.size != row.size]
    floor = j.running_app.services.fonts.font(READABLE).get_height()
    assert page.row_why(0) and len(texts) == 5           # when, players, result, chips, and what they are made of
    assert not overlaps(texts) and all(row.contains(r) and r.right <= button.x and r.h >= floor for r in texts)
