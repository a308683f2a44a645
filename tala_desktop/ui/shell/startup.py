"""Start-up pieces the composition root (``app.composition``) puts together: the window, the pages, the sounds.

``open_window`` opens the resizable window (a logical canvas shaped like the
window scaled into it, F11 for fullscreen) at the size the command line or
the settings ask for, with the game's icon. ``make_pages`` fills
``Services.pages``: the screens one scene opens over another without
importing it (the heavy ones load on first use). ``load_sounds`` runs after
the first frame is on screen, so the window appears at once.
"""

from __future__ import annotations

import logging
import time

import pygame

from tala_desktop.bots.runner import Runner

from ..art import theme
from ..art.card_art import CardArt
from ..audio.music import Music
from ..audio.sounds import load_sounds as open_sounds
from ..core.display import Display
from ..core.i18n import tr
from ..core.pages import Pages
from ..core.scene import Scene
from ..shared.app_settings import apply_settings, fit_window
from ..shared.run_state import RunState
from ..shared.services import Services
from ..shared.store_bridge import save_ui_settings

log = logging.getLogger(__name__)


def open_window(display: Display, services: Services, windowed: tuple[int, int] | None = None) -> Display:
    """``display`` opened at ``windowed`` (the command line), else at the settings' size fitted to the screen and
    with their fullscreen choice; it becomes ``services.display`` and the settings are applied to it and the other
    live objects. Returns ``display``."""
    settings = services.settings
    services.display = display
    _set_icon(services.cards)
    size = windowed or fit_window(settings.window_size)
    display.requested_size = tuple(settings.window_size)
    display.open(size, title=tr("app.title"), fullscreen=settings.fullscreen and windowed is None)
    settings.fullscreen = display.fullscreen
    apply_settings(services)
    return display


def _set_icon(cards: CardArt) -> None:
    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    icon.fill(theme.CLEAR)
    face = cards.face(39, 44)  # A♥
    icon.blit(face, face.get_rect(center=(32, 32)))
    pygame.display.set_icon(icon)


def make_pages(services: Services, run: RunState, runner: Runner | None = None) -> Pages:
    """The pages scenes open over themselves: settings, rules (drawn once for ``run``; over a LAN table: without
    the guided game), the tutorial (its Lan decided by ``runner``; None: a bot thread of its own) and the LAN
    page. The tutorial and LAN load the table scene: on first use."""
    def settings() -> Scene:
        from ..screens.settings import SettingsScene
        return SettingsScene(services)

    def rules() -> Scene:
        from ..screens.rules import RulesScene
        return RulesScene(services, run)

    def table_rules() -> Scene:
        from ..screens.rules import RulesScene
        return RulesScene(services, run, tutorial=False)

    def tutorial() -> Scene:
        from ..screens.tutorial import tutorial_scene
        return tutorial_scene(services, runner=runner)

    def lan() -> Scene:
        from ..lan.browser import LanBrowserScene
        return LanBrowserScene(services)

    def lan_back() -> Scene:
        from ..lan.browser import LanBrowserScene
        return LanBrowserScene(services, back_to_table=True)

    def changed() -> None:
        apply_settings(services)
        save_ui_settings(services)

    return Pages(settings=settings, rules=rules, table_rules=table_rules, tutorial=tutorial, lan=lan,
                 lan_back=lan_back,
                 settings_changed=changed)


def load_sounds(services: Services) -> None:
    """The sounds and the music, loaded once the first frame is on screen (silent if there is no audio device)."""
    started = time.perf_counter()
    services.sounds = open_sounds(services.settings.sound_volume)
    if services.sounds.available:
        music = Music(services.settings.music_volume)
        music.start()                 # App.frame starts the stream once the mixer is up
        services.music = music
        services.sounds.reserve(music.level)
    log.info("sounds ready in %.0f ms (%s)", (time.perf_counter() - started) * 1000,
             "on" if services.sounds.available else "no audio device")
