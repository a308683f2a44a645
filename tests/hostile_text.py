"""Hostile text for the tests: every code point that draws as nothing on its own, and strings that break renderers."""

from __future__ import annotations

import sys
import unicodedata

from tala_desktop.net.chat_text import DEFAULT_IGNORABLE, FILLERS

INVISIBLE_CATEGORIES = ("Mn", "Me", "Mc", "Cf", "Cc", "Zs", "Zl", "Zp")


def invisible_code_points(unassigned: bool = True) -> list[str]:
    """Every default-ignorable code point, filler, mark, format, control, space and surrogate (one string each);
    without ``unassigned``, the default-ignorable code points not yet assigned are left out and the surrogates
    sampled (each of those takes the same path as its assigned neighbours)."""
    codes = {c for lo, hi in DEFAULT_IGNORABLE for c in range(lo, hi + 1)} | set(FILLERS)
    for c in range(sys.maxunicode + 1):
        if 0xD800 <= c < 0xE000 or unicodedata.category(chr(c)) in INVISIBLE_CATEGORIES:
            codes.add(c)
    if not unassigned:
        codes = {c for c in codes if unicodedata.category(chr(c)) not in ("Cn", "Cs") or c % 64 == 0}
    return [chr(c) for c in sorted(codes)]


# Whole lines that crashed or could crash a renderer: zero width, NUL, marks alone, lone surrogates, a megabyte.
BAD_LINES = ("\ufe0f", "\u200b" * 40, "\x00", "a\x00b", "\u0301", "\u0301" * 200, "\ud800", "a\udfffb",
             "x" * 1_000_000, "\u2028\u2029", "\u3164\u2800", "", " ", "\t\n\r", "a" + "\u0489" * 500)
