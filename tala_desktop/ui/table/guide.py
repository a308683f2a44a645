"""Table guidance: the status-line advice for your step at the table, and moves put into words for hints.

"Bạn phải hạ bài", "Bốc bài hoặc ăn 7♥", "Hãy đánh một lá": what to do
now, from your step (``mode``) and the model; ``error_text`` says why a
command was refused; ``describe`` turns a hint's move into words ("đánh
7♥", "hạ 7♥8♥9♥").
"""

from __future__ import annotations

import logging

from tala_desktop.engine import Move, MoveKind, TurnKind, card_label

from ..art.theme import WARNING
from ..core.i18n import N_, tr
from .clock import lay_down_turn
from .highlights import Highlights
from .lay_assist import LayCheck, phom_order
from .model import TableModel
from .modes import Mode

log = logging.getLogger(__name__)
PLAIN_MOVE_WORDS = {MoveKind.DRAW: N_("move.draw"), MoveKind.U: N_("move.u"), MoveKind.UKHAN: N_("move.ukhan")}

Colour = tuple[int, int, int]
ERROR_KEYS: dict[str, str] = {  # the table's refusal codes -> what the status line says
    "eaten_card": N_("status.cannot_discard_eaten"), "locked_card": N_("status.cannot_discard_breaks"),
    "cannot_eat": N_("status.cannot_eat"), "bad_meld": N_("status.invalid_lay"), "overlap": N_("status.invalid_lay"),
    "two_eaten": N_("status.two_eaten"), "last_card": N_("status.keep_one"),
    "not_your_turn": N_("status.not_your_turn"),
    "wrong_phase": N_("status.wrong_phase"), "no_fit": N_("status.cannot_send"),
    "stock_empty": N_("status.stock_empty"),
    "mom_no_send": N_("status.mom_no_send"), "not_in_hand": N_("status.not_in_hand"), "own_phom": N_("status.own_phom"),
    "nothing_to_eat": N_("status.nothing_to_eat"), "laid_no_eat": N_("status.laid_no_eat"), "not_u": N_("status.not_u"),
    "not_ukhan": N_("status.not_u"), "ambiguous_send": N_("status.send_none"),
    "eaten_not_laid": N_("status.eaten_not_laid"),
    "stale_game": N_("status.game_over"), "game_over": N_("status.game_over"), "no_game": N_("status.game_over"),
    "wrong_seat": N_("status.not_your_seat"), "bot_seat": N_("status.not_your_seat"),
    "bad_seat": N_("status.not_your_seat"),
    "seat_left": N_("status.seat_left"), "rate_limited": N_("net.error.rate_limited"),
}


def error_text(code: str, message: str, card: int | None) -> str:
    """The status line for a refused command: our wording for its code (the table's own message, English and
    technical, goes to the log only; an unknown code gets a general refusal)."""
    key = ERROR_KEYS.get(code)
    if key is None:
        log.info("refused (%s): %s", code, message)
        key = N_("status.refused_move")
    return tr(key, card=card_label(card) if card is not None else "")


def guide(m: TableModel | None, mode: Mode, check: LayCheck | None, armed: int | None) -> tuple[str, Colour | None]:
    """The advice for the status line at your step ``mode``, and its colour (None: plain)."""
    if m is None or m.is_over:
        return "", None
    if mode is Mode.WAIT:
        if m.to_move is None:
            return "", None
        return (tr("status.your_turn") if m.to_move == m.me else tr("status.turn", name=m.names[m.to_move])), None
    if mode is Mode.TAKE:
        if m.can(MoveKind.UKHAN):
            return tr("status.ukhan_offer"), None
        eatable = m.eatable()
        if eatable is not None:
            return tr("status.draw_or_eat", card=card_label(eatable)), None
        return tr("status.take"), None
    if mode is Mode.LAY:
        first = lay_clock_warning(m) or tr("status.must_lay")   # with a clock: lay before it runs out
        if check is None:
            return first, None
        return (first + " · " + check.reason, None) if check.ok else (check.reason, WARNING)
    if mode is Mode.SEND:
        if armed is not None:
            return tr("status.pick_target", card=card_label(armed)), None
        return tr("status.must_send"), None
    if m.can(MoveKind.U):
        return tr("status.u_offer"), None
    if m.turn_kind is TurnKind.FIRST:
        return tr("status.first_discard"), None
    return tr("status.must_discard"), None


def lay_clock_warning(m: TableModel) -> str:
    """At your lay-down turn with a turn clock and a phỏm to lay: the warning that the time running out is Móm."""
    if not lay_down_turn(m):
        return ""
    return tr(N_("status.lay_clock_mom") if m.rules.timeout_last_turn_is_mom else N_("status.lay_clock"))


def lay_warning(m: TableModel, hl: Highlights) -> tuple[str, Colour]:
    """The status line in the last seconds of your lay-down turn: the guide (which leads with the warning) at the
    lay-down step, else the warning alone."""
    return (hl.guide if hl.mode is Mode.LAY else lay_clock_warning(m)), WARNING


def describe(move: Move) -> str:
    """A move in words for the hint line: "đánh 7♥", "hạ 7♥8♥9♥"."""
    kind = move.kind
    if kind is MoveKind.DISCARD:
        return tr("move.discard", card=card_label(move.card))
    if kind is MoveKind.SEND:
        return tr("move.send", card=card_label(move.card))
    if kind is MoveKind.LAY:
        if not move.melds:
            return tr("move.lay_none")
        return tr("move.lay", cards=" · ".join("".join(card_label(c) for c in phom_order(m)) for m in move.melds))
    key = PLAIN_MOVE_WORDS.get(kind)
    return tr(key) if key is not None else str(kind)
