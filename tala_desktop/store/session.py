"""OfflineSession: keeps an offline Table saved — autosave after every move, settle every game as it ends.

    session = OfflineSession.new(store, config)                    # a new table, money from the wallet
    session = OfflineSession.resume(store, save, now)              # "Chơi tiếp" after a crash
    client = LocalTableClient(session.table, 0)

The session listens to the table's published snapshots, so it runs right
after each move. Order of the steps for a finished game: autosave written ->
settled (one transaction) -> autosave removed; a crash at any point is
repaired by ``Store.recover`` at the next start. A store failure never stops
the game: it is logged and kept in ``errors`` for the UI to show; a game that
could not be paid keeps its autosave, so the next start pays it.

``keep_hand_order(order)`` keeps the player's own order of their hand with
the current game's autosave (written at once, and again with every move's
save); ``resume`` reads it back for "Chơi tiếp". ``leave()`` is the player
deliberately leaving mid-game: the rules' leave
(the seat is Móm and the engine plays it), the table plays the rest of the
game out at once (``Table.play_out``), and the session settles what it reports.
"""

from __future__ import annotations

import logging
import sqlite3
import uuid
from dataclasses import replace

from tala_desktop.bots.runner import Runner
from tala_desktop.table import BOT, SeatKind, Table, TableConfig
from tala_desktop.table.messages import Snapshot, TableMessage

from .autosave import Autosave, game_uid
from .errors import StoreError
from .faults import crash_point
from .history import Settlement
from .resume import resume_table, seat_infos, table_save_obj
from .store import Store

log = logging.getLogger(__name__)


class OfflineSession:
    """The store's side of one offline table."""

    def __init__(self, store: Store, table: Table, human_seat: int | None = 0, table_uid: str | None = None,
                 started_at: dict[int, str | None] | None = None) -> None:
        seats = table.config.seats
        if human_seat is not None and not (0 <= human_seat < table.n and seats[human_seat].kind == SeatKind.HUMAN):
            raise StoreError(f"seat {human_seat} is not a human seat")
        self.store = store
        self.table = table
        self.human_seat = human_seat
        self.table_uid = table_uid or uuid.uuid4().hex[:16]
        self.started_at: dict[int, str | None] = dict(started_at or {})
        self.settlements: list[Settlement] = []
        self.errors: list[str] = []
        self._saved: tuple[int, int] | None = None
        self._settled: set[int] = set()
        self._hand_order: tuple[int, list[int]] | None = None     # (game id, the player's order of their hand)
        table.subscribe(self._on_message)
        if table.state is not None:
            self._saved = (table.game_id, len(table.state.history))

    @classmethod
    def new(cls, store: Store, config: TableConfig, human_seat: int | None = 0, runner: Runner | None = None
            ) -> OfflineSession:
        """A new table from ``config`` with the wallet's money: the player's balance, each bot's stored balance."""
        seats = [replace(s, balance=store.profile().balance) if i == human_seat
                 else replace(s, balance=store.bot_balance(s.name, s.level)) if s.kind == BOT else s
                 for i, s in enumerate(config.seats)]
        return cls(store, Table(replace(config, seats=seats), runner), human_seat)

    @classmethod
    def resume(cls, store: Store, save: Autosave, now: float = 0.0, runner: Runner | None = None
               ) -> OfflineSession:
        """Rebuild the saved table (same cards, same turn, clock restarted at ``now``) and keep saving it.

        StoreError (nothing started) if the save outlived its game: a game already paid is never played again.
        """
        if store.stale_autosave(save) is not None:
            raise StoreError(f"the saved game {save.game_uid} was already paid (or its table played on): "
                             f"it cannot be resumed")
        table = resume_table(save, now, runner)
        session = cls(store, table, save.human_seat, save.table_uid, {save.game_id: save.started_at})
        if save.hand_order is not None:
            session._hand_order = (save.game_id, list(save.hand_order))
        return session

    @property
    def game_uid(self) -> str:
        return game_uid(self.table_uid, self.table.game_id)

    def hand_order(self, game_id: int) -> list[int] | None:
        """The player's own order of their hand in game ``game_id``, if one was kept."""
        kept = self._hand_order
        return list(kept[1]) if kept is not None and kept[0] == game_id else None

    def keep_hand_order(self, order: list[int]) -> None:
        """Keep ``order`` (the player's hand, left to right) with the current game's autosave, written now; nothing
        once the game is over (its save is gone with it)."""
        st = self.table.state
        if st is None or st.is_over:
            return
        self._hand_order = (self.table.game_id, [int(c) for c in order])
        self._saved = None              # the next sync writes, whatever moved
        self.sync()

    def _on_message(self, seat: int, message: TableMessage) -> None:
        if seat == 0 and isinstance(message, Snapshot):
            self.sync()

    def sync(self) -> Settlement | None:
        """Save the current game if it moved since the last save; settle it if it is over."""
        st = self.table.state
        if st is None:
            return None
        gid = self.table.game_id
        key = (gid, len(st.history))
        if key != self._saved:
            try:
                if gid not in self.started_at:
                    self.started_at[gid] = self.store.clock().isoformat(timespec="seconds")
                self.store.write_autosave(table_save_obj(self.table, self.table_uid, self.human_seat,
                                                         self.started_at[gid], self.store.clock(),
                                                         self.hand_order(gid)))
                self._saved = key
            except (StoreError, OSError) as exc:
                self._failed("the game could not be autosaved", exc)
            if st.is_over:
                crash_point("final_autosave_written")
        if st.is_over and gid not in self._settled:
            try:
                result = self.store.settle(st, self.game_uid, seat_infos(self.table), self.human_seat,
                                           self.started_at.get(gid))
            except (StoreError, sqlite3.Error) as exc:  # the autosave (if written) settles it at the next start
                self._failed("the game could not be paid", exc)
                return None
            self._settled.add(gid)
            self.settlements.append(result)
            try:
                self.store.clear_autosave()
            except StoreError as exc:  # harmless: the next start finds the game already paid
                self._failed("the autosave could not be removed", exc)
            return result
        return None

    def _failed(self, what: str, exc: BaseException) -> None:
        log.error("game %s: %s: %s", self.game_uid, what, exc)
        message = f"{what}: {exc}"
        if not self.errors or self.errors[-1] != message:
            self.errors.append(message)

    def leave(self) -> Settlement | None:
        """The player leaves mid-game: Móm by the rules, the game played out by the bots, then settled."""
        st = self.table.state
        if st is None:
            return None
        if not st.is_over and self.human_seat is not None:
            self.table.leave(self.human_seat)          # publishes: autosaved with the leave move
            self.table.play_out()                      # publishes the end: saved and settled
        self.sync()
        return self.settlements[-1] if self.settlements and self.table.game_id in self._settled else None
