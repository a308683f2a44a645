"""What a chat line may hold (a visible character, a few marks each, emoji sequences), and text a server may show.

A chat line is shown in every app at the table and kept in the table's
log for whoever comes later, so the server refuses any line that could
draw as nothing or as something else:

- a line with no visible character (only spaces, marks, zero-width or
  default-ignorable code points, or fillers that draw as blank: the Hangul
  fillers, the Braille blank, ...);
- a line separator (U+2028, U+2029), a control or format character
  (bidi overrides, zero-width space, soft hyphen, BOM), a private-use,
  unassigned or surrogate code point, a space other than the plain one;
- more than ``MAX_MARKS`` combining marks on one character, counting those
  a precomposed letter holds (stacked "zalgo" marks that cover the lines
  around them).

``shown`` is the gentler rule for text that came from a server (names,
relayed lines, reasons): a client cannot refuse its server's words, so it
drops what can do harm (controls, line separators, bidi and other format
characters, surrogates) and keeps the rest for the safe renderer.

Ordinary emoji sequences stay allowed: a zero-width joiner between two
visible characters (👨‍👩‍👧, 🏳️‍🌈), variation selectors and skin tones on the
character they modify, the keycap mark (1️⃣), and the tag letters of a
subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) after the black flag.
"""

from __future__ import annotations

import unicodedata

MAX_CHAT = 200
MAX_MARKS = 3                      # combining marks (variation selectors among them) on one character
MAX_TAGS = 8                       # tag letters after one black flag (a subdivision flag has 5-7)
ZWJ, ZWNJ = 0x200D, 0x200C
BLACK_FLAG = 0x1F3F4
# Default-ignorable code points (Unicode's DerivedCoreProperties), plus the fillers that draw as blank.
DEFAULT_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
                     (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
                     (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
                     (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
FILLERS = frozenset({0x115F, 0x1160, 0x3164, 0xFFA0,      # Hangul fillers
                     0x2800,                              # Braille pattern blank
                     0x1D159,                             # musical symbol null notehead
                     0x17B4, 0x17B5, 0x180E, 0x034F,      # Khmer inherent vowels, Mongolian vowel separator, CGJ
                     0x2061, 0x2062, 0x2063, 0x2064})     # invisible operators
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def default_ignorable(code: int) -> bool:
    """True for a code point Unicode says draws as nothing when a font lacks it."""
    return any(lo <= code <= hi for lo, hi in DEFAULT_IGNORABLE)


def visible(ch: str) -> bool:
    """A character that draws ink on its own: a letter, digit, punctuation or symbol, not a filler."""
    code = ord(ch)
    return (unicodedata.category(ch)[0] in "LNPS" and code not in FILLERS and not default_ignorable(code))


def _is_variation_selector(code: int) -> bool:
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def _composed_marks(ch: str) -> int:
    return 0 if ch.isascii() else sum(unicodedata.category(c)[0] == "M" for c in unicodedata.normalize("NFD", ch))


def chat_problem(text: str) -> str | None:
    """Why ``text`` (already NFC and trimmed) may not be a chat line, or None when it may."""
    if not text:
        return "empty chat line"
    if len(text) > MAX_CHAT:
        return f"at most {MAX_CHAT} characters, got {len(text)}"
    marks = tags = 0
    prev = ""
    for i, ch in enumerate(text):
        code, cat = ord(ch), unicodedata.category(ch)
        where = f"U+{code:04X} at {i}"
        if cat in _REFUSED_CATEGORIES:
            return f"{where}: line breaks, control, private-use and unassigned characters are not allowed"
        if cat == "Zs" and ch != " ":
            return f"{where}: only the plain space is allowed"
        if code in FILLERS:
            return f"{where}: blank filler characters are not allowed"
        if 0xE0020 <= code <= 0xE007F:                       # the tag letters of a subdivision flag
            tags += 1
            if not (prev and (ord(prev) == BLACK_FLAG or 0xE0020 <= ord(prev) <= 0xE007E)) or tags > MAX_TAGS:
                return f"{where}: tag characters only spell a flag after 🏴"
        elif code in (ZWJ, ZWNJ):
            nxt = text[i + 1] if i + 1 < len(text) else ""
            if not (prev and prev != " " and ord(prev) not in (ZWJ, ZWNJ) and nxt and visible(nxt)):
                return f"{where}: a joiner only stands between two visible characters"
        elif cat == "Cf" or (default_ignorable(code) and not _is_variation_selector(code)):
            return f"{where}: invisible format characters are not allowed"
        elif cat[0] == "M":
            marks += 1
            if marks > MAX_MARKS:
                return f"{where}: at most {MAX_MARKS} combining marks on one character"
        else:                                                # a base character, with the marks it holds composed
            marks, tags = _composed_marks(ch), 0
        prev = ch
    if not any(visible(ch) for ch in text):
        return "a chat line needs at least one visible character"
    return None


def clean_chat(value: str) -> str:
    """NFC-normalise and trim a chat line; raises ValueError saying what is wrong."""
    text = unicodedata.normalize("NFC", value).strip()
    problem = chat_problem(text)
    if problem is not None:
        raise ValueError(f"text: {problem}")
    return text


def shown(value: str, limit: int) -> str:
    """``value`` from a server, made safe to keep and show: controls, line breaks, format characters (but the
    joiners and flag tags of emoji) and surrogates dropped, at most ``limit`` characters."""
    if value.isprintable() and len(value) <= limit:
        return value
    keep = []
    for ch in value[:4 * limit]:
        code, cat = ord(ch), unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Zl", "Zp") or (cat == "Cf" and code not in (ZWJ, ZWNJ)
                                               and not 0xE0020 <= code <= 0xE007F):
            continue
        keep.append(ch)
    return "".join(keep)[:limit]
