"""The documentation holds together: every relative link and anchor resolves inside the repository, every
rule section that scenarios and code cite exists in docs/rules.md, and every command the README shows names a
script, module, extra and options that exist."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, flags=re.M)}


def rule_sections() -> set[int]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return {int(n) for n in re.findall(r"^## (\d+)\. ", text, flags=re.M)}


def test_every_relative_link_and_anchor_resolves():
    broken = []
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists() or ROOT not in dest.parents and dest != ROOT:
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file in the repository)")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def test_the_slug_follows_githubs_rule():
    assert slug("9. House-rule switches (defaults in brackets)") == "9-house-rule-switches-defaults-in-brackets"
    assert slug("Where a cạ's out comes from") == "where-a-cạs-out-comes-from"


def test_every_section_a_scenario_names_is_in_the_rules():
    sections = rule_sections()
    assert sections == set(range(1, 13))
    for path in (ROOT / "tests" / "scenarios").rglob("*.json"):
        name = json.loads(path.read_text(encoding="utf-8"))["name"]
        cited = re.match(r"§(\d+)", name)
        assert cited and int(cited.group(1)) in sections, f"{path.name}: {name!r}"


def test_every_section_the_code_cites_is_in_the_rules():
    sections = rule_sections()
    for path in (ROOT / "tala_desktop").rglob("*.py"):
        for cited in re.findall(r"RULES\.md §(\d+)", path.read_text(encoding="utf-8")):
            assert int(cited) in sections, f"{path.relative_to(ROOT)} cites §{cited}"


def test_no_page_points_outside_the_repository():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert "../../shared" not in text and "`RULES.md`" not in text and "DESIGN.md" not in text, page.name


def readme_commands() -> list[list[str]]:
    """The commands of the README's code blocks, one word list per command (comments and `&&` split off)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for line in re.findall(r"^ {4}(\S.*)$", text, flags=re.M):
        for command in re.split(r" +# .*$", line)[0].split("&&"):
            words = [w for w in (_unbracket(w) for w in shlex.split(command)) if w]
            while words and re.match(r"[A-Z_]+=", words[0]):
                words = words[1:]  # VARIABLE=value before the command
            found.append(words)
    return found


def _unbracket(word: str) -> str:
    """`[--check]` (an optional part in the README's notation) -> `--check`; `.[test]` stays."""
    word = word.removeprefix("[")
    return word[:-1] if word.endswith("]") and "[" not in word else word


def _extras() -> set[str]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project["optional-dependencies"])


def _tool_and_options(words: list[str]) -> tuple[str, list[str]] | None:
    """(the tool `tests/test_tools.py` reads the parser of, the options used) for a project command, else None."""
    scripts = {"tala-desktop": "tala_desktop.app", "tala-server": "tala_desktop.net.cli"}
    if not words:
        return None
    if words[0] in scripts:
        return scripts[words[0]], words[1:]
    if words[0] == "python" and words[1:2] == ["-m"] and words[2].startswith("tala_desktop"):
        return words[2], words[3:]
    if words[0] == "python" and words[1].endswith(".py"):
        return words[1], words[2:]
    return None


def test_every_command_of_the_readme_names_a_script_extra_and_options_that_exist(monkeypatch):
    from .test_tools import _parser_of

    extras = _extras()
    checked = 0
    for words in readme_commands():
        for spec in [w for w in words if w.startswith(".[")]:
            assert set(spec[2:-1].split(",")) <= extras, words
        if words[:2] == ["python", "-m"]:
            assert importlib.util.find_spec(words[2]) is not None, words
        if words and words[0] == "pyinstaller":
            assert (ROOT / words[1]).is_file(), words
        found = _tool_and_options(words)
        if found is None:
            continue
        tool, args = found
        if tool.endswith(".py"):
            assert (ROOT / tool).is_file(), words
        known = _parser_of(monkeypatch, tool)._option_string_actions
        assert [a.split("=")[0] for a in args if a.startswith("-")] == [
            a.split("=")[0] for a in args if a.startswith("-") and a.split("=")[0] in known], words
        checked += 1
    assert checked >= 20


def test_the_readme_command_reader_splits_comments_chains_and_brackets():
    assert _tool_and_options(["python", "tools/build_app.py", "--onefile"]) == ("tools/build_app.py", ["--onefile"])
    assert _tool_and_options(["tala-desktop", "--selftest"]) == ("tala_desktop.app", ["--selftest"])
    assert _tool_and_options(["git", "clone", "X"]) is None
    assert ["pip", "install", ".[test]"] in readme_commands()
    assert ["tala-desktop", "--selftest", "--data-dir", "DIR"] in readme_commands()
    assert readme_commands().count(["pyinstaller", "build.spec"]) == 2  # TALA_ONEFILE=1 set before the second
