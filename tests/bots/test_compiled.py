"""The compiled search modules: the staleness guard, and the engine values a compiled build must carry across."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import pickle
import sys
from pathlib import Path

import pytest

from tala_desktop.bots import compiled
from tala_desktop.engine.cards import mask_of, parse_cards
from tala_desktop.engine.melds import Phom

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A throwaway package ``hotpkg`` with one module ``fast``, listed as the only hot module."""
    root = tmp_path / "hotpkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "fast.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(compiled, "HOT_MODULES", ("hotpkg.fast",))
    yield root
    sys.modules.pop("hotpkg", None)
    sys.modules.pop("hotpkg.fast", None)


def test_a_compiled_file_older_than_its_source_is_stale(package):
    built = package / f"fast{SUFFIX}"
    built.write_bytes(b"")
    source = package / "fast.py"
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    assert compiled.stale_modules() == ["hotpkg.fast"]
    os.utime(built, (3_000_000, 3_000_000))
    assert compiled.stale_modules() == []


def test_without_compiled_files_nothing_is_stale_and_everything_runs_as_python(package):
    assert compiled.stale_modules() == []
    assert compiled.compiled_modules() == []
    assert compiled.describe() == "search modules: Python (not compiled)"


def test_the_hot_modules_are_the_engine_and_bot_modules_that_exist():
    for name in compiled.HOT_MODULES:
        parent, leaf = name.rsplit(".", 1)
        assert parent in ("tala_desktop.engine", "tala_desktop.bots")
        assert (Path(__file__).resolve().parents[2] / parent.replace(".", "/") / f"{leaf}.py").is_file()
    # the modules that check input from outside stay Python: compiled, a bad move would raise TypeError
    assert not {"tala_desktop.engine.legal", "tala_desktop.engine.moves", "tala_desktop.engine.rules",
                "tala_desktop.engine.state"} & set(compiled.HOT_MODULES)


@pytest.mark.parametrize("cards, ace_high", [("7H 7S 7D", False), ("QH KH AH", True), ("3C 4C 5C 6C", False)])
def test_a_phom_pickles_and_copies_with_its_shape(cards, ace_high):
    """A search process receives the laid phỏm pickled; a compiled Phom has no bare __new__ to unpickle with."""
    p = Phom(mask_of(parse_cards(cards.split())), ace_high)
    for q in (pickle.loads(pickle.dumps(p)), p.copy()):
        assert (q.mask, q.is_set, q.suit, q.lo, q.hi) == (p.mask, p.is_set, p.suit, p.lo, p.hi)
        assert q is not p


def _compile_tool():
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("_tool_compile_hot", root / "tools" / "compile_hot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_compile_tool_finds_cleans_and_judges_only_the_compiled_files(tmp_path, monkeypatch):
    tool = _compile_tool()
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "HOT_MODULES", ("pkg.fast", "pkg.slow"))
    monkeypatch.setattr(tool, "SHARED_LIBRARY", "pkg.hot__mypyc")
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    for name in ("fast.py", "slow.py", "other.py", f"other{SUFFIX}"):
        (pkg / name).write_text("")
    assert tool.compiled_files() == []
    assert tool.status() == "no compiled modules: everything runs as Python"
    built = [pkg / f"fast{SUFFIX}", pkg / f"hot__mypyc{SUFFIX}"]
    for path in built:
        path.write_bytes(b"")
    os.utime(pkg / "fast.py", (1_000_000, 1_000_000))
    assert sorted(tool.compiled_files()) == sorted(built)
    assert "stale" not in tool.status()
    os.utime(pkg / "fast.py", (4_000_000_000, 4_000_000_000))
    assert "stale (older than their source): pkg.fast" in tool.status()
    assert sorted(tool.clean()) == sorted(built)
    assert sorted(p.name for p in pkg.iterdir()) == sorted(["fast.py", "slow.py", "other.py", f"other{SUFFIX}"])
