"""Sounds: every effect synthesises to a short audible buffer; no audio device means silence, not a crash."""

from __future__ import annotations

import io
import wave

import pygame
import pytest

from tala_desktop.ui.audio import sounds


@pytest.mark.parametrize("name", sounds.SOUND_NAMES)
def test_each_effect_is_short_audible_and_in_range(name):
    samples = sounds.synthesise(name)
    seconds = len(samples) / sounds.RATE
    assert 0.02 < seconds <= 1.2
    peak = max(abs(s) for s in samples)
    assert 25000 < peak <= 32767
    assert samples[-1] == pytest.approx(0, abs=4000)  # no click at the end


def test_effects_differ_and_are_deterministic():
    buffers = {name: sounds.synthesise(name).tobytes() for name in sounds.SOUND_NAMES}
    assert len(set(buffers.values())) == len(sounds.SOUND_NAMES)
    assert sounds.synthesise("deal").tobytes() == buffers["deal"]


def test_wav_wrapping_round_trips():
    samples = sounds.synthesise("tick")
    with wave.open(io.BytesIO(sounds.to_wav(samples))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sounds.RATE)
        assert w.readframes(w.getnframes()) == samples.tobytes()


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


def test_a_failing_sound_object_also_falls_back(monkeypatch):
    pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("Unable to convert audio")

    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    try:
        assert isinstance(sounds.load_sounds(), sounds.NullSounds)
    finally:
        pygame.mixer.quit()
