"""Services: the shared things every scene uses (fonts, card art, sounds, settings), built once by the app.

Each one is a typed field: the window, the music once it plays, the art
caches the pages share. There is no bag of extras keyed by strings
(tests/ui/shared/test_services.py keeps it so), and no state of the run:
what the pages remember between them is the run's ``RunState``
(run_state.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tala_desktop.store import Store
from tala_desktop.store.settings import StoredSettings

from ..art.avatars import Faces
from ..art.card_art import CardArt
from ..art.menu_art import MenuArt
from ..audio.music import Music
from ..audio.sounds import NullSounds, Sounds
from ..core.assets import Fonts
from ..core.display import Display
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
    pages: Pages = field(default_factory=Pages)            # settings and rules, for scenes that open them
    display: Display | None = None  # the window, when there is one (the settings page sizes it)
    music: Music | None = None      # the background music, once the sounds are loaded after the first frame
    _menu_art: MenuArt | None = field(default=None, init=False, repr=False)
    _faces: Faces | None = field(default=None, init=False, repr=False)

    @property
    def menu_art(self) -> MenuArt:
        """The menu pages' drawn art and its cache, shared by every page; made on first use."""
        if self._menu_art is None:
            self._menu_art = MenuArt(self.fonts, self.cards)
        return self._menu_art

    @property
    def faces(self) -> Faces:
        """The players' faces and their cache, the same on every screen; made on first use."""
        if self._faces is None:
            self._faces = Faces(self.fonts)
        return self._faces
