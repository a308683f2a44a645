"""The table scene is extended by composition, never by inheritance: no class in the game, its tests, tools or
benchmarks subclasses ``TableScene`` (the tutorial is a table scene plus a coach layer and a move filter)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FOLDERS = ("tala_desktop", "tests", "tools", "bench")


def base_names(cls: ast.ClassDef) -> list[str]:
    """The names a class's bases are written with (``TableScene``, ``scene.TableScene``: the last part)."""
    out = []
    for base in cls.bases:
        node = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
    return out


def subclasses_of(name: str, source: str) -> list[str]:
    return [n.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef) and name in base_names(n)]


def test_the_check_sees_a_subclass_however_it_is_written():
    written = "class A(TableScene): ...\nclass B(scene.TableScene, Other): ...\nclass C(Scene): ...\n"
    assert subclasses_of("TableScene", written) == ["A", "B"]


def test_no_class_subclasses_the_table_scene():
    found = [f"{path.relative_to(ROOT)}: {cls}" for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
             for cls in subclasses_of("TableScene", path.read_text(encoding="utf-8"))]
    assert found == []
