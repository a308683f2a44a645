"""Services: the shared things every scene uses (fonts, card art, sounds, settings), built once by the app."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tala_desktop.store import Store
from tala_desktop.store.settings import StoredSettings

from ..art.card_art import CardArt
from ..audio.sounds import NullSounds, Sounds
from ..core.assets import Fonts
from ..core.pages import Pages

# One definition of the settings for the store and the UI (the store validates and keeps them).
UiSettings = StoredSettings


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
    pages: Pages = field(default_factory=Pages)            # settings and rules, for scenes that open them
