"""tools/windows_check.py's pieces that need no Wine: Windows paths, the tests left out under Wine and why, the
requirements it fetches, pytest's report read back, the clicks planned headless on the real app."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def wincheck(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import wincheck.fetch
    import wincheck.steps
    import wincheck.wine

    return wincheck


def test_a_linux_path_is_on_drive_z_under_wine(wincheck):
    assert wincheck.wine.windows_path(Path("/tmp/x/y.whl")) == "Z:\\tmp\\x\\y.whl"


def test_only_the_folder_lock_tests_are_left_out_under_wine_each_with_wines_reason(wincheck):
    steps = wincheck.steps
    args = steps.pytest_args(["tests/store"], Path("/tmp/r.xml"), 2)
    left_out = [args[i + 1] for i, a in enumerate(args) if a == "--deselect"]
    assert left_out == list(steps.WINE_DESELECTED) and len(left_out) == 5
    assert all("_locking" in steps.WINE_DESELECTED[t] for t in left_out)
    for test in left_out:          # each names a test that exists, so none is left out by a stale name
        path, name = test.split("::")
        assert f"def {name.split('[')[0]}(" in (ROOT / path).read_text(encoding="utf-8"), test


def test_the_windows_requirements_are_the_projects_with_the_windows_only_ones_named(wincheck):
    fetch = wincheck.fetch
    wanted = fetch.requirements(ROOT / "pyproject.toml")
    assert any(r.startswith("pygame-ce") for r in wanted) and any(r.startswith("pyinstaller") for r in wanted)
    assert any(r.startswith("psutil") for r in wanted)     # the bench extra: the benches' tests run too
    assert "numpy==1.26.4" in fetch.WINE_PINS and {"colorama", "pywin32-ctypes"} <= set(fetch.WINDOWS_ONLY)


def test_pytests_report_is_counted_with_errors_as_failures(wincheck, tmp_path):
    report = tmp_path / "r.xml"
    report.write_text('<testsuites><testsuite tests="10" failures="1" errors="1" skipped="3"/></testsuites>')
    assert wincheck.steps.junit_counts(report) == {"tests": 10, "passed": 5, "failed": 2, "skipped": 3}
    assert wincheck.steps.junit_counts(tmp_path / "none.xml")["tests"] == 0


@pytest.mark.skipif(sys.platform == "win32", reason="the plan is walked on the Linux side of the check")
def test_the_plan_clicks_where_the_real_app_draws_and_writes_down_the_moves(tmp_path):
    out = tmp_path / "plan.json"
    done = subprocess.run([sys.executable, "-m", "wincheck.plan", str(out), "--hard-samples", "8"],
                          cwd=ROOT / "tools", capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": f"{ROOT}:{ROOT / 'tools'}", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    clicks = json.loads(out.read_text(encoding="utf-8"))
    labels = [c["label"] for c in clicks]
    assert labels[:2] == ["Chơi với máy", "Bắt đầu"] and labels[-1] == "Thoát"
    moves = [c for c in clicks if c["moves"] is not None]
    assert [m["moves"][-1].split()[:2] for m in moves] == [["0", "discard"], ["0", "draw"], ["0", "discard"]]
    assert all(0 <= c["x"] < 1280 and 0 <= c["y"] < 720 for c in clicks)
