"""I18n: the UI's current language and ``tr``, the one way code turns a message id into the text a player reads.

The texts live in gettext catalogs (``assets/locale/<language>/LC_MESSAGES/
tala.po``, compiled to ``tala.mo``; see ``catalogs``), Vietnamese by default
and English. ``tr(key, **kwargs)`` formats the current language's text with
``str.format``; ``tr_count(key, n, ...)`` picks the form for a count from a
message's plural forms (English "1 card" / "2 cards"; Vietnamese has one).
``set_language`` switches the process-wide language (a setting, not game
state). Cards are passed already formatted (``card_label(c)`` -> "7♥");
amounts via ``money``. ``N_`` marks a message id the code names without
translating it on the spot, so the catalogs' extraction finds it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from .catalogs import Catalog

log = logging.getLogger(__name__)

LANGUAGES = ("vi", "en")
DEFAULT_LANGUAGE = "vi"


def N_(key: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """``key`` itself: marks a message id that is translated later (``tr(key)``), for the catalogs' extraction."""
    return key


class Translator:
    """Texts in one language at a time, from the catalogs of every language (each read once, when first needed)."""

    def __init__(self, language: str = DEFAULT_LANGUAGE, root: Path | None = None) -> None:
        self.language = DEFAULT_LANGUAGE
        self._root = root
        self._catalogs: dict[str, Catalog] = {}
        self.set_language(language)

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}: one of {LANGUAGES}")
        self.language = language

    def catalog(self, language: str | None = None) -> Catalog:
        """The catalog of ``language`` (the current one when None)."""
        language = language or self.language
        found = self._catalogs.get(language)
        if found is None:
            found = self._catalogs[language] = Catalog.load(language, self._root)
        return found

    def tr(self, key: str, **kwargs: object) -> str:
        return self._format(key, self.catalog().text(key), kwargs)

    def tr_count(self, key: str, n: int, /, **kwargs: object) -> str:
        """``key`` said of ``n`` things: the form of its plural message for ``abs(n)`` ("1 card", "+1 bet"); a
        message with no plural forms is its one text."""
        catalog = self.catalog()
        text = catalog.plural(key, abs(n))
        return self._format(key, text if text is not None else catalog.text(key), kwargs)

    def texts(self, key: str) -> tuple[str, ...]:
        """``key``'s text in every language (the order of ``LANGUAGES``); "" where a catalog lacks it."""
        return tuple(self.catalog(language).text(key) or "" for language in LANGUAGES)

    def money(self, amount: int) -> str:
        """Thousands grouped the local way: 12.300 in Vietnamese, 12,300 in English."""
        text = f"{abs(amount):,}"
        if self.language == "vi":
            text = text.replace(",", ".")
        return ("-" if amount < 0 else "") + text

    @staticmethod
    def _format(key: str, template: str | None, kwargs: dict[str, object]) -> str:
        if template is None:
            log.warning("missing string %r", key)
            return key
        try:
            return template.format(**kwargs) if kwargs else template
        except (KeyError, IndexError, ValueError) as exc:
            log.warning("string %r: bad arguments %s (%s)", key, sorted(kwargs), exc)
            return template


_current = Translator()


def set_language(language: str) -> None:
    _current.set_language(language)


def get_language() -> str:
    return _current.language


def tr(key: str, **kwargs: object) -> str:
    return _current.tr(key, **kwargs)


def tr_count(key: str, n: int, /, **kwargs: object) -> str:
    return _current.tr_count(key, n, **kwargs)


def has_text(key: str) -> bool:
    """True when the catalogs hold ``key`` (a message id from elsewhere, such as a computer player's reason)."""
    return key in _current.catalog()


def texts(key: str) -> tuple[str, ...]:
    return _current.texts(key)


def money(amount: int) -> str:
    return _current.money(amount)
