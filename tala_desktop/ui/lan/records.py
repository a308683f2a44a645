"""Keeping the LAN games you played and your evenings: records and scoreboards go to your history, not your wallet.

The record (net/game_record.py) is the game as your seat saw it; it is kept
under ``lan-<server id>-<table>-<game>`` so a record sent twice (a
reconnect) is kept once. Only a record of a seat this app held at that table
is kept (a server cannot hand it another seat's game), and at most
``MAX_GAMES`` of one server's table (a rogue server cannot fill the history).
The scoreboard of the evening at a table (net/scoreboard.py) is kept under
``lan-<server id>-<table>``, each one replacing the one before. The chips in
them are the table's: nothing is paid into the profile. What the store
refuses is left out with a line in the log and a notice in the lobby; the game
goes on.
"""

from __future__ import annotations

import logging
import sqlite3

from tala_desktop.net.game_record import GameRecord
from tala_desktop.net.scoreboard import Scoreboard
from tala_desktop.store import Store, StoreError
from tala_desktop.store.lan_evenings import EveningRow

from ..core.i18n import tr

log = logging.getLogger(__name__)

MAX_GAMES = 300          # records kept of one server's table: a long evening, never a flood


def record_uid(server_id: str, where: str, record: GameRecord) -> str:
    """The history id of a LAN game: its server instance (or address), table and game number."""
    return f"{evening_uid(server_id, where, record.table)}-{record.game_id}"


def evening_uid(server_id: str, where: str, table: int) -> str:
    """The history id of an evening at a LAN table: its server instance (or address) and table."""
    return f"lan-{server_id or where}-{table}"


def keep_record(store: Store | None, server_id: str, where: str, table_name: str, record: GameRecord,
                notices: list[str], held: dict[int, set[int]]) -> bool:
    """Keep ``record`` in the history (True: kept now) if it is of a seat this app held at its table (``held``:
    table -> seats); a refusal adds a notice to ``notices``."""
    if store is None:
        return False
    why = ""
    if record.final.seat not in held.get(record.table, set()):
        why = f"seat {record.final.seat} of table {record.table} was never this player's"
    try:
        if not why and store.lan_games_kept(evening_uid(server_id, where, record.table) + "-") >= MAX_GAMES:
            why = f"{MAX_GAMES} games of that table are kept already"
        if not why:
            return store.keep_lan_game(record_uid(server_id, where, record), table_name, record.events, record.final,
                                       record.auto)
    except (StoreError, sqlite3.Error) as exc:
        why = str(exc)
    log.warning("the LAN game record was not kept: %s", why)
    notices.append(tr("lan.record_refused"))
    del notices[:-5]
    return False


def keep_scoreboard(store: Store | None, server_id: str, where: str, table_name: str, board: Scoreboard) -> bool:
    """Keep the evening's scoreboard ``board`` in the history (True: kept); one the store refuses is logged."""
    if store is None or not board.rows:
        return False
    rows = [EveningRow(r.name or "?", r.games, r.net, board.you is not None and r.member == board.you)
            for r in board.rows]                      # (the names as the server gave them, cleaned on decode)
    try:
        store.keep_lan_evening(evening_uid(server_id, where, board.table), table_name, rows)
    except (StoreError, sqlite3.Error) as exc:
        log.warning("the LAN evening was not kept: %s", exc)
        return False
    return True
