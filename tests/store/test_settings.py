"""Settings: every UiSettings field round-trips; bad stored values fall back to defaults with a warning."""

from __future__ import annotations

import json
from dataclasses import asdict, fields

import pytest

from tala_desktop.engine import Rules
from tala_desktop.store import SettingsError, Store, StoredSettings
from tala_desktop.store.settings import CARD_BACKS
from tala_desktop.ui.art.theme import BACK_COLOURS
from tala_desktop.ui.shared.services import UiSettings


def test_the_ui_settings_are_the_stored_settings():
    assert UiSettings is StoredSettings  # one definition for the store and the UI
    assert set(CARD_BACKS) == set(BACK_COLOURS)
    ui = UiSettings(**asdict(StoredSettings(language="en", window_size=(1600, 900))))  # how the UI maps them
    assert ui.language == "en" and ui.window_size == (1600, 900)


def test_every_setting_round_trips(tmp_path, clock):
    changed = StoredSettings(language="en", sound_volume=0.25, music_volume=0.0, animation_speed=2.0,
                             four_colour=True, card_back="blue", table_colour="purple", fullscreen=True,
                             window_size=(1920, 1080), default_preset="co_ban", default_bet=500, turn_seconds=0,
                             player_name="Tuấn", custom_rules=Rules(chot_pay=2, mom_can_send=True).to_dict(),
                             bot_levels=("easy", "hard", "hard"))
    assert all(getattr(changed, f.name) != getattr(StoredSettings(), f.name) for f in fields(StoredSettings))
    with Store(tmp_path, clock) as store:
        assert store.load_settings() == StoredSettings()
        assert store.save_settings(changed) == changed
    with Store(tmp_path, clock) as store:
        assert store.load_settings() == changed
        assert store.profile().name == "Tuấn"  # the player's name is the profile's
        assert store.notices == []


def test_a_partial_save_changes_only_those_fields(store):
    store.save_settings({"language": "en", "sound_volume": 1})
    s = store.load_settings()
    assert (s.language, s.sound_volume, s.card_back) == ("en", 1.0, "red")


@pytest.mark.parametrize("bad", [
    {"language": "fr"}, {"sound_volume": 1.5}, {"music_volume": "loud"}, {"animation_speed": -1},
    {"four_colour": 1}, {"card_back": "gold"}, {"table_colour": "Not A Colour!"}, {"fullscreen": "yes"},
    {"window_size": (100, 100)}, {"window_size": [1280]}, {"default_preset": "vegas"}, {"default_bet": 0},
    {"turn_seconds": 601}, {"player_name": ""}, {"volume": 1.0}, {"sound_volume": float("nan")},
    {"custom_rules": {"chot_pay": -3}}, {"custom_rules": "zingplay"}, {"custom_rules": {"bogus": 1}},
    {"bot_levels": ["easy", "genius"]}, {"bot_levels": ["easy"] * 4}, {"bot_levels": "hard"},
])
def test_saving_a_bad_value_is_refused_and_changes_nothing(store, bad):
    store.save_settings({"language": "en"})
    with pytest.raises(SettingsError):
        store.save_settings({"card_back": "green", **bad})
    s = store.load_settings()
    assert (s.language, s.card_back, s.player_name) == ("en", "red", "Bạn")


def test_bad_stored_values_become_defaults_with_a_warning(store):
    store.save_settings({"language": "en", "turn_seconds": 45})
    rows = {"sound_volume": "7", "card_back": '"gold"', "window_size": "not json", "mystery": "1",
            "fullscreen": "true", "bot_levels": '["hard", "cheat"]'}
    for key, text in rows.items():
        store.conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, text))
    s = store.load_settings()
    assert s == StoredSettings(language="en", turn_seconds=45, fullscreen=True)
    codes = [n.code for n in store.notices]
    assert codes == ["settings_invalid"] * 5
    assert any("sound_volume" in n.message for n in store.notices)
    assert json.loads(store.conn.execute("SELECT value FROM settings WHERE key='language'").fetchone()[0]) == "en"
