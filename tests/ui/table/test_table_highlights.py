"""The table's values: TableActions turns a model and your input into Effects and a frozen Highlights (no scene),
and drawing the table scene changes nothing (the same state and the same frame when drawn twice)."""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping

import pygame
import pytest

from tala_desktop.ui.art.theme import GROUP_COLOURS
from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.table import actions as actions_module
from tala_desktop.ui.table.actions import ERROR, TableActions
from tala_desktop.ui.table.highlights import Highlights, ShownButton
from tala_desktop.ui.table.modes import Mode, TableButton
from tala_desktop.ui.table.picture import HELPER, STRAY, Choices, picture
from tests.ui.table_helpers import Driver, make_services, make_table, play_my_turn
from tests.ui.table_positions import (
    EAT_HANDS,
    EAT_MOVES,
    SEND_DRAWS,
    SEND_HANDS,
    SEND_LAY,
    SEND_MOVES,
    cards,
    model_after,
)


def actions_at(model) -> tuple[TableActions, Highlights, tuple[int, ...] | None]:
    actions = TableActions()
    effects = actions.refresh(model, model.hand)
    return actions, actions.highlights(), effects.order


def names(hl: Highlights) -> list[tuple[str, int]]:
    return [(b.name, b.slot) for b in hl.buttons]


def test_the_lay_down_turn_raises_the_phom_outlined_and_the_lay_button_glows():
    model = model_after(SEND_HANDS, SEND_MOVES, SEND_DRAWS)
    actions, hl, order = actions_at(model)
    phom = set(cards("9s 9c 9d"))
    assert hl.mode == "lay" and hl.raised == phom
    assert order is not None and set(order[:3]) == phom             # the phỏm moves to the left of your hand
    assert {hl.outline[c] for c in phom} == {GROUP_COLOURS[0]}
    assert hl.lay_check is not None and hl.lay_check.ok
    assert names(hl) == [("lay", 0), ("sort", 4), ("hint", 5)] and hl.button("lay").glow
    assert hl.guide == tr("status.must_lay") + " · " + tr("status.lay_ready", count=1)
    # lower one card: the other two are stray, Hạ stops glowing, and the click says why
    effects = actions.on_card_click(cards("9s")[0], clock=0.0)
    lowered = actions.highlights()
    assert effects.status is not None and effects.status.colour == ERROR
    assert lowered.raised == set(cards("9c 9d")) and not lowered.lay_check.ok
    assert {lowered.outline[c] for c in cards("9c 9d")} == {STRAY}
    assert not lowered.button("lay").glow and lowered.guide_colour == ERROR
    assert hl.raised == phom                                         # the earlier value did not change


def test_the_send_step_raises_the_sendable_cards_with_arrows_to_their_phom():
    model = model_after(SEND_HANDS, [*SEND_MOVES, SEND_LAY], SEND_DRAWS)
    actions, hl, _ = actions_at(model)
    run = (1, 1)                                                     # Lan's 5♥6♥7♥
    assert hl.mode == "send" and hl.raised == set(cards("3h 4h"))    # the plan chains 4♥ then 3♥ onto the run
    assert dict(hl.send_arrows) == {c: run for c in cards("3h 4h")}
    assert dict(hl.send_targets) == {run: (120, 226, 255)}
    assert names(hl) == [("send", 0), ("skip", 1), ("sort", 4), ("hint", 5)]
    effects = actions.press("send", model.hand)
    assert [str(m) for m, _ in effects.moves] == ["0 send 4h 1:1", "0 send 3h 1:1"] and actions.awaiting
    skip = TableActions()
    skip.refresh(model, model.hand)
    skip.press("skip", model.hand)
    after = skip.highlights()
    assert after.mode == "discard" and not after.raised and not after.send_arrows
    assert names(after)[0] == ("discard", 0)


def test_an_eatable_discard_glows_with_the_cards_that_complete_it():
    model = model_after(EAT_HANDS, EAT_MOVES)
    actions, hl, _ = actions_at(model)
    assert hl.mode == "take" and hl.discard_glow and hl.stock_glow
    assert dict(hl.outline) == {c: HELPER for c in cards("7h 8h")}
    assert names(hl)[:2] == [("eat", 0), ("draw", 1)] and hl.button("eat").glow
    assert hl.guide == tr("status.draw_or_eat", card="9♥")
    refused = actions.do_discard(model.hand, card=cards("2s")[0])   # take first: refused, nothing sent
    assert refused.moves == () and refused.shakes == (("hand", cards("2s")[0]),)
    assert refused.status is not None and refused.status.text == tr("status.draw_first")
    eat = actions.press("eat", model.hand)
    assert [str(m) for m, _ in eat.moves] == ["0 eat"] and eat.moves[0][1] == ("eat", cards("9h")[0])


def test_selecting_a_card_to_discard_lights_the_discard_button():
    model = model_after(EAT_HANDS, [*EAT_MOVES, "0 draw"])
    actions, hl, _ = actions_at(model)
    card = cards("Kc")[0]
    assert hl.mode == "discard" and hl.selected is None and not hl.button("discard").glow
    actions.on_card_click(card, clock=1.0)
    chosen = actions.highlights()
    assert chosen.selected == card and chosen.button("discard").glow
    actions.on_card_click(card, clock=5.0)                          # not a double-click: it unselects
    assert actions.highlights().selected is None
    actions.on_card_click(card, clock=6.0)
    double = actions.on_card_click(card, clock=6.2)
    assert [str(m) for m, _ in double.moves] == ["0 discard Kc"]


def test_highlights_are_frozen_values():
    model = model_after(SEND_HANDS, [*SEND_MOVES, SEND_LAY], SEND_DRAWS)
    actions, hl, _ = actions_at(model)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hl.raised = frozenset()
    for mapping in (hl.outline, hl.send_arrows, hl.send_targets):
        assert isinstance(mapping, Mapping) and not isinstance(mapping, dict)
        with pytest.raises(TypeError):
            mapping[0] = (0, 0)
    assert isinstance(hl.outline, types.MappingProxyType)
    assert actions.highlights() == hl and hash(actions.highlights()) == hash(hl)
    assert isinstance(hl.buttons[0], ShownButton)
    assert Highlights().buttons == () and not Highlights().glowing


def test_the_picture_is_made_from_a_frozen_value_once_per_change(pg, fonts, monkeypatch):
    made: list[Choices] = []

    def counted(choices: Choices) -> Highlights:
        made.append(choices)
        return picture(choices)

    monkeypatch.setattr(actions_module, "picture", counted)   # the actions' choices and their picture: the subject
    drv = Driver(make_table(seed=5), make_services(fonts, speed=0.0))
    sc = drv.scene
    stats: dict[str, int] = {}
    modes: set[Mode] = set()
    for _ in range(4000):
        mode = sc.view().highlights.mode
        if play_my_turn(drv, stats):
            modes.add(mode)
        drv.step()
        assert sc.view().highlights == picture(sc.actions.choices())  # the picture drawn is never stale
        if sum(stats.values()) >= 8 or sc.results is not None:
            break
    assert sum(stats.values()) >= 8 and {Mode.TAKE, Mode.DISCARD} <= modes, (stats, modes)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[-1].raised = frozenset()
    assert all(a != b for a, b in zip(made, made[1:]))                # a command sent changes no choice: no picture
    models = {id(c.model) for c in made}                                 # one picture per snapshot shown,
    assert len(made) <= len(models) + sum(stats.values())                 # at most one more per thing you did
    drv.until(lambda: sc.accepting_input and sc.model is not None and sc.model.my_turn)
    guide = sc.view().highlights.guide
    set_language("en")
    drv.step()
    drawn = sc.view().highlights
    assert drawn.guide != guide and drawn == picture(sc.actions.choices())   # the words follow
    sc.close()


def test_modes_and_buttons_are_enums_that_print_as_their_notation():
    model = model_after(EAT_HANDS, EAT_MOVES)
    actions, hl, _ = actions_at(model)
    assert actions.mode is Mode.TAKE and hl.mode is Mode.TAKE and f"next.{hl.mode}" == "next.take"
    assert [b.name for b in hl.buttons][:2] == [TableButton.EAT, TableButton.DRAW]
    assert all(isinstance(b.name, TableButton) for b in hl.buttons) and str(TableButton.UKHAN) == "ukhan"


# ---------------------------------------------------------------------- drawing changes nothing
SKIP = {"painter", "services", "client", "stack", "director", "art", "fonts", "sounds", "play", "on_click",
        "on_leave", "_cache", "_image", "tweens", "immediate", "commands", "snap"}


def fingerprint(obj: object, depth: int = 0) -> str:
    """Everything a scene holds, as text (caches of rendered images left out)."""
    if isinstance(obj, (int, float, str, bool, type(None))):
        return repr(obj)
    if isinstance(obj, pygame.Rect):
        return repr(obj)
    if isinstance(obj, pygame.Surface):
        return f"Surface{obj.get_size()}"
    if isinstance(obj, (types.FunctionType, types.MethodType)):
        return "fn"
    if depth > 6:
        return type(obj).__name__
    if isinstance(obj, (list, tuple)):
        return "[" + ",".join(fingerprint(x, depth + 1) for x in obj) + "]"
    if isinstance(obj, (set, frozenset)):
        return "{" + ",".join(sorted(fingerprint(x, depth + 1) for x in obj)) + "}"
    if isinstance(obj, Mapping):
        return "{" + ",".join(sorted(f"{fingerprint(k, depth + 1)}:{fingerprint(v, depth + 1)}"
                                     for k, v in obj.items())) + "}"
    if hasattr(obj, "__dict__"):
        fields = {k: v for k, v in vars(obj).items() if k not in SKIP}
        return type(obj).__name__ + fingerprint(fields, depth + 1)
    return type(obj).__name__


def test_drawing_a_frame_changes_nothing_and_draws_the_same_frame_twice(pg, fonts):
    drv = Driver(make_table(seed=5), make_services(fonts, speed=1.0))
    sc = drv.scene
    stats: dict[str, int] = {}
    checked: set[str] = set()
    for i in range(12000):
        now = "flying" if sc.view().anim.flights else sc.highlights.mode
        if sc.model is not None and (i % 11 == 0 or now not in checked):  # every moment at its first frame too
            before = fingerprint(sc)
            first = pygame.image.tobytes(drv.draw(), "RGB")
            between = fingerprint(sc)
            second = pygame.image.tobytes(drv.draw(), "RGB")
            assert between == before and fingerprint(sc) == before
            assert first == second
            moment = "flying" if sc.view().anim.flights else sc.highlights.mode
            checked.add(moment)
            if {"flying", "take", "discard", "lay"} <= checked:
                break
        play_my_turn(drv, stats)
        if sc.results is not None and sc.stack.top is sc.results:
            drv.click(sc.results.new_button.rect.center)
        drv.step()
    assert {"flying", "take", "discard", "lay"} <= checked, checked
    sc.close()


def test_an_extra_layer_gets_input_first_and_draws_over_the_table(pg, fonts):
    class Layer:
        def __init__(self) -> None:
            self.events: list[int] = []
            self.updates = 0

        def handle_event(self, event: pygame.event.Event) -> bool:
            self.events.append(event.type)
            return event.type == pygame.KEYDOWN          # it takes keys (typing), not the mouse

        def update(self, dt: float, scene) -> bool:
            self.updates += 1
            return False

        def draw(self, surface: pygame.Surface, scene) -> None:
            surface.fill((255, 0, 255), pygame.Rect(0, 0, 4, 4))

        def dock(self, canvas: tuple[int, int]) -> int:
            return 0                                     # it docks no panel

    layer = Layer()
    drv = Driver(make_table(seed=3), make_services(fonts, speed=0.0))
    sc = drv.scene
    sc.layer = layer
    drv.until(lambda: sc.accepting_input)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    drv.step()
    assert drv.stack.top is sc and pygame.KEYDOWN in layer.events   # Esc went to the layer, not the pause menu
    assert layer.updates > 0 and drv.draw().get_at((1, 1))[:3] == (255, 0, 255)
    sc.close()
