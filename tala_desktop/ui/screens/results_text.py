"""Results in words for the history pages: a stored seat label ("nhat", "u_tron", ...) and a stored time."""

from __future__ import annotations

from ..core.i18n import N_, tr

LABEL_KEYS = {
    "nhat": N_("rank.1"), "nhi": N_("rank.2"), "ba": N_("rank.3"), "bet": N_("rank.last"), "mom": N_("rank.mom"),
    "u": N_("rank.u"),
    "u_tron": N_("rank.u_tron"), "u_khan": N_("rank.u_khan"), "den": N_("rank.den"), "lose": N_("rank.lose"),
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
