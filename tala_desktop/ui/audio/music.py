"""Background music: a quiet loop streamed from assets/sounds/music.ogg, played at the music volume setting.

The loop (about 100 s in four sections, rendered by ``tools/render_sounds.py``)
is streamed by ``pygame.mixer.music``: SDL_mixer decodes it a little at a time
on its own audio thread, so nothing is composed or decoded on the UI thread.
``Music.start`` asks for the music; ``poll`` (on the UI thread, every frame)
starts the stream once a mixer exists. Without a mixer, or without the file,
it stays silent.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

import pygame

from ..core.assets import asset_root
from .sounds import SOUND_FOLDER

log = logging.getLogger(__name__)

MUSIC_FILE = "music.ogg"
LEVEL = 0.45                    # the loudest the music gets, under the effects
MUSIC_PEAK = 0.92               # the loop's loudest sample, a share of full scale (a test reads the file for it)


def music_path() -> Path:
    return asset_root() / SOUND_FOLDER / MUSIC_FILE


class Music:
    """The looping tune: streamed once asked for and a mixer exists, its volume live."""

    def __init__(self, volume: float = 0.5, path: Path | None = None) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.path = path or music_path()
        self.wanted = False
        self.started = False
        self.failed = False

    def start(self) -> None:
        """Ask for the music; ``poll`` starts it on the UI thread."""
        self.wanted = True

    def poll(self) -> None:
        """Start the loop once it is asked for and a mixer exists (call from the UI thread)."""
        if not self.wanted or self.started or self.failed:
            return
        try:
            if not pygame.mixer.get_init():
                return
            pygame.mixer.music.load(str(self.path))
            pygame.mixer.music.play(loops=-1)
            self.started = True
            self.set_volume(self.volume)
        except (pygame.error, OSError) as exc:
            log.info("no music (%s)", exc)
            self.failed = True

    @property
    def level(self) -> float:
        """The loudest the music can be in the mix at its volume (a share of full scale), whether it plays yet or
        not: the room the effects leave it (``Sounds.reserve``)."""
        return MUSIC_PEAK * LEVEL * self.volume

    @property
    def playing(self) -> bool:
        if not self.started:
            return False
        try:
            return bool(pygame.mixer.music.get_busy())
        except pygame.error:
            return False

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))
        if self.started:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.set_volume(self.volume * LEVEL)

    def stop(self) -> None:
        if self.started:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.stop()
                pygame.mixer.music.unload()
            self.started = False
