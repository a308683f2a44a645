"""Keeping the LAN games you played: each end-of-game record the server sends goes to your history, not your wallet.

The record (net/game_record.py) is the game as your seat saw it; it is kept
under ``lan-<server id>-<table>-<game>`` so a record sent twice (a
reconnect) is kept once. The chips in it are the table's: nothing is paid
into the profile. A record the store refuses (a rogue server's) is left out
with a line in the log and a notice in the lobby; the game goes on.
"""

from __future__ import annotations

import logging

from tala_desktop.net.game_record import GameRecord
from tala_desktop.store import Store, StoreError

from ..core.i18n import tr

log = logging.getLogger(__name__)


def record_uid(server_id: str, where: str, record: GameRecord) -> str:
    """The history id of a LAN game: its server instance (or address), table and game number."""
    return f"lan-{server_id or where}-{record.table}-{record.game_id}"


def keep_record(store: Store | None, server_id: str, where: str, table_name: str, record: GameRecord,
                notices: list[str]) -> bool:
    """Keep ``record`` in the history (True: kept now); a refusal adds a notice to ``notices``."""
    if store is None:
        return False
    try:
        return store.keep_lan_game(record_uid(server_id, where, record), table_name, record.events, record.final)
    except StoreError as exc:
        log.warning("the LAN game record was not kept: %s", exc)
        notices.append(tr("lan.record_refused"))
        del notices[:-5]
        return False
