"""The chat layer's picture is a value: the frame's TableView carries its frozen SocialLook (no widget, no function,
no surface in it), two frames alike compare equal, a hover or a new line makes another, and its painters draw the
look alone: they read no widget, no setting and no translation."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pygame

from tala_desktop.ui.core.i18n import set_language, tr
from tala_desktop.ui.social import bubble_art, chat_painter, social_painter
from tala_desktop.ui.social.chat_lines import ChatEntry
from tala_desktop.ui.social.layer import SocialLayer
from tala_desktop.ui.social.social_channel import ChatMessage
from tala_desktop.ui.social.social_look import SocialLook
from tests.ui.social.lan_fakes import FakeSession, lan_table_scene, table_info
from tests.ui.social.test_social_layer import Channel
from tests.ui.social.views import dealt
from tests.ui.table_helpers import Driver, make_services, make_table

WIDGET_METHODS = ("handle_event", "update")       # what a widget has and a value does not


def not_values(value: object, path: str = "look") -> list[str]:
    """What in ``value`` (walked through its fields, tuples and dicts) is not a plain value: a widget, a function, a
    surface, a rectangle someone could move, a dataclass that is not frozen."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return []
    if isinstance(value, (pygame.Surface, pygame.Rect)):
        return [f"{path} is a {type(value).__name__}"]
    if isinstance(value, (tuple, list)):
        return [p for i, v in enumerate(value) for p in not_values(v, f"{path}[{i}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = [] if type(value).__dataclass_params__.frozen else [f"{path} is not frozen"]  # type: ignore[attr-defined]
        return out + [p for f in dataclasses.fields(value)
                      for p in not_values(getattr(value, f.name), f"{path}.{f.name}")]
    if callable(value) or any(hasattr(value, m) for m in WIDGET_METHODS):
        return [f"{path} is a {type(value).__name__}, which acts or draws itself"]
    return [f"{path} holds a {type(value).__name__}"]


def settled(fonts, channel: Channel) -> tuple[Driver, SocialLayer]:
    drv = Driver(make_table(seed=7), make_services(fonts))
    layer = SocialLayer(channel, fonts)
    drv.scene.layer = layer
    drv.until(lambda: dealt(drv.scene) and drv.scene.view().buttons != ())   # your turn's buttons show
    drv.step(10)
    return drv, layer


def move(drv: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    drv.step()


def test_the_walk_finds_what_is_not_a_value():
    @dataclasses.dataclass
    class Loose:
        n: int

    assert not_values(SocialLook()) == []
    found = not_values((Loose(1), pygame.Rect(0, 0, 1, 1), print, pygame.Surface((1, 1))))
    assert len(found) == 4 and "not frozen" in found[0] and "Rect" in found[1] and "Surface" in found[3]


def test_every_part_of_a_busy_look_is_a_plain_value(pg, fonts):
    session = FakeSession(table_info(muted=("Lan",)))
    drv, layer = lan_table_scene(fonts, session)
    drv.click(layer.panel.toggle_rect.center)                            # the chat open, a line typed
    for text in ("Chào cả nhà", "Ván này căng đấy"):
        layer.panel.add(ChatEntry(ChatMessage("Lan", 1, text=text), (200, 100, 100)))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="xin chào"))
    drv.step()
    drv.click(drv.scene.layout.seat(1).avatar_centre)                   # the host's menu of Lan
    look = drv.scene.view().layer
    assert isinstance(look, SocialLook)
    assert look.panel is not None and look.panel.open is not None and look.panel.open.rows
    assert look.people.marks and look.people.menu is not None and look.watchers is not None
    assert not_values(look) == []
    drv.scene.close()


def test_two_still_frames_are_equal_and_a_hover_or_a_new_line_makes_another(pg, fonts):
    channel = Channel()
    drv, layer = settled(fonts, channel)
    sc = drv.scene
    drv.click(layer.panel.toggle_rect.center)
    move(drv, (5, 300))
    drv.step(5)
    first, again = sc.view(), sc.view()
    assert first == again and first.layer is again.layer              # nothing moved: the same frame, one look
    drv.step()
    assert sc.view().layer is first.layer                              # a frame later, nothing said: the same look
    phrase = first.layer.panel.open.buttons[1]
    move(drv, phrase.rect.center)                                      # the pointer lights a quick phrase
    lit = sc.view().layer
    assert lit != first.layer and lit.panel.open.buttons[1].hover and not phrase.hover
    move(drv, (5, 300))
    assert sc.view().layer == first.layer                              # dark again: the frame as before
    channel.inbox.append(ChatMessage("Lan", 1, text="chào"))
    drv.step()
    said = sc.view().layer
    assert said != first.layer and said.panel.open.rows != first.layer.panel.open.rows
    assert said.bubbles and said.bubbles[0].content.rows == ("chào",)
    sc.close()


def test_a_look_is_drawn_the_same_whatever_the_layer_does_afterwards(pg, fonts):
    set_language("vi")
    channel = Channel()
    drv, layer = settled(fonts, channel)
    drv.click(layer.panel.toggle_rect.center)
    look = drv.scene.view().layer
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    layer.draw(a, look)
    layer.panel.close()                                                # the widgets move on, the language changes
    channel.inbox.append(ChatMessage("Lan", 1, reaction="gg"))
    set_language("en")
    drv.step()
    layer.draw(b, look)                                                # the look already built does not
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert look.panel.open.title == "Trò chuyện"                      # said when it was built
    now = drv.scene.view().layer
    assert now.panel.open is None and now.bubbles[0].content.words == tr("react.gg")   # in English now
    drv.scene.close()


def test_the_chat_layers_painters_import_no_settings_no_translations_and_no_widgets():
    for module in (social_painter, chat_painter, bubble_art):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        imported = [(node.module or "", alias.name) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    for alias in node.names]
        assert imported, f"{module.__name__}'s imports were not read"
        for where, name in imported:
            assert not where.endswith(("i18n", "services", "settings", "controls", "form")), (module.__name__, where)
            assert not where.endswith(("layer", "chat_panel", "people", "people_menu", "between", "bubbles")), where
            assert name not in ("tr", "tr_count", "get_language", "Services", "UiSettings", "Button"), name
        attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert "settings" not in attributes and "services" not in attributes
