"""Table.resume: a replayed game installed in a fresh table continues with the same cards and turn."""

from __future__ import annotations

import dataclasses

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Rules
from tala_desktop.engine.record import dumps, loads
from tala_desktop.table import HUMAN, SeatConfig, Table, TableConfig, TableError
from tala_desktop.table.messages import Dealt, Drew, Payment, Snapshot, Story
from tala_desktop.table.snapshot import seat_events


def config(seconds: int = 30) -> TableConfig:
    seats = [SeatConfig("You", HUMAN)] + [SeatConfig(f"Bot{i}", level=BotLevel.EASY) for i in range(2)]
    return TableConfig(seats, rules=Rules(players=3, turn_seconds=seconds), bet=100, seed=5, think_delay=0.0)


def advance(table: Table, moves: int) -> None:
    now = table.now
    while table.state is not None and len(table.state.history) < moves:
        now += 0.01
        st = table.state
        if table.bots[st.to_move] is None:
            table.submit(st.to_move, st.legal_moves()[0], table.game_id)
        else:
            table.update(now)
            table.update(now)


def test_resume_installs_the_game_and_restarts_the_clock():
    first = Table(config(), InlineRunner())
    first.start_game(0.0)
    advance(first, 7)
    text = dumps(first.state)
    balances = first.balances[:]

    table = Table(config(), InlineRunner())
    seen = []
    table.subscribe(lambda seat, msg: seen.append((seat, type(msg))))
    table.resume(loads(text), first.game_id, balances, now=100.0)
    assert dumps(table.state) == text
    assert table.game_id == first.game_id and table.balances == balances
    assert table.deadline == 100.0 + 30  # a full turn from the moment of resuming
    assert [t for _, t in seen] == [Snapshot] * 3  # no old events replayed, one snapshot per seat
    assert table.snapshot(0).hand == first.snapshot(0).hand
    assert table.snapshot(0).to_move == first.snapshot(0).to_move
    advance(table, 12)  # and play goes on
    assert len(table.state.history) >= 12


def test_resume_refuses_a_game_that_does_not_fit_and_changes_nothing():
    first = Table(config(), InlineRunner())
    first.start_game(0.0)
    table = Table(config(), InlineRunner())
    other = Table(TableConfig([SeatConfig("You", "human"), SeatConfig("B")], rules=Rules(players=2), seed=1),
                  InlineRunner())
    other.start_game(0.0)
    with pytest.raises(TableError):
        table.resume(other.state, 1, [10_000, 10_000])
    with pytest.raises(TableError):
        table.resume(first.state, 0, first.balances)
    with pytest.raises(TableError):
        table.resume(first.state, 1, [1, 2])
    assert table.state is None and table.game_id == 0
    table.resume(first.state, 1, first.balances)
    with pytest.raises(TableError):  # a game is in progress now
        table.resume(first.state, 1, first.balances)


def test_a_resumed_games_final_snapshot_carries_every_payment_of_the_game():
    """The results list the payments before the save too; while the game goes on the snapshot lists none."""
    first = Table(dataclasses.replace(config(), seed=4), InlineRunner())
    before: list[Payment] = []
    first.subscribe(lambda seat, msg: seat == 0 and isinstance(msg, Payment) and before.append(msg))
    first.start_game(0.0)
    while not before:
        advance(first, len(first.state.history) + 1)
    assert first.snapshot(0).payments == []
    table = Table(dataclasses.replace(config(), seed=4), InlineRunner())
    after: list[Payment] = []
    table.subscribe(lambda seat, msg: seat == 0 and isinstance(msg, Payment) and after.append(msg))
    table.resume(loads(dumps(first.state)), first.game_id, first.balances[:], now=100.0)
    while not table.state.is_over:
        advance(table, len(table.state.history) + 1)
    final = table.snapshot(0)
    assert final.payments == before + after
    assert {p.reason for p in before} == {"eat"} and any(p.reason != "eat" for p in after)
    assert sum(p.amount for p in final.payments if p.to == 0) - sum(
        p.amount for p in final.payments if p.from_seat == 0) == final.net[0]


@pytest.mark.parametrize("seconds", [30, 0])
def test_a_client_opened_on_a_resumed_table_sees_the_game_at_its_first_poll(seconds):
    """The resumed table published its snapshot before anyone read it: the client opened afterwards must still
    get the present at once, on the human's turn too, where nothing else is published until the clock runs out."""
    from tala_desktop.table import LocalTableClient

    first = Table(config(seconds), InlineRunner())
    first.start_game(0.0)
    advance(first, 7)
    while first.bots[first.state.to_move] is not None:
        first.update(first.now + 0.01)
    table = Table(config(seconds), InlineRunner())
    table.resume(loads(dumps(first.state)), first.game_id, first.balances[:], now=0.0)
    client = LocalTableClient(table, 0)
    client.start(0.0)
    messages = client.poll(0.0)
    assert [type(m) for m in messages] == [Story, Snapshot]
    story, snap = messages
    assert isinstance(story, Story) and isinstance(snap, Snapshot)
    told = seat_events(first.state.events, [0], first.game_id)[0]      # the game so far, as seat 0 may see it
    assert story.game_id == first.game_id and story.events == told and isinstance(told[0], Dealt)
    assert not any(isinstance(e, Drew) and e.seat != 0 and e.card is not None for e in story.events)
    assert snap.to_move == 0 and snap.hand == first.snapshot(0).hand
    assert len(table.state.history) == len(first.state.history)    # nothing was played for the human
    if seconds:
        assert snap.clock is not None and snap.clock.remaining == seconds
    else:
        assert snap.clock is None
    assert client.poll(0.5) == []                                   # and it is not sent twice
    client.close()
