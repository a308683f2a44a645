"""A leave at the table never costs more than the leave dialog says (``leave_cost``), at every moment of a game,
and the table's chips are conserved: before and after eats, with a chốt, an Ù and a đền after the leave, offline
and with bots at random moments."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tala_desktop.bots import BotLevel
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import GameState, Rules, leave_cost
from tala_desktop.engine.cards import parse_card
from tala_desktop.engine.moves import parse_move
from tala_desktop.table import HUMAN, REMOTE, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.table.messages import Hint, Payment, Snapshot

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
BET, WALLET = 200, 3000


def scripted_table(name: str) -> tuple[Table, list[str]]:
    """A table of people (bet 200, 3,000 chips each) dealt the scenario's cards, and the scenario's moves."""
    data = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    n = len(data["hands"])
    rules = Rules(players=n)
    seats = [SeatConfig(f"P{i}", REMOTE, balance=WALLET) for i in range(n)]
    table = Table(TableConfig(seats, rules=rules, bet=BET, seed=1, think_delay=0.0), InlineRunner())
    st = GameState.from_deal(rules, [[parse_card(c) for c in h] for h in data["hands"]],
                             [parse_card(c) for c in data["stock"]], data.get("leader", 0), BET, [WALLET] * n)
    table.resume(st, 1, [WALLET] * n, now=0.0)
    return table, data["moves"]


def play_script(table: Table, moves: list[str]) -> tuple[int, int, int]:
    """Play the moves, a leave through ``Table.leave``; returns (the leaver, its balance when it left, the figure
    the dialog would have shown then)."""
    leaver = shown = at_leave = -1
    for text in moves:
        move = parse_move(text)
        if move.kind == "leave":
            leaver, at_leave = move.seat, table.balances[move.seat]
            snap = table.snapshot(move.seat)
            shown = leave_cost(snap.rules, snap.bet, snap.balances[move.seat])
            table.leave(move.seat)
        else:
            table.submit(move.seat, move, table.game_id)
    assert table.state is not None and table.state.is_over
    return leaver, at_leave, shown


@pytest.mark.parametrize(("name", "before"), [
    ("leave_cap_eat_then_mom_pays_the_rest.json", 0),       # left before any eat; an eat from the seat after
    ("leave_cap_chot_uses_it_all.json", 0),                 # the seat played on feeds a chốt (4 bets)
    ("leave_cap_u_after_eats.json", +BET),                  # had eaten (+200), two eats from it, then an Ù
    ("leave_cap_den.json", -7 * BET),                       # paid eats and a chốt (-1,400), left, owes the đền
])
def test_the_leave_costs_exactly_the_figure_shown(name, before):
    table, moves = scripted_table(name)
    leaver, at_leave, shown = play_script(table, moves)
    assert shown == 4 * BET == 800
    assert at_leave == WALLET + before                       # what the game cost before the leave stands
    assert at_leave - table.balances[leaver] == shown        # and the leave cost what the dialog said
    assert sum(table.balances) == WALLET * table.n           # nobody's chips appear or vanish
    assert table.state is not None and sum(table.state.net) == 0


def test_a_short_wallet_is_told_its_whole_balance_and_pays_no_more():
    table, moves = scripted_table("leave_cap_chot_uses_it_all.json")
    table.balances[1] = 500
    assert table.state is not None and table.state.balances is not None
    table.state.balances[1] = 500
    leaver, at_leave, shown = play_script(table, moves)
    assert (leaver, at_leave, shown) == (1, 500, 500)
    assert table.balances[1] == 0 and sum(table.balances) == WALLET + 500


def bot_table(players: int, seed: int) -> Table:
    seats = [SeatConfig("You", HUMAN, balance=WALLET)] + [
        SeatConfig(f"Bot{i}", level=BotLevel.EASY, balance=WALLET) for i in range(players - 1)]
    cfg = TableConfig(seats, rules=Rules(players=players, turn_seconds=30), bet=BET, seed=seed, think_delay=0.0)
    return Table(cfg, InlineRunner())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_any_moment_a_leave_costs_at_most_the_figure_shown(players):
    """The player plays by hints for a random number of turns, leaves, and the bots finish the game."""
    rng = random.Random(players)
    for seed in range(12):
        table = bot_table(players, seed)
        client = LocalTableClient(table, 0)
        client.start(0.0)
        turns, now, shown, at_leave = rng.randrange(0, 6), 0.0, -1, -1
        while table.state is not None and not table.state.is_over:
            now += 0.05
            msgs = client.poll(now)
            snap = next((m for m in reversed(msgs) if isinstance(m, Snapshot)), None)
            if shown < 0 and snap is not None and snap.to_move == 0 and snap.legal:
                if turns == 0:
                    shown = leave_cost(snap.rules, snap.bet, snap.balances[0])
                    at_leave = table.balances[0]
                    client.leave()
                    continue
                client.request_hint()
                hint = next(m for m in client.poll(now) if isinstance(m, Hint))
                client.send_move(hint.move)
                turns -= hint.move.kind == "discard"
        client.close()
        if shown < 0:
            continue            # the game ended (an Ù) before the player's turn to leave came
        paid = at_leave - table.balances[0]
        assert paid <= shown == 4 * BET, f"seed {seed}: the leave cost {paid}, the dialog said {shown}"
        if players == 2:
            assert paid == shown
        assert sum(table.balances) == WALLET * players


def test_the_payments_after_a_leave_say_what_was_paid():
    """The game's payments (what the results and the history explain) add up to the leaver's real debit."""
    table, moves = scripted_table("leave_cap_eat_then_mom_pays_the_rest.json")
    play_script(table, moves)
    snap = table.snapshot(0)
    paid = [(p.reason, p.amount) for p in snap.payments if isinstance(p, Payment) and p.from_seat == 1]
    assert paid == [("eat", 200), ("mom", 600)]
    assert snap.net[1] == -800
