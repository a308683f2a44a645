"""Sounds: the game's sound effects, loaded from assets/sounds/, and the player that plays them.

The effects are WAV files (22.05 kHz mono 16-bit) that ``tools/render_sounds.py``
synthesises from its recipes; loading them is a file read each, so start-up
does no synthesis. ``pygame.mixer.Sound`` converts them to the mixer's own
format. ``load_sounds`` never raises: without an audio device, or with a file
missing or unreadable, it returns ``NullSounds``, which has the same interface
and does nothing.

The mix never clips. SDL adds the effects playing at the same moment (and
the music under them) and cuts at full scale, and each effect peaks near 90 %
of it; so ``Sounds.play`` gives a new effect the volume set, or less: what
leaves the loudest the mix can reach at most ``HEADROOM`` (-1 dBFS), counting
the music's room (``reserve``) and, for each effect still playing, the
loudest it has yet to play (its tail's peak, kept per 10 ms from when it
started). An effect with almost no room left is not played.
"""

from __future__ import annotations

import array
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ..core.assets import asset_root

log = logging.getLogger(__name__)

SOUND_NAMES = ("deal", "draw", "discard", "eat", "lay", "send", "u", "tick", "win", "lose")
SOUND_FOLDER = "sounds"
HEADROOM = 10 ** (-1 / 20)   # the loudest the mix may get: -1 dBFS, a share of full scale
BLOCK = 0.01                 # seconds per step of an effect's loudness still to come
LATE = 0.05                  # seconds an effect just started may wait in the device's buffer: counted that much younger
QUIETEST = 0.05              # an effect that would get less than this share of the volume set is left out
_SAMPLE_TYPES = {-16: ("h", 32768.0), 16: ("H", 32768.0), 32: ("f", 1.0), -8: ("b", 128.0)}


def sound_path(name: str) -> Path:
    """The WAV file of the effect ``name`` in the asset folder."""
    return asset_root() / SOUND_FOLDER / f"{name}.wav"


class NullSounds:
    """The no-audio stand-in: same interface as Sounds, plays nothing."""

    available = False

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.muted = False
        self.reserved = 0.0          # the room the music takes in the mix (a share of full scale)

    def reserve(self, level: float) -> None:
        """Leave ``level`` (a share of full scale: the music's loudest, ``Music.level``) of the mix to the music."""
        self.reserved = min(HEADROOM, max(0.0, level))

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise KeyError(f"unknown sound {name!r}: one of {SOUND_NAMES}")

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted

    def stop_all(self) -> None:
        pass


def tail_peaks(sound: pygame.mixer.Sound, block: float = BLOCK) -> tuple[float, ...]:
    """For each ``block`` seconds of ``sound`` from its start, the loudest sample from there to its end, as a share
    of full scale (all 1.0 when the mixer's sample format is not one read here)."""
    init = pygame.mixer.get_init()
    blocks = max(1, round(sound.get_length() / block))
    if not init or init[1] not in _SAMPLE_TYPES:
        return (1.0,) * blocks
    code, full = _SAMPLE_TYPES[init[1]]
    samples = array.array(code, sound.get_raw())
    if code == "H":                                  # unsigned: silence is the middle
        samples = array.array("i", (s - 32768 for s in samples))
    step = max(1, round(init[0] * block) * init[2])
    loud = [max(max(part), -min(part)) / full for part in
            (samples[i:i + step] for i in range(0, len(samples), step)) if part]
    for i in range(len(loud) - 2, -1, -1):           # the loudest from each block to the end
        loud[i] = max(loud[i], loud[i + 1])
    return tuple(min(1.0, x) for x in loud) or (0.0,)


class Sounds(NullSounds):
    """The effects as ``pygame.mixer.Sound`` objects, played by name at the set volume, the mix kept under
    ``HEADROOM``."""

    available = True

    def __init__(self, sounds: dict[str, pygame.mixer.Sound], volume: float = 0.8,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(volume)
        self._sounds = sounds
        self.clock = clock
        self._tails: dict[str, tuple[float, ...]] = {}
        self._playing: list[tuple[str, float, float]] = []     # (effect, its volume, when it started)
        for sound in sounds.values():
            sound.set_volume(1.0)           # each play's volume is its channel's

    def tail(self, name: str, age: float) -> float:
        """The loudest effect ``name`` has yet to play ``age`` seconds after it started (a share of full scale)."""
        tails = self._tails.get(name)
        if tails is None:
            tails = self._tails[name] = tail_peaks(self._sounds[name])
        i = max(0, int((age - LATE) / BLOCK))
        return tails[i] if i < len(tails) else 0.0

    def room(self) -> float:
        """How loud a new effect may peak now (a share of full scale): the headroom less the music's room and what
        the effects playing have yet to play at their volumes."""
        now = self.clock()
        self._playing = [(n, v, t) for n, v, t in self._playing if self.tail(n, now - t) > 0.0]
        return HEADROOM - self.reserved - sum(v * self.tail(n, now - t) for n, v, t in self._playing)

    def play(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is None:
            raise KeyError(f"unknown sound {name!r}: one of {SOUND_NAMES}")
        if self.muted or self.volume <= 0:
            return
        volume = min(self.volume, self.room() / max(self.tail(name, 0.0), 1e-6))
        if volume < self.volume * QUIETEST:
            log.debug("sound %s left out: the mix has no room for it", name)
            return
        try:
            channel = pygame.mixer.find_channel()
            if channel is None:              # every channel busy: as SDL would, leave it out
                return
            channel.set_volume(volume)       # before it plays: no part of it is mixed louder
            channel.play(sound)
        except pygame.error as exc:  # a device that vanished must not end the game
            log.warning("sound %s failed: %s", name, exc)
            return
        self._playing.append((name, volume, self.clock()))

    def set_muted(self, muted: bool) -> None:
        super().set_muted(muted)
        if muted:
            self.stop_all()

    def stop_all(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.mixer.stop()
        self._playing = []


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
