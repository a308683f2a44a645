"""Table header controls: ⚙ settings and ? rules opened over the table, and ♪ to turn the sound off and on.

The pages come from ``Services.pages`` (the app knows the screens); a
table without them (tests, the benchmark) shows only the sound button.
Opening a page covers the table: the stack stops updating it, so an
offline table waits there like under the pause menu; a LAN table's game
goes on, so its rules page offers no guided game to play meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..core.i18n import N_, tr
from ..core.scene import Scene
from ..shared.services import Services
from ..widgets.controls import Button
from .layout import TableLayout

UNMUTED = (0.8, 0.5)      # sound and music volumes the ♪ button turns back on when none were set


class TableHeader:
    """The header's buttons; ``open_page`` pushes a page over the table."""

    def __init__(self, services: Services, layout: TableLayout, open_page: Callable[[Scene], None],
                 pauses: bool = True) -> None:
        self.services = services
        self.pauses = pauses        # False at a LAN table: its game goes on under a page
        self.open_page = open_page
        fonts = services.fonts
        rects = layout.header_buttons
        self.buttons: dict[str, Button] = {
            "settings": Button(rects["settings"], tr("icon.settings"), fonts, self.open_settings, style="dark"),
            "rules": Button(rects["rules"], tr("icon.help"), fonts, self.open_rules, style="dark"),
            "sound": Button(rects["sound"], self._sound_icon(), fonts, self.toggle_sound, style="dark"),
        }
        self._volumes = UNMUTED

    def place(self, layout: TableLayout) -> None:
        for name, b in self.buttons.items():
            b.rect = pygame.Rect(layout.header_buttons[name])

    def shown(self) -> list[Button]:
        pages = self.services.pages
        offered = {"settings": pages.settings is not None, "rules": pages.rules is not None, "sound": True}
        return [b for name, b in self.buttons.items() if offered[name]]

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(b.handle_event(event) for b in self.shown())

    def update(self, dt: float) -> None:
        for b in self.shown():
            b.update(dt)

    # ------------------------------------------------------------------ the buttons
    @property
    def muted(self) -> bool:
        s = self.services.settings
        return s.sound_volume <= 0 and s.music_volume <= 0

    def _sound_icon(self) -> str:
        return tr(N_("icon.sound_off") if self.muted else N_("icon.sound_on"))

    def open_settings(self) -> None:
        make = self.services.pages.settings
        if make is not None:
            self.open_page(make())

    def open_rules(self) -> None:
        pages = self.services.pages
        # a game that goes on under the page: its rules offer no guided game to play over it
        make = pages.rules if self.pauses or pages.table_rules is None else pages.table_rules
        if make is not None:
            self.open_page(make())

    def toggle_sound(self) -> None:
        """Sound and music off, or back to the volumes they had."""
        s = self.services.settings
        if self.muted:
            s.sound_volume, s.music_volume = self._volumes
        else:
            self._volumes = (s.sound_volume or UNMUTED[0], s.music_volume or UNMUTED[1])
            s.sound_volume, s.music_volume = 0.0, 0.0
        changed = self.services.pages.settings_changed
        if changed is not None:
            changed()
        else:
            self.services.sounds.set_volume(s.sound_volume)
        self.buttons["sound"].text = self._sound_icon()
