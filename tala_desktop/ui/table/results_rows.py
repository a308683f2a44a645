"""Results rows: the title and what a seat's row shows — its phỏm and its trash apart, what its amount is made of.

``split_hand`` puts a seat's laid phỏm (and, for an Ù, the phỏm of the
winner's hand) before the cards that counted (``row_points``: their
points, which after an Ù are a loser's "Rác"); ``breakdown`` sums the
game's payments to and from a seat by what they paid for (rank money,
eats, chốt, Móm, Ù, đền), the eats apart for each seat eaten from or by
("ăn của Lan +100", "Lan ate from you -100"), so a 0 that hides +4 and -4
is explained. It
reads the game-over snapshot's payments (the whole game's, also of a game
resumed mid-way); any chips they do not account for show as "other", so
the parts always add up to the amount shown. ``part_layout`` puts the
parts in as few lines as the room takes, in the largest type that lets
them all show, else cut with "…" in the smallest.
"""

from __future__ import annotations

from tala_desktop.engine import OutcomeKind, best_arrangement
from tala_desktop.engine.cards import cards_of, mask_of, mask_points
from tala_desktop.table.messages import Payment

from ..art import gfx
from ..core.assets import Fonts
from ..core.i18n import N_, money, tr
from ..widgets.text_fit import ellipsize
from .lay_assist import phom_order
from .model import TableModel
from .words import badge_text

PAY_KEYS: dict[str, str] = {
    "nhi": N_("pay.rank"), "ba": N_("pay.rank"), "bet": N_("pay.rank"), "mom": N_("pay.mom"), "eat": N_("pay.eat"),
    "chot": N_("pay.chot"),
    "u": N_("pay.u"), "u_tron": N_("pay.u"), "u_khan": N_("pay.u"), "den": N_("pay.den"),
}
PAY_ORDER = (N_("pay.rank"), N_("pay.mom"), N_("pay.eat"), N_("pay.chot"), N_("pay.u"), N_("pay.den"), N_("pay.other"))


def split_hand(m: TableModel, seat: int) -> tuple[list[list[int]], list[int]]:
    """(phỏm, trash) of ``seat`` at the end: its laid phỏm, or an Ù winner's phỏm in hand; then the other cards."""
    held = list((m.reveal or [[] for _ in range(m.n)])[seat])
    groups = [phom_order(mask_of(ph), m.ace_high) for ph in m.laid[seat]]
    if m.outcome is not None and m.outcome.kind is not OutcomeKind.SHOWDOWN and not m.has_laid(seat) and held:
        arr = best_arrangement(mask_of(held), mask_of(m.eaten[seat]) & mask_of(held), m.ace_high, m.face10)
        if arr is not None:
            groups += [phom_order(meld, m.ace_high) for meld in arr.melds]
            held = cards_of(arr.trash)
    trash = sorted(held, key=lambda c: (c % 13, c // 13))
    return groups, trash


def row_points(m: TableModel, seat: int, trash: list[int]) -> int:
    """The points ``seat``'s row shows: of the cards still held; after an Ù, of its "Rác" (``trash``: the cards
    outside its phỏm, shown apart in the row), as nobody is ranked by points then."""
    if m.outcome is None or m.outcome.kind is OutcomeKind.SHOWDOWN:
        return m.final_points()[seat]
    return mask_points(mask_of(trash), m.face10)


Part = tuple[str, int, int]      # (text key, chips won (+) or paid (-), the other seat of an eat or -1)


def breakdown(payments: list[Payment], seat: int, net: int) -> list[Part]:
    """What ``seat``'s amount is made of, by kind of payment; eats apart for each seat eaten from or by.

    The parts sum to ``net``."""
    sums: dict[tuple[str, int, bool], int] = {}
    for p in payments:
        sign = (p.to == seat) - (p.from_seat == seat)
        if p.amount and sign:
            key = PAY_KEYS.get(p.reason, N_("pay.other"))
            other = (p.from_seat if sign > 0 else p.to) if key == N_("pay.eat") else -1
            k = (key, other, sign > 0 if key == N_("pay.eat") else True)
            sums[k] = sums.get(k, 0) + sign * p.amount
    rest = net - sum(sums.values())
    if rest:
        sums[(N_("pay.other"), -1, True)] = sums.get((N_("pay.other"), -1, True), 0) + rest
    order = {key: i for i, key in enumerate(PAY_ORDER)}
    keys = sorted((k for k, v in sums.items() if v), key=lambda k: (order[k[0]], not k[2], k[1]))
    return [(key, sums[(key, other, won)], other) for key, other, won in keys]


def part_text(part: Part, names: list[str], seat: int, me: int) -> str:
    """One part in words: "hạng -400", "ăn của Lan +100", "Lan ate from you -100", "eaten by Lan -100"; you, named
    in another seat's part, are "bạn" / "you" as in the middle of any sentence ("ăn của bạn +100")."""
    key, v, other = part
    amount = ("+" if v > 0 else "") + money(v)
    if key != N_("pay.eat") or not 0 <= other < len(names):
        return tr(key, amount=amount)
    name = tr("table.you_lower") if other == me else names[other]
    if v > 0:
        return tr("pay.ate_from", name=name, amount=amount)
    return tr(N_("pay.ate_from_you") if seat == me else N_("pay.eaten_by"), name=name, amount=amount)


def breakdown_lines(parts: list[Part], names: list[str], seat: int, me: int) -> list[str]:
    """The parts in words, shown under an amount; none when one payment that is not an eat makes it."""
    if not parts or (len(parts) == 1 and parts[0][0] != N_("pay.eat")):
        return []
    return [part_text(part, names, seat, me) for part in parts]


def part_layout(fonts: Fonts, parts: list[str], room: tuple[int, int], sizes: list[int]) -> tuple[int, list[str], int]:
    """(type size, lines, line height) of ``parts`` joined by " · " into lines ``room[0]`` wide: the largest of
    ``sizes`` at which the lines fit ``room[1]`` high, else the smallest, its last line that fits cut with "…"."""
    width, height = room
    lines: list[str] = []
    size, line_h = min(sizes), 1
    for size in sorted(sizes, reverse=True):
        font = fonts.font(size)
        line_h = font.get_height() + 2            # a shadowed line is one pixel taller than its type
        lines = []
        for part in parts:
            joined = f"{lines[-1]} · {part}" if lines else part
            if lines and gfx.text_size(font, joined)[0] <= width:
                lines[-1] = joined
            else:
                lines.append(part)
        if len(lines) * line_h <= height:
            return size, lines, line_h
    font = fonts.font(size)
    room_lines = max(1, height // line_h)
    if len(lines) > room_lines:
        lines = [*lines[:room_lines - 1], " · ".join(lines[room_lines - 1:])]
    return size, [ellipsize(font, line, width) for line in lines], line_h


def results_title(m: TableModel, winner: int) -> str:
    """The results' title: who won ("Bạn thắng!" / "You win!" for you), or who went Ù and how."""
    kind = m.outcome.kind if m.outcome is not None else OutcomeKind.SHOWDOWN
    if kind is not OutcomeKind.SHOWDOWN:
        return f"{m.names[winner]}: {badge_text(kind)}!"
    return tr("results.you_win") if winner == m.me else tr("results.winner", name=m.names[winner])
