"""Background music: a quiet looping tune synthesised off the UI thread, played at the music volume setting.

``compose`` builds the loop as plain samples (standard library only): a
soft plucked melody on a pentatonic scale over slow chords, eight bars at
76 beats a minute, ending where it starts so the loop has no seam.
``Music.start`` runs ``compose`` in a worker thread; ``poll`` (on the UI
thread, every frame) turns the finished samples into a ``pygame.mixer.Sound``
and loops it on its own channel. Without a mixer it stays silent.
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import threading
from array import array

import pygame

from .sounds import to_wav

log = logging.getLogger(__name__)

RATE = 22050
BPM = 76
LEVEL = 0.45                    # the loudest the music gets, under the effects
# (bass root, melody notes as semitones from A3, one per beat, 0 = rest), four beats a bar
BARS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (-12, (12, 15, 17, 19)), (-9, (17, 15, 12, 0)), (-7, (10, 12, 15, 17)), (-5, (15, 12, 10, 0)),
    (-12, (12, 15, 19, 22)), (-9, (19, 17, 15, 0)), (-7, (17, 15, 12, 10)), (-5, (12, 10, 7, 0)),
)


def _freq(semitones: int) -> float:
    return 220.0 * 2 ** (semitones / 12)


def _pluck(buf: list[float], start: int, freq: float, seconds: float, amp: float, decay: float) -> None:
    n = min(int(seconds * RATE), len(buf) - start)
    step = math.tau * freq / RATE
    fall = math.exp(-decay / RATE)
    env = amp
    attack = max(1, int(0.01 * RATE))
    sin = math.sin
    for i in range(n):
        gain = env * (i / attack if i < attack else 1.0)
        p = step * i
        buf[start + i] += gain * (sin(p) + 0.3 * sin(2 * p) + 0.1 * sin(3 * p))
        env *= fall


def compose() -> array:
    """The whole loop as mono signed 16-bit samples at RATE."""
    beat = 60.0 / BPM
    total = int(len(BARS) * 4 * beat * RATE)
    buf = [0.0] * total
    for b, (root, notes) in enumerate(BARS):
        bar_start = int(b * 4 * beat * RATE)
        _pluck(buf, bar_start, _freq(root), 4 * beat, 0.35, 1.2)
        _pluck(buf, bar_start, _freq(root + 7), 4 * beat, 0.18, 1.4)
        for k, note in enumerate(notes):
            if note:
                _pluck(buf, bar_start + int(k * beat * RATE), _freq(note), beat * 1.6, 0.3, 3.0)
    fade = int(0.05 * RATE)
    for i in range(fade):                       # no click where the loop joins
        buf[i] *= i / fade
        buf[-1 - i] *= i / fade
    peak = max(1e-9, max(abs(x) for x in buf))
    return array("h", [int(x * 0.9 * 32767 / peak) for x in buf])


class Music:
    """The looping tune: composed in the background, started once ready, its volume live."""

    def __init__(self, volume: float = 0.5) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.samples: array | None = None
        self.sound: pygame.mixer.Sound | None = None
        self.channel: pygame.mixer.Channel | None = None
        self.failed = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Compose in a worker thread (it touches no pygame); ``poll`` picks the result up."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._compose, name="music", daemon=True)
            self._thread.start()

    def _compose(self) -> None:
        self.samples = compose()

    def poll(self) -> None:
        """Start the loop once the samples are ready and a mixer exists (call from the UI thread)."""
        if self.sound is not None or self.samples is None or self.failed:
            return
        try:
            if not pygame.mixer.get_init():
                return
            self.sound = pygame.mixer.Sound(file=io.BytesIO(to_wav(self.samples, RATE)))
            self.channel = pygame.mixer.Channel(pygame.mixer.get_num_channels() - 1)
            self.channel.play(self.sound, loops=-1)
            self.set_volume(self.volume)
        except pygame.error as exc:
            log.info("no music (%s)", exc)
            self.failed = True

    @property
    def playing(self) -> bool:
        return self.channel is not None and self.channel.get_busy()

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        if self.channel is not None:
            with contextlib.suppress(pygame.error):
                self.channel.set_volume(self.volume * LEVEL)

    def stop(self) -> None:
        if self.channel is not None:
            with contextlib.suppress(pygame.error):
                self.channel.stop()
