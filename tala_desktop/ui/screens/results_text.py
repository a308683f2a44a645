"""Results in words for the history pages: a stored seat label ("nhat", "u_tron", ...) and a stored time."""

from __future__ import annotations

from ..core.i18n import tr

LABEL_KEYS = {
    "nhat": "rank.1", "nhi": "rank.2", "ba": "rank.3", "bet": "rank.last", "mom": "rank.mom", "u": "rank.u",
    "u_tron": "rank.u_tron", "u_khan": "rank.u_khan", "den": "rank.den", "lose": "rank.lose",
}


def result_label(label: str) -> str:
    """"nhat" -> "Nhất" (current language); an unknown label is shown as stored."""
    key = LABEL_KEYS.get(label)
    return tr(key) if key else label


def when_text(iso: str) -> str:
    """'2026-03-01T09:05:00+07:00' -> '01/03/2026 09:05' (the store's local time); anything else as given."""
    if len(iso) >= 16 and iso[4] == "-" and iso[10] == "T":
        return f"{iso[8:10]}/{iso[5:7]}/{iso[0:4]} {iso[11:16]}"
    return iso
