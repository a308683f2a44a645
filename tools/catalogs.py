"""The translation catalogs: compile them, check them against the code, extract the ids, start a new language.

    python tools/catalogs.py compile [--force]   # assets/locale/*/LC_MESSAGES/tala.po -> tala.mo (Babel)
    python tools/catalogs.py check               # both ways: every id the code names is in every catalog, translated
                                                 # with the same placeholders; every catalog id is named by the code
    python tools/catalogs.py extract [--out F]   # the ids the code names, as a template (build/tala.pot)
    python tools/catalogs.py update              # add the code's new ids to every catalog, untranslated
    python tools/catalogs.py new LANG            # assets/locale/LANG/LC_MESSAGES/tala.po from the English texts

Message ids are the code's keys (``tr("btn.eat")``); Babel extracts them from the calls of ``tr``,
``tr_count``, ``texts``, ``phrase``, ``counted``, ``N_`` (an id named now and translated later) and the
computer players' ``Reason``. The package build (setup.py), the app's build (build.spec) and the tests
compile the catalogs; the game reads the compiled ``.mo`` files with the standard library's gettext.
"""

from __future__ import annotations

import argparse
import ast
import io
import os
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "tala"
KEYWORDS = {"tr": None, "tr_count": None, "N_": None, "phrase": None, "counted": None, "texts": None, "Reason": None}
SOURCES = ROOT / "tala_desktop"
GALLERY = ROOT / "tools" / "ui_gallery.py"   # the art gallery shows texts of the game too
PO_WIDTH = 120


def po_path(language: str, locale: Path = LOCALE) -> Path:
    return locale / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages that have a catalog, in name order."""
    return sorted(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read_catalog(language: str, locale: Path = LOCALE) -> Catalog:
    with open(po_path(language, locale), "rb") as fp:
        return read_po(fp, locale=language, domain=DOMAIN)


def write_catalog(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=PO_WIDTH, no_location=True, sort_output=False, ignore_obsolete=True)
    _write_atomically(path, buffer.getvalue())


def compile_catalogs(locale: Path = LOCALE, out: Path | None = None, force: bool = False) -> list[Path]:
    """Write ``tala.mo`` beside (or, with ``out``, in the same layout under ``out``) each ``tala.po`` that is newer
    than it; returns the files written. Fuzzy messages are left out, as gettext's msgfmt does."""
    written = []
    for language in languages(locale):
        source = po_path(language, locale)
        target = (out / language / "LC_MESSAGES" / f"{DOMAIN}.mo") if out else source.with_suffix(".mo")
        if not force and target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        buffer = io.BytesIO()
        write_mo(buffer, read_catalog(language, locale), use_fuzzy=False)
        _write_atomically(target, buffer.getvalue())
        written.append(target)
    return written


def _write_atomically(path: Path, data: bytes) -> None:
    """Several test processes may compile at once: each writes its own file and renames it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def extracted_ids(sources: Path = SOURCES) -> dict[str, list[str]]:
    """Every message id the code names, with where (``file:line``)."""
    found: dict[str, list[str]] = {}
    gallery = [(str(GALLERY.relative_to(ROOT)), *found) for found in _extract_file(GALLERY)]
    for filename, lineno, message, _comments, _context in [*extract_from_dir(
            str(sources), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()), *gallery]:
        ids = message if isinstance(message, tuple) else (message,)
        for key in ids:
            if key:
                found.setdefault(key, []).append(f"{filename}:{lineno}")
    return found


def _extract_file(path: Path) -> list[tuple[int, str | tuple[str, ...], list[str], str | None]]:
    """(line, id, comments, context) of every id one file names."""
    if not path.is_file():
        return []
    with open(path, "rb") as fp:
        return list(extract("python", fp, keywords=KEYWORDS, comment_tags=()))


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<not a format string>"}


def _texts(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def hidden_ids(sources: Path = SOURCES) -> Iterator[str]:
    """Where the code names an id that Babel cannot see: a translating call inside an f-string, or an id made by
    an f-string (``tr(f"react.{key}")``); either must become a plain call or a table of ``N_`` ids."""
    for path in sorted([*sources.rglob("*.py"), GALLERY]):
        if not path.is_file():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and _called(inner) in KEYWORDS:
                    yield f"{_where(path)}:{inner.lineno}: {_called(inner)}() inside an f-string"
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _called(node) in KEYWORDS and node.args \
                    and isinstance(node.args[0], ast.JoinedStr):
                yield f"{_where(path)}:{node.lineno}: {_called(node)}() of an id made by an f-string"


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _called(call: ast.Call) -> str | None:
    function = call.func
    return function.id if isinstance(function, ast.Name) else function.attr if isinstance(function, ast.Attribute) \
        else None


def problems(locale: Path = LOCALE, sources: Path = SOURCES) -> Iterator[str]:
    """What is wrong with the catalogs: ids missing or untranslated in a language, placeholders that differ from
    the English text, plural forms missing, ids the code never names or names where the extraction cannot see."""
    yield from hidden_ids(sources)
    named = extracted_ids(sources)
    catalogs = {language: read_catalog(language, locale) for language in languages(locale)}
    english = catalogs.get("en")
    if english is None:
        yield "no English catalog"
        return
    for language, catalog in catalogs.items():
        ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for key in sorted(set(named) - set(ids)):
            yield f"{language}: no text for {key!r} (named at {named[key][0]})"
        for key, message in ids.items():
            if key not in named:
                yield f"{language}: {key!r} is never named by the code"
            texts = _texts(message)
            if not all(t.strip() for t in texts) or message.fuzzy:
                yield f"{language}: {key!r} is not translated"
                continue
            if len(texts) != (catalog.num_plurals if message.pluralizable else 1):
                yield f"{language}: {key!r} has {len(texts)} forms, the language has {catalog.num_plurals}"
            reference = english.get(message.id)
            if reference is None:
                yield f"{language}: {key!r} is not in the English catalog"
                continue
            want = set().union(*(_fields(t) for t in _texts(reference)))
            for text in texts:
                if _fields(text) - want or (not message.pluralizable and _fields(text) != want):
                    yield f"{language}: {key!r} has the placeholders {sorted(_fields(text))}, English {sorted(want)}"


def update(locale: Path = LOCALE, sources: Path = SOURCES) -> dict[str, list[str]]:
    """Add every id the code names that a catalog lacks, untranslated (``check`` then lists them); returns them."""
    added: dict[str, list[str]] = {}
    named = extracted_ids(sources)
    for language in languages(locale):
        catalog = read_catalog(language, locale)
        new = [key for key in named if key not in catalog]
        for key in new:
            catalog.add(key, "")
        if new:
            write_catalog(catalog, po_path(language, locale))
        added[language] = new
    return added


def new_language(language: str, locale: Path = LOCALE) -> Path:
    """A catalog for ``language`` holding every id with the English text as a fuzzy draft to translate."""
    path = po_path(language, locale)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    english = read_catalog("en", locale)
    catalog = Catalog(locale=language, domain=DOMAIN, project="Tá Lả Desktop", version="1", fuzzy=False)
    for message in english:
        if message.id:
            plural = catalog.num_plurals if message.pluralizable else 1
            string = _texts(message)[-1]
            catalog.add(message.id, tuple([string] * plural) if message.pluralizable else string, flags=("fuzzy",))
    write_catalog(catalog, path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, help="what to do (each has its own --help)")
    build = commands.add_parser("compile", help="write tala.mo for every tala.po newer than it",
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    build.add_argument("--force", action="store_true", help="write every tala.mo, even those up to date")
    commands.add_parser("check", help="list what is wrong with the catalogs; exit 1 if anything is")
    extract = commands.add_parser("extract", help="write the ids the code names as a template",
                                  formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    extract.add_argument("--out", type=Path, default=ROOT / "build" / f"{DOMAIN}.pot", help="the template to write")
    commands.add_parser("update", help="add the code's new ids to every catalog, untranslated")
    start = commands.add_parser("new", help="start a language's catalog from the English texts")
    start.add_argument("language", help="the language's code, e.g. fr or zh_Hans")
    args = parser.parse_args(argv)
    if args.command == "compile":
        for path in compile_catalogs(force=args.force):
            print(f"compiled {path.relative_to(ROOT)}")
    elif args.command == "check":
        found = list(problems())
        for line in found:
            print(line)
        print(f"{len(found)} problem(s) in {', '.join(languages())}")
        return 1 if found else 0
    elif args.command == "extract":
        template = Catalog(domain=DOMAIN, project="Tá Lả Desktop", version="1")
        for key, places in extracted_ids().items():
            template.add(key, locations=[(p.rsplit(":", 1)[0], int(p.rsplit(":", 1)[1])) for p in places])
        buffer = io.BytesIO()
        write_po(buffer, template, width=PO_WIDTH)
        _write_atomically(args.out, buffer.getvalue())
        print(f"wrote {len(template)} ids to {args.out}")
    elif args.command == "update":
        for language, keys in update().items():
            print(f"{language}: added {len(keys)} id(s) {keys}")
    else:
        print(f"wrote {new_language(args.language)}: translate every text, then clear its fuzzy mark")
    return 0


if __name__ == "__main__":
    sys.exit(main())
