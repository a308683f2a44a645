"""The gettext catalogs the UI's texts come from: one compiled ``tala.mo`` per language, read with the standard library.

The sources are ``assets/locale/<language>/LC_MESSAGES/tala.po`` (message ids
are the code's keys, each ``msgstr`` the text in that language); the build
compiles them (``tools/catalogs.py compile``, run by the package build, the
app's build and the tests), so the game itself needs nothing but ``gettext``.
A message with a plural form (``msgid_plural``) is said of a count: English
has two forms, Vietnamese one.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from .assets import asset_root

DOMAIN = "tala"
LOCALE = "locale"          # inside the asset folder


class CatalogMissing(RuntimeError):
    """A language's compiled catalog is not where the game looks for it (a source checkout not yet compiled)."""


def catalog_path(language: str, root: Path | None = None, suffix: str = ".mo") -> Path:
    """Where ``language``'s catalog lives: ``<assets>/locale/<language>/LC_MESSAGES/tala<suffix>``."""
    return (root if root is not None else asset_root()) / LOCALE / language / "LC_MESSAGES" / (DOMAIN + suffix)


class Catalog:
    """One language's messages: a plain text by id, or the form of a plural message for a count."""

    def __init__(self, translations: gettext.NullTranslations) -> None:
        self._translations = translations
        self._texts: dict[str, str | None] = {}     # text() by id: a loaded catalog never changes

    @classmethod
    def load(cls, language: str, root: Path | None = None) -> Catalog:
        path = catalog_path(language, root)
        try:
            with open(path, "rb") as fp:
                return cls(gettext.GNUTranslations(fp))
        except OSError as exc:
            raise CatalogMissing(
                f"no compiled catalog for {language!r} at {path}: run `python tools/catalogs.py compile` "
                f"in a source checkout ({exc.strerror or exc})") from exc

    def text(self, key: str) -> str | None:
        """The text of ``key`` (a plural message: its form for many), or None when the catalog lacks it."""
        try:
            return self._texts[key]
        except KeyError:
            pass
        found: str | None = self.plural(key, 2)
        if found is None:
            found = self._translations.gettext(key)
            found = found if found != key else None
        self._texts[key] = found
        return found

    def plural(self, key: str, n: int) -> str | None:
        """The form of plural message ``key`` for the count ``n``, or None when ``key`` has no plural forms."""
        missing = _Missing()
        found = self._translations.ngettext(key, missing, n)
        if found is missing or (n == 1 and found is key):
            return None
        return found

    def __contains__(self, key: str) -> bool:
        return self.text(key) is not None


class _Missing(str):
    """A plural id nothing is filed under: gettext hands it back when a message has no plural forms."""
