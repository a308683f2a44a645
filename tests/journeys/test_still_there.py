"""Nobody is played to ruin: once the clock has played two turns of mine in a row, the table stops before the next
game and asks "Bạn còn đó không?": no new deal and no chips go while it waits; "Chơi tiếp" deals the next game. A
turn I play myself starts the count again."""

from __future__ import annotations

from tala_desktop.ui.core.i18n import tr

from .driver import Journey
from .play import game_over, play_turn, start_new_game, wait_my_turn

GAME_WAIT = 400.0       # stepped seconds for the rest of a game whose turns of mine the 15 s clock plays
WAITING = 30.0          # stepped seconds the question is left unanswered


def asked(j: Journey) -> bool:
    return j.scene_name() == "StillThereOverlay"


def test_the_table_asks_before_the_next_game_and_deals_nothing_until_answered(journey):
    j = journey()
    j.start()
    start_new_game(j, players=2, seconds="15")
    table = j.games.clients[-1].table
    wait_my_turn(j)                                         # my lead: the clock plays it
    j.until(lambda: table.timed_out[0] == 1, 20.0, "the clock to play my first turn")
    j.step(1.0)
    thrown = [t for t in j.texts() if t.startswith("Hết giờ: máy đánh ")]    # the log says which card, and why
    assert thrown and thrown[0].endswith(", lá cao nhất được phép đánh"), j.texts()
    wait_my_turn(j)
    assert play_turn(j, eat=False) != "over"                # my second turn I play myself: the count starts again
    assert table.timed_out[0] == 0
    game = table.game_id
    j.until(lambda: game_over(j), GAME_WAIT, "the end of the game the clock played")    # then nobody is there
    assert table.timed_out[0] >= 2
    j.until(lambda: asked(j), 60.0, "the question 'Bạn còn đó không?'")
    text = " ".join(j.texts())
    assert tr("still.title") in text and "chưa chia bài, chưa mất chip nào" in text
    assert "Chơi tiếp" in j.labels() and "Rời bàn" in j.labels()
    wallet = j.wallet()                                     # the game just played is paid; nothing more goes
    j.step(WAITING)
    assert asked(j) and table.game_id == game and table.state.is_over
    assert j.wallet() == wallet
    j.click("Chơi tiếp")
    j.until(lambda: table.game_id == game + 1, 2.0, "the next deal")
    assert not table.state.is_over and not asked(j) and table.absent_seats() == []
