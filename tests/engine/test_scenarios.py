"""The engine's executable specification: every tests/scenarios/*.json must pass, and the CLI must
report refused moves, mismatches and malformed files as docs/scenarios.md says.

Files under tests/scenarios/pending/ pin suspected engine bugs (the expectation RULES.md demands) and
are deliberately not run here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tala_desktop.engine.scenario import ScenarioError, run_file

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))


def test_there_are_enough_scenarios():
    assert len(FILES) >= 45


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path):
    result = run_file(path)
    problems = list(result.get("mismatches", []))
    if result["error"]:
        problems.append(f"move {result['error']['move']} refused: {result['error']['message']}")
    assert result["ok"], f"{path.name} ({result['name']}):\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_names_its_rule(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["name"].startswith("§"), "the name starts with the RULES.md section it pins"
    assert data.get("expect"), "a scenario without expectations pins nothing"


# ---------------------------------------------------------------- the command-line runner
PASSING: dict[str, Any] = {
    "name": "cli: a passing file",
    "rules": {"players": 2},
    "hands": [
        ["7h", "As", "4s", "10s", "Ks", "2c", "5c", "8c", "Jc", "Kd"],
        ["7c", "7d", "3s", "6h", "9d", "Qd", "2h", "Jh", "4c"],
    ],
    "moves": ["0 discard 7h", "1 eat"],
    "expect": {"state": {"to_move": 1, "eaten": [[], ["7h"]]}, "legal_excludes": ["1 discard 7h"]},
}


def _cli(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tala_desktop.engine.scenario", *map(str, paths)],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _variant(**changes: object) -> dict:
    data = json.loads(json.dumps(PASSING))
    data.update(changes)
    return data


def test_cli_passing_file_exits_0(tmp_path: Path):
    path = _write(tmp_path, "pass.json", PASSING)
    proc = _cli(path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["name"] == "cli: a passing file"
    assert out["ok"] is True and out["error"] is None
    assert set(out) >= {"name", "ok", "error", "outcome", "state", "events"}
    assert out["state"]["eaten"] == [[], ["7h"]]


def test_cli_prints_one_object_per_file(tmp_path: Path):
    a = _write(tmp_path, "a.json", PASSING)
    b = _write(tmp_path, "b.json", _variant(name="second"))
    proc = _cli(a, b)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert [o["name"] for o in lines] == ["cli: a passing file", "second"]


def test_cli_refused_move_exits_1_and_names_the_move(tmp_path: Path):
    # 1 discards the eaten 7h: refused; it is the move at index 2.
    path = _write(tmp_path, "refused.json", _variant(moves=["0 discard 7h", "1 eat", "1 discard 7h"], expect={}))
    proc = _cli(path)
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["ok"] is False
    assert out["error"]["move"] == 2
    assert "7h" in out["error"]["message"]
    assert "move 2" in proc.stderr


def test_cli_expect_mismatch_exits_1_and_says_what_differed(tmp_path: Path):
    path = _write(tmp_path, "mismatch.json", _variant(expect={"state": {"to_move": 0}, "legal_includes": ["1 draw"]}))
    proc = _cli(path)
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["ok"] is False and out["error"] is None
    assert any("to_move" in m for m in out["mismatches"])
    assert any("1 draw" in m for m in out["mismatches"])
    assert "to_move" in proc.stderr


def test_cli_events_include_mismatch_exits_1(tmp_path: Path):
    path = _write(tmp_path, "events.json", _variant(expect={"events_include": [{"type": "ate", "card": "Kd"}]}))
    proc = _cli(path)
    assert proc.returncode == 1
    assert "events_include" in proc.stderr


def test_run_file_reports_a_refused_move_by_index(tmp_path: Path):
    path = _write(tmp_path, "refused.json", _variant(moves=["0 discard 7h", "0 discard Kd"], expect={}))
    result = run_file(path)
    assert result["ok"] is False
    assert result["error"]["move"] == 1


@pytest.mark.parametrize(
    ("label", "data", "fragments"),
    [
        ("bad_card", _variant(hands=[["1x", "As", "4s", "10s", "Ks", "2c", "5c", "8c", "Jc", "Kd"],
                                     PASSING["hands"][1]]), ["hands[0]", "1x"]),
        ("bad_stock_card", _variant(stock=["Zz"]), ["stock", "Zz"]),
        ("short_hand", _variant(hands=[PASSING["hands"][0], PASSING["hands"][1][:8]]), ["hands[1]", "9"]),
        ("long_leader_hand", _variant(hands=[PASSING["hands"][0][:9], PASSING["hands"][1]]), ["hands[0]", "10"]),
        ("unknown_field", {**PASSING, "bogus": 1}, ["bogus"]),
        ("unknown_rule", _variant(rules={"players": 2, "no_such_switch": True}), ["no_such_switch"]),
        ("bad_move", _variant(moves=["0 discard 7h", "1 fly"]), ["moves[1]", "fly"]),
        ("duplicate_card", _variant(stock=["7h"]), ["7h"]),
        ("missing_hands", {k: v for k, v in PASSING.items() if k != "hands"}, ["hands"]),
        ("bad_json", '{"name": "broken", "hands": [', ["JSON"]),
    ],
)
def test_cli_malformed_file_exits_2_naming_file_and_field(tmp_path: Path, label: str, data: object,
                                                          fragments: list[str]):
    path = _write(tmp_path, f"{label}.json", data)
    proc = _cli(path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout.strip() == ""
    assert str(path) in proc.stderr
    for fragment in fragments:
        assert fragment in proc.stderr, f"{fragment!r} not in {proc.stderr!r}"
    with pytest.raises(ScenarioError):
        run_file(path)


def test_cli_malformed_file_does_not_hide_the_others(tmp_path: Path):
    good = _write(tmp_path, "good.json", PASSING)
    bad = _write(tmp_path, "bad.json", "not json")
    proc = _cli(good, bad)
    assert proc.returncode == 2
    assert json.loads(proc.stdout.splitlines()[0])["ok"] is True
    assert str(bad) in proc.stderr
