"""Table configuration: who sits where (human, bot or remote), the bet, the rules and the pacing."""

from __future__ import annotations

from dataclasses import dataclass, field

from tala_desktop.engine import Rules

HUMAN, BOT, REMOTE = "human", "bot", "remote"


@dataclass
class SeatConfig:
    """One seat: a human at this computer, a bot of some level, or a remote player (LAN)."""

    name: str
    kind: str = BOT
    level: str = "normal"
    balance: int = 10_000

    def __post_init__(self) -> None:
        if self.kind not in (HUMAN, BOT, REMOTE):
            raise ValueError(f"seat kind {self.kind!r}: expected human, bot or remote")
        if not isinstance(self.balance, int) or self.balance < 0:
            raise ValueError(f"seat balance {self.balance!r}: expected a non-negative whole number")


@dataclass
class TableConfig:
    """Everything needed to host a table of 2-4 seats."""

    seats: list[SeatConfig]
    rules: Rules = field(default_factory=Rules)
    bet: int = 100
    seed: int | None = None          # None: a fresh random seed per table
    think_delay: float = 0.8         # seconds a bot's move is held back so a human can follow
    hard_budget_ms: float = 300.0
    bot_workers: int = 3
    first_leader: int = 0            # the host (offline: the human) leads the first game

    def __post_init__(self) -> None:
        if not 2 <= len(self.seats) <= 4:
            raise ValueError(f"a table has 2-4 seats, got {len(self.seats)}")
        if self.rules.players != len(self.seats):
            raise ValueError(f"rules are for {self.rules.players} players but the table has {len(self.seats)} seats")
        if not isinstance(self.bet, int) or self.bet < 1:
            raise ValueError(f"bet {self.bet!r}: expected a positive whole number")
        if not 0 <= self.first_leader < len(self.seats):
            raise ValueError(f"first leader {self.first_leader} is not a seat")
