"""Sounds: the effects are committed WAV files that match their recipes, load at start-up without synthesis,
and no audio device (or a missing file) means silence, not a crash."""

from __future__ import annotations

import importlib.util
import sys
import wave
from pathlib import Path

import pygame
import pytest

from tala_desktop.ui.audio import sounds

ROOT = Path(__file__).resolve().parents[3]


def _tool():
    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("_render_sounds", ROOT / "tools" / "render_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sounds.SOUND_NAMES)
def test_each_committed_effect_is_short_audible_and_in_range(name):
    with wave.open(str(sounds.sound_path(name))) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        seconds = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    samples = memoryview(frames).cast("h")
    assert 0.02 < seconds <= 1.2
    assert 25000 < max(abs(s) for s in samples) <= 32767
    assert samples[-1] == pytest.approx(0, abs=4000)  # no click at the end


def test_the_committed_effects_are_what_the_tool_renders():
    tool = _tool()
    for name in sounds.SOUND_NAMES:
        with wave.open(str(sounds.sound_path(name))) as w:
            stored = w.readframes(w.getnframes())
        fresh = tool.synthesise(name)
        assert len(stored) == 2 * len(fresh), name
        assert max(abs(a - b) for a, b in zip(memoryview(stored).cast("h"), fresh)) <= 2, name
    buffers = {tool.synthesise(name).tobytes() for name in sounds.SOUND_NAMES}
    assert len(buffers) == len(sounds.SOUND_NAMES)            # ten different effects


def test_the_check_notices_a_changed_effect(tmp_path):
    tool = _tool()
    for name in sounds.SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes(sounds.sound_path(name).read_bytes())
    assert tool.effect_problems(tmp_path) == []
    (tmp_path / "tick.wav").write_bytes(tool.to_wav(tool.synthesise("deal")))
    (tmp_path / "win.wav").unlink()
    problems = tool.effect_problems(tmp_path)
    assert len(problems) == 2 and "tick.wav differs" in problems[0] and "win.wav is missing" in problems[1]


def test_loading_gives_every_effect_at_its_length():
    bank = sounds.load_sounds(volume=0.5)
    try:
        if bank.available:
            assert set(bank._sounds) == set(sounds.SOUND_NAMES)
            assert bank._sounds["u"].get_length() == pytest.approx(1.0, abs=0.01)
            assert bank._sounds["tick"].get_length() == pytest.approx(0.04, abs=0.01)
    finally:
        pygame.mixer.quit()


def test_load_sounds_plays_every_effect_or_falls_back():
    bank = sounds.load_sounds(volume=0.5)
    try:
        for name in sounds.SOUND_NAMES:
            bank.play(name)
        bank.set_volume(3.0)
        assert bank.volume == 1.0
        bank.set_volume(-1)
        assert bank.volume == 0.0
        bank.set_muted(True)
        bank.play("u")
        bank.stop_all()
        with pytest.raises(KeyError):
            bank.play("applause")
    finally:
        pygame.mixer.quit()


def test_no_audio_device_gives_the_silent_stand_in(monkeypatch):
    pygame.mixer.quit()

    def refuse(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    bank = sounds.load_sounds(volume=0.7)
    assert isinstance(bank, sounds.NullSounds) and not bank.available
    assert bank.volume == 0.7
    for name in sounds.SOUND_NAMES:
        bank.play(name)
    bank.set_volume(0.2)
    bank.stop_all()
    with pytest.raises(KeyError):
        bank.play("applause")


def test_a_missing_sound_file_also_falls_back(monkeypatch, tmp_path):
    pygame.mixer.quit()
    monkeypatch.setattr(sounds, "asset_root", lambda: tmp_path)
    try:
        assert isinstance(sounds.load_sounds(), sounds.NullSounds)
    finally:
        pygame.mixer.quit()
