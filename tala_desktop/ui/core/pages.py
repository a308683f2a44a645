"""Pages: the screens a scene may open over itself (settings, rules, the tutorial, LAN) and the settings hook.

The composition root fills them in (it knows the screens); a scene opens
another through ``Services.pages`` without importing it, so no screen
imports the screen that opens it back (the menu, the rules page and the
tutorial stay free of a circle). The heavy ones (the tutorial and the LAN
page load the table scene) are built on first use. An empty ``Pages``
(tests, benchmarks) offers nothing: the entries that would open one are
disabled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .scene import Scene


@dataclass
class Pages:
    settings: Callable[[], Scene] | None = None           # the settings page
    rules: Callable[[], Scene] | None = None              # the rules page
    table_rules: Callable[[], Scene] | None = None        # the rules over a LAN table: no guided game from there
    tutorial: Callable[[], Scene] | None = None           # Hướng dẫn, the guided first game
    lan: Callable[[], Scene] | None = None                # the LAN page: tables found or hosted
    lan_back: Callable[[], Scene] | None = None           # the LAN page going back to the seat kept for the player
    settings_changed: Callable[[], object] | None = None  # apply and keep a changed setting
