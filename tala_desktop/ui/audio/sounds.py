"""Sounds: the game's sound effects, loaded from assets/sounds/, and the player that plays them.

The effects are WAV files (22.05 kHz mono 16-bit) that ``tools/render_sounds.py``
synthesises from its recipes; loading them is a file read each, so start-up
does no synthesis. ``pygame.mixer.Sound`` converts them to the mixer's own
format. ``load_sounds`` never raises: without an audio device, or with a file
missing or unreadable, it returns ``NullSounds``, which has the same interface
and does nothing.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

import pygame

from ..core.assets import asset_root

log = logging.getLogger(__name__)

SOUND_NAMES = ("deal", "draw", "discard", "eat", "lay", "send", "u", "tick", "win", "lose")
SOUND_FOLDER = "sounds"


def sound_path(name: str) -> Path:
    """The WAV file of the effect ``name`` in the asset folder."""
    return asset_root() / SOUND_FOLDER / f"{name}.wav"


class NullSounds:
    """The no-audio stand-in: same interface as Sounds, plays nothing."""

    available = False

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.muted = False

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise KeyError(f"unknown sound {name!r}: one of {SOUND_NAMES}")

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted

    def stop_all(self) -> None:
        pass


class Sounds(NullSounds):
    """The effects as ``pygame.mixer.Sound`` objects, played by name at the set volume."""

    available = True

    def __init__(self, sounds: dict[str, pygame.mixer.Sound], volume: float = 0.8) -> None:
        super().__init__(volume)
        self._sounds = sounds
        self._apply()

    def _apply(self) -> None:
        level = 0.0 if self.muted else self.volume
        for sound in self._sounds.values():
            sound.set_volume(level)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None:
            raise KeyError(f"unknown sound {name!r}: one of {SOUND_NAMES}")
        if self.muted or self.volume <= 0:
            return
        try:
            sound.play()
        except pygame.error as exc:  # a device that vanished must not end the game
            log.warning("sound %s failed: %s", name, exc)

    def set_volume(self, volume: float) -> None:
        super().set_volume(volume)
        self._apply()

    def set_muted(self, muted: bool) -> None:
        super().set_muted(muted)
        self._apply()

    def stop_all(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.mixer.stop()


def load_sounds(volume: float = 0.8) -> Sounds | NullSounds:
    """Initialise the mixer if needed and load every effect; NullSounds when audio or a file is unavailable."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        sounds = {name: pygame.mixer.Sound(file=str(sound_path(name))) for name in SOUND_NAMES}
    except (pygame.error, OSError, NotImplementedError) as exc:
        log.info("no audio (%s): sounds are off", exc)
        return NullSounds(volume)
    return Sounds(sounds, volume)
