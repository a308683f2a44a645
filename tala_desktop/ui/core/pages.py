"""Pages: the screens a scene may open over itself (settings, rules) and the hook that applies changed settings.

The app fills them in (it knows the screens); lower layers such as the
table scene open them through ``Services.pages`` without importing them.
An empty ``Pages`` (tests, benchmarks) offers nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .scene import Scene


@dataclass
class Pages:
    settings: Callable[[], Scene] | None = None           # the settings page
    rules: Callable[[], Scene] | None = None              # the rules page
    settings_changed: Callable[[], object] | None = None  # apply and keep a changed setting
