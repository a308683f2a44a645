"""Which of the search's hot modules run compiled (mypyc) and which as Python: the list, and what loaded.

The Hard bot's search spends its time in a few typed modules: the meld
solver, the send planner, Normal's hand evaluation and the playout loop.
``python tools/compile_hot.py`` compiles exactly these (``HOT_MODULES``) with
mypyc into extension modules beside their sources, which Python then
imports in their place; the PyInstaller build does the same, so the app
ships them. Without a C compiler nothing is compiled and the same sources
run as Python: the results are the same, only slower (docs/benchmarks.md).

The modules that check input from outside (moves, rules, the game state's
``check``) stay Python on purpose: compiled code enforces the annotations and
would answer a malformed move with a ``TypeError`` instead of the engine's
typed refusal.
"""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

HOT_MODULES: tuple[str, ...] = (
    "tala_desktop.engine.cards",
    "tala_desktop.engine.melds",
    "tala_desktop.engine.solver",
    "tala_desktop.engine.sends",
    "tala_desktop.bots.knowledge",
    "tala_desktop.bots.evaluate",
    "tala_desktop.bots.easy",
    "tala_desktop.bots.normal",
    "tala_desktop.bots.determinize",
    "tala_desktop.bots.hard",
)
GROUP = "tala_desktop.hot"  # the compiled modules' shared library is tala_desktop/hot__mypyc.<suffix>
SHARED_LIBRARY = f"{GROUP}__mypyc"


def compiled_modules() -> list[str]:
    """The hot modules that were imported from compiled extension modules (imports them)."""
    return [name for name in HOT_MODULES
            if isinstance(importlib.import_module(name).__loader__, importlib.machinery.ExtensionFileLoader)]


def describe() -> str:
    """One line for logs and benchmarks: how the search's hot modules run here."""
    done = compiled_modules()
    if not done:
        return "search modules: Python (not compiled)"
    if len(done) == len(HOT_MODULES):
        return f"search modules: compiled with mypyc ({len(done)} modules)"
    return f"search modules: {len(done)} of {len(HOT_MODULES)} compiled with mypyc (the others Python)"


def stale_modules() -> list[str]:
    """Hot modules with a compiled file older than their source beside it (they would run old code).

    Looked up by path: a compiled module's ``__file__`` is not where the file is.
    """
    out = []
    for name in HOT_MODULES:
        parent, leaf = name.rsplit(".", 1)
        if any(is_stale(Path(folder), leaf) for folder in importlib.import_module(parent).__path__):
            out.append(name)
    return out


def is_stale(folder: Path, leaf: str) -> bool:
    """Whether ``folder`` holds a compiled ``leaf`` module older than ``leaf.py`` beside it."""
    source = folder / f"{leaf}.py"
    if not source.exists():
        return False
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        built = folder / f"{leaf}{suffix}"
        if built.exists() and built.stat().st_mtime < source.stat().st_mtime:
            return True
    return False
