"""The rules object: every house-rule switch of RULES.md §9, its defaults and the presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import RulesError

PRESETS: dict[str, dict[str, Any]] = {
    # All defaults: the Zingplay-style table.
    "zingplay": {},
    # Beginners: no Ù khan, no đền, flat eat payments, chốt costs 1.
    "co_ban": {
        "u_khan": False,
        "den_three_eats": False,
        "den_chot": False,
        "progressive_eat": False,
        "chot_pay": 1,
    },
    # Any switches on top of the defaults.
    "custom": {},
}


@dataclass(frozen=True, slots=True)
class Rules:
    """House rules of one table. Field names are the switch names of RULES.md §9."""

    players: int = 4
    u_khan: bool = True
    u_khan_pay: int = 5
    u_pay: int = 5
    u_tron_pay: int = 10
    progressive_eat: bool = True
    chot_pay: int = 4
    den_three_eats: bool = True
    den_chot: bool = True
    mom_can_send: bool = False
    ace_high_run: bool = False
    face_value_10: bool = False
    reveal_eaten_phom: bool = False
    turn_seconds: int = 30
    rank_pay: tuple[int, int, int] = (1, 2, 3)
    mom_pay: int = 4
    timeout_last_turn_is_mom: bool = True
    preset: str = "zingplay"

    def __post_init__(self) -> None:
        _validate(self)

    @classmethod
    def from_preset(cls, name: str, players: int = 4) -> Rules:
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r} (choose from {', '.join(PRESETS)})")
        return cls(players=players, preset=name, **PRESETS[name])

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Build rules from ``{"preset": ..., "players": ..., <switch>: value}``."""
        if not isinstance(data, dict):
            raise RulesError("rules: expected an object")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RulesError(f"rules.{key}: unknown rule switch")
        preset = data.get("preset", "zingplay")
        if not isinstance(preset, str):
            raise RulesError("rules.preset: expected a preset name")
        players = data.get("players", 4)
        base = cls.from_preset(preset, players if _is_int(players) else 4)
        overrides = {k: v for k, v in data.items() if k not in ("preset",)}
        if "rank_pay" in overrides and isinstance(overrides["rank_pay"], list):
            overrides["rank_pay"] = tuple(overrides["rank_pay"])
        # ``preset`` records where the switches started from; overrides keep that name so that
        # to_dict() / from_dict() is an exact round trip (see matches_preset()).
        return replace(base, **overrides)

    def matches_preset(self) -> bool:
        """True if every rule switch (the clock aside) has its preset's value."""
        base = Rules.from_preset(self.preset, self.players)
        return replace(self, turn_seconds=base.turn_seconds) == base

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["rank_pay"] = list(self.rank_pay)
        return d

    def eat_pay(self, nth_eat: int, chot: bool) -> int:
        """Bets paid by the victim for the eater's ``nth_eat`` (1-based) eat."""
        if chot:
            return self.chot_pay
        return nth_eat if self.progressive_eat else 1

    def place_pay(self, place: int) -> int:
        """Bets paid to Nhất by the player in 0-based ``place`` (place >= 1)."""
        return self.rank_pay[min(place, 3) - 1]


_BOOL_FIELDS = (
    "u_khan", "progressive_eat", "den_three_eats", "den_chot", "mom_can_send",
    "ace_high_run", "face_value_10", "reveal_eaten_phom", "timeout_last_turn_is_mom",
)
_PAY_FIELDS = ("u_khan_pay", "u_pay", "u_tron_pay", "chot_pay", "mom_pay")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _validate(r: Rules) -> None:
    if not _is_int(r.players) or not 2 <= r.players <= 4:
        raise RulesError(f"rules.players: expected 2, 3 or 4, got {r.players!r}")
    for name in _BOOL_FIELDS:
        if not isinstance(getattr(r, name), bool):
            raise RulesError(f"rules.{name}: expected true or false, got {getattr(r, name)!r}")
    for name in _PAY_FIELDS:
        v = getattr(r, name)
        if not _is_int(v) or not 0 <= v <= 1000:
            raise RulesError(f"rules.{name}: expected a whole number of bets 0-1000, got {v!r}")
    if not _is_int(r.turn_seconds) or not 0 <= r.turn_seconds <= 600:
        raise RulesError(f"rules.turn_seconds: expected 0-600 seconds, got {r.turn_seconds!r}")
    rp = r.rank_pay
    if not isinstance(rp, tuple) or len(rp) != 3 or not all(_is_int(v) and 0 <= v <= 1000 for v in rp):
        raise RulesError(f"rules.rank_pay: expected three whole numbers for Nhì, Ba, Bét, got {rp!r}")
    if r.preset not in PRESETS:
        raise RulesError(f"rules.preset: unknown preset {r.preset!r} (choose from {', '.join(PRESETS)})")
