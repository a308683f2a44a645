"""Leaving a two-player table costs exactly what the leave dialog says: the computer plays the seat on and what it
feeds the other player (an eat, a chốt, an Ù) comes out of the Móm the dialog named, never on top of it; the
history row says what the leave cost."""

from __future__ import annotations

import re

import pytest

from tala_desktop.ui.core.i18n import money, tr

from .driver import Journey
from .play import discard_any, play_turn, wait_my_turn


def open_two_player_table(j: Journey) -> None:
    """Menu → Chơi với máy → 2 players, bet 200 → Bắt đầu."""
    j.until(lambda: "Chơi với máy" in j.labels(), 2.0, "the menu")
    j.click("Chơi với máy")
    j.click("2")
    j.click(money(200))
    j.click("Bắt đầu")


def figure_in(question: str) -> int:
    """The chips the dialog says the leave costs: "bạn mất 4 cược (800)"."""
    found = re.search(r"bạn mất \d+ cược \(([\d.]+)\)", question)
    assert found is not None, f"the dialog names no amount: {question!r}"
    return int(found.group(1).replace(".", ""))


@pytest.mark.parametrize("turns", [0, 2])
def test_leaving_a_two_player_table_costs_the_figure_the_dialog_shows(journey, turns):
    """Leave on my first turn (then Lan eats from the seat played on for me) or after two turns."""
    j = journey()
    j.start()
    open_two_player_table(j)
    wait_my_turn(j)
    if turns:
        discard_any(j)                                  # my lead
    for _ in range(turns - 1):
        wait_my_turn(j)
        assert play_turn(j, eat=False) != "over"
    wait_my_turn(j)
    before = j.wallet()
    j.click("≡")
    j.click("Rời bàn")
    question = " ".join(j.texts())
    shown = figure_in(question)
    assert shown == 800
    assert tr("confirm.leave_rest", amount=money(800)) in question     # eats, chốt, Ù: out of these 800
    table = j.games.clients[-1].table
    owed_so_far = table.state.net[0]
    j.click("Rời bàn")                                                 # the dialog's own Rời bàn
    j.until(lambda: j.scene_name() == "MenuScene", 2.0, "the menu after leaving")
    rows = j.store.list_games()
    assert len(rows) == 1
    assert before + owed_so_far - j.wallet() == shown                 # the wallet paid the figure, no more
    j.click("Lịch sử")
    row = " ".join(j.texts())
    assert tr("history.left_paid", amount=money(-800)) in row


def test_the_dialog_and_the_history_row_in_english(journey):
    j = journey()
    j.start()
    open_two_player_table(j)
    wait_my_turn(j)
    j.click("⚙")
    j.click("English")
    j.click("Back")
    j.until(lambda: j.table() is not None and j.top is j.table(), 1.0, "the table again")
    j.click("≡")
    j.click("Leave the table")
    question = " ".join(j.texts())
    assert "Leaving now counts as Móm: you lose 4 bets (800)." in question
    assert "come out of these 800: you lose nothing more" in question
    j.click("Leave")
    j.until(lambda: j.scene_name() == "MenuScene", 2.0, "the menu after leaving")
    j.click("History")
    assert "You left: -800 · " in " ".join(j.texts())
