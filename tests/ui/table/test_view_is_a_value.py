"""The table's frame is a value: no TableView field holds a widget, a function or an image, the painter reads
nothing but the view (no settings, no translations), and two frames that look the same compare equal."""

from __future__ import annotations

import ast
import dataclasses
import types
import typing
from collections.abc import Callable
from pathlib import Path

import pygame

from tala_desktop.ui.table import painter as painter_module
from tala_desktop.ui.table.view import TableView
from tala_desktop.ui.widgets.controls import Banner, Button
from tests.ui.table_helpers import Driver, make_services, make_table

WIDGET_METHODS = ("handle_event", "draw", "update")    # what a widget or a live layer has and a value does not


def _types_in(hint: object) -> list[object]:
    """``hint`` and every type inside it (tuple[...], X | None, Mapping[K, V])."""
    out = [hint]
    for arg in typing.get_args(hint):
        if arg is not Ellipsis:
            out += _types_in(arg)
    return out


def _problems(cls: type, seen: set[type], path: str) -> list[str]:
    """What in ``cls`` (a dataclass reached from TableView) is not a value: a field typed as a function, or as a class
    that handles events, draws itself or updates itself, or a dataclass that is not frozen."""
    if cls in seen:
        return []
    seen.add(cls)
    if not dataclasses.is_dataclass(cls):
        return []
    out = [] if cls.__dataclass_params__.frozen else [f"{path}: {cls.__name__} is not frozen"]  # type: ignore[attr-defined]
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        for t in _types_in(hints[f.name]):
            origin = typing.get_origin(t) or t
            where = f"{path}.{f.name}"
            if origin is Callable or origin is types.FunctionType:
                out.append(f"{where} is a function")
            elif origin is pygame.Surface:
                out.append(f"{where} holds an image (a Surface compares by identity, not by what it shows)")
            elif isinstance(origin, type):
                if any(hasattr(origin, m) for m in WIDGET_METHODS):
                    out.append(f"{where} holds {origin.__name__}, which draws or handles events itself")
                out += _problems(origin, seen, where)
    return out


def test_no_view_field_holds_a_widget_or_a_function():
    assert _problems(TableView, set(), "TableView") == []


@dataclasses.dataclass(frozen=True)
class _Inner:
    banner: Banner


@dataclasses.dataclass
class _Bad:
    button: tuple[Button, ...]
    paint: Callable[[int], None] | None
    inner: _Inner
    image: pygame.Surface | None


def test_the_check_finds_a_widget_and_a_function():
    problems = _problems(_Bad, set(), "Bad")
    assert any("not frozen" in p for p in problems)
    assert any("button" in p for p in problems) and any("paint" in p for p in problems)
    assert any("inner.banner" in p for p in problems)
    assert any("image" in p for p in problems)


def test_the_painter_imports_neither_the_settings_nor_the_translations():
    tree = ast.parse(Path(painter_module.__file__).read_text(encoding="utf-8"))
    imported = [(node.module or "", alias.name) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names]
    imported += [(alias.name, "") for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert imported, "the painter's imports were not read"
    for module, name in imported:
        assert not module.endswith(("i18n", "services", "app_settings", "settings")), module
        assert name not in ("tr", "tr_count", "money", "get_language", "Services", "UiSettings"), name
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert "settings" not in attributes and "services" not in attributes


def test_a_frame_carries_its_values_and_two_alike_frames_are_equal(pg, fonts):
    services = make_services(fonts)
    drv = Driver(make_table(), services)
    sc = drv.scene
    drv.until(lambda: sc.model is not None and sc.accepting_input and sc.model.my_turn)
    first, again = sc.view(), sc.view()
    assert first == again                                  # nothing moved: the same frame
    for f in dataclasses.fields(first):
        value = getattr(first, f.name)
        assert not callable(value) or isinstance(value, type), f.name
    assert all(isinstance(b.label, str) and b.label for b in first.buttons + first.controls)
    assert first.words.title and len(first.words.seats) == sc.model.n and first.felt == services.settings.table_colour
    drv.step()
    later = sc.view()
    assert later != first and later.now > first.now        # the clock moved on


def test_drawing_a_view_twice_gives_the_same_pixels(pg, fonts):
    services = make_services(fonts)
    drv = Driver(make_table(), services)
    sc = drv.scene
    drv.until(lambda: sc.model is not None and sc.accepting_input and sc.model.my_turn)
    view = sc.view()
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    sc.painter.draw(a, view)
    services.settings.table_colour = "red"                # the settings change: a view already built does not
    sc.painter.draw(b, view)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert sc.view().felt == "red" and sc.view() != view
