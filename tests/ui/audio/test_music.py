"""Background music: a long varied loop committed as Ogg Vorbis, streamed once asked for, following the volume."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from tala_desktop.ui.audio.music import LEVEL, Music, music_path
from tala_desktop.ui.shared.app_settings import apply_settings

ROOT = Path(__file__).resolve().parents[3]


def _tool():
    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("_render_sounds", ROOT / "tools" / "render_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_score_is_long_and_its_sections_differ():
    tool = _tool()
    assert tool.music_bars() == 32
    seconds = tool.music_bars() * 4 * 60 / tool.BPM
    assert seconds > 90                                    # the old 8-bar loop came round every 25 s
    sections = [bars for bars, _ in tool.SECTIONS]
    assert len({tuple(s) for s in sections}) == len(sections)
    assert tool.SECTIONS[2][0] != tool.SECTION_A and tool._varied(tool.SECTION_A, 7) == tool.SECTIONS[2][0]


def test_a_rendered_passage_is_full_scale_and_faded_at_its_ends():
    tool = _tool()
    passage = ((tool.SECTIONS[3][0][:2], True),)                  # two bars with arpeggios, melody and bass
    samples = tool.compose(passage)
    assert len(samples) == tool.music_frames(passage) == int(2 * 4 * 60 / tool.BPM * tool.RATE)
    assert 0.85 * 32767 <= max(abs(x) for x in samples) <= 32767
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200      # faded where the loop joins


def test_the_committed_loop_is_the_composed_one():
    pytest.importorskip("soundfile")
    tool = _tool()
    assert tool.music_frames() == int(32 * 4 * 60 / tool.BPM * tool.RATE)
    assert tool.music_problems(music_path().parent) == []


def test_the_check_notices_a_broken_music_file(tmp_path):
    pytest.importorskip("soundfile")
    tool = _tool()
    assert "is missing" in tool.music_problems(tmp_path)[0]
    (tmp_path / "music.ogg").write_bytes(b"OggS not really")
    assert "not readable" in tool.music_problems(tmp_path)[0]


def test_music_starts_when_asked_and_follows_the_setting(pg):
    from tala_desktop.ui.art.card_art import CardArt
    from tala_desktop.ui.audio.sounds import NullSounds
    from tala_desktop.ui.core.assets import Fonts
    from tala_desktop.ui.shared.services import Services, UiSettings

    if not pygame.mixer.get_init():
        pygame.mixer.init()
    music = Music(0.5)
    try:
        music.poll()                       # not asked for yet: nothing happens
        assert not music.started
        music.start()
        music.poll()
        assert music.started and music.playing
        fonts = Fonts()
        services = Services(fonts, CardArt(fonts), NullSounds(), UiSettings(music_volume=0.2))
        services.music = music
        apply_settings(services)
        assert music.volume == 0.2
        assert abs(pygame.mixer.music.get_volume() - 0.2 * LEVEL) < 0.02
    finally:
        music.stop()
    assert not music.playing


def test_a_missing_music_file_leaves_the_game_silent(pg, tmp_path):
    if not pygame.mixer.get_init():
        pygame.mixer.init()
    music = Music(0.5, path=tmp_path / "none.ogg")
    music.start()
    music.poll()
    assert music.failed and not music.playing
    music.poll()                            # tried once, not every frame
    assert music.failed
