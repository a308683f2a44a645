"""Nobody is played to ruin: after the clock played a person's turns twice in a row, the table deals the next game
only once that player says they are there (or the seat changes hands); a turn they play themselves starts the
count again, and the computer players are never asked."""

from __future__ import annotations

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Move, MoveKind, Rules
from tala_desktop.table import ABSENT_AFTER, HUMAN, LocalTableClient, SeatConfig, Table, TableConfig, TableError
from tala_desktop.table.messages import Error, Hint, Snapshot


def make_table(seed: int = 7, players: int = 3) -> Table:
    seats = [SeatConfig("You", HUMAN, balance=5000)] + [
        SeatConfig(f"Bot{i}", level=BotLevel.EASY, balance=5000) for i in range(players - 1)]
    cfg = TableConfig(seats, rules=Rules(players=players, turn_seconds=30), bet=100, seed=seed, think_delay=0.0)
    return Table(cfg, InlineRunner())


def play_game(table: Table, client: LocalTableClient, plays: set[int], now: float = 0.0) -> float:
    """Run the game to its end on a stepped clock; the player plays (by hints) their turns numbered in ``plays``
    (0 = their first turn) and lets the clock play the others."""
    turn, last = -1, None
    while table.state is not None and not table.state.is_over:
        now += 0.25
        msgs = client.poll(now)
        snap = next((m for m in reversed(msgs) if isinstance(m, Snapshot)), None)
        if snap is None or snap.to_move != 0 or not snap.legal:
            continue
        key = (snap.game_id, table.state.turn_no)
        if key != last:
            last, turn = key, turn + 1
        if turn in plays:
            client.request_hint()
            client.send_move(next(m for m in client.poll(now) if isinstance(m, Hint)).move)
    return now


def test_two_clock_turns_in_a_row_hold_the_next_deal_until_the_player_answers():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    play_game(table, client, plays=set())                    # nobody at the keyboard
    assert table.timed_out[0] >= ABSENT_AFTER and table.absent_seats() == [0]
    balances, game = table.balances[:], table.game_id
    with pytest.raises(TableError) as refused:
        table.next_game()
    assert refused.value.code == "absent"
    client.next_game()                                        # the results' countdown asks: refused, nothing dealt
    assert [m.code for m in client.poll(100_000.0) if isinstance(m, Error)] == ["absent"]
    for later in (200_000.0, 300_000.0):                      # time passes: nothing is dealt, no chips go
        client.poll(later)
    assert table.game_id == game and table.state is not None and table.state.is_over
    assert table.balances == balances
    client.still_here()                                       # "Chơi tiếp"
    assert table.game_id == game + 1 and not table.state.is_over and table.absent_seats() == []
    client.close()


def test_a_turn_the_player_plays_starts_the_count_again():
    table = make_table(seed=3)
    client = LocalTableClient(table, 0)
    client.start(0.0)
    play_game(table, client, plays={1, 3, 5, 7})              # every other turn played: never two clock turns in a row
    assert table.absent_seats() == []
    table.next_game()
    assert table.game_id == 2
    client.close()


def test_a_move_of_the_player_resets_the_count_and_a_bot_is_never_counted():
    table = make_table(seed=3)
    table.start_game(0.0)
    st = table.state
    assert st is not None
    table.timed_out[0] = ABSENT_AFTER - 1
    table.submit(0, st.legal_moves()[0], table.game_id)      # the player's own move
    assert table.timed_out[0] == 0
    table.update(table.deadline or 0.0)                      # a bot's turn: the clock never counts for a bot
    assert table.timed_out[1:] == [0, 0]


def test_the_clock_counts_timeouts_of_people_only_and_a_new_player_starts_afresh():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    play_game(table, client, plays=set())
    assert table.absent_seats() == [0]
    table.seat_bot(0, BotLevel.EASY, "Bot")                  # the seat changed hands: a bot is never absent
    assert table.absent_seats() == []
    table.next_game()
    client.close()


def test_a_player_who_left_is_not_waited_for():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    play_game(table, client, plays=set())
    client.leave()
    assert table.absent_seats() == []


def test_still_here_refuses_a_seat_not_at_the_table():
    table = make_table()
    with pytest.raises(TableError):
        table.still_here(7)


def test_a_timeout_sent_for_a_dropped_player_neither_counts_nor_resets():
    """At a LAN table a dropped player's turns are played with the timeout move through ``submit`` (the away
    timer): the seat waits for them for the server's reconnect time instead."""
    table = make_table(seed=5)
    table.start_game(0.0)
    st = table.state
    assert st is not None and st.to_move == 0
    table.timed_out[0] = 1
    table.submit(0, Move(0, MoveKind.TIMEOUT), table.game_id)
    assert table.timed_out[0] == 1
