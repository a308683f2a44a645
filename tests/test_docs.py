"""The documentation holds together: every relative link and anchor resolves inside the repository, and every
rule section that scenarios and code cite exists in docs/rules.md."""

from __future__ import annotations

import json
import re
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
