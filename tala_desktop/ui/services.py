"""Services: the shared things every scene uses (fonts, card art, sounds, settings), built once by the app."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tala_desktop.store import Store

from .assets import Fonts
from .card_art import CardArt
from .sounds import NullSounds, Sounds


@dataclass
class UiSettings:
    """Live UI settings (the store keeps them; defaults are what a new player gets)."""

    language: str = "vi"
    sound_volume: float = 0.8
    music_volume: float = 0.5
    animation_speed: float = 1.0      # 0 = instant, 1 = normal, 2 = twice as fast
    four_colour: bool = False
    card_back: str = "red"
    table_colour: str = "green"
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    default_preset: str = "zingplay"
    default_bet: int = 100
    turn_seconds: int = 30
    player_name: str = "Bạn"


@dataclass
class Services:
    """Handed to every scene: never create fonts, card art or sounds anywhere else."""

    fonts: Fonts
    cards: CardArt
    sounds: Sounds | NullSounds
    settings: UiSettings = field(default_factory=UiSettings)
    data_dir: str | None = None
    store: Store | None = None      # profile, wallet, settings, history (None: nothing is kept)
    extras: dict[str, Any] = field(default_factory=dict)  # e.g. the store, once it exists
