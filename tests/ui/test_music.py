"""Background music: the loop is composed off the UI thread, starts once ready, and follows the music volume."""

from __future__ import annotations

import pygame

from tala_desktop.ui.app_settings import MUSIC, apply_settings
from tala_desktop.ui.audio.music import BARS, BPM, RATE, Music, compose


def test_the_loop_is_eight_bars_of_full_scale_samples():
    samples = compose()
    assert len(samples) == int(len(BARS) * 4 * 60 / BPM * RATE)
    assert 0.85 * 32767 <= max(abs(x) for x in samples) <= 32767
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200      # faded at the seam


def test_music_starts_when_ready_and_follows_the_setting(pg):
    from tala_desktop.ui.art.card_art import CardArt
    from tala_desktop.ui.audio.sounds import NullSounds
    from tala_desktop.ui.core.assets import Fonts
    from tala_desktop.ui.services import Services, UiSettings

    if not pygame.mixer.get_init():
        pygame.mixer.init()
    music = Music(0.5)
    music.poll()                       # nothing composed yet: nothing happens
    assert music.sound is None
    music.start()
    music._thread.join(30)
    music.poll()
    assert music.sound is not None and music.playing
    fonts = Fonts()
    services = Services(fonts, CardArt(fonts), NullSounds(), UiSettings(music_volume=0.2))
    services.extras[MUSIC] = music
    apply_settings(services)
    assert music.volume == 0.2
    assert abs(music.channel.get_volume() - 0.2 * 0.45) < 0.02
    music.stop()
    assert not music.playing
