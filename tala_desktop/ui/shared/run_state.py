"""RunState: what this run of the game remembers between pages, and forgets when it ends.

The new-game page starts from the last game set up (``last_game``) and
brings back the house rules edited (``custom_rules``; the settings keep
those too, for the next run); the rules page is drawn once per language and
card colours (``rules_layout``). The composition root makes one for the run
and hands it to the menu and the pages that read it; ``Services`` holds the
services only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tala_desktop.engine import Rules

from .new_game import GameChoices

# the rules page drawn: its surface and each heading's (text, y)
RulesLayout = tuple[pygame.Surface, list[tuple[str, int]]]


@dataclass
class RunState:
    """Made once a run by the composition root; nothing in it is written to the data folder."""

    last_game: GameChoices | None = None  # the last game set up: the setup page starts from it
    custom_rules: Rules | None = None     # the house rules edited (the settings keep them too)
    rules_layout: dict[tuple[str, bool], RulesLayout] = field(default_factory=dict)  # by (language, four-colour)
