"""The first turn's clock starts when the deal has been shown: the seat to move says so (its screen dealt every card
and shows its buttons), or at the latest ``deal_wait`` seconds after the deal; a bot that leads waits for the deal
too. A screen that never says so, or says so late, cannot stretch the clock beyond that bound."""

from __future__ import annotations

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import MoveKind, Rules
from tala_desktop.engine.record import dumps, loads
from tala_desktop.table import BOT, HUMAN, REMOTE, SeatConfig, Table, TableConfig
from tala_desktop.table.messages import Snapshot

SECONDS = 30
WAIT = 6.0


def _table(kinds=(HUMAN, BOT), leader: int = 0, deal_wait: float = WAIT, think_delay: float = 0.0) -> Table:
    seats = [SeatConfig(f"P{i}", kind, level=BotLevel.EASY) for i, kind in enumerate(kinds)]
    config = TableConfig(seats, rules=Rules(players=len(seats), turn_seconds=SECONDS), seed=7,
                         think_delay=think_delay, deal_wait=deal_wait, first_leader=leader)
    table = Table(config, InlineRunner())
    for seat in range(len(seats)):
        table.open_feed(seat)
    return table


def _last_snapshot(table: Table, seat: int) -> Snapshot:
    snaps = [m for m in table.drain(seat) if isinstance(m, Snapshot)]
    assert snaps, "no snapshot was published"
    return snaps[-1]


def test_the_leaders_clock_starts_when_their_screen_has_shown_the_deal():
    table = _table()
    table.start_game(0.0)
    dealt = _last_snapshot(table, 0)
    assert dealt.clock is not None and dealt.clock.seat == 0
    assert dealt.clock.remaining >= SECONDS            # the ring shows the whole turn while the cards fly
    table.update(2.9)
    table.deal_shown(0, table.game_id, 3.0)             # the cards have landed, the buttons show
    started = _last_snapshot(table, 0)
    assert started.clock is not None and started.clock.remaining == SECONDS
    assert table.deadline == 3.0 + SECONDS
    table.update(3.0 + SECONDS - 0.01)
    assert table.state.history == []                    # not timed out: the whole turn counts from the deal's end
    table.update(3.0 + SECONDS)
    assert [m.kind for m in table.state.history][:1] == [MoveKind.TIMEOUT]
    table.close()


def test_a_screen_that_never_says_the_deal_is_shown_cannot_hold_the_clock_beyond_the_bound():
    table = _table()
    table.start_game(0.0)
    table.update(WAIT + 1.0)
    table.deal_shown(0, table.game_id, WAIT + 1.0)      # too late: the clock ran from the bound already
    assert table.deadline == WAIT + SECONDS
    table.update(WAIT + SECONDS)
    assert table.state.history and table.state.history[0].kind is MoveKind.TIMEOUT
    table.close()


def test_only_the_seat_to_move_starts_a_persons_clock_and_a_stale_report_changes_nothing():
    table = _table((REMOTE, REMOTE))
    table.start_game(0.0)
    table.drain(0)
    table.deal_shown(1, table.game_id, 1.0)             # the other player's screen is not the leader's
    table.deal_shown(0, table.game_id - 1, 1.5)         # nor is a report about the game before
    assert table.deadline == WAIT + SECONDS and table.drain(0) == []
    table.deal_shown(0, table.game_id, 2.0)
    assert table.deadline == 2.0 + SECONDS
    table.deal_shown(0, table.game_id, 4.0)             # said twice: the clock already runs
    assert table.deadline == 2.0 + SECONDS
    table.close()


def test_a_bot_that_leads_waits_for_the_deal_to_be_shown_then_its_think_delay():
    table = _table((HUMAN, BOT), leader=1, think_delay=0.8)
    table.start_game(0.0)
    for now in (0.0, 0.5, 1.0, 1.9):
        table.update(now)
    assert table.state.history == []                    # the bot does not play while the cards fly
    table.deal_shown(0, table.game_id, 2.0)             # the person's screen shows the deal: the bot's turn starts
    table.update(2.79)
    assert table.state.history == []
    table.update(2.8)
    assert len(table.state.history) == 1 and table.state.history[0].seat == 1
    table.close()


def test_a_bot_leading_a_table_nobody_watches_plays_once_the_bound_has_passed():
    table = _table((BOT, BOT), think_delay=0.8)
    table.start_game(0.0)
    table.update(0.0)                                   # asked at once, played after the deal and its delay
    table.update(WAIT + 0.79)
    assert table.state.history == []
    table.update(WAIT + 0.8)
    assert len(table.state.history) == 1
    table.close()


def test_later_turns_and_a_resumed_game_start_their_clock_at_once():
    table = _table((HUMAN, HUMAN))
    table.start_game(0.0)
    table.deal_shown(0, table.game_id, 1.0)
    first = next(m for m in table.state.legal_moves() if m.kind is MoveKind.DISCARD)
    table.update(5.0)
    table.submit(0, first, table.game_id)
    assert table.deadline == 5.0 + SECONDS             # the next turn's clock: from the move, no wait
    saved = dumps(table.state)
    table.close()
    again = _table((HUMAN, HUMAN))
    again.resume(loads(saved), 1, list(again.balances), now=10.0)
    assert again.deadline == 10.0 + SECONDS            # nothing is dealt on a resumed game's screen
    again.close()


def test_without_a_deal_wait_the_clock_starts_at_the_deal_as_before():
    table = _table(deal_wait=0.0)
    table.start_game(0.0)
    assert table.deadline == SECONDS
    table.close()


def test_the_deal_wait_must_be_a_sensible_number_of_seconds():
    for bad in (-1.0, 61.0, float("nan")):
        with pytest.raises(ValueError, match="deal wait"):
            TableConfig([SeatConfig("A", HUMAN), SeatConfig("B")], rules=Rules(players=2), deal_wait=bad)
