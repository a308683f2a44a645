"""Phrase: words kept as a text key and its arguments, said in the language of the moment they are shown.

The table's game log keeps phrases, not rendered lines, so that a language
switch at the table says every line again in the new language. An argument
may itself be a phrase ("Bạn" / "You" for your seat), rendered with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import tr, tr_count


@dataclass(frozen=True)
class Phrase:
    """A text key, its arguments (name, value) and, for words said of a number of things, that number."""

    key: str
    args: tuple[tuple[str, object], ...] = ()
    count: int | None = None

    def text(self) -> str:
        """The words in the current language."""
        values = {name: value.text() if isinstance(value, Phrase) else value for name, value in self.args}
        return tr(self.key, **values) if self.count is None else tr_count(self.key, self.count, **values)

    def __str__(self) -> str:
        return self.text()


def phrase(key: str, /, **args: object) -> Phrase:
    """``tr(key, **args)``, said when shown."""
    return Phrase(key, tuple(args.items()))


def counted(key: str, n: int, /, **args: object) -> Phrase:
    """``tr_count(key, n, **args)``, said when shown."""
    return Phrase(key, tuple(args.items()), n)


Words = Phrase | str      # a text to show: a phrase, or words that are the same in every language (a name)


def say(words: Words) -> str:
    return words.text() if isinstance(words, Phrase) else words
