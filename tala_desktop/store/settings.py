"""The player's settings: one dataclass (the UI's ``UiSettings`` is this class), its validation and storage.
``player_name`` is the profile's name, so it is kept in the profile row, not
in the settings table. Loading never fails: a missing, unreadable or
out-of-range value becomes its default and yields a warning. Saving checks
every value first and changes nothing if one is bad (``SettingsError``).
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Any

from tala_desktop.bots import PLAYABLE_LEVELS
from tala_desktop.engine import PRESETS, Rules, RulesError

from .db import transaction
from .errors import SettingsError, StoreError
from .profile import check_name, get_profile
from .rows import BadRows, by_id, read_rows

log = logging.getLogger(__name__)

LANGUAGES = ("vi", "en")
CARD_BACKS = ("red", "blue", "green")               # the UI's card_art.BACK_COLOURS
_COLOUR_NAME = re.compile(r"^[a-z][a-z0-9_]{0,23}$")  # table colours: the UI falls back on a name it lacks
MIN_WINDOW, MAX_WINDOW = (640, 360), (7680, 4320)
MAX_BET = 1_000_000
MAX_TURN_SECONDS = 600                               # engine Rules.turn_seconds range
BOT_LEVELS = PLAYABLE_LEVELS                         # the levels the new-game page offers
MAX_BOTS = 3


@dataclass
class StoredSettings:
    """Every setting a player can change; defaults are what a new player gets (= UiSettings defaults)."""

    language: str = "vi"
    sound_volume: float = 0.8
    music_volume: float = 0.5
    animation_speed: float = 1.0      # 0 = instant, 1 = normal, 2 = twice as fast
    four_colour: bool = False
    card_back: str = "red"
    table_colour: str = "green"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    default_preset: str = "zingplay"
    default_bet: int = 100
    turn_seconds: int = 30
    player_name: str = "Bạn"
    custom_rules: dict[str, Any] | None = None  # the last "Tùy chỉnh" switches (a Rules.to_dict()), if any
    bot_levels: tuple[str, ...] = ("normal", "normal", "normal")   # the new-game page's last level per bot seat

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["window_size"] = list(self.window_size)
        d["bot_levels"] = list(self.bot_levels)
        return d


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v  # not NaN


def _choice(options: tuple[str, ...]) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if v not in options:
            raise ValueError(f"expected one of {', '.join(options)}, got {v!r}")
        return v
    return check


def _number(lo: float, hi: float) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if not _is_number(v) or not lo <= v <= hi:
            raise ValueError(f"expected a number {lo:g}-{hi:g}, got {v!r}")
        return float(v)
    return check


def _whole(lo: int, hi: int) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if not _is_int(v) or not lo <= v <= hi:
            raise ValueError(f"expected a whole number {lo}-{hi}, got {v!r}")
        return v
    return check


def _flag(v: Any) -> Any:
    if not isinstance(v, bool):
        raise ValueError(f"expected true or false, got {v!r}")
    return v


def _colour(v: Any) -> Any:
    if not isinstance(v, str) or not _COLOUR_NAME.match(v):
        raise ValueError(f"expected a colour name, got {v!r}")
    return v


def _window(v: Any) -> Any:
    if not isinstance(v, (list, tuple)) or len(v) != 2 or not all(_is_int(x) for x in v):
        raise ValueError(f"expected [width, height], got {v!r}")
    w, h = v
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise ValueError(f"expected a size from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}, "
                         f"got {w}x{h}")
    return (w, h)


def _levels(v: Any) -> Any:
    if not isinstance(v, (list, tuple)) or len(v) > MAX_BOTS or any(x not in BOT_LEVELS for x in v):
        raise ValueError(f"expected up to {MAX_BOTS} of {', '.join(BOT_LEVELS)}, got {v!r}")
    return tuple(v)


def _rules(v: Any) -> Any:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise ValueError(f"expected a rules object, got {v!r}")
    try:
        return Rules.from_dict(v).to_dict()
    except RulesError as exc:
        raise ValueError(str(exc)) from None


def _name(v: Any) -> Any:
    try:
        return check_name(v, "player name")
    except StoreError as exc:
        raise ValueError(str(exc)) from None


VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "language": _choice(LANGUAGES),
    "sound_volume": _number(0.0, 1.0),
    "music_volume": _number(0.0, 1.0),
    "animation_speed": _number(0.0, 4.0),
    "four_colour": _flag,
    "card_back": _choice(CARD_BACKS),
    "table_colour": _colour,
    "fullscreen": _flag,
    "window_size": _window,
    "default_preset": _choice(tuple(PRESETS)),
    "default_bet": _whole(1, MAX_BET),
    "turn_seconds": _whole(0, MAX_TURN_SECONDS),
    "player_name": _name,
    "custom_rules": _rules,
    "bot_levels": _levels,
}
STORED_KEYS = tuple(f.name for f in fields(StoredSettings) if f.name != "player_name")


def validate(values: dict[str, Any]) -> dict[str, Any]:
    """Checked and normalised values; SettingsError naming every bad or unknown field."""
    problems = []
    out: dict[str, Any] = {}
    for key, value in values.items():
        check = VALIDATORS.get(key)
        if check is None:
            problems.append(f"{key}: unknown setting")
            continue
        try:
            out[key] = check(value)
        except ValueError as exc:
            problems.append(f"{key}: {exc}")
    if problems:
        raise SettingsError("bad settings: " + "; ".join(problems))
    return out


def load_settings(conn: sqlite3.Connection, player_name: str) -> tuple[StoredSettings, list[str]]:
    """The stored settings (defaults for anything missing or bad) and a warning per bad value."""
    warnings: list[str] = []
    values: dict[str, Any] = {}
    unreadable = BadRows()
    rows = read_rows(conn, "SELECT key, value FROM settings", (), "settings", unreadable, by_id)
    for (key,) in unreadable.rows("settings"):
        shown = key.decode("utf-8", "replace") if isinstance(key, bytes) else key
        warnings.append(f"setting {shown!r} could not be read (damaged text); using its default")
    for key, text in rows:
        if key not in STORED_KEYS:
            warnings.append(f"setting {key!r} is unknown and was ignored")
            continue
        try:
            values[key] = VALIDATORS[key](json.loads(text))
        except (ValueError, TypeError) as exc:  # JSONDecodeError is a ValueError
            default = getattr(StoredSettings(), key)
            warnings.append(f"setting {key!r} was unusable ({exc}); using the default {default!r}")
    for w in warnings:
        log.warning(w)
    return StoredSettings(player_name=player_name, **values), warnings


def save_settings(conn: sqlite3.Connection, settings: StoredSettings | dict[str, Any]) -> StoredSettings:
    """Store every field of ``settings`` (a StoredSettings or a dict of some fields) in one transaction."""
    raw = settings.to_dict() if isinstance(settings, StoredSettings) else dict(settings)
    clean = validate(raw)
    with transaction(conn):
        for key, value in clean.items():
            if key == "player_name":
                conn.execute("UPDATE profile SET name = ? WHERE id = 1", (value,))
                continue
            stored = list(value) if isinstance(value, tuple) else value
            conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                         "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, json.dumps(stored)))
    return load_settings(conn, get_profile(conn).name)[0]
