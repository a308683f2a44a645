"""SQLite persistence for one player: profile and wallet, settings, game history and stats, autosave and resume.

Sits beside ``table``/``net`` and below ``ui``; never imports pygame or the
UI (the UI maps ``StoredSettings`` onto its ``UiSettings``). See docs/store.md.
"""

from .allowance import DAILY_FLOOR, STARTING_GRANT
from .autosave import Autosave, game_uid
from .db import Notice
from .errors import SettingsError, SettleError, StoreError
from .history import GameEntry, GameSummary, SeatInfo, Settlement
from .paths import default_data_dir
from .profile import Profile
from .replay import GameStory, ReplayCheck, check_entry, positions, replay_record
from .resume import resume_table, seat_infos, table_save_obj
from .session import OfflineSession
from .settings import StoredSettings
from .stats import OpponentResult, PlayerStats
from .store import Store

__all__ = [
    "DAILY_FLOOR", "STARTING_GRANT", "Autosave", "GameEntry", "GameStory", "GameSummary", "Notice", "OfflineSession",
    "OpponentResult", "PlayerStats", "Profile", "ReplayCheck", "SeatInfo", "SettingsError", "SettleError",
    "Settlement", "Store", "StoreError", "StoredSettings", "check_entry", "default_data_dir", "game_uid",
    "positions", "replay_record", "resume_table", "seat_infos", "table_save_obj",
]
