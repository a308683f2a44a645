"""Moves as values: the enums print as their notation, moves with malformed fields are refused."""

from __future__ import annotations

import pytest

from tala_desktop.engine import (
    GameState,
    IllegalMoveError,
    Move,
    MoveKind,
    OutcomeKind,
    Phase,
    Rules,
    TurnKind,
    parse_move,
)
from tala_desktop.engine.moves import LAY, SEND


def test_enums_are_their_notation():
    assert MoveKind.DRAW == "draw" and Phase.GAME_OVER == "game_over" and TurnKind.TAI == "tai"
    assert str(MoveKind.UKHAN) == "ukhan" and f"{Phase.TAKE}" == "take" and f"{OutcomeKind.U_TRON:>7}" == " u_tron"
    assert {"discard": 1}[MoveKind.DISCARD] == 1  # hash and equality of the value
    assert parse_move("2 send Kh 1:0") == Move(2, MoveKind.SEND, card=parse_move("0 discard Kh").card, target=1,
                                                index=0)
    assert parse_move("1 lay 3s-3c-3h").kind is MoveKind.LAY
    for text in ("0 draw", "3 discard 10d", "1 lay 3s-3c-3h 5d-6d-7d", "2 send Kh 1:0", "0 ukhan", "1 timeout"):
        assert str(parse_move(text)) == text


def _at_send_phase() -> GameState:
    """A game of two whose seat 0 laid a phỏm and may send to seat 1's (by random legal play)."""
    for seed in range(400):
        st = GameState.new(Rules(players=2), seed=seed)
        while not st.is_over:
            if st.phase is Phase.SEND:
                return st
            legal = st.legal_moves()
            lays = [m for m in legal if m.kind is LAY and m.melds]
            st.push(lays[0] if lays else legal[-1])
    raise AssertionError("no seed reached a send")


@pytest.mark.parametrize("fields", [dict(card=-5), dict(card=52), dict(card="Kh"), dict(index=-1), dict(index="0")])
def test_a_send_with_fields_out_of_range_is_refused(fields):
    st = _at_send_phase()
    before = str(st.history)
    move = Move(st.to_move, SEND, **{"card": 0, "target": 1 - st.to_move, **fields})
    with pytest.raises(IllegalMoveError):
        st.push(move)
    assert str(st.history) == before


@pytest.mark.parametrize("melds", [(0,), (1 << 52,), (-7,), ("3s",), (7, 7 << 3, 7 << 6, 7 << 9)])
def test_a_lay_with_malformed_melds_is_refused(melds):
    st = GameState.new(Rules(players=2), seed=3)
    st.phase = Phase.LAY  # the check runs before anything else about the position
    with pytest.raises(IllegalMoveError) as info:
        st.check(Move(st.to_move, LAY, melds=melds))
    assert info.value.code == "bad_meld"
