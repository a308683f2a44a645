"""Fixed table positions for the table tests: a dealt 2-seat game played to a chosen move, as your seat's model.

``send_deal`` is a game where Lan (seat 1, the leader) lays 4♠4♣4♦ and
5♥6♥7♥ and you (seat 0) lay 9♠9♣9♦ holding 3♥ 4♥: both can be sent, but
only in one order (4♥ onto the run, then 3♥). ``eat_deal`` lets you eat
Lan's 9♥ with your 7♥ 8♥.
"""

from __future__ import annotations

from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import GameState, Rules, parse_card, parse_move
from tala_desktop.engine.cards import card_str
from tala_desktop.table import HUMAN, SeatConfig, Table, TableConfig
from tala_desktop.ui.table.model import TableModel

BET = 100
BALANCE = 10_000

SEND_HANDS = ("3h 4h 9s 9c 9d Kd Qs 2s Ac", "4s 4c 4d 5h 6h 7h Ks Qc Jd 10c")
SEND_DRAWS = "2d 3c 5c 6s 8d Jh Kh"
SEND_MOVES = ("1 discard Ks", "0 draw", "0 discard Kd", "1 draw", "1 discard Qc", "0 draw", "0 discard Qs",
              "1 draw", "1 discard Jd", "0 draw", "0 discard 2s", "1 draw", "1 lay 4s-4c-4d 5h-6h-7h",
              "1 discard 10c", "0 draw")                     # you are at the lay-down turn
SEND_LAY = "0 lay 9s-9c-9d"                                  # then at the send step

EAT_HANDS = ("7h 8h 2s 5c Jd Qs Kc 3d 6s", "9h 2c 4d 6c 8s 10d Jc Kh Ad 3s")
EAT_MOVES = ("1 discard 9h",)                                # you may eat 9♥ (7♥ 8♥) or draw


def deal_table(hands: tuple[str, ...], draws: str = "", leader: int = 1, seconds: int = 0) -> Table:
    """A table of human seats (nobody moves by themselves) holding this deal; the stock starts with ``draws``."""
    n = len(hands)
    rules = Rules(players=n, turn_seconds=seconds)
    dealt = [t for h in hands for t in h.split()] + draws.split()
    stock = draws.split() + [card_str(c) for c in range(52) if card_str(c) not in dealt]
    seats = [SeatConfig(name, HUMAN, balance=BALANCE) for name in ("Bạn", "Lan", "Minh", "Hùng")[:n]]
    table = Table(TableConfig(seats, rules=rules, bet=BET, seed=1), InlineRunner())
    state = GameState.from_deal(rules, [[parse_card(t) for t in h.split()] for h in hands],
                                [parse_card(t) for t in stock], leader, BET, [BALANCE] * n)
    table.resume(state, 1, [BALANCE] * n)
    return table


def play(table: Table, moves: tuple[str, ...] | list[str]) -> Table:
    for text in moves:
        move = parse_move(text)
        table.submit(move.seat, move)
    return table


def model_after(hands: tuple[str, ...], moves: tuple[str, ...] | list[str], draws: str = "",
                leader: int = 1) -> TableModel:
    """Your seat's model after ``moves`` of the deal."""
    table = play(deal_table(hands, draws, leader), moves)
    try:
        return TableModel(table.snapshot(0))
    finally:
        table.close()


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]
