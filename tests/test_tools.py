"""The command-line tools explain themselves: every option has a help line that shows its default, and the
tools' own outputs say what they did (the simulator's deal rounding, rates, the scenario runner's total)."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE_TOOLS = ["tala_desktop.engine.demo", "tala_desktop.engine.scenario", "tala_desktop.net.cli", "tala_desktop.app"]
SCRIPT_TOOLS = sorted(str(p.relative_to(ROOT)) for folder in ("bench", "tools") for p in (ROOT / folder).glob("*.py"))


def _bench_extra() -> set[str]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {re.split(r"[<>=!~;\[ ]", r, maxsplit=1)[0] for r in pyproject["project"]["optional-dependencies"]["bench"]}


_BENCH_EXTRA = _bench_extra()


class _Parsed(Exception):
    """Raised instead of parsing: carries the parser the tool built."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__(parser.prog)
        self.parser = parser


def _parser_of(monkeypatch, tool: str) -> argparse.ArgumentParser:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")

    def capture(self, *args, **kwargs):
        raise _Parsed(self)

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", capture)
    monkeypatch.setattr(sys, "argv", [tool, "--help"])
    if tool.endswith(".py"):
        monkeypatch.syspath_prepend(str(ROOT))
        spec = importlib.util.spec_from_file_location(f"_tool_{Path(tool).stem}", ROOT / tool)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, spec.name, module)   # a tool's dataclasses look their module up
        try:
            spec.loader.exec_module(module)
        except ModuleNotFoundError as exc:  # a benchmark's own extra: pip install '.[bench]' (CI has it)
            if exc.name not in _BENCH_EXTRA:
                raise
            pytest.skip(f"{tool} needs {exc.name}: pip install '.[bench]'")
    else:
        module = importlib.import_module(tool)
    entry = getattr(module, "parse_args", None) or module.main
    with pytest.raises(_Parsed) as parsed:
        entry()
    return parsed.value.parser


def _unexplained(parser: argparse.ArgumentParser) -> list[str]:
    """Options without a help line, or whose non-trivial default the help does not show."""
    shows_defaults = isinstance(parser.formatter_class, type) and issubclass(parser.formatter_class,
                                                                           argparse.ArgumentDefaultsHelpFormatter)
    bad = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            continue
        name = "/".join(action.option_strings) or action.dest
        if not action.help or action.help == argparse.SUPPRESS:
            bad.append(f"{name}: no help")
        elif action.default not in (None, False, [], argparse.SUPPRESS) and not (
                shows_defaults or "default" in action.help.lower()):
            bad.append(f"{name}: default {action.default!r} not shown")
    return bad


@pytest.mark.parametrize("tool", MODULE_TOOLS + SCRIPT_TOOLS)
def test_every_option_of_every_tool_is_explained_with_its_default(monkeypatch, tool):
    parser = _parser_of(monkeypatch, tool)
    assert parser.description, f"{tool}: no description"
    assert _unexplained(parser) == []
    text = parser.format_help()
    assert "%(default)" not in text and "(default: None)" not in text


def test_the_check_finds_an_option_without_help():
    parser = argparse.ArgumentParser(description="x")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3, help="seed")
    assert _unexplained(parser) == ["--games: no help", "--seed: default 3 not shown"]


def test_the_simulator_says_how_many_games_duplicate_deals_make(monkeypatch, capsys):
    pytest.importorskip("tqdm", reason="bench/sim.py needs tqdm: pip install '.[bench]'")
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    sim = importlib.import_module("sim")

    assert sim.main(["--games", "6", "--seats", "random,random,random,random", "--duplicate", "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert "1 deals x 4 rotations = 4 games (not 6)" in err
    assert out.startswith("4 games in ")
    assert [sim._rate(x) for x in (2727.4, 321.2, 32.14, 1.234, 0.5)] == ["2727", "321", "32.1", "1.23", "0.5"]


def test_the_scenario_runner_puts_the_reason_first_and_prints_a_total(tmp_path, capsys):
    from tala_desktop.engine import scenario

    good = sorted((ROOT / "tests" / "scenarios").glob("*.json"))[0]
    wrong = json.loads(good.read_text(encoding="utf-8"))
    wrong["expect"] = {"outcome": {"kind": "no such outcome"}}
    (tmp_path / "wrong.json").write_text(json.dumps(wrong), encoding="utf-8")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    code = scenario.main([str(good), str(tmp_path / "wrong.json"), str(tmp_path / "bad.json")])
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert list(lines[1])[:4] == ["name", "file", "ok", "mismatches"]
    assert lines[1]["ok"] is False and lines[1]["mismatches"]
    assert len(lines) == 2 and f"{tmp_path / 'bad.json'}: malformed scenario: not valid JSON" in err
    assert err.strip().endswith("3 scenario file(s): 1 ok, 1 failed, 1 malformed")


def test_the_demo_writes_moves_with_the_cards_of_the_hands():
    import io

    from tala_desktop.engine import demo

    printed = io.StringIO()
    demo.play(7, 4, "zingplay", out=printed)
    out = printed.getvalue()
    assert "0 discard K♦" in out and "discard Kd" not in out
    assert all(not line.split()[2:3] or line.split()[2][-1] in "♠♣♦♥" for line in out.splitlines()
               if " discard " in line)


def test_every_tool_is_in_this_check():
    assert len(SCRIPT_TOOLS) >= 15 and os.path.join("tools", "zip_app.py") in SCRIPT_TOOLS


def test_the_discard_rates_table_labels_its_rows_and_its_thirteen_columns(monkeypatch, capsys):
    pytest.importorskip("tqdm", reason="bench/discard_rates.py needs tqdm: pip install '.[bench]'")
    spec = importlib.util.spec_from_file_location("_tool_discard_rates", ROOT / "bench" / "discard_rates.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(sys, "argv", ["discard_rates.py", "--games", "1"])
    assert module.main() == 0
    lines = capsys.readouterr().out.splitlines()
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    headers = [i for i, line in enumerate(lines) if line.split()[1:] == ranks]
    assert [lines[i].split()[0] for i in headers] == ["easy", "normal"]
    for i in headers:
        rows = lines[i + 1:i + 4]
        assert [row.split(":")[0].strip() for row in rows] == ["discard 1", "discard 2", "discard 3"]
        for row in rows:  # 13 numbers, each right-aligned under its rank
            assert len(row.split(":")[1].split()) == 13 and len(row) == len(lines[i])
