"""The Store: one object the app opens at start-up that owns the database, the autosave file and the clock.

    store = Store(data_dir=args.data_dir)      # None: the per-user data folder
    for notice in store.notices: ...           # corrupt files moved aside, bad settings reset
    save = store.recover()                     # an unfinished game -> offer "Chơi tiếp"

Every method either does all it says or raises ``StoreError`` (bad input:
``SettingsError``/``SettleError``) and changes nothing. The clock is
injectable (``clock=lambda: datetime(...)``) so tests can move the calendar.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from tala_desktop.engine import GameState
from tala_desktop.table import SeatKind
from tala_desktop.table.messages import EventMessage, Snapshot

from . import autosave as autosave_file
from . import continuity, history, lan_evenings, lan_games, lan_seats, profile, settings, stats
from .autosave import Autosave
from .db import REPLACED_CODES, Notice, open_database
from .errors import StoreError, UnfitSave
from .folder_lock import hold_folder
from .history import GameEntry, GameSummary, SeatInfo, Settlement
from .lan_evenings import EveningRow, LanEvening
from .lan_games import LanGame
from .lan_seats import LanSeat
from .paths import AUTOSAVE_NAME, DB_NAME, aside_name, move_aside, remove_temp_files, resolve_data_dir
from .profile import Profile
from .replay import GameStory, ReplayCheck, check_entry, story_of
from .resume import check_fit
from .rows import BadRows
from .settings import StoredSettings
from .stats import OpponentResult, PlayerStats

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
T = TypeVar("T")


def local_now() -> datetime:
    """Local wall-clock time with its UTC offset (the calendar day of the daily top-up is local)."""
    return datetime.now().astimezone()


class Store:
    """Profile, wallet, settings, history, statistics and autosave of one player, in ``data_dir``."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, clock: Clock | None = None) -> None:
        self.clock: Clock = clock or local_now
        self.data_dir: Path = resolve_data_dir(data_dir)
        self.db_path = self.data_dir / DB_NAME
        self.autosave_path = self.data_dir / AUTOSAVE_NAME
        self.mark_path = continuity.mark_path(self.db_path)
        self.bad_rows = BadRows()                # rows left out because their text cannot be read (rows.py)
        self._told_unreadable = False
        self.lock = hold_folder(self.data_dir)   # FolderInUse (a StoreError) if another copy runs on this folder
        existed = self.db_path.exists()
        try:
            self.conn, self.notices = open_database(self.db_path, self.clock())
        except BaseException:
            self.lock.release()
            raise
        try:
            self._check_continuity(existed)
            profile.ensure_profile(self.conn, self.clock())
            self._write_mark()
        except sqlite3.Error as exc:
            self.conn.close()
            self.lock.release()
            raise StoreError(f"cannot use the game database {self.db_path}: {exc}") from None
        remove_temp_files(self.autosave_path)
        remove_temp_files(self.mark_path)

    def close(self) -> None:
        """Close the database (a WAL checkpoint happens here) and let go of the folder; the store is done."""
        try:
            self.conn.close()
        finally:
            self.lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ lost commits (continuity.py)
    def _check_continuity(self, existed: bool) -> None:
        """Tell the player if the database holds fewer games or chip changes than its mark says it had."""
        mark = continuity.read_mark(self.mark_path)
        if mark is None or any(n.code in REPLACED_CODES for n in self.notices):
            return                      # nothing recorded yet, or a fresh database was made with its own notice
        lost = continuity.count_rows(self.conn).lost_since(mark)
        if lost is None:
            return
        if not existed:
            self._notice("db_missing", f"The saved data ({self.db_path.name}) was not found although {mark.games} "
                                       f"games had been saved; a fresh profile was started.",
                         games=mark.games, ledger=mark.ledger)
            return
        kept = aside_name(self.db_path, self.clock(), "found")
        try:
            shutil.copyfile(self.db_path, kept)   # as found: untouched so far (the store has only read it)
        except OSError as exc:
            log.error("cannot keep a copy of %s: %s", self.db_path, exc)
            kept_name = None
        else:
            kept_name = str(kept)
        self._notice("db_lost", f"The saved data lacks {lost.games} games and {lost.ledger} chip changes it had "
                                f"when last written (its {self.db_path.name}-wal was probably deleted after the "
                                f"app stopped unexpectedly); profile, chips and history are as they were before.",
                     kept_name, games=lost.games, ledger=lost.ledger)

    # ------------------------------------------------------------ unreadable rows (rows.py)
    @property
    def unreadable_games(self) -> int:
        """Games left out of the history so far because their stored text cannot be read."""
        return self.bad_rows.count("games")

    def _told(self, result: T) -> T:
        """``result`` of a read; the first time any row had to be left out, a ``rows_unreadable`` notice."""
        if not self._told_unreadable and self.bad_rows.count():
            self._told_unreadable = True
            self._notice("rows_unreadable", "Some saved records could not be read (their text is damaged) and are "
                                            "left out of the history and statistics; nothing was changed.")
        return result

    def _write_mark(self) -> None:
        continuity.write_mark(self.mark_path, continuity.count_rows(self.conn))

    def _notice(self, code: str, message: str, moved_to: str | None = None, **facts: str | int) -> Notice:
        notice = Notice(code, message, moved_to, dict(facts))
        self.notices.append(notice)
        return notice

    # ------------------------------------------------------------ profile and wallet
    def profile(self) -> Profile:
        return self._told(profile.get_profile(self.conn, self.bad_rows))

    def set_name(self, name: str) -> str:
        """Rename the player (also the ``player_name`` setting); returns the cleaned name."""
        return profile.set_name(self.conn, name)

    def set_avatar(self, avatar: int) -> None:
        profile.set_avatar(self.conn, avatar)

    def topup_available(self) -> bool:
        """True if the player is below the floor and has not had today's top-up."""
        return profile.topup_available(self.conn, self.clock())

    def next_topup(self) -> datetime | None:
        """When the daily top-up can next be claimed: now, the next local midnight, or None (not below the floor)."""
        return profile.next_topup(self.conn, self.clock())

    def claim_daily_topup(self) -> int:
        """Top up to the floor once per calendar day when broke; returns the chips given (0 if none)."""
        given = profile.claim_daily_topup(self.conn, self.clock())
        if given:
            self._write_mark()
        return given

    def bot_balance(self, name: str, level: str) -> int:
        """The chips an offline bot brings to a new table (a broke or new bot gets the starting grant)."""
        return profile.bot_balance(self.conn, name, level)

    def bot_balances(self) -> dict[tuple[str, str], int]:
        return self._told(profile.bot_balances(self.conn, self.bad_rows))

    # ------------------------------------------------------------ settings
    def load_settings(self) -> StoredSettings:
        """The stored settings; unusable values become defaults, with a ``settings_invalid`` notice each."""
        loaded, warnings = settings.load_settings(self.conn, self.profile().name)
        for w in warnings:
            self._notice("settings_invalid", w)
        return loaded

    def save_settings(self, values: StoredSettings | dict[str, Any]) -> StoredSettings:
        """Store all (or some, as a dict) settings; SettingsError and no change if any value is bad."""
        return settings.save_settings(self.conn, values)

    # ------------------------------------------------------------ history and settlement
    def settle(self, state: GameState, uid: str, seats: list[SeatInfo], human_seat: int | None = 0,
               started_at: str | None = None) -> Settlement:
        """Record and pay a finished game once (see history.settle)."""
        result = history.settle(self.conn, state, uid, seats, human_seat, self.clock(), started_at)
        if result.paid:
            self._write_mark()
        return result

    def is_settled(self, uid: str) -> bool:
        return history.is_settled(self.conn, uid)

    def list_games(self, limit: int = 50, offset: int = 0) -> list[GameSummary]:
        return self._told(history.list_games(self.conn, limit, offset, self.bad_rows))

    def count_games(self) -> int:
        return history.count_games(self.conn)

    def get_game(self, uid: str) -> GameEntry | None:
        return self._told(history.get_game(self.conn, uid, self.bad_rows))

    def keep_lan_game(self, uid: str, table: str, events: list[EventMessage], final: Snapshot,
                      auto: list[int] | None = None) -> bool:
        """Keep a finished LAN game as the player's seat saw it, once; the wallet is not touched."""
        kept = lan_games.keep_lan_game(self.conn, uid, table, events, final, self.clock(), auto)
        if kept:
            self._write_mark()
        return kept

    def get_lan_game(self, uid: str) -> LanGame | None:
        return self._told(lan_games.get_lan_game(self.conn, uid, self.bad_rows))

    def lan_games_kept(self, prefix: str) -> int:
        """The LAN games kept of one server's table (their uids start with ``prefix``)."""
        return lan_games.count_lan_games(self.conn, prefix)

    def keep_lan_evening(self, uid: str, table: str, rows: list[EveningRow]) -> None:
        """Keep a LAN table's scoreboard (the latest replaces the one before for the same ``uid``)."""
        lan_evenings.keep_lan_evening(self.conn, uid, table, rows, self.clock())

    def get_lan_evening(self, uid: str) -> LanEvening | None:
        return self._told(lan_evenings.get_lan_evening(self.conn, uid, self.bad_rows))

    def history(self, limit: int = 50, offset: int = 0) -> list[GameSummary]:
        """Offline games, LAN games and LAN evenings together, newest first (a LAN game's ``table`` is "lan", an
        evening's "lan_evening")."""
        n = limit + offset
        rows = [*self.list_games(n), *self._told(lan_games.list_lan_games(self.conn, n, self.bad_rows)),
                *self._told(lan_evenings.list_lan_evenings(self.conn, n, self.bad_rows))]
        rows.sort(key=lambda g: g.finished_at, reverse=True)
        return rows[offset:offset + limit]

    def count_history(self) -> int:
        return self.count_games() + lan_games.count_lan_games(self.conn) + lan_evenings.count_lan_evenings(self.conn)

    def lan_totals(self) -> tuple[int, int]:
        """LAN games kept and the table chips won or lost in them (never part of the wallet's statistics)."""
        return self._told(lan_games.lan_totals(self.conn, self.bad_rows))

    # ------------------------------------------------------------ who the player is on the LAN (lan_seats.py)
    def lan_person(self, host: str, port: int) -> str:
        """The key this player shows the server at ``host:port`` (derived from the folder's secret)."""
        return lan_seats.person_key(lan_seats.player_secret(self.conn, self.clock()), host, port)

    def keep_lan_seat(self, seat: LanSeat) -> None:
        lan_seats.keep_lan_seat(self.conn, seat)

    def leave_lan_seat(self, host: str, port: int) -> None:
        lan_seats.leave_lan_seat(self.conn, host, port)

    def lan_seat(self, host: str, port: int) -> LanSeat | None:
        """The app's last word with the server at ``host:port`` (the token it gave), or None."""
        return lan_seats.lan_seat(self.conn, host, port)

    def waiting_lan_seat(self) -> LanSeat | None:
        """A seat in a LAN game the player may go back to now ("Quay lại bàn"), or None."""
        return lan_seats.waiting_lan_seat(self.conn, self.clock().timestamp())

    def game_story(self, uid: str) -> GameStory | None:
        """Game ``uid``'s payments and leavers (None if it is not stored or does not replay)."""
        entry = self.get_game(uid)
        return None if entry is None else story_of(entry)

    def check_replay(self, uid: str) -> ReplayCheck:
        entry = self.get_game(uid)
        if entry is None:
            raise StoreError(f"no stored game {uid!r}")
        return check_entry(entry)

    # ------------------------------------------------------------ statistics
    def stats(self) -> PlayerStats:
        return stats.player_stats(self.conn)

    def chips_over_time(self, limit: int | None = None) -> list[tuple[str, int]]:
        return self._told(stats.chips_over_time(self.conn, limit, self.bad_rows))

    def opponents(self) -> list[OpponentResult]:
        return self._told(stats.opponent_results(self.conn, self.bad_rows))

    # ------------------------------------------------------------ autosave
    def write_autosave(self, obj: dict[str, Any]) -> None:
        """Replace the autosave with ``obj`` (from resume.table_save_obj) atomically."""
        autosave_file.write_autosave(self.autosave_path, obj)

    def clear_autosave(self) -> None:
        autosave_file.clear_autosave(self.autosave_path)

    def has_autosave(self) -> bool:
        return self.autosave_path.exists()

    def load_autosave(self) -> Autosave | None:
        """The autosaved game rebuilt by replay, or None; an unreadable save, or one this version cannot seat or
        play (``resume.check_fit``), is moved aside with a notice."""
        try:
            save = autosave_file.read_autosave(self.autosave_path)
            if save is not None:
                check_fit(save)
            return save
        except UnfitSave as exc:
            if not self.autosave_path.exists():
                raise
            moved = move_aside(self.autosave_path, self.clock(), str(exc), label="unfit")
            self._notice("autosave_unfit", f"The saved game cannot be played by this version ({exc}). It was kept "
                                           f"as {moved.name}.", str(moved))
            return None
        except StoreError as exc:
            if not self.autosave_path.exists():
                raise
            moved = move_aside(self.autosave_path, self.clock(), str(exc))
            self._notice("autosave_corrupt", f"The saved game could not be resumed ({exc}). It was kept as "
                                             f"{moved.name}.", str(moved))
            return None

    def recover(self) -> Autosave | None:
        """At start-up: an unfinished autosaved game to offer as "Chơi tiếp", or None.

        An autosaved game that had already ended (the app stopped before or after paying it) is
        settled now, at most once, and its autosave removed. An unfinished save that outlived its
        game (the game, or a later one of its table, is already paid: the file could not be removed
        or rewritten) is never resumed: it is removed, or set aside, with a notice (``_drop_stale``).
        """
        save = self.load_autosave()
        if save is None:
            return None
        if save.state.is_over:        # paid by uid, so a game paid before is not paid twice
            seats = [SeatInfo(s["name"], SeatKind(s["kind"]), s.get("level") if s["kind"] == SeatKind.BOT else None)
                     for s in save.seats]
            result = self.settle(save.state, save.game_uid, seats, save.human_seat, save.started_at)
            if result.paid:
                self._notice("game_settled", f"The last game ended while the app was closing; it has been paid "
                                             f"(balance {result.balance}).")
            self._remove_autosave(None)
            return None
        stale = self.stale_autosave(save)
        if stale is None:
            return save
        self._drop_stale(save, stale)
        return None

    def stale_autosave(self, save: Autosave) -> str | None:
        """Why ``save`` must not be played on: "paid" (its game is settled), "later" (a later game of its
        table is), or None (it is the table's latest game, unpaid)."""
        if self.is_settled(save.game_uid):
            return "paid"
        if history.later_game_settled(self.conn, save.table_uid, save.game_id):
            return "later"
        return None

    def _drop_stale(self, save: Autosave, why: str) -> None:
        if why == "paid":   # the history holds the whole game: nothing is lost with the file
            self._remove_autosave(
                Notice("autosave_paid", f"The saved game {save.game_uid} had already been paid, so it was not "
                                        f"resumed again; chips and history are as they were after it."))
            return
        try:
            moved = move_aside(self.autosave_path, self.clock(), "a later game of its table is paid", label="stale")
        except OSError as exc:
            self._stuck(exc)
            return
        self._notice("autosave_stale", f"The saved game {save.game_uid} is older than games already paid at its "
                                       f"table, so it was not resumed; it was kept as {moved.name}.", str(moved))

    def _remove_autosave(self, notice: Notice | None) -> None:
        """Remove an autosave that must not be resumed, then add ``notice``; if it cannot be removed, say so."""
        try:
            self.clear_autosave()
        except StoreError as exc:
            self._stuck(exc)
            return
        if notice is not None:
            self.notices.append(notice)

    def _stuck(self, exc: Exception) -> None:
        log.error("a saved game that must not be resumed stays in %s: %s", self.data_dir, exc)
        self._notice("autosave_stuck", f"The saved game had already been paid, so it was not resumed, but its file "
                                       f"could not be removed ({exc}). Games cannot be saved in {self.data_dir}: "
                                       f"check that the folder can be written.", folder=str(self.data_dir))
