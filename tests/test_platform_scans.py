"""Scans of the sources for what breaks on another platform: a test using a platform-only module or call without
a skip there, and a build or tool reading text in the machine's code page instead of UTF-8."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# -- every test that needs one platform's module or call says so --------------------------------------------------

# Modules and calls that exist on some platforms only: a test that touches one must be skipped where it is missing
# (a `skipif` on the test or the module, a platform `if` around the use, or a platform check before a `pytest.skip`).
PLATFORM_ONLY_MODULES = {"fcntl", "msvcrt", "winreg", "winsound", "_winapi", "resource", "termios", "pwd", "grp"}
PLATFORM_ONLY_CALLS = {("os", "nice"), ("os", "fork"), ("os", "sysconf"), ("os", "getuid"), ("os", "killpg"),
                       ("os", "setsid"), ("signal", "SIGKILL"), ("signal", "SIGHUP"), ("signal", "SIGUSR1"),
                       ("signal", "SIGALRM"), ("signal", "alarm")}


def _is_platform_check(node: ast.expr) -> bool:
    """A condition that asks which platform this is: ``sys.platform``, ``os.name``, ``hasattr(os, ...)``..."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and (sub.attr == "platform" or (sub.attr == "name" and
                                                                          isinstance(sub.value, ast.Name) and
                                                                          sub.value.id == "os")):
            return True
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "hasattr":
            return True
    return False


def _platform_skip_marks(decorators: list[ast.expr]) -> bool:
    """True if one of the decorators (or a module's ``pytestmark``) is a ``skipif`` on the platform."""
    for deco in decorators:
        for sub in ast.walk(deco):
            if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr == "skipif"
                    and sub.args and _is_platform_check(sub.args[0])):
                return True
    return False


def _skips_first(body: list[ast.stmt]) -> bool:
    """The function starts (before any other statement but its docstring) with ``if <platform>: pytest.skip(...)``."""
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        return isinstance(stmt, ast.If) and _is_platform_check(stmt.test) and any(
            isinstance(s, ast.Call) and isinstance(s.func, ast.Attribute) and s.func.attr == "skip"
            for s in ast.walk(stmt))
    return False


def unguarded_platform_uses(source: str) -> list[str]:
    """``line: name`` of every use of a platform-only module or call that nothing skips where it is missing."""
    tree = ast.parse(source)
    found: list[str] = []
    module_guarded = any(
        isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets)
        and _platform_skip_marks([stmt.value]) for stmt in tree.body)

    def use_of(node: ast.AST) -> str | None:
        if isinstance(node, ast.Import):
            return next((a.name for a in node.names if a.name.split(".")[0] in PLATFORM_ONLY_MODULES), None)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            return node.module if node.module.split(".")[0] in PLATFORM_ONLY_MODULES else None
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and (node.value.id, node.attr) in PLATFORM_ONLY_CALLS):
            return f"{node.value.id}.{node.attr}"
        return None

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            guarded = guarded or _platform_skip_marks(node.decorator_list) or (
                not isinstance(node, ast.ClassDef) and _skips_first(node.body))
        if isinstance(node, (ast.If, ast.IfExp)) and _is_platform_check(node.test):
            for child in (*_as_list(node.body), *_as_list(node.orelse)):
                visit(child, True)
            visit(node.test, guarded)
            return
        if not guarded and (name := use_of(node)) is not None:
            found.append(f"{getattr(node, 'lineno', 0)}: {name}")
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    for stmt in tree.body:  # a module-level import runs at collection, before any mark can skip the module
        visit(stmt, module_guarded and isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    return found


def _as_list(part: ast.AST | list[ast.stmt]) -> list[ast.AST]:
    return list(part) if isinstance(part, list) else [part]


def test_every_test_that_needs_one_platform_is_skipped_on_the_others():
    offenders = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        uses = unguarded_platform_uses(path.read_text(encoding="utf-8"))
        if uses:
            offenders[str(path.relative_to(ROOT))] = uses
    assert not offenders, f"platform-only modules or calls without a platform skip: {offenders}"


def test_the_platform_scan_sees_an_unguarded_use_and_every_kind_of_guard():
    source = '''
import os, signal, sys
import pytest

def test_bare():
    import fcntl
    os.nice(0)

@pytest.mark.skipif(sys.platform == "win32", reason="POSIX")
def test_marked():
    import fcntl
    signal.SIGKILL

def test_branch():
    if sys.platform != "win32":
        import fcntl
    x = signal.SIGKILL if hasattr(signal, "SIGKILL") else None

def test_skips_first():
    """Doc."""
    if not hasattr(os, "nice"):
        pytest.skip("no nice")
    os.nice(0)

def test_other_skip():
    if os.environ.get("X"):
        pytest.skip("not a platform")
    from msvcrt import locking
'''
    assert unguarded_platform_uses(source) == ["6: fcntl", "7: os.nice", "28: msvcrt"]
    marked = ('import pytest, signal, sys\npytestmark = pytest.mark.skipif(sys.platform == "win32", reason="")\n'
              'import fcntl\ndef test_kill():\n    signal.SIGKILL\n')
    assert unguarded_platform_uses(marked) == ["3: fcntl"]   # the mark skips the tests, not the module's import


# -- the build on a Windows machine whose code page is not UTF-8 -------------------------------------------------

def text_io_without_encoding(source: str) -> list[str]:
    """``line: call`` of each text read or write that leaves the encoding to the machine's code page."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        kwargs = {k.arg: k.value for k in node.keywords}
        if "encoding" in kwargs:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in ("read_text", "write_text"):
            found.append(f"{getattr(node, 'lineno', 0)}: {name}")
        elif name == "open":
            positional = node.args[1:2] if isinstance(func, ast.Name) else node.args[:1]
            mode = kwargs.get("mode", positional[0] if positional else None)
            text = isinstance(mode, ast.Constant) and isinstance(mode.value, str) and "b" not in mode.value
            if text or (mode is None and isinstance(func, ast.Name)):
                found.append(f"{node.lineno}: open")
    return found


def test_the_build_and_the_tools_read_and_write_text_as_utf8():
    """A Windows machine's code page (cp1252, cp1258) is not UTF-8: every text the build or a tool reads says so."""
    files = [ROOT / "build.spec", *sorted((ROOT / "tools").glob("*.py"))]
    found = {p.name: hits for p in files if (hits := text_io_without_encoding(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_encoding_scan_sees_each_kind_of_text_io():
    source = ('p.read_text()\np.write_text("x", encoding="utf-8")\nopen(f)\nopen(f, "rb")\nlog.open("w")\n'
              'zf.open(info)\nopen(f, "w", encoding="utf-8")\np.open(mode="a")\n')
    assert text_io_without_encoding(source) == ["1: read_text", "3: open", "5: open", "8: open"]
