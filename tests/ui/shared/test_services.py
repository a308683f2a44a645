"""Services: every shared thing is a typed field of its own, never a bag keyed by strings nor state of the run."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator

import pygame

from tala_desktop.engine import Rules
from tala_desktop.ui.art.avatars import Faces
from tala_desktop.ui.art.card_art import CardArt
from tala_desktop.ui.art.menu_art import MenuArt
from tala_desktop.ui.audio.sounds import NullSounds
from tala_desktop.ui.core.assets import Fonts
from tala_desktop.ui.shared.new_game import GameChoices
from tala_desktop.ui.shared.run_state import RunState
from tala_desktop.ui.shared.services import Services


def _parts(hint: object) -> Iterator[object]:
    yield hint
    for arg in typing.get_args(hint):
        yield from _parts(arg)


def test_every_service_has_a_type_of_its_own():
    hints = typing.get_type_hints(Services)
    for f in dataclasses.fields(Services):
        hint = hints[f.name]
        loose = {typing.Any, object} & set(_parts(hint))
        assert not loose, f"Services.{f.name} is typed {hint}: give what it holds a type"
        keyed_by_text = typing.get_origin(hint) is dict and typing.get_args(hint)[0] is str
        assert not keyed_by_text, f"Services.{f.name} is a bag keyed by strings ({hint}): one typed field each"


def test_the_shared_art_is_made_once_and_the_same_for_every_page():
    pygame.font.init()
    fonts = Fonts()
    services = Services(fonts, CardArt(fonts), NullSounds())
    assert isinstance(services.menu_art, MenuArt) and services.menu_art is services.menu_art
    assert isinstance(services.faces, Faces) and services.faces is services.faces
    other = Services(fonts, CardArt(fonts), NullSounds())
    assert other.menu_art is not services.menu_art   # per app, not per process


def test_the_services_hold_no_state_of_the_run():
    """What the pages remember between them (the last game, the house rules edited, the rules page drawn) is the
    run's ``RunState``, made by the composition root; a service is the same whatever the player did."""
    hints = typing.get_type_hints(Services)
    assert {f.name for f in dataclasses.fields(RunState)}.isdisjoint(hints)
    for name, hint in hints.items():
        assert not {GameChoices, Rules, RunState} & set(_parts(hint)), f"Services.{name} is state of the run"
