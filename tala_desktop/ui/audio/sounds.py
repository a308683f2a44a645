"""Sounds: the game's sound effects, synthesised in pure Python, and the player that plays them.

Each effect is generated once (``synthesise``: ``array``/``math``/``random``
with a fixed seed, 22.05 kHz mono 16-bit), wrapped in a WAV header and handed
to ``pygame.mixer.Sound``, which converts it to the mixer's own format.
``load_sounds`` never raises: without an audio device it returns
``NullSounds``, which has the same interface and does nothing.
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import random
import wave
from array import array
from collections.abc import Callable

import pygame

log = logging.getLogger(__name__)

RATE = 22050
SOUND_NAMES = ("deal", "draw", "discard", "eat", "lay", "send", "u", "tick", "win", "lose")
NOTE = {"G4": 392.0, "A4": 440.0, "Bb4": 466.2, "C5": 523.3, "Eb4": 311.1, "C4": 261.6,
        "D5": 587.3, "E5": 659.3, "G5": 784.0, "A5": 880.0, "C6": 1046.5, "E6": 1318.5}

Buffer = list[float]


def _blank(seconds: float, rate: int) -> Buffer:
    return [0.0] * max(1, int(seconds * rate))


def _tone(buf: Buffer, rate: int, start: float, freq: float, dur: float, amp: float, decay: float,
          partials: tuple[float, ...] = (1.0,), glide_to: float | None = None, attack: float = 0.004) -> None:
    """Add a tone (sum of harmonics with weights ``partials``) with an exponential decay."""
    i0 = int(start * rate)
    n = min(int(dur * rate), len(buf) - i0)
    if n <= 0:
        return
    sin, tau = math.sin, math.tau
    env_step = math.exp(-decay / rate)
    att = max(1, int(attack * rate))
    f1 = freq if glide_to is None else glide_to
    phase, env = 0.0, amp
    release = max(1, int(0.01 * rate))
    weights = tuple(enumerate(partials, start=1))
    for i in range(n):
        f = freq + (f1 - freq) * i / n
        phase += tau * f / rate
        s = 0.0
        for h, w in weights:
            s += w * sin(h * phase)
        gain = env * (i / att if i < att else 1.0) * ((n - i) / release if n - i < release else 1.0)
        buf[i0 + i] += s * gain
        env *= env_step


def _noise(buf: Buffer, rate: int, start: float, dur: float, amp: float, decay: float,
           smooth: float = 0.5, seed: int = 1) -> None:
    """Add low-passed white noise (a card's swish or slap) with an exponential decay."""
    i0 = int(start * rate)
    n = min(int(dur * rate), len(buf) - i0)
    rnd = random.Random(seed).random
    env_step = math.exp(-decay / rate)
    env, last = amp, 0.0
    att = max(1, int(0.002 * rate))
    for i in range(max(0, n)):
        last += (1 - smooth) * ((rnd() * 2 - 1) - last)
        buf[i0 + i] += last * env * (i / att if i < att else 1.0)
        env *= env_step


def _deal(rate: int) -> Buffer:
    b = _blank(0.07, rate)
    _noise(b, rate, 0, 0.07, 0.9, 60, 0.35, seed=2)
    return b


def _draw(rate: int) -> Buffer:
    b = _blank(0.12, rate)
    _noise(b, rate, 0, 0.12, 0.7, 30, 0.55, seed=3)
    _tone(b, rate, 0.0, 700, 0.06, 0.15, 60, glide_to=950)
    return b


def _discard(rate: int) -> Buffer:
    b = _blank(0.12, rate)
    _noise(b, rate, 0, 0.09, 1.0, 70, 0.2, seed=4)
    _tone(b, rate, 0, 170, 0.12, 0.6, 40)
    return b


def _eat(rate: int) -> Buffer:
    b = _blank(0.34, rate)
    bell = (1.0, 0.4, 0.2)
    _tone(b, rate, 0.0, NOTE["E5"], 0.12, 0.5, 18, bell)
    _tone(b, rate, 0.09, NOTE["A5"], 0.25, 0.55, 12, bell)
    return b


def _lay(rate: int) -> Buffer:
    b = _blank(0.3, rate)
    for j, note in enumerate(("C5", "E5", "G5")):
        _noise(b, rate, j * 0.06, 0.05, 0.6, 80, 0.25, seed=10 + j)
        _tone(b, rate, j * 0.06, NOTE[note], 0.14, 0.32, 20, (1.0, 0.3))
    return b


def _send(rate: int) -> Buffer:
    b = _blank(0.18, rate)
    _noise(b, rate, 0, 0.06, 0.4, 60, 0.4, seed=5)
    _tone(b, rate, 0.0, 600, 0.18, 0.45, 14, (1.0, 0.25), glide_to=1250)
    return b


def _u(rate: int) -> Buffer:
    b = _blank(1.0, rate)
    brass = (1.0, 0.5, 0.33, 0.2)
    for j, note in enumerate(("C5", "E5", "G5")):
        _tone(b, rate, j * 0.11, NOTE[note], 0.13, 0.3, 6, brass, attack=0.01)
    for note in ("C5", "E5", "G5", "C6"):
        _tone(b, rate, 0.34, NOTE[note], 0.66, 0.2, 3.5, brass, attack=0.015)
    return b


def _tick(rate: int) -> Buffer:
    b = _blank(0.04, rate)
    _tone(b, rate, 0, 1900, 0.04, 0.5, 120, attack=0.001)
    _noise(b, rate, 0, 0.01, 0.3, 300, 0.1, seed=6)
    return b


def _win(rate: int) -> Buffer:
    b = _blank(0.75, rate)
    for j, note in enumerate(("C5", "E5", "G5", "C6", "E6")):
        _tone(b, rate, j * 0.075, NOTE[note], 0.75 - j * 0.075, 0.3, 7, (1.0, 0.35, 0.1))
    return b


def _lose(rate: int) -> Buffer:
    b = _blank(0.75, rate)
    soft = (1.0, 0.0, 0.11)
    for j, (note, dur) in enumerate((("G4", 0.2), ("Eb4", 0.2), ("C4", 0.4))):
        _tone(b, rate, j * 0.18, NOTE[note], dur, 0.45, 5, soft, attack=0.01)
    return b


_RECIPES: dict[str, Callable[[int], Buffer]] = {
    "deal": _deal, "draw": _draw, "discard": _discard, "eat": _eat, "lay": _lay,
    "send": _send, "u": _u, "tick": _tick, "win": _win, "lose": _lose,
}


def synthesise(name: str, rate: int = RATE) -> array:
    """Mono signed 16-bit samples of the effect ``name`` (one of SOUND_NAMES), peak at 90%."""
    buf = _RECIPES[name](rate)
    peak = max(1e-9, max(abs(x) for x in buf))
    scale = 0.9 * 32767 / peak
    return array("h", [int(x * scale) for x in buf])


def to_wav(samples: array, rate: int = RATE) -> bytes:
    """A mono 16-bit WAV file holding ``samples``."""
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return out.getvalue()


class NullSounds:
    """The no-audio stand-in: same interface as Sounds, plays nothing."""

    available = False

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.muted = False

    def play(self, name: str) -> None:
        if name not in _RECIPES:
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
    """Initialise the mixer if needed and build every effect; NullSounds when audio is unavailable."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        sounds = {name: pygame.mixer.Sound(file=io.BytesIO(to_wav(synthesise(name)))) for name in SOUND_NAMES}
    except (pygame.error, OSError, NotImplementedError) as exc:
        log.info("no audio (%s): sounds are off", exc)
        return NullSounds(volume)
    return Sounds(sounds, volume)
