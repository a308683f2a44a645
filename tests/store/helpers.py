"""Helpers for the store tests: a fake clock, offline tables on the inline bot runner and a driver."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tala_desktop.bots import BotLevel, make_bot
from tala_desktop.bots.runner import InlineRunner
from tala_desktop.engine import GameState, Rules
from tala_desktop.table import BOT, HUMAN, SeatConfig, Table, TableConfig

BOT_NAMES = ("Lan", "Minh", "Hùng")


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 1, 9, 0, tzinfo=timezone(timedelta(hours=7)))

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


def make_config(seed: int = 7, levels: tuple[BotLevel, ...] = (BotLevel.EASY, BotLevel.NORMAL, BotLevel.EASY),
                balance: int = 10_000,
                bot_balances: list[int] | None = None, preset: str = "zingplay", bet: int = 100) -> TableConfig:
    players = len(levels) + 1
    seats = [SeatConfig("Bạn", HUMAN, balance=balance)]
    for i, lv in enumerate(levels):
        seats.append(SeatConfig(BOT_NAMES[i], BOT, lv, bot_balances[i] if bot_balances else 10_000))
    return TableConfig(seats, rules=Rules.from_preset(preset, players=players), bet=bet, seed=seed,
                       think_delay=0.0)


def make_table(config: TableConfig | None = None) -> Table:
    return Table(config or make_config(), InlineRunner())


def drive(table: Table, now: float = 0.0, until_moves: int | None = None, limit: int = 2000) -> float:
    """Play the current game (the human seat plays the Normal bot's hint) to its end or to ``until_moves`` moves."""
    human = make_bot("normal", 99)
    for _ in range(limit):
        st = table.state
        assert st is not None
        if st.is_over or (until_moves is not None and len(st.history) >= until_moves):
            return now
        now += 0.01
        seat = st.to_move
        if table.bots[seat] is None:
            table.submit(seat, human.decide(st.view(seat)).move, table.game_id)
        else:
            table.update(now)   # asks the bot
            table.update(now)   # its (already finished) decision is applied
    raise AssertionError("the game did not end")


def fingerprint(st: GameState) -> dict:
    """Everything that says where the game stands (cards, turn, money), for comparing two states."""
    return {
        "hands": list(st.hands), "eaten": list(st.eaten), "piles": [list(p) for p in st.piles],
        "laid": [[p.mask for p in ps] for ps in st.laid], "stock": list(st.stock), "to_move": st.to_move,
        "phase": st.phase.value, "turn_kind": st.turn_kind.value, "took": st.took, "turn_no": st.turn_no,
        "balances": st.balances, "net": list(st.net), "mom": list(st.mom), "left": list(st.left),
        "history": [str(m) for m in st.history], "last_discard": st.last_discard,
        "legal": [str(m) for m in st.legal_moves()] if not st.is_over else [],
    }


def play_bot_game(rules: Rules, seed: int, levels: list[str], leader: int = 0, bet: int = 100) -> GameState:
    """One game of bots only, straight on the engine."""
    bots = [make_bot(lv, seed * 16 + s) for s, lv in enumerate(levels)]
    st = GameState.new(rules, seed=seed, leader=leader, bet=bet, balances=[10_000] * rules.players,
                       record_events=False)
    while not st.is_over:
        s = st.to_move
        st.push(bots[s].decide(st.view(s)).move)
    return st
