"""Game-log lines: the words each table event adds to the game log, kept as phrases (said in the language shown).

``event_line`` is the line of one event as the seat of ``new`` (the model
of the snapshot after it) reads it: "Lan đánh 7♥", "Bạn ăn 7♥ của Lan (+1
cược)", "Minh hạ 5♠6♠7♠". ``batch_lines`` tells a run of events: there a
turn the clock finished (``TimedOut``, then what the rules' timeout action
did) says which card the clock threw and why ("Hết giờ: máy đánh K♠ thay
bạn, lá điểm cao nhất được phép đánh", with the higher cards that had to
stay when it can tell them). The director adds the lines as it plays a
batch; ``stories`` tells a game already under way (a ``Story``: a resumed
game's events so far) the same way, line for line, with nothing to animate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tala_desktop.engine import card_label, points
from tala_desktop.table.messages import (
    Ate,
    Dealt,
    Declared,
    Discarded,
    Drew,
    GameEnded,
    Laid,
    Moved,
    Payment,
    SeatLeft,
    Sent,
    Story,
    TableMessage,
    TimedOut,
    Turn,
)

from ..core.i18n import N_
from ..core.phrase import Phrase, counted, phrase
from .model import TableModel, cards_text

NEW_GAME = N_("status.new_game")     # the line a game's log starts with (its deal)
LogLine = tuple[Phrase, bool]                    # (words, about you): said in the language they are shown in
Liner = Callable[[Any, TableModel, list[Payment]], LogLine | None]


def event_line(e: TableMessage, new: TableModel, payments: list[Payment]) -> LogLine | None:
    """The game-log line of ``e`` (None: an event the log does not tell); ``payments``: those of its batch."""
    liner = LINERS.get(type(e))
    return liner(e, new, payments) if liner is not None else None


def stories(messages: Iterable[TableMessage], new: TableModel) -> list[LogLine]:
    """The lines of the stories among ``messages`` that tell ``new``'s game (none in most batches)."""
    return [line for m in messages if isinstance(m, Story) and m.game_id == new.game_id
            for line in story_lines(m.events, new)]


def story_lines(events: Iterable[TableMessage], new: TableModel) -> list[LogLine]:
    """The game-log lines of a game's events so far, as ``new``'s seat reads them."""
    so_far = list(events)
    return batch_lines(so_far, new, [e for e in so_far if isinstance(e, Payment)], live=False)


def batch_lines(events: Sequence[TableMessage], new: TableModel, payments: list[Payment], live: bool = True,
                away: frozenset[int] = frozenset()) -> list[LogLine]:
    """The game-log lines of ``events`` in order; a discard the clock made is told with its reason in place of
    the bare "Hết giờ" (which stays when the clock ended the turn otherwise: an Ù). ``live``: ``new`` is the
    model right after these events, so your cards that had to stay can be named. ``away``: the seats whose
    players are away (a LAN player who dropped): their turns are told as played for them, not as run out."""
    out: list[LogLine] = []
    clock: int | None = None          # the seat whose turn the clock is finishing
    for i, e in enumerate(events):
        if isinstance(e, TimedOut):
            clock = e.seat
            if _clock_discards(events, i + 1, e.seat):
                continue
        elif isinstance(e, Turn):
            clock = None
        elif isinstance(e, Discarded) and e.seat == clock:
            clock = None
            out.append(_away_discard(e, new) if e.seat in away else _clock_discard(e, new, live))
            continue
        line = _away(e, new) if isinstance(e, TimedOut) and e.seat in away else event_line(e, new, payments)
        if line is not None:
            out.append(line)
    return out


def _clock_discards(events: Sequence[TableMessage], start: int, seat: int) -> bool:
    """Whether ``seat`` discards in ``events`` from ``start`` before the next turn begins."""
    for e in events[start:]:
        if isinstance(e, Turn):
            return False
        if isinstance(e, Discarded) and e.seat == seat:
            return True
    return False


def _away(e: TimedOut, new: TableModel) -> LogLine:
    return phrase("status.away_other", name=new.name(e.seat)), False


def _away_discard(e: Discarded, new: TableModel) -> LogLine:
    """The computer threw ``e.card`` for a player who is away (the same card the clock would throw)."""
    return phrase("status.away_discard_other", name=new.name(e.seat), card=card_label(e.card)), False


def _clock_discard(e: Discarded, new: TableModel, live: bool) -> LogLine:
    """The clock threw ``e.card`` for its seat: the highest card that may go (RULES.md §10); for you, told live,
    the higher cards that had to stay (eaten cards and those their phỏm needs)."""
    card = card_label(e.card)
    if e.seat != new.me:
        return phrase("status.timeout_discard_other", name=new.name(e.seat), card=card), False
    worth = points(e.card, new.face10)
    kept = sorted((c for c in new.hand if points(c, new.face10) > worth), key=lambda c: (-(c % 13), c // 13))
    if live and kept:
        return phrase("status.timeout_discard_kept", card=card, kept=" ".join(card_label(c) for c in kept)), True
    return phrase("status.timeout_discard", card=card), True


def _dealt(e: Dealt, new: TableModel, payments: list[Payment]) -> LogLine:
    return phrase(NEW_GAME), False


def _drew(e: Drew, new: TableModel, payments: list[Payment]) -> LogLine:
    if e.seat == new.me and e.card is not None:
        return phrase("status.you_drew", card=card_label(e.card)), True
    return phrase("status.drew", name=new.name(e.seat)), False


def _ate(e: Ate, new: TableModel, payments: list[Payment]) -> LogLine:
    seat, victim = e.seat, e.victim
    pay = next((p for p in payments if p.from_seat == victim and p.to == seat and p.reason in ("eat", "chot")), None)
    bets = (pay.amount // max(1, new.bet)) if pay else 0
    amount = f"+{bets}" if seat == new.me else (f"-{bets}" if victim == new.me else str(bets))
    key = N_("status.you_ate") if seat == new.me else N_("status.ate")
    return (counted(key, bets, name=new.name(seat), card=card_label(e.card), victim=new.object_name(victim),
                    amount=amount), new.me in (seat, victim))


def _moved(e: Moved, new: TableModel, payments: list[Payment]) -> LogLine:
    return phrase("status.moved", card=card_label(e.card), name=new.object_name(e.to)), False


def _discarded(e: Discarded, new: TableModel, payments: list[Payment]) -> LogLine:
    key = N_("status.you_discarded") if e.seat == new.me else N_("status.discarded")
    return phrase(key, name=new.name(e.seat), card=card_label(e.card)), e.seat == new.me


def _laid(e: Laid, new: TableModel, payments: list[Payment]) -> LogLine:
    seat, mine = e.seat, e.seat == new.me
    if e.mom or not e.melds:
        return (phrase("status.you_mom") if mine else phrase("status.mom", name=new.name(seat))), mine
    text = " · ".join(cards_text(m) for m in e.melds)
    return (phrase("status.you_laid", cards=text) if mine
            else phrase("status.laid", name=new.name(seat), cards=text)), mine


def _sent(e: Sent, new: TableModel, payments: list[Payment]) -> LogLine:
    seat, target, card = e.seat, e.target, card_label(e.card)
    if seat == new.me:
        line = phrase("status.you_sent", card=card, target=new.name(target))
    elif target == new.me:
        line = phrase("status.sent_you", name=new.name(seat), card=card)
    else:
        line = phrase("status.sent", name=new.name(seat), card=card, target=new.name(target))
    return line, new.me in (seat, target)


def _declared(e: Declared, new: TableModel, payments: list[Payment]) -> LogLine:
    mine = e.seat == new.me
    return (phrase("status.you_u") if mine else phrase("status.u", name=new.name(e.seat))), mine


def _timed_out(e: TimedOut, new: TableModel, payments: list[Payment]) -> LogLine:
    if e.seat == new.me:
        return phrase("status.timeout"), True
    return phrase("status.timeout_other", name=new.name(e.seat)), False


def _left(e: SeatLeft, new: TableModel, payments: list[Payment]) -> LogLine:
    return phrase("status.left", name=new.name(e.seat)), False


def _ended(e: GameEnded, new: TableModel, payments: list[Payment]) -> LogLine | None:
    den = e.outcome.den
    if den is None:
        return None
    winner = new.object_name(e.outcome.winner)
    if den == new.me:
        return phrase("status.you_den", winner=winner), True
    return phrase("status.u_den", name=new.name(den), winner=winner), False


LINERS: dict[type, Liner] = {
    Dealt: _dealt, Drew: _drew, Ate: _ate, Moved: _moved, Discarded: _discarded, Laid: _laid, Sent: _sent,
    Declared: _declared, TimedOut: _timed_out, SeatLeft: _left, GameEnded: _ended,
}
