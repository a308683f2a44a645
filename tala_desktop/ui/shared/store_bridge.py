"""Store bridge: opening the store for the app, settings between the store and ``UiSettings``, notices in words.

``open_store`` never stops the app: a database that another copy of the game
holds (or a folder that cannot be written) falls back to a temporary folder,
with a notice that this session is not saved. ``load_ui_settings`` and
``save_ui_settings`` copy the settings across field by field; a value the
store refuses is reported and nothing is saved. ``notice_text`` turns a
store ``Notice`` into a sentence in the current language.
"""

from __future__ import annotations

import dataclasses
import logging
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tala_desktop.store import Notice, SettingsError, Store, StoreError

from ..core.i18n import N_, tr
from .services import Services, UiSettings

log = logging.getLogger(__name__)

NOTICE_KEYS = {
    "db_corrupt": N_("notice.db_corrupt"), "db_newer": N_("notice.db_newer"),
    "autosave_corrupt": N_("notice.autosave_corrupt"),
    "autosave_unfit": N_("notice.autosave_unfit"),
    "settings_invalid": N_("notice.settings_invalid"), "game_settled": N_("notice.game_settled"),
    "store_unavailable": N_("notice.store_unavailable"), "resume_failed": N_("notice.resume_failed"),
    "session_error": N_("notice.session_error"), "autosave_paid": N_("notice.autosave_paid"),
    "autosave_stale": N_("notice.autosave_stale"), "autosave_stuck": N_("notice.autosave_stuck"),
    "db_empty": N_("notice.db_empty"), "db_lost": N_("notice.db_lost"), "db_missing": N_("notice.db_missing"),
    "rows_unreadable": N_("notice.rows_unreadable"),
}


@dataclass(frozen=True)
class OpenedStore:
    """The store the app uses and what the player must be told about opening it."""

    store: Store
    temporary: bool = False            # True: the real folder could not be used; nothing is kept


def open_store(data_dir: str | None) -> OpenedStore:
    """``Store(data_dir)``; if that fails, a store in a temporary folder with a ``store_unavailable`` notice."""
    try:
        return OpenedStore(Store(data_dir=data_dir))
    except (StoreError, OSError) as exc:
        log.error("cannot open the game data in %s: %s", data_dir or "the user data folder", exc)
        store = Store(data_dir=tempfile.mkdtemp(prefix="tala-unsaved-"))
        store.notices.insert(0, Notice("store_unavailable", str(exc)))
        return OpenedStore(store, temporary=True)


def load_ui_settings(store: Store) -> UiSettings:
    """The stored settings as the UI's settings object (unusable values are defaults, with notices)."""
    stored = store.load_settings()
    values = dataclasses.asdict(stored)
    values["window_size"] = tuple(values["window_size"])
    known = {f.name for f in dataclasses.fields(UiSettings)}
    return UiSettings(**{k: v for k, v in values.items() if k in known})


def save_ui_settings(services: Services) -> str | None:
    """Store ``services.settings``; returns None when saved, else the reason nothing was saved."""
    store = services.store
    if store is None:
        return None
    values = dataclasses.asdict(services.settings)
    values["window_size"] = list(values["window_size"])
    try:
        store.save_settings(values)
    except SettingsError as exc:
        log.warning("settings not saved: %s", exc)
        return str(exc)
    except StoreError as exc:
        log.error("settings not saved: %s", exc)
        return str(exc)
    return None


def profile_look(services: Services) -> int | None:
    """The avatar the profile chose (None without a store, or when it cannot be read)."""
    store = services.store
    if store is None:
        return None
    try:
        return store.profile().avatar
    except StoreError:
        return None


def notice_text(notice: Notice) -> str:
    """One notice as a sentence in the current language (where the moved file went, if any)."""
    key = NOTICE_KEYS.get(notice.code)
    text = tr(key, detail=notice.message, **notice.facts) if key else notice.message
    if notice.moved_to:
        text += " " + tr("notice.moved_to", path=Path(notice.moved_to).name)
    return text
