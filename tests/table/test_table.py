"""The authoritative table: bots, clock, money, refusals, leaving and the next game."""

from __future__ import annotations

import msgspec
import pytest

from tala_desktop.bots.hard import HardBot, HardConfig
from tala_desktop.bots.runner import BotRunner, InlineRunner, Runner
from tala_desktop.engine import Move, MoveKind, Rules
from tala_desktop.table import HUMAN, LocalTableClient, SeatConfig, Table, TableConfig, TableError
from tala_desktop.table.messages import Dealt, Error, GameEnded, Hint, SeatMessage, Snapshot, TimedOut

from .card_finder import cards_in


def make_table(levels=("easy", "normal", "easy"), human=True, seconds=30, seed=7, balance=10_000,
               runner: Runner | None = None) -> Table:
    """A table whose bots decide at once on the test's thread, unless the test gives it a runner of threads."""
    seats = ([SeatConfig("You", HUMAN, balance=balance)] if human else []) + [
        SeatConfig(f"Bot{i}", level=lv, balance=balance) for i, lv in enumerate(levels)]
    cfg = TableConfig(seats, rules=Rules(players=len(seats), turn_seconds=seconds), bet=100, seed=seed,
                      think_delay=0.0, hard_budget_ms=20)
    return Table(cfg, runner if runner is not None else InlineRunner())


def run_until_over(table: Table, client: LocalTableClient | None, start=0.0, step=0.05, human_plays=True,
                   limit=4000):
    now = start
    for _ in range(limit):
        now += step
        if client is not None:
            msgs = client.poll(now)
            snap = next((m for m in reversed(msgs) if isinstance(m, Snapshot)), None)
            if snap and snap.to_move == client.seat and human_plays and snap.legal:
                client.request_hint()
                for m in client.poll(now):
                    if isinstance(m, Hint):
                        client.send_move(m.move)
        else:
            table.update(now)
        if table.state is not None and table.state.is_over:
            return now
    raise AssertionError("game did not end")


def test_a_full_game_settles_money_and_balances_carry_over():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    run_until_over(table, client)
    out = table.state.outcome
    assert sum(out.net) == 0
    assert table.balances == [10_000 + x for x in out.net]
    before = table.balances[:]
    table.next_game()
    assert table.state.leader == out.winner
    run_until_over(table, client)
    assert table.balances == [b + x for b, x in zip(before, table.state.outcome.net)]
    client.close()


def test_a_client_starts_the_first_game_once():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    dealt = client.poll(0.0)
    assert table.game_id == 1 and any(isinstance(m, Dealt) for m in dealt)
    client.start(1.0)                    # a scene entered twice, or a resumed table: nothing is dealt again
    assert table.game_id == 1 and not any(isinstance(m, Dealt) for m in client.poll(1.0))
    client.close()


def test_the_clock_plays_the_timeout_action_for_an_idle_human():
    table = make_table(seconds=5)
    client = LocalTableClient(table, 0)
    client.start(0.0)
    client.poll(0.1)
    assert table.state.to_move == 0  # the human leads the first game
    client.poll(4.9)
    assert table.state.to_move == 0
    msgs = client.poll(5.01)
    assert any(isinstance(m, TimedOut) and m.seat == 0 for m in msgs)
    assert len(table.state.piles[0]) == 1  # the timeout discarded a card
    client.close()


def test_an_illegal_move_is_refused_and_changes_nothing():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    client.poll(0.0)
    before = table.snapshot(0)
    missing = next(c for c in range(52) if not table.state.hands[0] >> c & 1)
    client.send_move(Move(0, MoveKind.DISCARD, card=missing))
    msgs = client.poll(0.0)
    assert [m.code for m in msgs if isinstance(m, Error)] == ["not_in_hand"]
    assert table.snapshot(0) == before
    with pytest.raises(TableError):
        table.submit(1, Move(1, MoveKind.DRAW))  # a bot's seat
    with pytest.raises(TableError):
        table.submit(0, Move(0, MoveKind.DRAW), game_id=99)  # stale game
    with pytest.raises(TableError):
        table.submit(0, Move(1, MoveKind.DRAW))  # moving for another seat
    client.close()


def test_the_card_finder_sees_every_card_field():
    msg = Snapshot(**{**msgspec.structs.asdict(_any_snapshot()), "hand": [5], "piles": [[7], [], []],
                      "last_discard": (1, 9), "legal": [Move(0, MoveKind.DISCARD, card=11)]})
    assert cards_in(msg) >= {5, 7, 9, 11}


def _any_snapshot() -> Snapshot:
    table = make_table()
    table.start_game(0.0)
    snap = table.snapshot(0)
    table.close()
    return snap


def test_no_message_ever_shows_another_seats_hidden_cards():
    table = make_table(levels=("normal", "normal", "normal"), human=False)
    checked = 0

    def check(seat: int, msg: SeatMessage) -> None:
        nonlocal checked
        st = table.state
        if st.is_over:
            return  # the end-of-game reveal shows every hand
        hidden = set()
        for other in range(st.n):
            if other != seat:
                for c in range(52):
                    if (st.hands[other] & ~st.eaten[other] & ~st.revealed[other]) >> c & 1:
                        hidden.add(c)
        shown = cards_in(msg) & hidden
        assert not shown, f"seat {seat} was shown {sorted(shown)} in {type(msg).__name__}"
        checked += 1

    table.subscribe(check)
    table.start_game(0.0)
    run_until_over(table, None)
    assert checked > 100
    table.close()


def test_leaving_makes_the_seat_mom_and_the_game_goes_on():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    client.poll(0.0)
    client.leave()
    assert table.state.left[0]
    run_until_over(table, None)
    out = table.state.outcome
    if out.kind == "showdown":
        assert out.labels[0] == "mom"
    table.next_game()
    assert table.state.left[0]  # still away: played by the engine, Móm
    client.close()


def test_a_bot_that_times_out_is_not_shown_thinking_about_the_next_turn():
    runner = BotRunner(workers=1)   # the search runs in a process while the table's time goes on
    table = make_table(levels=("hard", "normal", "normal"), seconds=1, runner=runner)
    table.config.think_delay = 0.0
    hard = table.bots[1]
    assert isinstance(hard, HardBot)
    hard.config = HardConfig(budget_ms=5000)  # still searching when its clock runs out
    client = LocalTableClient(table, 0)
    client.start(0.0)
    first = next(c for c in range(52) if table.state.hands[0] >> c & 1)
    client.send_move(Move(0, MoveKind.DISCARD, card=first))
    client.poll(0.0)
    assert table.state.to_move == 1 and table.runner.busy == 1
    client.poll(0.1)
    msgs = client.poll(1.2)  # seat 1 times out; seat 2's turn begins
    assert any(isinstance(m, TimedOut) and m.seat == 1 for m in msgs)
    snap = [m for m in msgs if isinstance(m, Snapshot)][-1]
    assert snap.to_move == 2 and snap.thinking is None
    assert table.snapshot(0).thinking is None
    client.close()
    runner.shutdown()


def test_a_bot_takes_over_a_seat_from_the_next_game():
    table = make_table()
    client = LocalTableClient(table, 1)  # watch from seat 1
    table.start_game(0.0)
    table.leave(0)
    table.seat_bot(0, "easy", "Máy 1")
    assert table.state.left[0]  # the current game: the leaver is Móm, the engine plays on
    run_until_over(table, None)
    table.next_game()
    assert not table.state.left[0] and table.names[0] == "Máy 1" and table.bots[0] is not None
    run_until_over(table, None)  # the bot plays seat 0 to the end
    with pytest.raises(TableError):
        table.seat_bot(7, "easy", "x")
    client.close()


def test_only_a_seat_with_an_open_feed_keeps_its_messages():
    """Offline, only the human's client reads the table: the bots' seats must not pile up messages."""
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    run_until_over(table, client)
    table.next_game()
    assert any(isinstance(m, Snapshot) for m in client.poll(table.now))  # the human's feed delivers
    run_until_over(table, client)
    for seat in (1, 2, 3):
        assert table.drain(seat) == [], f"seat {seat} has no reader but its messages were kept"
    client.close()


def test_play_out_ends_the_game_at_once_and_publishes_it_as_one_change():
    table = make_table(levels=("hard", "normal", "easy"))
    client = LocalTableClient(table, 0)
    client.start(0.0)
    client.poll(0.0)
    table.leave(0)
    client.poll(0.0)
    table.play_out()  # seat 1's Hard bot plays at Normal: no search, no waiting for the runner
    assert table.state.is_over
    assert table.balances == [10_000 + x for x in table.state.outcome.net]  # the first game: all started at 10,000
    msgs = client.poll(table.now)
    assert sum(isinstance(m, Snapshot) for m in msgs) == 1 and isinstance(msgs[-1], Snapshot)
    assert [m for m in msgs if isinstance(m, GameEnded)] and msgs[-1].outcome == table.state.outcome
    table.play_out()  # nothing left to play: no change, nothing published
    assert client.poll(table.now) == []
    client.close()
