"""The translation catalogs: every message the code names is in every language and nothing else, plural forms as
each language has them, the compiled files read back, and the check that says so can fail."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tala_desktop.ui.core import catalogs, i18n
from tests.translations import ROOT, catalogs_tool

PACKAGE = ROOT / "tala_desktop"


def test_every_message_the_code_names_is_translated_and_none_is_unused():
    assert list(catalogs_tool().problems()) == []


def test_no_dictionary_of_texts_is_left_in_the_code():
    assert sorted(p.name for p in (PACKAGE / "ui" / "core").glob("i18n*.py")) == ["i18n.py"]
    assert "STRINGS" not in (PACKAGE / "ui" / "core" / "i18n.py").read_text(encoding="utf-8")


def _copy_locale(tmp_path: Path) -> Path:
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "assets" / "locale", locale, ignore=shutil.ignore_patterns("*.mo"))
    return locale


def _edit(locale: Path, language: str, old: str, new: str) -> None:
    path = catalogs_tool().po_path(language, locale)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_check_finds_a_missing_an_untranslated_an_unused_and_a_wrong_placeholder(tmp_path):
    tool = catalogs_tool()
    locale = _copy_locale(tmp_path)
    _edit(locale, "en", 'msgid "btn.eat"\nmsgstr "Eat"', 'msgid "btn.eat"\nmsgstr ""')
    _edit(locale, "vi", 'msgid "btn.draw"\nmsgstr "Bốc"', 'msgid "btn.never.named"\nmsgstr "Bốc"')
    _edit(locale, "vi", 'msgstr "Cược {bet}"', 'msgstr "Cược {money}"')
    found = "\n".join(tool.problems(locale))
    assert "en: 'btn.eat' is not translated" in found
    assert "vi: no text for 'btn.draw'" in found
    assert "vi: 'btn.never.named' is never named by the code" in found
    assert "vi: 'table.bet' has the placeholders ['money'], English ['bet']" in found


def test_the_compiled_catalogs_give_each_language_its_plural_forms(tmp_path):
    locale = _copy_locale(tmp_path)
    assert len(catalogs_tool().compile_catalogs(locale)) == 2
    english = i18n.Translator("en", root=tmp_path)
    assert english.tr_count("table.cards", 1, count=1) == "1 card"
    assert english.tr_count("table.cards", 7, count=7) == "7 cards"
    assert english.tr_count("table.points", -1, points=-1) == "-1 point"
    assert english.tr("table.cards", count=3) == "3 cards"           # a plural message without a count: many
    assert english.tr_count("btn.eat", 1) == "Eat"                      # no plural forms: the one text
    vietnamese = i18n.Translator("vi", root=tmp_path)
    assert {vietnamese.tr_count("table.cards", n, count=n) for n in (1, 2)} == {"1 lá", "2 lá"}
    assert english.texts("btn.eat") == ("Ăn", "Eat")
    assert english.tr("no.such.key") == "no.such.key" and "no.such.key" not in english.catalog()


def test_a_compiled_catalog_is_written_again_only_when_its_source_changed(tmp_path):
    tool = catalogs_tool()
    locale = _copy_locale(tmp_path)
    assert len(tool.compile_catalogs(locale)) == 2
    assert tool.compile_catalogs(locale) == []
    _edit(locale, "en", 'msgstr "Eat"', 'msgstr "Eat it"')
    assert [p.parent.parent.name for p in tool.compile_catalogs(locale)] == ["en"]
    assert i18n.Translator("en", root=tmp_path).tr("btn.eat") == "Eat it"


def test_a_missing_compiled_catalog_says_how_to_make_it(tmp_path):
    with pytest.raises(catalogs.CatalogMissing, match=r"tools/catalogs.py compile"):
        i18n.Translator("en", root=tmp_path).tr("btn.eat")


def test_a_new_language_starts_from_the_english_texts_marked_to_translate(tmp_path):
    tool = catalogs_tool()
    locale = _copy_locale(tmp_path)
    path = tool.new_language("fr", locale)
    french = tool.read_catalog("fr", locale)
    assert path.is_file() and french.num_plurals >= 2   # CLDR: one, many, other
    assert french.get("btn.eat").string == "Eat" and french.get("btn.eat").fuzzy
    assert "fr: 'btn.eat' is not translated" in "\n".join(tool.problems(locale))


def test_the_check_finds_ids_the_extraction_cannot_see(tmp_path):
    """Babel skips an f-string: a tr() inside one, or an id built by one, would be a text no catalog check sees."""
    source = tmp_path / "pkg"
    source.mkdir()
    (source / "m.py").write_text('def f(k):\n    return f"{tr(\'btn.eat\')}!" + tr(f"react.{k}")\n', encoding="utf-8")
    found = list(catalogs_tool().hidden_ids(source))
    assert [line.split(": ", 1)[1] for line in found] == ["tr() inside an f-string",
                                                          "tr() of an id made by an f-string"]
