"""Table configuration: who sits where (human, bot or remote), the bet, the rules and the pacing."""

from __future__ import annotations

from dataclasses import dataclass, field

from tala_desktop.bots import LEVELS, BotLevel
from tala_desktop.engine import Rules
from tala_desktop.engine.moves import NotationEnum


class SeatKind(NotationEnum):
    """Who plays a seat: one name for the table, the LAN wire, the saves and the screens.

    A table's seat is ``HUMAN`` (the player at this computer), ``BOT`` or
    ``REMOTE`` (a person over the LAN). A LAN lobby lists its seats as
    ``PLAYER`` (a person), ``BOT``, or ``EMPTY`` (nobody yet: a bot takes it
    when the game is dealt, unless someone sits down first).
    """

    HUMAN = "human"
    BOT = "bot"
    REMOTE = "remote"
    PLAYER = "player"
    EMPTY = "empty"


HUMAN, BOT, REMOTE = SeatKind.HUMAN, SeatKind.BOT, SeatKind.REMOTE
TABLE_KINDS = (SeatKind.HUMAN, SeatKind.BOT, SeatKind.REMOTE)    # the kinds a table's seat can have
LOBBY_KINDS = (SeatKind.BOT, SeatKind.EMPTY, SeatKind.PLAYER)    # the kinds a LAN lobby shows


@dataclass
class SeatConfig:
    """One seat: a human at this computer, a bot of some level, or a remote player (LAN)."""

    name: str
    kind: SeatKind = SeatKind.BOT
    level: BotLevel = BotLevel.NORMAL
    balance: int = 10_000

    def __post_init__(self) -> None:
        if self.kind not in TABLE_KINDS:
            raise ValueError(f"seat kind {self.kind!r}: expected human, bot or remote")
        if self.level not in LEVELS:
            raise ValueError(f"seat level {self.level!r}: expected one of {', '.join(LEVELS)}")
        self.kind, self.level = SeatKind(self.kind), BotLevel(self.level)  # a name read from a save becomes its value
        if not isinstance(self.balance, int) or self.balance < 0:
            raise ValueError(f"seat balance {self.balance!r}: expected a non-negative whole number")


MAX_HARD_SAMPLES = 100_000
MAX_DEAL_WAIT = 60.0
DEAL_WAIT = 6.0                  # the app's and a LAN server's bound: the slowest animation speed deals four in < 4 s


@dataclass
class TableConfig:
    """Everything needed to host a table of 2-4 seats."""

    seats: list[SeatConfig]
    rules: Rules = field(default_factory=Rules)
    bet: int = 100
    seed: int | None = None          # None: a fresh random seed per table
    think_delay: float = 0.8         # seconds a bot's move is held back so a human can follow
    hard_budget_ms: float = 300.0
    hard_samples: int | None = None  # a fixed count of samples per Hard decision instead of the budget (the same
                                     # decisions on any machine: with ``seed``, the same games every time)
    bot_workers: int = 3
    first_leader: int = 0            # the host (offline: the human) leads the first game
    deal_wait: float = 0.0           # the longest a new game's first turn waits for the deal to be shown (0: its
                                     # clock starts at the deal); the seat to move saying so starts it sooner

    def __post_init__(self) -> None:
        if not 2 <= len(self.seats) <= 4:
            raise ValueError(f"a table has 2-4 seats, got {len(self.seats)}")
        if self.rules.players != len(self.seats):
            raise ValueError(f"rules are for {self.rules.players} players but the table has {len(self.seats)} seats")
        if not isinstance(self.bet, int) or self.bet < 1:
            raise ValueError(f"bet {self.bet!r}: expected a positive whole number")
        if not 0 <= self.deal_wait <= MAX_DEAL_WAIT:       # NaN fails too
            raise ValueError(f"deal wait {self.deal_wait!r}: expected 0 to {MAX_DEAL_WAIT:g} seconds")
        if not 0 <= self.first_leader < len(self.seats):
            raise ValueError(f"first leader {self.first_leader} is not a seat")
        if self.hard_samples is not None and (not isinstance(self.hard_samples, int)
                                              or isinstance(self.hard_samples, bool)
                                              or not 1 <= self.hard_samples <= MAX_HARD_SAMPLES):
            raise ValueError(f"hard samples {self.hard_samples!r}: expected a whole number from 1 to "
                             f"{MAX_HARD_SAMPLES}, or none (the time budget)")
