"""Leaving the table mid-game: it always asks first, the question tells the whole cost in words with what this
game has cost already, and the wallet and the history row show the real debit and why: the leave itself costs
the Móm the question names, never more."""

from __future__ import annotations

from tala_desktop.ui.core.i18n import money

from .driver import Journey
from .play import discard_any, model, start_new_game, wait_my_turn

EATS_RULE = "Máy đánh nốt ván thay bạn; lá bị ăn, chốt hay Ù sau đó đều tính trong 400 này, không mất thêm."


def to_a_turn_after_an_eat_from_me(j: Journey) -> int:
    """A new game (seed 5: the next seat eats my first discard): my second turn, with what I owe so far."""
    start_new_game(j)
    wait_my_turn(j)
    discard_any(j)
    wait_my_turn(j)
    m = model(j)
    assert m.net[m.me] < 0, "nobody ate from me: the journey needs a game where someone does"
    return m.net[m.me]


def test_leaving_mid_game_asks_first_and_tells_the_whole_cost(journey):
    j = journey()
    j.start()
    wallet = j.wallet()
    owed = to_a_turn_after_an_eat_from_me(j)
    j.click("≡")
    j.click("Rời bàn")
    assert j.scene_name() == "ConfirmOverlay", "leaving mid-game did not ask first"
    question = " ".join(j.texts())
    assert "Móm" in question and "4 cược (400)" in question
    assert EATS_RULE in question
    assert money(-owed) in question and "đã mất" in question      # what this game has cost me already
    j.click("Ở lại")                                               # changed my mind: nothing happened
    assert j.scene_name() == "PauseOverlay" and j.wallet() == wallet
    j.click("Rời bàn")
    j.click("Rời bàn")                                             # the dialog's own Rời bàn
    j.until(lambda: j.scene_name() == "MenuScene", 2.0, "the menu after leaving")
    rows = j.store.list_games()
    assert len(rows) == 1
    net = rows[0].nets[rows[0].human_seat]
    assert owed - 400 <= net <= owed, "leaving cost more than the Móm on top of what was owed"
    assert j.wallet() == wallet + net
    j.click("Lịch sử")
    row = " ".join(j.texts())
    assert money(net) in row
    assert f"Bạn rời bàn: {money(net - owed)} · " in row              # why: I left, what that cost, the eats
    assert "móm" in row and "ăn của bạn" in row

