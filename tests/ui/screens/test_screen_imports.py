"""The screens open one another through ``Services.pages``, never through an import hidden in a function.

An import inside a function is how a circle of screens (menu -> rules ->
tutorial -> menu) hides from a reader and from load order; the import
contracts in pyproject.toml keep the circle itself out. Here: no function of
a ``ui/screens`` module imports another screen.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tala_desktop.ui.screens as screens_package

SCREENS = Path(screens_package.__file__).parent
PACKAGE = "tala_desktop.ui.screens"


def imported_screens(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The ``ui/screens`` modules an import statement names (relative ones resolved from inside the package)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith(PACKAGE + ".")]
    if node.level == 1:           # from .x import y, from . import x
        base = f"{PACKAGE}.{node.module}" if node.module else PACKAGE
    elif node.level == 0 and node.module is not None:
        base = node.module
    else:                         # from ..table import x: another layer, not a screen
        return []
    if base == PACKAGE:
        return [f"{PACKAGE}.{a.name}" for a in node.names]
    return [base] if base.startswith(PACKAGE + ".") else []


def function_imports(path: Path) -> list[tuple[str, str]]:
    """(function, screen module) for every import of a screen made inside a function of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    found += [(fn.name, module) for module in imported_screens(node)]
    return found


def test_the_reader_finds_screen_imports_hidden_in_functions(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from .rules import RulesScene\n\n"
                      "def open_tutorial():\n    from .tutorial import open_tutorial\n\n"
                      "def lan():\n    from ..lan.browser import LanBrowserScene\n\n"
                      "def other():\n    from tala_desktop.ui.screens import menu\n"
                      "    import tala_desktop.ui.screens.setup\n", encoding="utf-8")
    assert function_imports(sample) == [("open_tutorial", f"{PACKAGE}.tutorial"), ("other", f"{PACKAGE}.menu"),
                                        ("other", f"{PACKAGE}.setup")]


def test_no_screen_imports_another_inside_a_function():
    modules = sorted(SCREENS.glob("*.py"))
    assert {"menu.py", "rules.py", "tutorial.py"} <= {p.name for p in modules}
    hidden = {p.name: function_imports(p) for p in modules}
    assert {name: found for name, found in hidden.items() if found} == {}
