"""Player names at one table: a look-alike key, and a name made unique among those already seated.

Two names "look alike" when they differ only in case, accents, spacing,
punctuation or the usual confusables (``0``/``o``, ``1``/``l``/``i``):
"Lan", "LAN", "Lân", "L.a n" and "1an" are one name. A player whose name looks
like one already at the table (or like a bot's, "Bot 1"-"Bot 4") sits under
it with a number added, ``"Lan (2)"``: parentheses are not allowed in a
chosen name (net/protocol.py), so nobody can pick a name that poses as
another player's.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

_CONFUSABLE = str.maketrans({"0": "o", "1": "l", "i": "l", "đ": "d"})
BOT_NAMES = tuple(f"Bot {i}" for i in range(1, 5))


def name_key(name: str) -> str:
    """The form two names share when they look alike."""
    folded = unicodedata.normalize("NFKD", name.casefold().replace("đ", "d"))
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
