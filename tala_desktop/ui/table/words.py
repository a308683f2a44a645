"""Table words: every text one frame of the table shows, said in the language shown when the frame is built.

``table_words(...)`` turns the game shown into ``TableWords``: the header's
line (the table's number and bet) and rule set, the line shown while the
table waits for its game, the stock's count, and for each seat what its
plate says beside the name (your points, or the cards a seat holds), its
chips, and the badge under its avatar (the standing when the game ended,
"left", a Móm shown). The painter draws these words and translates none.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from tala_desktop.engine.rules import PRESETS

from ..art import theme
from ..art.theme import BADGE_COLOURS, Colour
from ..core.i18n import N_, get_language, money, tr, tr_count
from .anim import AnimFrame
from .highlights import Highlights
from .model import TableModel

WORDS_KEPT = 16      # the last frames' words kept (models, counts of cards in flight, languages)
BADGE_KEYS: dict[str, str] = {
    "nhat": N_("rank.1"), "nhi": N_("rank.2"), "ba": N_("rank.3"), "bet": N_("rank.last"), "mom": N_("rank.mom"),
    "u": N_("rank.u"), "u_tron": N_("rank.u_tron"), "u_khan": N_("rank.u_khan"), "den": N_("rank.den"),
    "lose": N_("rank.lose"),
}


@dataclass(frozen=True)
class SeatWords:
    """What a seat shows in words: beside its name (your points, another's count of cards; "" for none), its
    chips, and its badge (text, colour, large) or None."""

    beside: str
    chips: str
    badge: tuple[str, Colour, bool] | None = None


@dataclass(frozen=True)
class TableWords:
    """The frame's texts (see the module docstring); ``rules`` and ``seats`` are empty without a game shown."""

    title: str
    waiting: str = ""
    rules: str = ""
    stock: str = ""
    seats: tuple[SeatWords, ...] = ()


def badge_text(label: str) -> str:
    return tr(BADGE_KEYS.get(label, N_("rank.last")))


def rule_set_name(preset: str) -> str:
    """The table's rule set as the setup page names it; house rules that match no preset are "Tùy chỉnh"."""
    return tr(f"setup.preset.{preset}" if preset in PRESETS else N_("setup.preset.custom"))


def seat_badge(m: TableModel, seat: int) -> tuple[str, Colour, bool] | None:
    """The badge under a seat's avatar: (text, colour, large), or None.

    The standing when the game ended (large), else "left" or a Móm already shown; none for a seat that
    someone else took after the game ended (the badge was the previous player's).
    """
    if seat in m.sat_since_end:
        return None
    label = m.label_of(seat)
    if label:
        return badge_text(label), BADGE_COLOURS.get(label, theme.BADGE_OTHER), True
    if m.left[seat]:
        return tr("table.left"), theme.BADGE_LEFT, False
    if m.mom[seat] and m.has_laid(seat):
        return tr("rank.mom"), BADGE_COLOURS["mom"], False
    return None


def seat_words(m: TableModel, seat: int, points: int, hidden_backs: Mapping[int, int]) -> SeatWords:
    """A seat's words: your ``points`` beside your name, another's cards held (those still flying to it aside)."""
    if seat == m.me:
        beside = tr("table.points_now", points=points) if m.hand else ""
    else:
        count = max(0, m.counts[seat] - hidden_backs.get(seat, 0))
        beside = tr_count("table.cards", count, count=count)
    return SeatWords(beside, money(m.balances[seat]), seat_badge(m, seat))


def table_words(m: TableModel | None, hl: Highlights, anim: AnimFrame, table_number: int,
                bet: int | None) -> TableWords:
    """The frame's words for the game ``m`` (None: the table waits for its first one, its ``bet`` known or not).
    Said again only when something they say changed (a frame is built many times a second)."""
    if m is None:
        return _words(None, 0, (), 0, table_number, bet, get_language())
    return _words(m, hl.points, tuple(sorted(anim.hidden_backs.items())), anim.from_stock, table_number, bet,
                  get_language())


@functools.lru_cache(maxsize=WORDS_KEPT)
def _words(m: TableModel | None, points: int, hidden_backs: tuple[tuple[int, int], ...], from_stock: int,
           table_number: int, bet: int | None, language: str) -> TableWords:
    """``table_words`` for one set of what they depend on (``language``: the one they are said in)."""
    bet = m.bet if m is not None else bet
    title = tr("table.number", number=table_number)
    if bet is not None:
        title += " · " + tr("table.bet", bet=money(bet))
    if m is None:
        return TableWords(title, waiting=tr("table.waiting"))
    hidden = dict(hidden_backs)
    return TableWords(title, rules=rule_set_name(m.rules.preset),
                      stock=tr("table.stock", count=m.stock_count + from_stock),
                      seats=tuple(seat_words(m, seat, points, hidden) for seat in range(m.n)))
