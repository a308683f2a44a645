"""People watching a table (the feed of seat None) see the public table only; seats change hands between games."""

from __future__ import annotations

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import Move, MoveKind, Rules
from tala_desktop.table import LocalTableClient, SeatConfig, Table, TableConfig, TableError
from tala_desktop.table.messages import Dealt, Drew, GameEnded, Snapshot

from .card_finder import cards_in
from .test_table import make_table, run_until_over


def bots_table(n: int = 4, seed: int = 3, reveal: bool = False) -> Table:
    seats = [SeatConfig(f"Bot{i}", level=(BotLevel.EASY, BotLevel.NORMAL, BotLevel.RANDOM, BotLevel.NORMAL)[i])
             for i in range(n)]
    rules = Rules(players=n, turn_seconds=30, reveal_eaten_phom=reveal)
    config = TableConfig(seats, rules=rules, bet=100, seed=seed, think_delay=0.0, hard_budget_ms=20)
    return Table(config, InlineRunner())


def hidden_cards(table: Table) -> int:
    """Every card no watcher may see now: each hand but its eaten and revealed cards, and the stock."""
    st = table.state
    assert st is not None
    mask = 0
    for c in st.stock:
        mask |= 1 << c
    for s in range(st.n):
        mask |= st.hands[s] & ~st.eaten[s] & ~st.revealed[s]
    return mask


@pytest.mark.parametrize("n,seed,reveal", [(4, 3, False), (3, 8, True), (2, 5, False)])
def test_the_watchers_feed_never_shows_a_hidden_card_over_full_games(n, seed, reveal):
    table = bots_table(n, seed, reveal)
    table.open_feed(None)
    now, checked, games = 0.0, 0, 0
    table.start_game(now)
    while games < 2:
        msgs = table.drain(None)
        st = table.state
        for msg in msgs:
            if isinstance(msg, Dealt):
                assert msg.hands == [None] * n
            elif isinstance(msg, Drew):
                assert msg.card is None
            elif isinstance(msg, Snapshot):
                assert msg.seat is None and msg.hand == [] and msg.legal == []
            if not st.is_over:
                leaked = {c for c in cards_in(msg) if hidden_cards(table) >> c & 1}
                assert not leaked, f"a watcher saw {sorted(leaked)} in {type(msg).__name__}"
                checked += 1
        if st.is_over:
            ended = [m for m in msgs if isinstance(m, GameEnded)]
            assert ended or not msgs
            games += 1
            if games < 2:
                table.next_game(now)
            continue
        now += 0.05
        table.update(now)
    assert checked > 100
    table.close()


def test_a_watcher_sees_what_every_seat_sees_of_the_public_table():
    table = bots_table(4, seed=11, reveal=True)
    table.start_game(0.0)
    now = 0.0
    while table.state.turn_no < 12 and not table.state.is_over:
        now += 0.05
        table.update(now)
    watcher = table.snapshot(None)
    for seat in range(4):
        mine = table.snapshot(seat)
        for field in ("piles", "laid", "eaten", "hand_counts", "stock_count", "to_move", "balances", "mom", "left",
                      "last_discard", "clock", "names", "net"):
            assert getattr(watcher, field) == getattr(mine, field), field
        others = [s for s in range(4) if s != seat]
        assert all(watcher.known[s] == mine.known[s] for s in others)
    st = table.state
    assert watcher.known == [sorted(c for c in range(52) if (st.revealed[s] & ~st.eaten[s]) >> c & 1)
                             for s in range(4)]
    table.close()


def test_the_watchers_feed_is_kept_only_while_open_and_listeners_hear_seats_only():
    table = make_table()
    heard: list[int] = []
    table.subscribe(lambda seat, msg: heard.append(seat))
    table.start_game(0.0)
    assert table.drain(None) == []                    # nobody watches: nothing kept
    table.open_feed(None)
    table.update(0.1)
    table.leave(0)                                    # a change: published to the watchers too
    assert any(isinstance(m, Snapshot) and m.seat is None for m in table.drain(None))
    assert None not in heard and set(heard) == {0, 1, 2, 3}
    table.close_feed(None)
    table.update(0.2)
    assert table.drain(None) == []
    table.close()


def play_game(table: Table, client: LocalTableClient) -> None:
    run_until_over(table, client)


def test_a_seat_changes_hands_between_games_with_its_own_chips():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    with pytest.raises(TableError) as err:
        table.seat_player(1, "Lan", 5_000)           # not while a game is on
    assert err.value.code == "in_progress" and table.names[1] == "Bot0"
    play_game(table, client)
    assert table.snapshot(1).hand                     # the bot's last cards, shown to its seat
    table.seat_player(1, "Lan", 5_000)
    assert table.snapshot(1).hand == []               # Lan did not play them: nothing in her hand till the deal
    assert table.snapshot(1).reveal == table.snapshot(None).reveal    # the results stay the table's
    table.seat_bot(0, "easy", "Bot 1", balance=10_000)
    assert table.bots[1] is None and table.bots[0] is not None
    table.next_game()
    assert len(table.snapshot(1).hand) >= 9           # dealt: her own hand
    snap = table.snapshot(2)
    assert snap.names[:2] == ["Bot 1", "Lan"]
    assert snap.balances[:2] == [10_000, 5_000]
    with pytest.raises(TableError):
        table.seat_player(9, "Lan", 1)
    with pytest.raises(TableError):
        table.seat_bot(1, "easy", "Bot 2", balance=-5)
    client.close()


def _finished(seed: int) -> Table:
    """A 4-seat table of bots whose first game is over."""
    table = bots_table(4, seed=seed)
    table.start_game(0.0)
    run_until_over(table, None)
    return table


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_winner_leads_the_next_game_while_their_player_stays(seed):
    table = _finished(seed)
    winner = table.state.outcome.winner
    other = (winner + 2) % 4
    table.seat_player(other, "Lan", 10_000)          # another seat changing hands does not matter
    table.next_game()
    assert table.state.leader == winner
    table.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_when_the_winners_seat_changed_hands_the_next_seat_leads(seed):
    """RULES.md §2: the previous Nhất has left (stood up, a bot or someone else took the seat): the next seat leads."""
    table = _finished(seed)
    winner = table.state.outcome.winner
    table.seat_bot(winner, "easy", "Bot X")          # a bot in the winner's place: the winner has gone all the same
    table.next_game()
    assert table.state.leader == (winner + 1) % 4
    table.close()


def test_seats_whose_players_all_changed_skip_to_the_first_one_still_there():
    table = _finished(4)
    winner = table.state.outcome.winner
    table.seat_player(winner, "Lan", 10_000)
    table.seat_player((winner + 1) % 4, "Minh", 10_000)
    table.next_game()
    assert table.state.leader == (winner + 2) % 4
    table.play_out()                                  # the people's seats played by a bot, at once
    nxt = table.state.outcome.winner                 # a new game: only its own changes count
    table.next_game()
    assert table.state.leader == nxt
    table.close()


def test_a_player_who_leaves_during_the_results_hands_the_lead_on():
    """The LAN server seats a bot where a player left; that bot does not inherit the winner's lead."""
    table = _finished(6)
    winner = table.state.outcome.winner
    table.leave(winner)
    table.seat_bot(winner, "normal", f"Bot {winner + 1}")
    table.next_game()
    assert table.state.leader == (winner + 1) % 4
    assert not table.state.left[winner]              # the bot plays the new game
    table.close()


def test_a_seat_that_left_for_good_is_still_mom_every_game():
    table = make_table()
    client = LocalTableClient(table, 0)
    client.start(0.0)
    play_game(table, client)
    table.leave(2)
    table.next_game()
    assert table.state.left[2]
    assert Move(2, MoveKind.LEAVE) in table.state.history
    client.close()
