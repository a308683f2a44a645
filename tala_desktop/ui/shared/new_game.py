"""New game: the choices of the setup screen, their validation, and the offline table they build.

``GameChoices`` is what the player picks (players, each bot's name and
level, bet, turn seconds, rule preset or custom rules). ``build_client``
turns it into a ``TableConfig`` -> ``Table`` -> ``LocalTableClient`` with the
human at seat 0 and bots at the other seats. The selftest builds its all-bot
table here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tala_desktop.bots import PLAYABLE_LEVELS, BotLevel
from tala_desktop.bots.runner import Runner
from tala_desktop.engine import Rules
from tala_desktop.table import BOT, HUMAN, LocalTableClient, SeatConfig, Table, TableConfig
from tala_desktop.table.config import DEAL_WAIT

from ..core.i18n import money, tr
from ..core.names import shown_name

MIN_PLAYERS, MAX_PLAYERS = 2, 4
BOT_LEVELS = PLAYABLE_LEVELS
DEFAULT_BOT_NAMES = ("Lan", "Minh", "Hùng")
BET_CHOICES = (50, 100, 200, 500, 1000)
TURN_SECONDS_CHOICES = (0, 15, 20, 30, 45, 60)
PRESET_CHOICES = ("zingplay", "co_ban")      # the named presets (settings, LAN lobby)
RULE_CHOICES = (*PRESET_CHOICES, "custom")   # the new-game page adds Tùy chỉnh: ``GameChoices.custom_rules``
START_BALANCE = 10_000   # every seat's chips when the app runs without a store (the selftest)
BET_PER_BALANCE = 10     # a bet may be at most a tenth of your chips
MAX_NAME_LENGTH = 14
BASE_THINK_DELAY = 0.8   # seconds a bot's move is held back at normal animation speed
INSTANT_THINK_DELAY = 0.2


@dataclass
class BotChoice:
    """One computer player: its name at the table and its level (easy/normal/hard)."""

    name: str
    level: BotLevel = BotLevel.NORMAL

    def __post_init__(self) -> None:
        if self.level not in BOT_LEVELS:
            raise ValueError(f"bot level {self.level!r}: one of {', '.join(BOT_LEVELS)}")
        self.level = BotLevel(self.level)  # a name read from the settings becomes its value


@dataclass
class GameChoices:
    """Everything the setup screen decides; ``bots`` always holds MAX_PLAYERS - 1 entries
    (the ones past ``players - 1`` are kept so switching 4 -> 2 -> 4 remembers them)."""

    players: int = 4
    bots: list[BotChoice] = field(default_factory=lambda: [BotChoice(n) for n in DEFAULT_BOT_NAMES])
    bet: int = 100
    turn_seconds: int = 30
    preset: str = "zingplay"
    custom_rules: Rules | None = None   # the switches when ``preset`` is "custom" (None: Zingplay's)

    def __post_init__(self) -> None:
        if self.preset not in RULE_CHOICES:
            raise ValueError(f"rule preset {self.preset!r}: one of {RULE_CHOICES}")
        if not 0 <= self.turn_seconds <= 600:
            raise ValueError(f"turn seconds {self.turn_seconds!r}: expected 0-600")

    @property
    def active_bots(self) -> list[BotChoice]:
        return self.bots[: self.players - 1]

    def problems(self, player_name: str = "", balance: int = START_BALANCE) -> list[tuple[int | None, str]]:
        """What is wrong with these choices for a player holding ``balance`` chips:
        (seat of the bot concerned or None, translated message); empty when valid."""
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS or len(self.bots) < self.players - 1:
            return [(None, tr("setup.error.players"))]
        out: list[tuple[int | None, str]] = []
        cheapest = min(BET_CHOICES)
        if balance < cheapest * BET_PER_BALANCE:
            out.append((None, tr("setup.error.broke", min=money(cheapest * BET_PER_BALANCE))))
        elif not 1 <= self.bet <= balance // BET_PER_BALANCE:
            out.append((None, tr("setup.error.bet", max=money(balance // BET_PER_BALANCE))))
        seen = {shown_name(player_name).casefold()}
        for seat, bot in enumerate(self.active_bots, start=1):
            name = bot.name.strip()
            if not name:
                out.append((seat, tr("setup.error.name_empty", seat=tr("setup.bot", number=seat))))
            elif len(name) > MAX_NAME_LENGTH:
                out.append((seat, tr("setup.error.name_long", max=MAX_NAME_LENGTH)))
            elif name.casefold() in seen:
                out.append((seat, tr("setup.error.name_duplicate", name=name)))
            seen.add(name.casefold())
        return out

    def errors(self, player_name: str = "", balance: int = START_BALANCE) -> list[str]:
        """The problems' messages; empty when the table can start."""
        return [message for _, message in self.problems(player_name, balance)]

    def rules(self) -> Rules:
        """The table's rules: the preset's (or the custom switches) for this many players and this clock."""
        if self.preset == "custom" and self.custom_rules is not None:
            return replace(self.custom_rules, players=self.players, turn_seconds=self.turn_seconds, preset="custom")
        return replace(Rules.from_preset(self.preset, players=self.players), turn_seconds=self.turn_seconds)


def think_delay(animation_speed: float) -> float:
    """How long a bot's move is held back: 0.8 s at normal speed, scaled by the animation speed."""
    if animation_speed <= 0:
        return INSTANT_THINK_DELAY
    return BASE_THINK_DELAY / animation_speed


def table_config(choices: GameChoices, player_name: str, animation_speed: float = 1.0,
                 seed: int | None = None, balance: int = START_BALANCE, hard_samples: int | None = None
                 ) -> TableConfig:
    """The offline table: ``player_name`` (a human) at seat 0, the chosen bots after it; a Hard bot weighs
    ``hard_samples`` samples a decision if given (else it thinks for its time budget).

    Every seat gets ``START_BALANCE``; ``OfflineSession.new`` replaces that with the wallet's chips.
    """
    problems = choices.errors(player_name, balance)
    if problems:
        raise ValueError("; ".join(problems))
    seats = [SeatConfig(shown_name(player_name), HUMAN, balance=START_BALANCE)]
    seats += [SeatConfig(b.name.strip(), BOT, b.level, balance=START_BALANCE) for b in choices.active_bots]
    return TableConfig(seats=seats, rules=choices.rules(), bet=choices.bet, seed=seed,
                       think_delay=think_delay(animation_speed), hard_samples=hard_samples, deal_wait=DEAL_WAIT)


def build_client(config: TableConfig, seat: int = 0, runner: Runner | None = None) -> LocalTableClient:
    """Host ``config`` in-process and return the client for ``seat``; close() it to end the bot threads.

    ``runner`` decides the bots (None: the table starts bot threads of its own, ended by close())."""
    return LocalTableClient(Table(config, runner), seat)


def selftest_config(seed: int | None, hard_budget_ms: float = 40.0) -> TableConfig:
    """The selftest's table: four bots (seat 0 Normal; then Easy, Normal, Hard) that play at once."""
    levels = (BotLevel.NORMAL, BotLevel.EASY, BotLevel.NORMAL, BotLevel.HARD)
    names = ("Bot", *DEFAULT_BOT_NAMES)
    seats = [SeatConfig(name, BOT, level, balance=START_BALANCE) for name, level in zip(names, levels)]
    return TableConfig(seats=seats, rules=Rules.from_preset("zingplay", players=4), bet=100, seed=seed,
                       think_delay=0.0, hard_budget_ms=hard_budget_ms)
