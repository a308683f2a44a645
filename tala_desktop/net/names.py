"""Player names: what a chosen name may hold, a look-alike key, and a name made unique at a table.

Two names "look alike" when they differ only in case, accents, spacing,
punctuation or the usual confusables (``0``/``o``, ``1``/``l``/``i``, and
the letters with a stroke or bar, or without their dot, that Unicode does
not decompose: ``Ð``/``Đ``, ``Ł``/``L``, ``ı``/``i``, ``Ƀ``/``B``, ``ø``/``o``,
the hooked ``Ɗ``/``D``, the iota ``Ɩ`` and the click ``ǀ`` that pass for ``l``, ``Ʒ``/``3``: every letter a
name may hold folds to plain letters or digits): "Lan", "LAN", "Lân", "L.a n", "1an", "ǀan" and "Łan" are one
name. A name is unique
against everyone at the table: the seated players, the watchers and the bots. A player whose name looks
like one already at the table (or like a bot's, "Bot 1"-"Bot 4") sits under
it with a number added, ``"Lan (2)"``: parentheses are not allowed in a
chosen name (``clean_name``), so nobody can pick a name that poses as
another player's.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

_CONFUSABLE = str.maketrans({"0": "o", "1": "l", "i": "l", "đ": "d"})
# letters NFKD leaves whole, folded (after casefold) to the plain letters or digit they pass for; those that draw
# like punctuation (ǃ, ǂ, ɂ, ƾ, the modifier apostrophes) fold to nothing, as punctuation does
_STROKED = str.maketrans({
    "ð": "d", "đ": "d", "ɖ": "d", "ɗ": "d", "ƌ": "d", "ȡ": "d", "ẟ": "d", "ł": "l", "ŀ": "l", "ƚ": "l", "ǀ": "l",
    "ȴ": "l", "ƛ": "l", "ƪ": "l", "ǁ": "ll", "ỻ": "ll", "ı": "i", "ɨ": "i", "ɩ": "i", "ƀ": "b", "ɓ": "b", "ƃ": "b",
    "ƅ": "b", "ø": "o", "ɵ": "o", "ɔ": "o", "ħ": "h", "ŧ": "t", "ƫ": "t", "ʈ": "t", "ȶ": "t", "ⱦ": "t", "ƶ": "z",
    "ȥ": "z", "ɀ": "z", "ǥ": "g", "ɠ": "g", "ƍ": "g", "ɍ": "r", "ʀ": "r", "ɏ": "y", "ƴ": "y", "ɣ": "y", "ỿ": "y",
    "ʉ": "u", "ʊ": "u", "ƈ": "c", "ȼ": "c", "ƙ": "k", "ƥ": "p", "ƿ": "p", "ƭ": "t", "ʋ": "v", "ʌ": "v", "ỽ": "v",
    "ŋ": "n", "ɲ": "n", "ƞ": "n", "ȵ": "n", "ǝ": "e", "ə": "e", "ɛ": "e", "ɇ": "e", "ƹ": "e", "ƒ": "f", "ɯ": "w",
    "ʃ": "s", "ƨ": "s", "ȿ": "s", "ẜ": "s", "ẝ": "s", "ⱥ": "a", "ɉ": "j", "ȷ": "j", "ɋ": "q", "ʒ": "3", "ƺ": "3",
    "ȝ": "3", "ƻ": "2", "ƽ": "5", "ƕ": "hv", "ƣ": "oi", "ȣ": "ou", "ȸ": "db", "ȹ": "qp",
    "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ĸ": "k", "ŉ": "n", "ſ": "s",
    "ǃ": "", "ǂ": "", "ɂ": "", "ƾ": "", "ʼ": "", "ʾ": ""})
BOT_NAMES = tuple(f"Bot {i}" for i in range(1, 5))
MAX_NAME = 20
_PUNCT = set(" _-.'")


def name_key(name: str) -> str:
    """The form two names share when they look alike."""
    folded = unicodedata.normalize("NFKD", name.casefold().translate(_STROKED)).translate(_STROKED)
    plain = "".join(ch for ch in folded if ch.isalnum() and not unicodedata.combining(ch))
    return plain.translate(_CONFUSABLE)


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name (k)`` with the smallest k >= 2 that looks like none of ``taken`` nor a bot."""
    keys = {name_key(t) for t in (*taken, *BOT_NAMES)}
    if name_key(name) not in keys:
        return name
    k = 2
    while name_key(f"{name} ({k})") in keys:
        k += 1
    return f"{name} ({k})"


def _allowed_name_char(ch: str) -> bool:
    """Latin letters with Vietnamese (and other Latin) diacritics, digits and `` _-.'``."""
    if ch in _PUNCT or ch.isdigit() and ch.isascii():
        return True
    if not ch.isalpha():
        return False
    code = ord(ch)
    return (ch.isascii() or 0x00C0 <= code <= 0x024F or 0x1E00 <= code <= 0x1EFF) and code not in (0xD7, 0xF7)


allowed_name_char = _allowed_name_char      # what else may show a name's alphabet (a beacon's server name)


def clean_name(value: str) -> str:
    """NFC-normalise and check a chosen player name; raises ValueError saying what is wrong."""
    name = unicodedata.normalize("NFC", value).strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f"name: expected 1-{MAX_NAME} characters, got {len(name)}")
    bad = [ch for ch in name if not _allowed_name_char(ch)]
    if bad:
        raise ValueError(f"name: character {bad[0]!r} is not allowed (letters, digits, space, _ - . ')")
    if "  " in name:
        raise ValueError("name: no double spaces")
    return name
