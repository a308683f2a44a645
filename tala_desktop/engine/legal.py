"""Legal moves per phase and the checked validation that explains refusals."""

from __future__ import annotations

from .cards import FULL_DECK, card_str, iter_bits, points
from .errors import GameOverError, IllegalMoveError
from .melds import describe_meld, is_meld
from .moves import DISCARD, DRAW, EAT, LAY, LEAVE, SEND, TIMEOUT, UKHAN, Move, Phase, TurnKind, U
from .position import Position
from .scoring import OutcomeKind
from .solver import can_eat, is_u_khan, iter_packings, locked_cards, u_kind


# ---------------------------------------------------------------- availability
def ukhan_available(st: Position) -> bool:
    s = st.to_move
    if not st.ukhan_open[s] or st.left[s] or st.took:
        return False
    if st.phase is Phase.TAKE or (st.phase is Phase.DISCARD and st.turn_kind is TurnKind.FIRST):
        return is_u_khan(st.hands[s], st.rules.ace_high_run)
    return False


def u_available(st: Position) -> OutcomeKind | None:
    """The kind of Ù the seat to move may declare now, if any."""
    s = st.to_move
    if not st.u_open or st.left[s] or st.phase not in (Phase.LAY, Phase.DISCARD):
        return None
    kind = u_kind(st.hands[s], st.eaten[s], st.rules.ace_high_run)
    return None if kind is None else _U_KINDS[kind]


_U_KINDS = {"u": OutcomeKind.U, "u_tron": OutcomeKind.U_TRON}


def eat_available(st: Position) -> bool:
    s = st.to_move
    if st.phase is not Phase.TAKE or st.lay_order[s] >= 0 or st.last_discard is None or st.left[s]:
        return False
    return can_eat(st.hands[s], st.eaten[s], st.last_discard[1], st.rules.ace_high_run)


def discardable(st: Position, seat: int) -> int:
    """Mask of the cards ``seat`` may discard (eaten and locked cards excluded)."""
    hand = st.hands[seat]
    if st.eaten[seat] and not st.mom[seat]:
        return hand & ~locked_cards(hand, st.eaten[seat], st.rules.ace_high_run)
    return hand


def may_send(st: Position, seat: int) -> bool:
    return st.lay_order[seat] >= 0 and not st.left[seat] and (not st.mom[seat] or st.rules.mom_can_send)


def send_fits(st: Position, seat: int, c: int) -> list[tuple[int, int]]:
    """(target seat, phỏm index) pairs that card ``c`` can be sent to by ``seat``."""
    ace_high = st.rules.ace_high_run
    out = []
    for t in range(st.n):
        if t == seat:
            continue
        for k, p in enumerate(st.laid[t]):
            if p.accepts(c, ace_high):
                out.append((t, k))
    return out


def send_moves(st: Position, seat: int) -> list[Move]:
    hand = st.hands[seat]
    if hand.bit_count() < 2 or not may_send(st, seat):
        return []
    out = []
    for c in iter_bits(hand):
        fits = send_fits(st, seat, c)
        by_target: dict[int, list[int]] = {}
        for t, k in fits:
            by_target.setdefault(t, []).append(k)
        for t, ks in by_target.items():
            if len(ks) == 1:
                out.append(Move(seat, SEND, card=c, target=t))
            else:
                out.extend(Move(seat, SEND, card=c, target=t, index=k) for k in ks)
    return out


def can_send_any(st: Position, seat: int) -> bool:
    hand = st.hands[seat]
    if hand.bit_count() < 2 or not may_send(st, seat):
        return False
    ace_high = st.rules.ace_high_run
    for t in range(st.n):
        if t != seat:
            for p in st.laid[t]:
                for c in iter_bits(hand):
                    if p.accepts(c, ace_high):
                        return True
    return False


def lay_moves(st: Position, seat: int) -> list[Move]:
    hand = st.hands[seat]
    out = []
    for pack in iter_packings(hand, st.eaten[seat], st.rules.ace_high_run):
        cov = 0
        for m in pack:
            cov |= m
        if hand & ~cov:
            out.append(Move(seat, LAY, melds=tuple(sorted(pack))))
    return out


def legal_moves(st: Position) -> list[Move]:
    ph = st.phase
    if ph is Phase.GAME_OVER:
        return []
    s = st.to_move
    out: list[Move] = []
    if ph is Phase.TAKE:
        if ukhan_available(st):
            out.append(Move(s, UKHAN))
        out.append(Move(s, DRAW))
        if eat_available(st):
            out.append(Move(s, EAT))
        return out
    if ph is Phase.LAY:
        if u_available(st):
            out.append(Move(s, U))
        out.extend(lay_moves(st, s))
        return out
    if ph is Phase.SEND:
        out.extend(send_moves(st, s))
    else:
        if ukhan_available(st):
            out.append(Move(s, UKHAN))
        if u_available(st):
            out.append(Move(s, U))
    out.extend(Move(s, DISCARD, card=c) for c in iter_bits(discardable(st, s)))
    return out


# ---------------------------------------------------------------- validation
MAX_MELDS = 3  # ten cards hold at most three phỏm of three and the card left to discard


def _is_card(c: object) -> bool:
    return isinstance(c, int) and 0 <= c < 52


def _refuse(message: str, code: str) -> IllegalMoveError:
    return IllegalMoveError(message, code)


def check(st: Position, move: Move) -> Move:
    """Return ``move`` in canonical form, or raise IllegalMoveError saying why not."""
    if st.phase is Phase.GAME_OVER:
        raise GameOverError()
    seat, kind = move.seat, move.kind
    if not isinstance(seat, int) or not 0 <= seat < st.n:
        raise _refuse(f"seat {seat} is not at this table", "bad_seat")
    if kind == LEAVE:
        if st.left[seat]:
            raise _refuse(f"seat {seat} has already left", "seat_left")
        return move
    if st.left[seat]:
        raise _refuse(f"seat {seat} has left the game", "seat_left")
    if seat != st.to_move:
        raise _refuse(f"it is seat {st.to_move}'s turn, not seat {seat}'s", "not_your_turn")
    if kind == TIMEOUT:
        return move
    checker = _CHECKERS.get(kind)
    if checker is None:
        raise _refuse(f"unknown move kind {kind!r}", "bad_move")
    return checker(st, move)


def _check_draw(st: Position, move: Move) -> Move:
    if st.phase is not Phase.TAKE:
        raise _refuse(f"cannot draw now: the phase is {st.phase.value}", "wrong_phase")
    if not st.stock:
        raise _refuse("the stock is empty", "stock_empty")
    return move


def _check_eat(st: Position, move: Move) -> Move:
    if st.phase is not Phase.TAKE:
        raise _refuse(f"cannot eat now: the phase is {st.phase.value}", "wrong_phase")
    if st.lay_order[move.seat] >= 0:
        raise _refuse("a player who has laid down never eats", "laid_no_eat")
    if st.last_discard is None:
        raise _refuse("there is no discard to eat", "nothing_to_eat")
    c = st.last_discard[1]
    if not can_eat(st.hands[move.seat], st.eaten[move.seat], c, st.rules.ace_high_run):
        raise _refuse(f"cannot eat {card_str(c)}: it completes no phỏm that keeps every eaten card in its own phỏm",
                      "cannot_eat")
    return move


def _check_discard(st: Position, move: Move) -> Move:
    s, c = move.seat, move.card
    if st.phase not in (Phase.DISCARD, Phase.SEND):
        raise _refuse(f"cannot discard now: the phase is {st.phase.value}", "wrong_phase")
    if not _is_card(c) or not st.hands[s] >> c & 1:
        raise _refuse(f"{card_str(c) if _is_card(c) else repr(c)} is not in the hand", "not_in_hand")
    if st.eaten[s] and not st.mom[s]:
        if st.eaten[s] >> c & 1:
            raise _refuse(f"cannot discard {card_str(c)}: it is an eaten card", "eaten_card")
        if locked_cards(st.hands[s], st.eaten[s], st.rules.ace_high_run) >> c & 1:
            raise _refuse(f"cannot discard {card_str(c)}: an eaten card needs it for its phỏm", "locked_card")
    return move


def _check_lay(st: Position, move: Move) -> Move:
    s = move.seat
    if st.phase is not Phase.LAY:
        raise _refuse(f"cannot lay now: the phase is {st.phase.value}", "wrong_phase")
    hand, eaten, ace_high = st.hands[s], st.eaten[s], st.rules.ace_high_run
    if not isinstance(move.melds, tuple) or len(move.melds) > MAX_MELDS:
        raise _refuse(f"a lay is at most {MAX_MELDS} phỏm", "bad_meld")
    union = 0
    for m in move.melds:
        if not isinstance(m, int) or m <= 0 or m & ~FULL_DECK:
            raise _refuse(f"phỏm {m!r}: expected a set of cards", "bad_meld")
        name = describe_meld(m)
        if m & ~hand:
            raise _refuse(f"cannot lay {name}: not all of it is in the hand", "not_in_hand")
        if m & union:
            raise _refuse(f"cannot lay {name}: it shares a card with another phỏm", "overlap")
        if not is_meld(m, ace_high):
            raise _refuse(f"{name} is not a phỏm", "bad_meld")
        if (m & eaten).bit_count() > 1:
            raise _refuse(f"cannot lay {name}: a phỏm may hold only one eaten card", "two_eaten")
        union |= m
    if eaten & ~union:
        missing = " ".join(card_str(c) for c in iter_bits(eaten & ~union))
        raise _refuse(f"every eaten card must be laid in a phỏm: {missing} is not", "eaten_not_laid")
    if not hand & ~union:
        raise _refuse("one card must stay in the hand for the last discard", "last_card")
    return move  # the melds keep the player's order: §6 numbers phỏm in the order laid


def _check_send(st: Position, move: Move) -> Move:
    s, c, t = move.seat, move.card, move.target
    if st.phase is not Phase.SEND:
        raise _refuse(f"cannot send now: the phase is {st.phase.value}", "wrong_phase")
    if not may_send(st, s):
        raise _refuse("a Móm player may not send", "mom_no_send")
    if not _is_card(c) or not st.hands[s] >> c & 1:
        raise _refuse(f"{card_str(c) if _is_card(c) else repr(c)} is not in the hand", "not_in_hand")
    if st.hands[s].bit_count() < 2:
        raise _refuse("one card must stay in the hand for the last discard", "last_card")
    if not isinstance(t, int) or not 0 <= t < st.n:
        raise _refuse(f"seat {t} is not at this table", "bad_seat")
    if move.index is not None and (not isinstance(move.index, int) or move.index < 0):
        raise _refuse(f"phỏm index {move.index!r}: expected a whole number from 0", "bad_move")
    if t == s:
        raise _refuse("cards are sent to other players' phỏm, not your own", "own_phom")
    ace_high = st.rules.ace_high_run
    fits = [k for k, p in enumerate(st.laid[t]) if p.accepts(c, ace_high)]
    if not fits:
        raise _refuse(f"{card_str(c)} fits no phỏm of seat {t}", "no_fit")
    if move.index is None:
        if len(fits) > 1:
            raise _refuse(f"{card_str(c)} fits phỏm {', '.join(map(str, fits))} of seat {t}: say which with {t}:k",
                          "ambiguous_send")
        return move
    if move.index not in fits:
        raise _refuse(f"{card_str(c)} does not fit phỏm {move.index} of seat {t}", "no_fit")
    return Move(s, SEND, card=c, target=t, index=None if len(fits) == 1 else move.index)


def _check_u(st: Position, move: Move) -> Move:
    if u_available(st) is None:
        raise _refuse("no Ù: the hand does not leave at most one trash card right after taking", "not_u")
    return move


def _check_ukhan(st: Position, move: Move) -> Move:
    if not st.rules.u_khan:
        raise _refuse("Ù khan is off at this table", "not_ukhan")
    if not ukhan_available(st):
        raise _refuse("no Ù khan: it needs a dealt hand with no phỏm and no cạ, at the start of the first turn",
                      "not_ukhan")
    return move


_CHECKERS = {
    DRAW: _check_draw, EAT: _check_eat, DISCARD: _check_discard, LAY: _check_lay,
    SEND: _check_send, U: _check_u, UKHAN: _check_ukhan,
}


def highest_card(mask: int, face10: bool) -> int:
    """The timeout discard: highest points, then ♥ before ♦ before ♣ before ♠, then higher rank."""
    best, best_key = -1, None
    for c in iter_bits(mask):
        key = (points(c, face10), c // 13, c % 13)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best
