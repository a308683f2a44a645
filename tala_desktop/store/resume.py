"""Between a live offline Table and its autosave: capture the table as an autosave object, rebuild a Table from one.

``table_save_obj`` is what is written after every move. ``check_fit`` says
whether this version can seat and play a save (UnfitSave if not: a remote
seat, a level or pacing it does not know, a name it would not accept).
``resume_table`` builds a new ``Table`` with the same seats, rules, bet and pacing, installs
the replayed game with ``Table.resume`` (same cards, same turn, the clock
restarted at ``now``) and restores the dealer's random state, so even the
following deals are the ones the table would have dealt.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tala_desktop.bots import LEVELS
from tala_desktop.bots.runner import Runner
from tala_desktop.engine.record import game_to_obj
from tala_desktop.table import SeatConfig, SeatKind, Table, TableConfig, TableError
from tala_desktop.table.config import DEAL_WAIT, MAX_DEAL_WAIT, MAX_HARD_SAMPLES

from .autosave import FORMAT, VERSION, Autosave
from .errors import StoreError, UnfitSave
from .history import SeatInfo
from .profile import check_name

_PACING = ("seed", "think_delay", "hard_budget_ms", "hard_samples", "bot_workers", "first_leader", "deal_wait")
_NUMBER_RANGES = {"think_delay": (0.0, 10.0), "hard_budget_ms": (1.0, 10_000.0),
                  "deal_wait": (0.0, MAX_DEAL_WAIT)}   # inclusive
MAX_WORKERS = 16


def _json_shape(value: Any) -> Any:
    """Tuples to lists, recursively (random.getstate() is nested tuples)."""
    if isinstance(value, (tuple, list)):
        return [_json_shape(v) for v in value]
    return value


def _tuple_shape(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple_shape(v) for v in value)
    return value


def table_save_obj(table: Table, table_uid: str, human_seat: int | None, started_at: str | None,
                   now: datetime, hand_order: list[int] | None = None) -> dict[str, Any]:
    """The autosave object of ``table``'s current game (see autosave.py for the fields); ``hand_order``: the
    player's own order of their hand in it, if they made one."""
    st = table.state
    if st is None:
        raise StoreError("the table has no game to save")
    cfg = table.config
    return {
        "format": FORMAT, "version": VERSION, "table_uid": table_uid, "game_id": table.game_id,
        "started_at": started_at, "saved_at": now.isoformat(timespec="seconds"), "human_seat": human_seat,
        "seats": [{"name": s.name, "kind": s.kind, "level": s.level, "balance": s.balance} for s in cfg.seats],
        "config": {k: getattr(cfg, k) for k in _PACING},
        "balances": list(st.balances) if st.balances is not None else list(table.balances),
        "left_table": list(table.left_table),
        "rng_state": _json_shape(table.rng.getstate()),
        "record": game_to_obj(st),
    } | ({"hand_order": list(hand_order)} if hand_order is not None else {})


def check_fit(save: Autosave) -> None:
    """UnfitSave, naming what, unless this version can seat and play ``save`` offline: you at its human seat,
    computer players of known levels at the others, names it accepts, pacing of known fields within range."""
    for i, seat in enumerate(save.seats):
        kind, level = seat.get("kind"), seat.get("level", "normal")
        if i == save.human_seat:
            if kind != SeatKind.HUMAN:
                raise UnfitSave(f"autosave: seat {i} is yours but is not a human seat")
        elif kind != SeatKind.BOT:
            raise UnfitSave(f"autosave: seat {i} ({kind}) has nobody to play it offline")
        elif level not in LEVELS:
            raise UnfitSave(f"autosave: seat {i}: unknown computer level {level!r}")
        try:
            check_name(seat.get("name"), f"seat {i}'s name")
        except StoreError as exc:
            raise UnfitSave(f"autosave: {exc}") from None
    unknown = sorted(set(save.config) - set(_PACING))
    if unknown:
        raise UnfitSave(f"autosave: unknown table settings {', '.join(unknown)}")
    _check_pacing(save.config)
    try:
        table_config_of(save)
    except StoreError as exc:
        raise UnfitSave(str(exc)) from None


def _check_pacing(config: dict[str, Any]) -> None:
    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    for key, (low, high) in _NUMBER_RANGES.items():
        value = config.get(key, low)
        if not (whole(value) or isinstance(value, float)) or not low <= value <= high:
            raise UnfitSave(f"autosave: {key} {value!r}: expected a number from {low:g} to {high:g}")
    seed = config.get("seed")
    if seed is not None and not whole(seed):
        raise UnfitSave(f"autosave: seed {seed!r}: expected a whole number")
    samples = config.get("hard_samples")
    if samples is not None and (not whole(samples) or not 1 <= samples <= MAX_HARD_SAMPLES):
        raise UnfitSave(f"autosave: hard_samples {samples!r}: expected 1-{MAX_HARD_SAMPLES} or none")
    workers = config.get("bot_workers", 1)
    if not whole(workers) or not 1 <= workers <= MAX_WORKERS:
        raise UnfitSave(f"autosave: bot_workers {workers!r}: expected 1-{MAX_WORKERS}")
    if not whole(config.get("first_leader", 0)):
        raise UnfitSave(f"autosave: first_leader {config.get('first_leader')!r}: expected a seat number")


def table_config_of(save: Autosave) -> TableConfig:
    """The TableConfig the saved table was built with (its rules are the replayed game's)."""
    try:
        seats = [SeatConfig(s["name"], s["kind"], s.get("level", "normal"), s.get("balance", 0)) for s in save.seats]
        # a save from before the deal wait gets the app's: its next games wait for the deal as new ones do
        pacing = {"deal_wait": DEAL_WAIT, **{k: save.config[k] for k in _PACING if k in save.config}}
        return TableConfig(seats, rules=save.state.rules, bet=save.state.bet, **pacing)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"autosave: the table set-up is unusable: {exc}") from None


def resume_table(save: Autosave, now: float = 0.0, runner: Runner | None = None) -> Table:
    """A new Table playing the saved game from where it stopped; its clock restarts at ``now``."""
    config = table_config_of(save)
    table = Table(config, runner)
    try:
        if save.rng_state is not None:
            table.rng.setstate(_tuple_shape(save.rng_state))
        table.left_table = list(save.left_table)
        table.resume(save.state, save.game_id, save.balances, now)
    except (TypeError, ValueError, TableError) as exc:
        table.close()
        raise StoreError(f"autosave: cannot resume the table: {exc}") from None
    except Exception:
        table.close()
        raise
    return table


def seat_infos(table: Table) -> list[SeatInfo]:
    """Who sits at ``table``, as recorded in the history."""
    return [SeatInfo(s.name, s.kind, s.level if s.kind == SeatKind.BOT else None) for s in table.config.seats]
