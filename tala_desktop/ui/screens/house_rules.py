"""House rules as the editor sees them: the §9 switches it lists, their ranges, and what differs from Zingplay.

The engine's ``Rules`` accepts 0-1000 bets for every payment; the editor
offers a narrower, sensible range (``PAY_RANGE``) and clamps every step into
it, so whatever it produces is a valid ``Rules``. ``turn_seconds`` is not
here: the setup page chooses it. ``summary`` names, in the current language,
each switch whose value differs from the Zingplay preset ("chốt 2 cược,
Móm được gửi"); the setup page shows it under the rule choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tala_desktop.engine import Rules

from ..core.i18n import N_, tr, tr_count
from .house_rules_words import PRESET_MATCHES, WORDS

PAY_RANGE = (0, 20)                    # bets: every payment switch, and each of Nhì / Ba / Bét
TOGGLE, STEPPER, PLACES = "toggle", "stepper", "places"
NAMED_PRESETS = ("zingplay", "co_ban")
PLACE_KEYS = (N_("rank.2"), N_("rank.3"), N_("rank.last"))


@dataclass(frozen=True)
class Switch:
    """One rule switch of RULES.md §9 shown by the editor: a ``Rules`` field and how it is edited."""

    name: str
    kind: str                          # TOGGLE, STEPPER or PLACES (rank_pay: three steppers)
    lo: int = PAY_RANGE[0]
    hi: int = PAY_RANGE[1]


# The editor's two columns: Ù, eats and đền on the left; laying, scoring and payments on the right.
COLUMNS: tuple[tuple[Switch, ...], ...] = (
    (Switch("u_khan", TOGGLE), Switch("u_khan_pay", STEPPER), Switch("u_pay", STEPPER),
     Switch("u_tron_pay", STEPPER), Switch("progressive_eat", TOGGLE), Switch("chot_pay", STEPPER),
     Switch("den_three_eats", TOGGLE), Switch("den_chot", TOGGLE)),
    (Switch("mom_can_send", TOGGLE), Switch("mom_pay", STEPPER), Switch("rank_pay", PLACES),
     Switch("ace_high_run", TOGGLE), Switch("face_value_10", TOGGLE), Switch("reveal_eaten_phom", TOGGLE),
     Switch("timeout_last_turn_is_mom", TOGGLE)),
)
SWITCHES: tuple[Switch, ...] = tuple(s for column in COLUMNS for s in column)
BY_NAME: dict[str, Switch] = {s.name: s for s in SWITCHES}


def clamp(value: int, lo: int = PAY_RANGE[0], hi: int = PAY_RANGE[1]) -> int:
    return max(lo, min(hi, value))


def set_switch(rules: Rules, name: str, value: bool | int, place: int | None = None) -> Rules:
    """``rules`` with switch ``name`` set to ``value`` (a number is clamped to the editor's range;
    for ``rank_pay`` ``place`` 0-2 says which of Nhì / Ba / Bét)."""
    switch = BY_NAME[name]
    if switch.kind == TOGGLE:
        toggled: dict[str, Any] = {name: bool(value)}
        return replace(rules, **toggled)
    number = clamp(int(value), switch.lo, switch.hi)
    if switch.kind == PLACES:
        if place is None or not 0 <= place < 3:
            raise ValueError(f"rank_pay: place must be 0, 1 or 2, got {place!r}")
        pays = list(rules.rank_pay)
        pays[place] = number
        return replace(rules, rank_pay=(pays[0], pays[1], pays[2]))
    changed: dict[str, Any] = {name: number}
    return replace(rules, **changed)


def switch_values(rules: Rules) -> dict[str, object]:
    """The value of every switch the editor shows."""
    return {s.name: getattr(rules, s.name) for s in SWITCHES}


def same_switches(a: Rules, b: Rules) -> bool:
    """True if ``a`` and ``b`` agree on every switch the editor shows (players, clock and label aside)."""
    return switch_values(a) == switch_values(b)


def preset_rules(name: str, like: Rules) -> Rules:
    """``like`` with every editor switch reset to the preset ``name`` (players and clock kept)."""
    base = Rules.from_preset(name, players=like.players)
    return replace(base, turn_seconds=like.turn_seconds, preset=like.preset)


def matching_preset(rules: Rules) -> str | None:
    """The named preset whose switches ``rules`` has exactly, if any."""
    return next((p for p in NAMED_PRESETS if same_switches(rules, Rules.from_preset(p))), None)


def as_custom(rules: Rules) -> Rules:
    return replace(rules, preset="custom")


def differences(rules: Rules) -> list[str]:
    """The switches whose value differs from Zingplay's, in the editor's order."""
    base = switch_values(Rules.from_preset("zingplay"))
    return [name for name, value in switch_values(rules).items() if value != base[name]]


def bets(n: int) -> str:
    """"5 cược" / "5 bets" ("1 bet")."""
    return tr_count("house.bets", n, n=n)


def phrase(rules: Rules, name: str) -> str:
    """A few words saying the value of switch ``name`` ("chốt 2 cược", "Móm được gửi")."""
    value = getattr(rules, name)
    if BY_NAME[name].kind == TOGGLE:
        return tr(WORDS[name].said if value else WORDS[name].said_off)
    if BY_NAME[name].kind == PLACES:
        a, b, c = value
        return tr(WORDS[name].said, a=a, b=b, c=c)
    return tr(WORDS[name].said, bets=bets(value))


def summary(rules: Rules) -> list[str]:
    """A phrase for each switch that differs from Zingplay."""
    return [phrase(rules, name) for name in differences(rules)]


def describe(rules: Rules, wrap: Callable[[str], list[str]], max_lines: int) -> list[str]:
    """The setup page's description of custom rules, wrapped by ``wrap`` into at most ``max_lines`` lines:
    "Tùy chỉnh: chốt 2 cược, Móm được gửi." with as many changes as fit and "+N" for the rest."""
    phrases = summary(rules)
    if not phrases:
        return wrap(tr("setup.preset_desc.custom_same"))[:max_lines]
    for shown in range(len(phrases), 0, -1):
        hidden = len(phrases) - shown
        changes = ", ".join(phrases[:shown])
        text = (tr("setup.preset_desc.custom", changes=changes) if hidden == 0
                else tr("setup.preset_desc.custom_more", changes=changes, more=hidden))
        lines = wrap(text)
        if len(lines) <= max_lines:
            return lines
    return wrap(tr("setup.preset_desc.custom", changes=differs_text(len(phrases))))[:max_lines]


def differs_text(count: int) -> str:
    """"Khác Zingplay ở 3 điểm" / "3 changes from Zingplay"."""
    return tr_count("house.differs", count, count=count)


def status_text(rules: Rules) -> str:
    """The editor's verdict: the named preset the switches match, else how many differ from Zingplay."""
    same = matching_preset(rules)
    return tr(PRESET_MATCHES[same]) if same is not None else differs_text(len(differences(rules)))
