"""The theme: every colour ui/ draws with is named in ui/art/theme.py; a literal colour elsewhere fails here.

The scan reads each module of ui/ as a syntax tree and reports a tuple or list
of three or four ints 0-255 (or three such ints and a computed alpha), a
``Color(...)`` call with literal arguments, a hex colour string, and a colour
name ("red") handed to a drawing call. Tuples of small ints that are not
colours are told apart by where they stand: unpacked into names, looped
over, compared, the rectangle of a ``Rect``/``Button``; the few left (font
sizes, channel orders) are listed in ``NOT_COLOURS`` with the reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tala_desktop.ui
from tala_desktop.ui.art import theme
from tala_desktop.ui.core import display, scene

UI = Path(tala_desktop.ui.__file__).resolve().parent
THEME = UI / "art" / "theme.py"
HEX = re.compile(r"^(#|0x)[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$")
COLOUR_NAMES = {"black", "white", "red", "green", "blue", "yellow", "gold", "grey", "gray", "orange", "cyan",
                "magenta", "purple", "pink", "brown", "navy", "silver", "transparent"}
DRAWING_CALLS = {"fill", "set_colorkey", "render", "render_line", "render_text", "circle", "rect", "line", "lines",
                 "aaline", "aalines", "polygon", "ellipse", "arc", "aacircle", "rounded_rect"}
RECT_CALLS = ("Rect", "Button")          # their first argument is a rectangle (x, y, w, h), never a colour

# (module under ui/, the name the tuple is assigned to or the parameter it is the default of) -> why it is
# not a colour
NOT_COLOURS: dict[tuple[str, str], str] = {
    ("art/felt_colours.py", "_CHANNELS"): "which channel of the green felt makes R, G and B: an order, not a colour",
    ("art/shapes.py", "box"): "the unit square (0, 0, 1, 1) a shape's points are given in",
    ("screens/tutorial_coach.py", "SIZES"): "font sizes (title, note, to do) from large to small",
    ("table/results.py", "PART_SIZES"): "font sizes of the parts of a hand, the largest that fits",
    ("core/display.py", "BAR_COLOUR"): "ui/core sits below ui/art in the layers contract and cannot import the "
                                       "theme; it keeps a copy of theme.BARS, held equal by a test below",
    ("core/scene.py", "BAR_COLOUR"): "as core/display.py: a copy of theme.BARS, held equal below",
}


def _byte(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 255


def _is_colour_tuple(node: ast.AST) -> bool:
    if not isinstance(node, (ast.Tuple, ast.List)) or not 3 <= len(node.elts) <= 4:
        return False
    if not all(_byte(e) for e in node.elts[:3]):
        return False
    return len(node.elts) == 3 or _byte(node.elts[3]) or not isinstance(node.elts[3], (ast.Constant, ast.Starred))


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _owner(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    """The name a literal is assigned to, or the parameter it is the default of ("" when neither)."""
    child, up = node, parents.get(node)
    while up is not None:
        if isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(up.targets[0], ast.Name):
            return up.targets[0].id
        if isinstance(up, ast.AnnAssign) and isinstance(up.target, ast.Name):
            return up.target.id
        if isinstance(up, ast.arguments):
            positional = up.posonlyargs + up.args
            for arg, default in zip(positional[len(positional) - len(up.defaults):], up.defaults):
                if default is child:
                    return arg.arg
            for arg, kw_default in zip(up.kwonlyargs, up.kw_defaults):
                if kw_default is child:
                    return arg.arg
            return ""
        if isinstance(up, (ast.FunctionDef, ast.ClassDef, ast.Lambda)):
            return ""
        child, up = up, parents.get(up)
    return ""


def _not_a_colour(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """A tuple of small ints standing where no colour goes: unpacked, looped over, compared, a rectangle."""
    up = parents.get(node)
    if isinstance(up, ast.Assign) and up.value is node and all(isinstance(t, ast.Tuple) for t in up.targets):
        return True
    if isinstance(up, (ast.For, ast.comprehension)) and up.iter is node:
        return True
    if isinstance(up, ast.Compare):
        return True
    if isinstance(up, ast.Call) and _call_name(up).endswith(RECT_CALLS) and up.args and up.args[0] is node:
        return True
    return isinstance(up, ast.keyword) and up.arg == "rect"


def colour_literals(source: str, module: str = "<snippet>") -> list[tuple[int, str]]:
    """(line, text) of every literal colour in ``source`` (the module's path under ui/ picks its exemptions)."""
    tree = ast.parse(source)
    parents = _parents(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List)) and _is_colour_tuple(node):
            if _not_a_colour(node, parents) or (module, _owner(node, parents)) in NOT_COLOURS:
                continue
            found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            literal_args = [a for a in node.args if isinstance(a, ast.Constant)]
            if name == "Color" and literal_args:
                found.append((node.lineno, ast.unparse(node)))
            elif name in DRAWING_CALLS:
                found += [(node.lineno, repr(a.value)) for a in literal_args
                          if isinstance(a.value, str) and a.value.lower() in COLOUR_NAMES]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and HEX.match(node.value):
            found.append((node.lineno, repr(node.value)))
    return found


def _modules() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py") if p != THEME)


def test_no_colour_literal_outside_the_theme():
    offenders = []
    for path in _modules():
        module = path.relative_to(UI).as_posix()
        offenders += [f"ui/{module}:{line}: {text}" for line, text in colour_literals(path.read_text("utf-8"), module)]
    assert not offenders, "name these colours in ui/art/theme.py:\n" + "\n".join(offenders)


def test_the_scan_reads_the_whole_ui_and_finds_what_it_looks_for():
    assert len(_modules()) > 100
    snippet = '''
import pygame
FELT = (30, 122, 70)
SHADE: tuple[int, int, int, int] = (0, 0, 0, 150)
def draw(surface, a, glow=(255, 228, 110)):
    surface.fill((12, 40, 28))
    pygame.draw.rect(surface, (255, 255, 255, a), box)
    surface.fill(pygame.Color("gold"))
    surface.fill("#1e7a46")
    pygame.draw.circle(surface, "red", (3, 3), 2)
    return [250, 250, 244]
'''
    lines = [line for line, _ in colour_literals(snippet)]
    assert sorted(lines) == [3, 4, 5, 6, 7, 8, 9, 10, 11]


def test_small_int_tuples_that_are_not_colours_pass():
    snippet = '''
W, H, GAP = 128, 46, 10
for k in (1, 2, 5, 10):
    pass
ok = order == (0, 1, 2)
b = Button((0, 0, 1, 1), "x", fonts)
r = pygame.Rect((0, 0, 10, 10))
rows = [(x, 0, 1, 2) for x in range(3)]
style = Button(rect, "x", fonts, style="red")
'''
    assert colour_literals(snippet) == []
    assert colour_literals("SIZES = ((19, 17, 18), (17, 15, 16))", "screens/tutorial_coach.py") == []
    assert colour_literals("SIZES = ((19, 17, 18), (17, 15, 16))", "screens/setup.py") != []


@pytest.mark.parametrize("module", [display, scene])
def test_the_bars_round_the_canvas_are_the_themes(module):
    assert module.BAR_COLOUR == theme.BARS


def test_every_theme_colour_is_a_colour():
    def check(name: str, value: object) -> None:
        if isinstance(value, dict):
            for key, v in value.items():
                check(f"{name}[{key!r}]", v)
        elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
            for i, v in enumerate(value):
                check(f"{name}[{i}]", v)
        else:
            assert isinstance(value, tuple) and len(value) in (3, 4), name
            assert all(type(c) is int and 0 <= c <= 255 for c in value), name

    names = [n for n in vars(theme) if n.isupper() and n != "RGBA"]     # RGBA: the type
    assert len(names) > 150
    for name in names:
        check(name, getattr(theme, name))
