"""The "Bạn còn đó không?" question over the finished game: the results' countdown (or Ván mới) brings it when the
table holds your seat, "Chơi tiếp" (or Esc) deals the next game, "Rời bàn" leaves without a cost; vi and en."""

from __future__ import annotations

import pygame
import pytest

from tala_desktop.table import ABSENT_AFTER
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.table.still_there import StillThereOverlay
from tests.ui.table_helpers import Driver, make_services, make_table, play_to_results


def asked_after_a_game(fonts) -> tuple[Driver, StillThereOverlay]:
    """A game played to its results; the clock had played your last turns (as if): Ván mới brings the question."""
    drv = Driver(make_table(seed=3, players=2), make_services(fonts, speed=0.0))
    results = play_to_results(drv)
    drv.table.timed_out[0] = ABSENT_AFTER
    drv.click(results.new_button.rect.center)
    drv.step(2)
    ask = drv.stack.top
    assert isinstance(ask, StillThereOverlay), "the next game was asked for without asking whether you are there"
    assert drv.table.game_id == 1 and drv.table.state is not None and drv.table.state.is_over
    return drv, ask


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_play_on_deals_the_next_game(pg, fonts, lang):
    set_language(lang)
    drv, ask = asked_after_a_game(fonts)
    assert ask.title == tr("still.title") and ask.message == tr("still.text", turns=ABSENT_AFTER)
    assert ask.cancel_button.text == tr("still.play") and ask.confirm_button.text == tr("still.leave")
    balances = list(drv.table.balances)
    drv.step(600)                                   # ten seconds: nothing is dealt, no chips go
    assert drv.stack.top is ask and drv.table.game_id == 1 and drv.table.balances == balances
    drv.click(ask.cancel_button.rect.center)
    drv.step(2)
    assert drv.table.game_id == 2 and drv.stack.top is not ask and not drv.left
    drv.scene.close()


def test_escape_is_an_answer_too(pg, fonts):
    drv, _ = asked_after_a_game(fonts)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step(2)
    assert drv.table.game_id == 2
    drv.scene.close()


def test_leave_goes_without_a_cost(pg, fonts):
    drv, ask = asked_after_a_game(fonts)
    balances = list(drv.table.balances)
    drv.click(ask.confirm_button.rect.center)
    assert drv.left and drv.table.balances == balances and not drv.table.state.left[0]
    drv.scene.close()
