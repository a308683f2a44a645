"""The effects' mix never reaches full scale: its peak stays at most -1 dBFS however many effects play at once.

The player heard clipping at a game's end, at an Ù and at the tutorial's
win (57 samples at full scale; 47 in 54 ms at the Ù): the effects, each
peaking at 90 % of full scale, were simply added up over the music.
"""

from __future__ import annotations

import array
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from tala_desktop.ui.audio import sounds
from tala_desktop.ui.audio.music import LEVEL, MUSIC_PEAK, Music

ROOT = Path(__file__).resolve().parents[3]
MINUS_ONE_DB = 10 ** (-1 / 20)


def _peak(sound: pygame.mixer.Sound) -> float:
    raw = array.array("h", sound.get_raw())
    return max(max(raw), -min(raw)) / 32768


class FakeChannel:
    """A mixer channel that keeps what it was asked to play, at what volume (no device needed, nothing ends)."""

    def __init__(self, played: list[tuple[float, pygame.mixer.Sound]]) -> None:
        self.played = played
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self, sound: pygame.mixer.Sound) -> None:
        self.played.append((int(self.volume * 128) / 128, sound))    # SDL keeps a channel's volume in 128ths


@pytest.fixture
def bank(monkeypatch):
    made = sounds.load_sounds(volume=1.0)
    if not made.available:
        pytest.skip("no mixer")
    played: list[tuple[float, pygame.mixer.Sound]] = []
    monkeypatch.setattr(pygame.mixer, "find_channel", lambda force=False: FakeChannel(played))
    made.played = played
    yield made
    made.stop_all()
    pygame.mixer.quit()


def _loudest_sum(played: list[tuple[float, pygame.mixer.Sound]]) -> float:
    """The most the effects played can add up to: each one's channel volume times its sound's volume and peak."""
    return sum(volume * sound.get_volume() * _peak(sound) for volume, sound in played)


def test_every_effect_at_once_over_the_loudest_music_stays_under_minus_one_dbfs(bank):
    now = [100.0]
    bank.clock = lambda: now[0]
    bank.reserve(Music(1.0).level)
    for name in sounds.SOUND_NAMES:
        bank.play(name)
    assert _loudest_sum(bank.played) + MUSIC_PEAK * LEVEL <= MINUS_ONE_DB
    assert _loudest_sum(bank.played) > 0.3                # still heard, not silenced


def test_an_effect_alone_plays_at_the_volume_set_and_later_ones_get_their_room_back(bank):
    now = [100.0]
    bank.clock = lambda: now[0]
    bank.set_volume(0.8)
    bank.play("win")
    assert _loudest_sum(bank.played) == pytest.approx(0.8 * _peak(bank._sounds["win"]), abs=0.01)
    bank.play("u")
    assert _loudest_sum(bank.played) <= MINUS_ONE_DB
    now[0] += 5.0                                         # both have ended: the next effect has the whole room
    bank.played.clear()
    bank.play("u")
    assert _loudest_sum(bank.played) == pytest.approx(0.8 * _peak(bank._sounds["u"]), abs=0.01)


def test_the_music_peak_is_what_its_file_holds():
    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    try:
        music = pygame.mixer.Sound(file=str(ROOT / "assets" / "sounds" / "music.ogg"))
        assert 0.5 < _peak(music) <= MUSIC_PEAK
    finally:
        pygame.mixer.quit()


def test_the_mix_the_sound_card_gets_peaks_under_minus_one_dbfs(tmp_path):
    """Every effect at once over the music, both at 100 %, mixed by SDL for real and written by its disk driver."""
    out = tmp_path / "mix.raw"
    code = textwrap.dedent("""
        import time
        from tala_desktop.ui.audio.music import Music
        from tala_desktop.ui.audio.sounds import SOUND_NAMES, load_sounds
        bank = load_sounds(1.0)
        assert bank.available
        music = Music(1.0)
        bank.reserve(music.level)
        music.start()
        music.poll()
        # SDL mixes on its own thread, and its disk driver writes at the sound card's pace: the sleeps are the
        # real time the mix takes, not a wait for an event
        time.sleep(0.3)
        for name in SOUND_NAMES:
            bank.play(name)
        time.sleep(1.2)
        print("played")
    """)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert done.returncode == 0 and "played" in done.stdout, done.stderr
    samples = array.array("h", out.read_bytes())
    assert len(samples) > 44100 * 2                          # more than a second of the mix was written
    peak = max(max(samples), -min(samples))
    assert 20 * math.log10(peak / 32767) <= -1.0
